import { call, type TestResponse } from '../../support/test-api';
import { addDays, assertInvariants, buyerBooks, freePlanning, parisIso, parisSeconds, type TestMeeting } from './support';
import { seededRandom } from '../../../shared/scheduling/seeded-random';

/**
 * Booking integrity under every staff action (part 2 §2.6): a seeded random sequence of buyer and
 * staff actions on a planning of 20 buyers, some run concurrently, and after each step:
 * - the counters equal the values recomputed from the meetings;
 * - no two visits of one AMO overlap;
 * - the slot-grain items are exactly those of the booked meetings.
 * Refusals are expected (the engine or a lost race says no); a 500 never is.
 */
const seed = Number(process.env.INVARIANTS_SEED ?? 20_261_207);
const steps = Number(process.env.INVARIANTS_STEPS ?? 60);

type Setup = Awaited<ReturnType<typeof freePlanning>>;
type State = { planning: Record<string, any>; meetings: TestMeeting[] }; // eslint-disable-line @typescript-eslint/no-explicit-any -- test reads JSON
type Action = { name: string; run: () => Promise<TestResponse | { status: number; body: unknown }> } | null;

// 202: a bulk action accepted as a wave (its jobs run before `call` answers here)
const allowed = new Set([200, 201, 202, 400, 409, 422]);

