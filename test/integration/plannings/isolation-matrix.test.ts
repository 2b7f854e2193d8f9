import { apiRoutes } from '../../../functions/api-routes';
import { futureMonday, planningBody, runDueJobs, workingDays } from '../../support/planning-fixtures';
import {
  describeIsolationMatrix,
  isolationWorld,
  members,
  outboxSize,
  routeKey,
  staff,
  type IsolationWorld,
  type MatrixEndpoint,
} from '../../support/isolation-matrix';
import { call } from '../../support/test-api';
import { imposedBody } from '../imposed/support';

/**
 * Isolation of the plannings group (part 3 §6): an AMO not authorized on the
 * program, a promoter of another program, a moderator, a buyer and an anonymous caller are refused
 * on every route and change nothing; program members are let through.
 */
let world: IsolationWorld;
let planningId = '';
let draftId = '';

const admin = () => world.tokens.administrator;
const owner = () => world.tokens.owner;

/** A planning of the program whose invitations go out tomorrow: nothing sent yet, so it can be deleted or invited. */
async function waitingPlanning(name: string): Promise<{ _id: string; uuids: string[] }> {
  const lotIds = world.lots.slice(0, 3).map((lot) => lot._id);
  const created = await call('POST', '/api/rdv', {
    token: owner(),
    body: planningBody(world.programId, lotIds, { name, launchDate: new Date(Date.now() + 86_400_000).toISOString() }),
  });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  const detail = (await call('GET', `/api/rdv/${created.body.planning._id}`, { token: owner() })).body;
  return { _id: created.body.planning._id, uuids: detail.meetings.map((meeting: { uuid: string }) => meeting.uuid) };
}

async function newDraft(name: string): Promise<string> {
  const created = await call('POST', '/api/rdv-draft', { token: owner(), body: { projectId: world.programId, name, data: { name } } });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  return created.body.planningDraft._id;
}

