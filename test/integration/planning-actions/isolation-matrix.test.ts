import { apiRoutes } from '../../../functions/api-routes';
import {
  describeIsolationMatrix,
  isolationWorld,
  members,
  only,
  outboxSize,
  routeKey,
  staff,
  type IsolationWorld,
  type MatrixEndpoint,
} from '../../support/isolation-matrix';
import { futureMonday, planningBody, runDueJobs, workingDays } from '../../support/planning-fixtures';
import { call, signInWithoutLoginRoute } from '../../support/test-api';
import { imposedBody } from '../imposed/support';
import { parisIso, parisSeconds, slotGrainItems } from './support';
import { addDays, parisWallToEpoch } from '../../../shared/scheduling/time-grid';
import { atClock, tokenAt } from '../../support/clock';

// Not a sign-in test: its accounts sign in through the product's session code (test/support/test-api.ts).
signInWithoutLoginRoute();

/**
 * Isolation of the staff actions on a planning (issue 10 point 14; part 2 §7, part 3 §6): an AMO
 * not authorized on the program, a promoter of another program, a moderator, a buyer and an
 * anonymous caller are refused on every route and change nothing (meetings, counters, slot grains,
 * history, deliveries, outbox); program members are let through.
 */
let world: IsolationWorld;

/** A fresh imposed planning of the world's program (one visit at 09:00), for the imposed-only routes. */
async function imposedVisit(actor: string): Promise<{ planningId: string; uuid: string; start: number }> {
  const created = await call('POST', '/api/rdv-impose', {
    token: world.tokens.owner,
    body: imposedBody(world.programId, [world.lots[world.lots.length - 1]], futureMonday(), [[0, '09:00']], { name: `Convocation (${actor})` }),
  });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  const planningId = created.body.planning._id as string;
  const [meeting] = (await call('GET', `/api/rdv/${planningId}`, { token: world.tokens.owner })).body.meetings as { uuid: string; start: string }[];
  return { planningId, uuid: meeting.uuid, start: Date.parse(meeting.start) / 1000 };
}

/** Each route acts on a planning of its own: 2 AMOs, 2 days, 4 buyers invited (two booked at the same time), one RDV Libre, one lot left out. */
interface Context {
  planningId: string;
  dayDates: string[];
  booked: string;
  waiting: string;
  spare: string;
  removable: { uuid: string; guestId: string };
  freeMeetingId: string;
  /** A finished bulk send of the planning (a rappel by SMS to `spare`). */
  waveId: string;
}

async function actionPlanning(): Promise<Context> {
  const token = world.tokens.owner;
  const events = workingDays(futureMonday(), 2, undefined, 2);
  const lotIds = world.lots.slice(0, 4).map((lot) => lot._id);
  const created = await call('POST', '/api/rdv', {
    token,
    body: planningBody(world.programId, lotIds, { events, bookingDeadline: new Date(Date.parse(events[0].start) - 2 * 86_400_000).toISOString() }),
  });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  await runDueJobs();
  const planningId = created.body.planning._id as string;
  const dayDates = events.map((event) => event.start.slice(0, 10));
  const meetings = (await call('GET', `/api/rdv/${planningId}`, { token })).body.meetings as { uuid: string; guest: { _id: string } }[];
  const [booked, waiting, spare, removable] = meetings;
  const forced = await call('PATCH', `/api/rdv/book-force/${planningId}`, {
    token,
    body: { selected: booked.uuid, rdvDate: parisSeconds(dayDates[0], '09:00'), selectedAmo: 0 },
  });
  const alongside = await call('PATCH', `/api/rdv/book-force/${planningId}`, {
    token,
    body: { selected: spare.uuid, rdvDate: parisSeconds(dayDates[0], '09:00'), selectedAmo: 1 },
  });
  if (forced.status !== 200 || alongside.status !== 200) throw new Error(JSON.stringify([forced.body, alongside.body]));
  const free = await call('POST', `/api/rdv/${planningId}/free-meetings`, {
    token,
    body: { name: 'Réunion de chantier', start: parisIso(dayDates[1], '15:00'), end: parisIso(dayDates[1], '16:00') },
  });
  if (free.status !== 201) throw new Error(JSON.stringify(free.body));
  const wave = await call('POST', `/api/rdv/${planningId}/rappeler`, { token, body: { rappelSMS: true, uuids: [spare.uuid] } });
  if (wave.status !== 202) throw new Error(JSON.stringify(wave.body));
  return {
    planningId,
    dayDates,
    booked: booked.uuid,
    waiting: waiting.uuid,
    spare: spare.uuid,
    removable: { uuid: removable.uuid, guestId: removable.guest._id },
    freeMeetingId: free.body.freeMeeting._id,
    waveId: wave.body.waveId,
  };
}