describe(`invariants under a random sequence of buyer and staff actions (seed ${seed})`, () => {
  it(`${steps} steps, some concurrent: counters, overlaps and slot grains stay exact`, async () => {
    const random = seededRandom(seed);
    const pick = <T>(items: T[]): T | undefined => (items.length ? items[Math.floor(random() * items.length)] : undefined);
    const setup: Setup = await freePlanning({ lots: 24, invited: 20, days: 3, nbAmo: 2 });
    const { planningId, token } = setup;
    const dates = setup.dayDates;

    const randomStart = (from = 8 * 60 + 30, to = 16 * 60) => {
      const minutes = from + 30 * Math.floor(random() * ((to - from) / 30 + 1));
      return parisSeconds(pick(dates)!, `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`);
    };
    const waiting = (state: State) => state.meetings.filter((meeting) => meeting.isActive && meeting.isAvailable && !meeting.isBooked);
    const placed = (state: State) => state.meetings.filter((meeting) => meeting.isBooked);
    const unplaced = (state: State) => state.meetings.filter((meeting) => !meeting.isBooked);
    const patchMeeting = (uuid: string, body: unknown) => call('PATCH', `/api/rdv/${planningId}/meetings/${uuid}`, { token, body });

    const actions: Record<string, (state: State) => Action> = {
      buyerBooks: (state) => {
        const meeting = pick(waiting(state));
        return meeting ? { name: 'buyerBooks', run: () => buyerBooks(planningId, meeting.uuid, Math.floor(random() * 6)) } : null;
      },
      forcedBooking: (state) => {
        const meeting = pick(waiting(state));
        const body = { selected: meeting?.uuid, rdvDate: randomStart(), selectedAmo: Math.floor(random() * 2), isMailConfirmation: random() < 0.3 };
        return meeting ? { name: 'forcedBooking', run: () => call('PATCH', `/api/rdv/book-force/${planningId}`, { token, body }) } : null;
      },
      move: (state) => {
        const meeting = pick(placed(state));
        const body = { selected: meeting?.uuid, rdvDate: randomStart(8 * 60, 19 * 60), selectedAmo: Math.floor(random() * 2), confirmMoveOption: 'moveOnly' };
        return meeting ? { name: 'move', run: () => call('PATCH', `/api/rdv/${planningId}/move`, { token, body }) } : null;
      },
      staffCancel: (state) => {
        const meeting = pick(placed(state));
        return meeting
          ? {
              name: 'staffCancel',
              run: () => call('PATCH', `/api/rdv/${planningId}/unbook-staff`, { token, body: { uuid: meeting.uuid, isMailConfirmationDel: random() < 0.5 } }),
            }
          : null;
      },
      buyerCancels: (state) => {
        const meeting = pick(placed(state).filter((candidate) => !candidate.forced));
        return meeting ? { name: 'buyerCancels', run: () => call('PATCH', `/api/rdv/unbook/${meeting.uuid}`) } : null;
      },
      availability: (state) => {
        const meeting = pick(unplaced(state));
        if (!meeting) return null;
        const next = !meeting.isAvailable;
        return random() < 0.5
          ? { name: 'staffAvailability', run: () => patchMeeting(meeting.uuid, { isAvailable: next }) }
          : {
              name: 'buyerAvailability',
              run: () =>
                call('PATCH', `/api/rdv/${planningId}/broadcastlist`, {
                  body: { uuid: meeting.uuid, isAvailable: next, note: next ? undefined : 'En déplacement' },
                }),
            };
      },
      activation: (state) => {
        const meeting = pick(unplaced(state));
        return meeting ? { name: 'activation', run: () => patchMeeting(meeting.uuid, { isActive: !meeting.isActive }) } : null;
      },
      addBuyer: (state) => {
        const inPlanning = new Set(state.meetings.map((meeting) => meeting.guest._id));
        const lot = pick(setup.clients.filter((client) => !inPlanning.has(client._id)));
        return lot
          ? {
              name: 'addBuyer',
              run: () =>
                call('PATCH', `/api/rdv/${planningId}/add-customer`, { token, body: { user: lot._id, duree: 3_600_000, isMailInvitation: random() < 0.7 } }),
            }
          : null;
      },
      removeBuyer: (state) => {
        const meeting = pick(unplaced(state));
        return meeting
          ? { name: 'removeBuyer', run: () => call('PATCH', `/api/rdv/${planningId}/remove-customer`, { token, body: { rdvId: meeting.uuid } }) }
          : null;
      },
      bulkCancel: (state) => {
        const selection = placed(state)
          .filter(() => random() < 0.3)
          .slice(0, 3);
        return selection.length
          ? {
              name: 'bulkCancel',
              run: () =>
                call('POST', `/api/rdv/${planningId}/cancel-multiple`, {
                  token,
                  body: { uuids: selection.map((meeting) => meeting.uuid), mailChecked: false },
                }),
            }
          : null;
      },
      switchAmo: (state) => {
        const first = pick(placed(state));
        const second = pick(placed(state).filter((meeting) => first && meeting.uuid !== first.uuid && meeting.amoNb !== first.amoNb));
        return first && second
          ? { name: 'switchAmo', run: () => call('POST', `/api/rdv/${planningId}/switch-amo`, { token, body: { rdvs: [first.uuid, second.uuid] } }) }
          : null;
      },
      amoAvailability: () => {
        const date = pick(dates)!;
        const startHour = 8 + Math.floor(random() * 8);
        const body = {
          events: [
            {
              kind: random() < 0.6 ? 'remove' : 'add',
              amoNb: Math.floor(random() * 2),
              start: parisIso(date, `${String(startHour).padStart(2, '0')}:30`),
              end: parisIso(date, `${String(startHour + 1).padStart(2, '0')}:30`),
            },
          ],
        };
        return { name: 'amoAvailability', run: () => call('PATCH', `/api/rdv/book-unavailabilities/${planningId}`, { token, body }) };
      },
    };
    const weights: [keyof typeof actions, number][] = [
      ['buyerBooks', 5],
      ['forcedBooking', 4],
      ['move', 3],
      ['staffCancel', 2],
      ['buyerCancels', 2],
      ['availability', 2],
      ['activation', 2],
      ['addBuyer', 1],
      ['removeBuyer', 1],
      ['bulkCancel', 1],
      ['switchAmo', 2],
      ['amoAvailability', 1],
    ];
    const total = weights.reduce((sum, [, weight]) => sum + weight, 0);
    const chooseKind = () => {
      let roll = random() * total;
      for (const [kind, weight] of weights) if ((roll -= weight) < 0) return kind;
      return weights[0][0];
    };

    const outcomes: Record<string, { ok: number; refused: number }> = {};
    for (let step = 0; step < steps; step += 1) {
      const state = (await setup.read()) as State;
      const width = random() < 0.35 ? 2 + Math.floor(random() * 2) : 1;
      const batch = Array.from({ length: width }, () => actions[chooseKind()](state)).filter((action): action is NonNullable<Action> => !!action);
      const responses = await Promise.all(batch.map((action) => action.run()));
      responses.forEach((response, index) => {
        const name = batch[index].name;
        if (!allowed.has(response.status)) throw new Error(`step ${step} (seed ${seed}) ${name}: ${response.status} ${JSON.stringify(response.body)}`);
        outcomes[name] ??= { ok: 0, refused: 0 };
        if (response.status < 300) outcomes[name].ok += 1;
        else outcomes[name].refused += 1;
      });
      await assertInvariants(planningId, setup.read, `step ${step} (seed ${seed}) [${batch.map((action) => action.name).join(', ')}]`);
    }
    if (process.env.INVARIANTS_VERBOSE) console.log(JSON.stringify(outcomes)); // opt-in report
    const succeeded = Object.values(outcomes).reduce((sum, outcome) => sum + outcome.ok, 0);
    expect(succeeded).toBeGreaterThanOrEqual(steps / 2);
    expect(outcomes.forcedBooking?.ok ?? 0).toBeGreaterThan(0);
    expect(outcomes.move?.ok ?? 0).toBeGreaterThan(0);
  }, 300_000);

  it('concurrent forced bookings, moves and buyer bookings aimed at the same free hour: at most one visit per AMO there', async () => {
    const setup = await freePlanning({ lots: 10, days: 2, nbAmo: 1 });
    const { planningId, token } = setup;
    const target = parisSeconds(addDays(setup.dayDates[0], 0), '10:30');
    const [moving, ...others] = setup.meetings;
    await call('PATCH', `/api/rdv/book-force/${planningId}`, { token, body: { selected: moving.uuid, rdvDate: parisSeconds(setup.dayDates[1], '15:00') } });
    const responses = await Promise.all([
      call('PATCH', `/api/rdv/${planningId}/move`, { token, body: { selected: moving.uuid, rdvDate: target, confirmMoveOption: 'moveOnly' } }),
      ...others.slice(0, 6).map((meeting) => call('PATCH', `/api/rdv/book-force/${planningId}`, { token, body: { selected: meeting.uuid, rdvDate: target } })),
      ...others.slice(6).map((meeting) =>
        call('PATCH', `/api/rdv/book/${planningId}`, {
          body: { usr: meeting.uuid, slot: { startDate: new Date(target * 1000).toISOString(), amoNb: 0 }, extra: { isInterestedVr: false, visitors: [] } },
        }),
      ),
    ]);
    expect(responses.every((response) => allowed.has(response.status))).toBe(true);
    await assertInvariants(planningId, setup.read);
    const { meetings } = await setup.read();
    expect(meetings.filter((meeting) => meeting.start === new Date(target * 1000).toISOString())).toHaveLength(1);
  });
});