/** A small simulation (scripts/examples/simulation-small.json's shape) on days still to come. */
const simulation = {
  authorizeTrous: false,
  nbSolutions: 1,
  pas: 1800,
  lunchStartTime: '12:30',
  lunchEndTime: '14:00',
  events: workingDays(futureMonday(), 2),
  mTimes: { '1p': 3_600_000, '2p': 3_600_000, '3p': 3_600_000, '4p': 3_600_000, '5p': 3_600_000 },
  amoList: ['64b7f0c2a1e4d3f5a6b7c8d9'],
  broadcastList: [
    { guest: { _id: 'lot-A101', typologie: '2p', email: 'a101@example.fr' } },
    { guest: { _id: 'lot-A102', typologie: '3p', email: 'a102@example.fr' } },
  ],
};
const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(64, 32)]);
const attachment = (): { rawBody: Buffer; headers: Record<string, string> } => {
  const boundary = 'isolation-boundary';
  const rawBody = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="notice.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { rawBody, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

const amoId = () => world.userIds.authorizedAmo!;
/** A day off far ahead, where no planning works: it strands nobody. */
const farDayOff = () => ({ start: '2030-03-04T08:00:00.000Z', end: '2030-03-04T10:00:00.000Z' });
async function newDayOff(): Promise<string> {
  const added = await call('POST', '/api/amo/days-off', { token: admin(), body: { userId: amoId(), ...farDayOff() } });
  if (added.status !== 201) throw new Error(JSON.stringify(added.body));
  return added.body.dayOff.id;
}

/** The ids a call may name: a fresh planning or draft for the routes that delete, else the shared ones. */
type Context = { planningId: string; uuids: string[]; draftId: string };

const endpoints: MatrixEndpoint<Context>[] = [
  { name: 'GET /api/rdv/project/{programId}/plannings', who: members, request: () => ['GET', `/api/rdv/project/${world.programId}/plannings`, {}] },
  { name: 'GET /api/rdv/project/{programId}/planning-drafts', who: members, request: () => ['GET', `/api/rdv/project/${world.programId}/planning-drafts`, {}] },
  {
    name: 'POST /api/rdv-draft',
    who: members,
    request: (_, actor) => ['POST', '/api/rdv-draft', { body: { projectId: world.programId, name: `Brouillon de ${actor}`, data: {} } }],
  },
  { name: 'GET /api/rdv-draft/{id}', who: members, request: (context) => ['GET', `/api/rdv-draft/${context.draftId}`, {}] },
  {
    name: 'PATCH /api/rdv-draft/{id}',
    who: members,
    request: (context, actor) => ['PATCH', `/api/rdv-draft/${context.draftId}`, { body: { name: `Renommé par ${actor}` } }],
  },
  {
    name: 'DELETE /api/rdv-draft/{id}',
    who: members,
    request: async (_, actor) => ['DELETE', `/api/rdv-draft/${await newDraft(`À supprimer (${actor})`)}`, {}],
  },
  // The simulation names no program: any staff member may run one.
  { name: 'POST /api/rdv/no-need/simulation', who: staff, request: () => ['POST', '/api/rdv/no-need/simulation', { body: simulation }] },
  { name: 'POST /api/rdv/no-need/short-simulation', who: staff, request: () => ['POST', '/api/rdv/no-need/short-simulation', { body: simulation }] },
  {
    name: 'POST /api/rdv',
    who: members,
    request: (_, actor) => [
      'POST',
      '/api/rdv',
      {
        body: planningBody(world.programId, [world.lots[3]._id], { name: `Planning de ${actor}`, launchDate: new Date(Date.now() + 86_400_000).toISOString() }),
      },
    ],
  },
  {
    name: 'POST /api/rdv-impose',
    who: members,
    request: (_, actor) => [
      'POST',
      '/api/rdv-impose',
      { body: imposedBody(world.programId, [world.lots[world.lots.length - 1]], futureMonday(), [[0, '10:00']], { name: `Convocation de ${actor}` }) },
    ],
  },
  { name: 'GET /api/rdv/{id}', who: members, request: (context) => ['GET', `/api/rdv/${context.planningId}`, {}] },
  {
    name: 'DELETE /api/rdv/{id}',
    who: members,
    request: async (_, actor) => ['DELETE', `/api/rdv/${(await waitingPlanning(`À supprimer (${actor})`))._id}`, {}],
  },
  { name: 'GET /api/rdv/{id}/changes', who: members, request: (context) => ['GET', `/api/rdv/${context.planningId}/changes`, {}] },
  { name: 'GET /api/rdv/{id}/summary', who: members, request: (context) => ['GET', `/api/rdv/${context.planningId}/summary`, {}] },
  { name: 'GET /api/rdv/{id}/participants', who: members, request: (context) => ['GET', `/api/rdv/${context.planningId}/participants?page=1`, {}] },
  { name: 'GET /api/rdv/{id}/lot-candidates', who: members, request: (context) => ['GET', `/api/rdv/${context.planningId}/lot-candidates`, {}] },
  {
    name: 'GET /api/rdv/{id}/calendar',
    who: members,
    request: (context) => ['GET', `/api/rdv/${context.planningId}/calendar?from=2020-01-01T00:00:00.000Z&to=2020-03-01T00:00:00.000Z`, {}],
  },
  {
    name: 'GET /api/rdv/{planningId}/meetings/{uuid}',
    who: members,
    request: (context) => ['GET', `/api/rdv/${context.planningId}/meetings/${context.uuids[0]}`, {}],
  },
  { name: 'GET /api/rdv/{id}/deliveries', who: members, request: (context) => ['GET', `/api/rdv/${context.planningId}/deliveries`, {}] },
  {
    name: 'POST /api/rdv/{id}/inviter',
    who: members,
    request: (context) => ['POST', `/api/rdv/${context.planningId}/inviter`, { body: { uuids: context.uuids } }],
  },
  // One person, one calendar: the program's AMO's calendar, reached by the AMO, the program's owner and an administrator.
  { name: 'GET /api/amo/calendar', who: members, request: () => ['GET', `/api/amo/calendar?userId=${amoId()}`, {}] },
  { name: 'PUT /api/amo/calendar', who: members, request: () => ['PUT', '/api/amo/calendar', { body: { userId: amoId(), travelMinutes: 45 } }] },
  { name: 'POST /api/amo/days-off', who: members, request: () => ['POST', '/api/amo/days-off', { body: { userId: amoId(), ...farDayOff() } }] },
  {
    name: 'DELETE /api/amo/days-off/{id}',
    who: members,
    request: async () => ['DELETE', `/api/amo/days-off/${await newDayOff()}?userId=${amoId()}`, {}],
  },
  {
    name: 'POST /api/rdv/amo-conflicts',
    who: members,
    request: () => [
      'POST',
      '/api/rdv/amo-conflicts',
      { body: { projectId: world.programId, amoList: [amoId()], areAmosAssigned: true, events: workingDays(futureMonday(), 1) } },
    ],
  },
  { name: 'GET /api/rdv/{id}/amo-elsewhere', who: members, request: (context) => ['GET', `/api/rdv/${context.planningId}/amo-elsewhere`, {}] },
  // The invitation attachment is stored before any planning names it: any staff member may upload one.
  { name: 'POST /api/files', who: staff, request: () => ['POST', '/api/files', attachment()] },
  {
    name: "POST /api/uploads/attachment (upload URL under the caller's own key)",
    who: staff,
    request: () => ['POST', '/api/uploads/attachment', { body: { filename: 'plans.pdf', size: 1000 } }],
  },
];

beforeAll(async () => {
  world = await isolationWorld(4);
  const planning = await waitingPlanning('Planning isolé');
  planningId = planning._id;
  draftId = await newDraft('Brouillon isolé');
}, 120_000);

it('the matrix covers every route of the plannings group', () => {
  expect([...new Set(endpoints.map((endpoint) => routeKey(endpoint.name)))].sort()).toEqual([...apiRoutes.plannings].sort());
});

describeIsolationMatrix(
  'plannings isolation matrix (part 3 §6)',
  endpoints,
  () => world,
  async (endpoint) => {
    // Invitations change the planning for good: that route gets a planning of its own.
    if (routeKey(endpoint.name) === 'POST /api/rdv/{id}/inviter') {
      const own = await waitingPlanning('Planning à inviter');
      return { planningId: own._id, uuids: own.uuids, draftId };
    }
    const detail = (await call('GET', `/api/rdv/${planningId}`, { token: admin() })).body;
    return { planningId, uuids: detail.meetings.map((meeting: { uuid: string }) => meeting.uuid), draftId };
  },
  async (context) => {
    // Everything a refused call could have touched, read as an administrator; due jobs are run so
    // that an invitation queued by mistake would show in the planning and the outbox.
    await runDueJobs();
    const [plannings, drafts, detail, deliveries, draft] = await Promise.all([
      call('GET', `/api/rdv/project/${world.programId}/plannings`, { token: admin() }),
      call('GET', `/api/rdv/project/${world.programId}/planning-drafts`, { token: admin() }),
      call('GET', `/api/rdv/${context.planningId}`, { token: admin() }),
      call('GET', `/api/rdv/${context.planningId}/deliveries`, { token: admin() }),
      call('GET', `/api/rdv-draft/${context.draftId}`, { token: admin() }),
    ]);
    return { plannings: plannings.body, drafts: drafts.body, detail: detail.body, deliveries: deliveries.body, draft: draft.body, outbox: await outboxSize() };
  },
);