const endpoints: MatrixEndpoint<Context>[] = [
  {
    name: 'POST /api/rdv/{id}/relancer',
    who: members,
    request: (c) => ['POST', `/api/rdv/${c.planningId}/relancer`, { body: { relanceMail: true, relanceSMS: true, uuids: [c.waiting] } }],
  },
  {
    name: 'POST /api/rdv/{id}/rappeler',
    who: members,
    request: (c) => ['POST', `/api/rdv/${c.planningId}/rappeler`, { body: { rappelMail: true, rappelSMS: true, uuids: [c.booked] } }],
  },
  {
    name: 'POST /api/rdv/{id}/cancel-multiple',
    who: members,
    request: (c) => ['POST', `/api/rdv/${c.planningId}/cancel-multiple`, { body: { uuids: [c.booked], mailChecked: true } }],
  },
  {
    name: 'PATCH /api/rdv/book-force/{planningId}',
    who: members,
    request: (c) => [
      'PATCH',
      `/api/rdv/book-force/${c.planningId}`,
      { body: { selected: c.waiting, rdvDate: parisSeconds(c.dayDates[0], '10:00'), isMailConfirmation: true, selectedAmo: 0 } },
    ],
  },
  {
    name: 'PATCH /api/rdv/{planningId}/move',
    who: members,
    request: (c) => [
      'PATCH',
      `/api/rdv/${c.planningId}/move`,
      { body: { selected: c.booked, rdvDate: parisSeconds(c.dayDates[1], '10:00'), confirmMoveOption: 'moveOnly' } },
    ],
  },
  {
    name: 'PATCH /api/rdv/{planningId}/unbook-staff',
    who: members,
    request: (c) => ['PATCH', `/api/rdv/${c.planningId}/unbook-staff`, { body: { uuid: c.booked, isMailConfirmationDel: true } }],
  },
  {
    name: 'PATCH /api/rdv/convocation-move/{id}',
    who: members,
    request: async (_, actor) => {
      const visit = await imposedVisit(actor);
      return [
        'PATCH',
        `/api/rdv/convocation-move/${visit.planningId}`,
        { body: { selected: visit.uuid, rdvDate: visit.start + 3600, confirmMoveOption: 'validateAndSendConfirmation', selectedDateMove: visit.start } },
      ];
    },
  },
  {
    name: 'POST /api/rdv/{id}/switch-amo',
    who: members,
    request: (c) => ['POST', `/api/rdv/${c.planningId}/switch-amo`, { body: { rdvs: [c.booked, c.spare] } }],
  },
  {
    name: 'POST /api/rdv/{planningId}/free-meetings',
    who: members,
    request: (c, actor) => [
      'POST',
      `/api/rdv/${c.planningId}/free-meetings`,
      { body: { name: `Réunion de ${actor}`, start: parisIso(c.dayDates[1], '08:30'), end: parisIso(c.dayDates[1], '09:00') } },
    ],
  },
  {
    name: 'PATCH /api/rdv/{planningId}/free-meetings/{freeMeetingId}',
    who: members,
    request: (c, actor) => ['PATCH', `/api/rdv/${c.planningId}/free-meetings/${c.freeMeetingId}`, { body: { name: `Renommée par ${actor}` } }],
  },
  {
    name: 'DELETE /api/rdv/{planningId}/free-meetings/{freeMeetingId}',
    who: members,
    request: (c) => ['DELETE', `/api/rdv/${c.planningId}/free-meetings/${c.freeMeetingId}`, {}],
  },
  {
    name: 'PATCH /api/rdv/test-book-unavailabilities/{planningId}',
    who: members,
    request: (c) => [
      'PATCH',
      `/api/rdv/test-book-unavailabilities/${c.planningId}`,
      { body: { events: [{ kind: 'remove', amoNb: 1, start: parisIso(c.dayDates[1], '06:00'), end: parisIso(c.dayDates[1], '20:00') }] } },
    ],
  },
  {
    name: 'PATCH /api/rdv/book-unavailabilities/{planningId}',
    who: members,
    request: (c) => [
      'PATCH',
      `/api/rdv/book-unavailabilities/${c.planningId}`,
      { body: { events: [{ kind: 'remove', amoNb: 1, start: parisIso(c.dayDates[1], '06:00'), end: parisIso(c.dayDates[1], '20:00') }] } },
    ],
  },
  { name: 'PATCH /api/rdv/add-amo/{planningId}', who: members, request: (c) => ['PATCH', `/api/rdv/add-amo/${c.planningId}`, { body: {} }] },
  {
    name: 'PATCH /api/rdv/{id}/add-customer',
    who: members,
    request: (c) => ['PATCH', `/api/rdv/${c.planningId}/add-customer`, { body: { user: world.lots[4]._id, duree: 3_600_000, isMailInvitation: true } }],
  },
  {
    name: 'PATCH /api/rdv/{id}/remove-customer',
    who: members,
    request: (c) => [
      'PATCH',
      `/api/rdv/${c.planningId}/remove-customer`,
      { body: { rdvId: c.removable.uuid, guestId: c.removable.guestId, isMailConfirmationDel: true } },
    ],
  },
  {
    name: 'PATCH /api/rdv/{planningId}/meetings/{uuid}',
    who: members,
    request: (c, actor) => ['PATCH', `/api/rdv/${c.planningId}/meetings/${c.waiting}`, { body: { observations: `Noté par ${actor}`, isActive: false } }],
  },
  {
    name: 'GET /api/rdv/{planningId}/meetings/{uuid}/history',
    who: members,
    request: (c) => ['GET', `/api/rdv/${c.planningId}/meetings/${c.booked}/history`, {}],
  },
  {
    name: 'POST /api/rdv/{id}/update-notifications',
    who: members,
    request: (c) => ['POST', `/api/rdv/${c.planningId}/update-notifications`, { body: { notifMail: false, notifSMS: false, uuids: [c.waiting, c.spare] } }],
  },
  { name: 'PATCH /api/rdv/{id}', who: members, request: (c, actor) => ['PATCH', `/api/rdv/${c.planningId}`, { body: { name: `Renommé par ${actor}` } }] },
  {
    name: 'POST /api/rdv/{id}/mail-personnalise',
    who: members,
    request: (c) => [
      'POST',
      `/api/rdv/${c.planningId}/mail-personnalise`,
      { body: { customMail: 'Bonjour, les travaux avancent.', subject: '[PROMOTER] Travaux', uuids: [c.waiting] } },
    ],
  },
  {
    name: 'POST /api/rdv/{id}/share-email',
    who: members,
    request: (c) => ['POST', `/api/rdv/${c.planningId}/share-email`, { body: { emails: ['conducteur@lac.fr'] } }],
  },
  {
    name: 'POST /api/rdv/{id}/share-sms',
    who: members,
    request: (c) => ['POST', `/api/rdv/${c.planningId}/share-sms`, { body: { phoneNumbers: ['06 12 34 56 78'] } }],
  },
  { name: 'GET /api/rdv/{id}/waves', who: members, request: (c) => ['GET', `/api/rdv/${c.planningId}/waves`, {}] },
  { name: 'GET /api/rdv/{id}/waves/{waveId}', who: members, request: (c) => ['GET', `/api/rdv/${c.planningId}/waves/${c.waveId}`, {}] },
  // 'Décaler': the preview reads only; the shift moves the days three weeks later.
  {
    name: 'POST /api/rdv/{id}/decaler/apercu',
    who: members,
    request: (c) => ['POST', `/api/rdv/${c.planningId}/decaler/apercu`, { body: { mode: 'from', from: c.dayDates[0], to: addDays(c.dayDates[0], 21) } }],
  },
  {
    name: 'POST /api/rdv/{id}/decaler',
    who: members,
    request: (c) => ['POST', `/api/rdv/${c.planningId}/decaler`, { body: { mode: 'from', from: c.dayDates[0], to: addDays(c.dayDates[0], 21) } }],
  },
  // Attendance on the day (docs/user-guide.md « Présences »): any staff member reads their own day; marks and re-invitations are the program's members'.
  { name: 'GET /api/attendance/day', who: staff, request: (c) => ['GET', `/api/attendance/day?date=${c.dayDates[0]}`, {}] },
  { name: 'GET /api/attendance/trend', who: only('administrator'), request: () => ['GET', '/api/attendance/trend', {}] },
  {
    name: 'PUT /api/rdv/{planningId}/meetings/{uuid}/attendance',
    who: members,
    // A visit is marked once it has started (README « Présences »): the calls run during it.
    at: (c) => parisWallToEpoch(c.dayDates[0], 9 * 60 + 30),
    request: (c, actor) => [
      'PUT',
      `/api/rdv/${c.planningId}/meetings/${c.booked}/attendance`,
      { body: { status: 'present', note: `Pointé par ${actor}`, markId: `mark-${actor}-00000000000`, markedAt: new Date().toISOString() } },
    ],
  },
  {
    name: 'POST /api/rdv/{planningId}/meetings/{uuid}/reinvite',
    who: members,
    request: async (c, actor) => {
      // The first member marks the visit absent first (the rule: only a no-show is invited again).
      const during = parisWallToEpoch(c.dayDates[0], 9 * 60 + 30);
      const token = await tokenAt(world.tokens.owner, during);
      if (actor === 'owner')
        await atClock(during, () =>
          call('PUT', `/api/rdv/${c.planningId}/meetings/${c.booked}/attendance`, {
            token,
            body: { status: 'absent', markId: 'mark-before-reinvite-0001', markedAt: new Date().toISOString() },
          }),
        );
      return ['POST', `/api/rdv/${c.planningId}/meetings/${c.booked}/reinvite`, {}];
    },
  },
];

