import { atClock, tokenAt } from './clock';
import type { Role } from '../../shared/domain/roles';
import { messages } from '../../shared/messages/common';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { getDeps } from '../../functions/runtime/deps';
import { clientRows, clientFileBody } from './client-file';
import { importOperation } from './client-import';
import { call, createUserAndLogin, type CallOptions, type TestResponse } from './test-api';

/**
 * The isolation matrix of the planning groups (part 2 §6, part 3 §6): every
 * route is called by every kind of caller. Those who may not are refused (401 anonymous, 403 with
 * the specification's text otherwise) and the data they aimed at is unchanged; those who may are
 * not refused, which proves each request would do something if the check were missing.
 */
export type Actor = 'otherAmo' | 'otherPromoter' | 'moderator' | 'customer' | 'anonymous' | 'owner' | 'authorizedAmo' | 'administrator';
/** Refused callers first, then the allowed ones: a successful call never hides a later refusal. */
const actors: Actor[] = ['otherAmo', 'otherPromoter', 'moderator', 'customer', 'anonymous', 'owner', 'authorizedAmo', 'administrator'];
export type Who = Record<Actor, boolean>;
export const only = (...allowed: Actor[]): Who => Object.fromEntries(actors.map((actor) => [actor, allowed.includes(actor)])) as Who;
/** Program members: its owner, the AMOs it authorizes, administrators. */
export const members = only('owner', 'authorizedAmo', 'administrator');
/** Any staff member, whatever the program (routes that name no program). */
export const staff = only('owner', 'authorizedAmo', 'administrator', 'otherPromoter', 'otherAmo');

export interface IsolationWorld {
  tokens: Record<Actor, string | undefined>;
  userIds: Record<Actor, string | undefined>;
  programId: string;
  lots: { _id: string; typologie: string }[];
}

/**
 * Every actor, a program of `owner` with `lotCount` lots on which `authorizedAmo` is authorized,
 * and another program of `otherPromoter` (so that "other" staff do own or reach something).
 */
export async function isolationWorld(lotCount: number): Promise<IsolationWorld> {
  const roleOf: Record<Exclude<Actor, 'anonymous'>, Role> = {
    administrator: 'administrator',
    owner: 'promoter',
    otherPromoter: 'promoter',
    authorizedAmo: 'amo',
    otherAmo: 'amo',
    moderator: 'moderator',
    customer: 'customer',
  };
  const users = Object.fromEntries(await Promise.all(Object.entries(roleOf).map(async ([actor, role]) => [actor, await createUserAndLogin(role)])));
  const tokens = {} as IsolationWorld['tokens'];
  const userIds = {} as IsolationWorld['userIds'];
  for (const actor of actors) {
    tokens[actor] = users[actor]?.token;
    userIds[actor] = users[actor]?.user._id;
  }
  const newProgram = async (token: string | undefined, name: string) => {
    const created = await call('POST', '/api/program/create', { token, body: { name, promotername: `${name} SA`, colors: ['rgb(1, 2, 3)'] } });
    if (created.status !== 201) throw new Error(JSON.stringify(created.body));
    return created.body._id as string;
  };
  const programId = await newProgram(tokens.owner, 'Isolé');
  await call('PATCH', `/api/programs/${programId}`, {
    token: tokens.owner,
    body: { authorized: [userIds.authorizedAmo], adressenumero: '5', adresserue: 'quai du Lac', adressecodepostal: '74000', adresseville: 'Annecy' },
  });
  const imported = await call('POST', `/api/programs/${programId}/lockup-clients`, {
    token: tokens.administrator,
    ...(await clientFileBody(clientRows(lotCount, `I${Math.random().toString(36).slice(2, 6)}`))),
  });
  if ((await importOperation(imported, tokens.administrator!)).status !== 'done') throw new Error(JSON.stringify(imported.body));
  const otherProgramId = await newProgram(tokens.otherPromoter, 'Autre');
  await call('PATCH', `/api/programs/${otherProgramId}`, { token: tokens.otherPromoter, body: { authorized: [userIds.otherAmo] } });
  const lots = (await call('GET', `/api/programs/${programId}/clients?limit=500`, { token: tokens.owner })).body.clients;
  return { tokens, userIds, programId, lots };
}

