import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { conditionHeld } from '../../functions/data/db';
import { forgetLocalDeps, getDeps } from '../../functions/runtime/deps';
import { ensureTable } from '../../infra/local/create-table';
import { eventually } from './eventually';
import { planningBody } from './planning-fixtures';
import { placedMeetings, seedDeliveries, seededDeliveries, seededLots, seedLots, seedPlacedMeetings } from './seed-big-program';
import { call, createUserAndLogin, uniqueIp } from './test-api';

/**
 * One 10,000-lot program, its 10,000-buyer planning and that planning's delivery log, for the size
 * tests that only read them (docs/architecture.md « Bounded answers »: the sizes are the point,
 * writing them is not). Each layer is seeded once per run, by whichever file needs it first: that
 * file claims it with a conditional put of the layer's marker, the others wait for the marker to
 * say « seeded » (jest runs files at once in separate processes, so the claim is DynamoDB's to
 * settle). A file using the world moves to the run's world table before anything else, its own
 * data (users, programs, what its tests write) beside the world's, never in it: the world's
 * program, planning and log are only read.
 */

/** DynamoDB Local lives for one run: the name needs nothing unique. */
const worldTable = 'test-big-world';
/** The world program's lots; its planning has one buyer per lot. */
const bigWorldSize = 10_000;
/** The longest a file waits for a layer another file seeds (the seed took 2 minutes at load 30). */
const seedWaitMs = 540_000;

/**
 * Moves this file to the world's table: the next getDeps() opens it. Call it before anything else
 * of the file touches the table (its own users and programs then live there too).
 */
export async function useBigWorldTable(): Promise<void> {
  if (process.env.TABLE_NAME === worldTable) return;
  const client = new DynamoDBClient({
    endpoint: process.env.DYNAMODB_ENDPOINT,
    region: 'eu-west-3',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    await ensureTable(client, worldTable);
  } catch (error) {
    // Another file created it between this one's look and its creation.
    if ((error as { name?: string }).name !== 'ResourceInUseException') throw error;
  } finally {
    client.destroy();
  }
  process.env.TABLE_NAME = worldTable;
  forgetLocalDeps();
}

const markerSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('seeding') }),
  z.object({ state: z.literal('seeded'), value: z.record(z.string(), z.unknown()) }),
  z.object({ state: z.literal('failed'), reason: z.string() }),
]);

/** The layer `name`: seeded here by `seed` if this file claims it first, else read from its marker once another file has seeded it. */
export async function seededOnce<T extends Record<string, unknown>>(name: string, schema: z.ZodType<T>, seed: () => Promise<T>): Promise<T> {
  await useBigWorldTable();
  const db = getDeps().store;
  const key = { pk: `TESTWORLD#${name}`, sk: 'MARKER' };
  const mark = (marker: z.infer<typeof markerSchema>) => db.doc.send(new PutCommand({ TableName: db.table, Item: { ...key, ...marker } }));
  const claimed = await conditionHeld(
    db.doc.send(new PutCommand({ TableName: db.table, Item: { ...key, state: 'seeding' }, ConditionExpression: 'attribute_not_exists(pk)' })),
  );
  if (claimed) {
    try {
      const value = await seed();
      await mark({ state: 'seeded', value });
      return value;
    } catch (error) {
      await mark({ state: 'failed', reason: String(error) });
      throw error;
    }
  }
  const marker = await eventually(
    `the big world's « ${name} » seeded by another file`,
    async () => {
      const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: key, ConsistentRead: true }));
      const read = markerSchema.parse(Item);
      return read.state === 'seeding' ? undefined : read;
    },
    seedWaitMs,
    1_000,
  );
  if (marker.state === 'failed') throw new Error(`the file that seeded the big world's « ${name} » failed: ${marker.reason}`);
  return schema.parse(marker.state === 'seeded' ? marker.value : undefined);
}

const account = z.object({ email: z.string(), password: z.string() });
const programLayer = z.object({ programId: z.string(), owner: account, lotsCreatedAt: z.string() });
const planningLayer = z.object({ planningId: z.string(), uuid: z.string(), name: z.string() });

/** Signs `who` in from this file (its token is signed with this file's key). */
export async function signIn(who: z.infer<typeof account>): Promise<string> {
  const login = await call('POST', '/api/users/login', { body: who, ip: uniqueIp() });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  return login.body.token as string;
}

/** The world's program: 10,000 lots (seed-big-program.ts `seededLots`) of a promoter's program with its address, and the promoter. */
export async function bigProgram() {
  const layer = await seededOnce('program', programLayer, async () => {
    const owner = await createUserAndLogin('promoter', { email: `big-world-owner-${process.pid}@test.livrea.fr` });
    const created = await call('POST', '/api/program/create', {
      token: owner.token,
      body: { name: 'Très Grand Programme', promotername: 'Grand SA', colors: ['rgb(1, 2, 3)'] },
    });
    if (created.status !== 201) throw new Error(JSON.stringify(created.body));
    const programId = created.body._id as string;
    await call('PATCH', `/api/programs/${programId}`, {
      token: owner.token,
      body: { adressenumero: '5', adresserue: 'quai du Lac', adressecodepostal: '74000', adresseville: 'Annecy' },
    });
    const lotsCreatedAt = new Date().toISOString();
    await seedLots(getDeps().store, programId, bigWorldSize, lotsCreatedAt);
    return { programId, owner: { email: owner.email, password: owner.password }, lotsCreatedAt };
  });
  return { ...layer, lots: seededLots(layer.programId, bigWorldSize, layer.lotsCreatedAt) };
}

/**
 * The world's planning: created through POST /api/rdv with the program's first lot (so it has
 * its creation's invitation), then one placed buyer for each of the other 9,999 lots
 * (seed-big-program.ts `placedMeetings`).
 */
export async function bigPlanning() {
  const program = await bigProgram();
  const layer = await seededOnce('planning', planningLayer, async () => {
    const created = await call('POST', '/api/rdv', { token: await signIn(program.owner), body: planningBody(program.programId, [program.lots[0]._id]) });
    if (created.status !== 201) throw new Error(JSON.stringify(created.body));
    const { _id: planningId, uuid, name } = created.body.planning as { _id: string; uuid: string; name: string };
    await seedPlacedMeetings(getDeps().store, planningId, program.lots.slice(1));
    return { planningId, uuid, name };
  });
  return { program, ...layer, meetings: placedMeetings(layer.planningId, program.lots.slice(1)) };
}

/** The world planning's delivery log: one invitation e-mail per placed buyer (seed-big-program.ts `seededDeliveries`), beside its creation's. */
export async function bigDeliveryLog() {
  const planning = await bigPlanning();
  await seededOnce('deliveries', z.object({}), async () => {
    await seedDeliveries(getDeps().store, planning.planningId, planning.meetings);
    return {};
  });
  return { planning, deliveries: seededDeliveries(planning.planningId, planning.meetings) };
}