beforeAll(async () => {
  world = await isolationWorld(5);
}, 120_000);

it('the matrix covers every route of the planning-actions group', () => {
  expect([...new Set(endpoints.map((endpoint) => routeKey(endpoint.name)))].sort()).toEqual([...apiRoutes['planning-actions']].sort());
});

/**
 * The routes whose allowed calls leave the planning as every other route of this list needs it
 * (they read, send a message, or rename it) act on one planning between them; the others, which
 * book, cancel, move or switch off what the next route would act on, each on a planning of its
 * own. Sharing changes nothing of what is proved: each route's snapshots are read just before and
 * just after its own refused calls, and its first allowed caller must still succeed.
 */
const leaveThePlanningAsItWas = new Set([
  'POST /api/rdv/{id}/relancer',
  'POST /api/rdv/{id}/rappeler',
  'GET /api/rdv/{planningId}/meetings/{uuid}/history',
  'PATCH /api/rdv/{id}',
  'POST /api/rdv/{id}/mail-personnalise',
  'POST /api/rdv/{id}/share-email',
  'POST /api/rdv/{id}/share-sms',
  'GET /api/rdv/{id}/waves',
  'GET /api/rdv/{id}/waves/{waveId}',
  'POST /api/rdv/{id}/decaler/apercu',
  'GET /api/attendance/day',
  'GET /api/attendance/trend',
]);
let sharedPlanning: Promise<Context> | undefined;

describeIsolationMatrix(
  'planning actions isolation matrix (part 3 §6)',
  endpoints,
  () => world,
  (endpoint) => (leaveThePlanningAsItWas.has(endpoint.name) ? (sharedPlanning ??= actionPlanning()) : actionPlanning()),
  async (c) => {
    // Jobs a refused call might have queued (a reminder, an invitation) are run before reading.
    await runDueJobs();
    const token = world.tokens.administrator;
    const [detail, deliveries, ...histories] = await Promise.all([
      call('GET', `/api/rdv/${c.planningId}`, { token }),
      call('GET', `/api/rdv/${c.planningId}/deliveries`, { token }),
      ...[c.booked, c.waiting, c.spare, c.removable.uuid].map((uuid) => call('GET', `/api/rdv/${c.planningId}/meetings/${uuid}/history`, { token })),
    ]);
    return {
      detail: detail.body,
      deliveries: deliveries.body,
      histories: histories.map((history) => history.body),
      grains: [...(await slotGrainItems(c.planningId))],
      outbox: await outboxSize(),
    };
  },
);