/** How many messages the outbox holds (every page counted): a refused call sends nothing. */
export async function outboxSize(): Promise<number> {
  const { store: db } = getDeps();
  let count = 0;
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': 'OUTBOX' },
        Select: 'COUNT',
        ConsistentRead: true,
        ExclusiveStartKey: cursor,
      }),
    );
    count += page.Count ?? 0;
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return count;
}

type MatrixRequest = [method: string, path: string, options: CallOptions];

export interface MatrixEndpoint<C> {
  /** 'METHOD /api/path' exactly as in functions/api-routes.ts, then an optional note in brackets. */
  name: string;
  who: Who;
  /** Built just before each call, after the snapshot's resources exist (a fresh draft to delete…). */
  request: (context: C, actor: Actor) => MatrixRequest | Promise<MatrixRequest>;
  /** The instant the local clock shows while the calls run, for a route whose rule needs time to have passed (test/support/clock.ts). */
  at?: (context: C) => number;
}

/** The route key of an endpoint ('PATCH /api/rdv/{id} (settings)' → 'PATCH /api/rdv/{id}'). */
export function routeKey(name: string): string {
  return name.split(' (')[0];
}

/** `call` at the endpoint's instant, if it has one, with the caller's token as signed then. */
async function callAt<C>(endpoint: MatrixEndpoint<C>, context: C, [method, path, options]: MatrixRequest, token: string | undefined): Promise<TestResponse> {
  if (!endpoint.at) return call(method, path, { ...options, token });
  const instant = endpoint.at(context);
  const signed = await tokenAt(token, instant);
  return atClock(instant, () => call(method, path, { ...options, token: signed }));
}

/**
 * One describe per endpoint, one test per actor. `context` gives the data an endpoint works on
 * (built once per endpoint); `snapshot` reads everything a refused call could have changed.
 *
 * The refused callers' requests are built one after the other, then sent at once between one
 * snapshot before and one after: each refused call lies inside that window, so an unchanged
 * snapshot proves that none of them changed anything, for the price of two snapshots instead of
 * two per caller (the snapshots were most of the matrices' time). The allowed callers come after,
 * one at a time, as before.
 */
export function describeIsolationMatrix<C>(
  title: string,
  endpoints: MatrixEndpoint<C>[],
  world: () => IsolationWorld,
  context: (endpoint: MatrixEndpoint<C>) => Promise<C>,
  snapshot: (context: C) => Promise<unknown>,
): void {
  describe.each(endpoints)(`${title}: $name`, (endpoint) => {
    let data: C;
    beforeAll(async () => {
      data = await context(endpoint);
    });
    const firstAllowed = actors.find((actor) => endpoint.who[actor]);
    const refused = actors.filter((actor) => !endpoint.who[actor]);
    let refusedCalls: Promise<{ before: unknown; after: unknown; responses: Map<Actor, TestResponse> }> | undefined;
    const refusedOutcome = () =>
      (refusedCalls ??= (async () => {
        const { tokens } = world();
        const requests: MatrixRequest[] = [];
        for (const actor of refused) requests.push(await endpoint.request(data, actor));
        const before = await snapshot(data);
        const responses = await Promise.all(requests.map((request, index) => callAt(endpoint, data, request, tokens[refused[index]])));
        const after = await snapshot(data);
        return { before, after, responses: new Map(refused.map((actor, index) => [actor, responses[index]])) };
      })());

    it.each(actors)('%s', async (actor) => {
      if (endpoint.who[actor]) {
        const response = await callAt(endpoint, data, await endpoint.request(data, actor), world().tokens[actor]);
        // The first allowed caller must succeed (the request is valid); later ones may meet the
        // state it left (already cancelled…) but are never refused for who they are.
        if (actor === firstAllowed) expect(response.status < 300 ? 'success' : { status: response.status, body: response.body }).toBe('success');
        expect([401, 403]).not.toContain(response.status);
        return;
      }
      const { before, after, responses } = await refusedOutcome();
      const response = responses.get(actor)!;
      if (actor === 'anonymous') expect(response.status).toBe(401);
      else {
        expect(response.status).toBe(403);
        expect(response.body.message).toBe(messages.forbidden);
      }
      expect(after).toEqual(before);
    });
  });
}
