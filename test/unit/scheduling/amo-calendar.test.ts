import {
  amoWindows,
  busyElsewhere,
  conflictsElsewhere,
  placementClash,
  type AmoCalendar,
  type AmoClaim,
  type NamedPlanning,
} from '../../../shared/scheduling/amo-calendar';
import { liveCalendar, remainingDurations, type LiveMeeting, type LivePlanning } from '../../../shared/scheduling/live-calendar';
import { isOfferable, offerSlots } from '../../../shared/scheduling/slot-offering';
import { seededRandom } from '../../../shared/scheduling/seeded-random';
import { unplaceableCount } from '../../../shared/scheduling/strand-check';
import { at, H, MIN } from './helpers';

const DAY = '2026-12-07';
const DAY2 = '2026-12-08';

function event(date: string, from: string, to: string, nbAmo = 1) {
  return { start: new Date(at(date, from)).toISOString(), end: new Date(at(date, to)).toISOString(), nbAmo };
}

interface TestPlanning extends LivePlanning {
  _id: string;
  name: string;
  projectId: string;
  createdAt: string;
}

function planning(
  id: string,
  programId: string,
  createdAt: string,
  amoList: string[],
  events = [event(DAY, '08:30', '12:30', amoList.length || 1)],
): TestPlanning {
  return {
    _id: id,
    name: `Planning ${id}`,
    projectId: programId,
    createdAt,
    events,
    pas: 1800,
    lunchStartTime: '12:30',
    lunchEndTime: '14:00',
    amoList,
    areAmosAssigned: amoList.length > 0,
    authorizeTrous: false,
    minNoticeHours: 24,
  };
}

function claimOf(p: TestPlanning, userId: string): AmoClaim {
  return { planningId: p._id, planningName: p.name, programId: p.projectId, since: p.createdAt, windows: amoWindows(p as NamedPlanning, userId) };
}

function calendars(plannings: TestPlanning[], overrides: Partial<AmoCalendar> = {}): Map<string, AmoCalendar> {
  const users = [...new Set(plannings.flatMap((p) => (p.areAmosAssigned ? p.amoList : [])))];
  return new Map(
    users.map((userId) => [
      userId,
      {
        userId,
        name: userId,
        travelMinutes: 45,
        claims: plannings.filter((p) => p.areAmosAssigned && p.amoList.includes(userId)).map((p) => claimOf(p, userId)),
        daysOff: [],
        visitsOutside: [],
        ...overrides,
      },
    ]),
  );
}

const rank = (p: TestPlanning) => ({ planningId: p._id, programId: p.projectId, since: p.createdAt });

function offers(p: TestPlanning, all: TestPlanning[], meetings: LiveMeeting[], now: number, overrides: Partial<AmoCalendar> = {}) {
  const busy = busyElsewhere(rank(p), p.areAmosAssigned ? p.amoList : [], calendars(all, overrides));
  return liveCalendar({ ...p, busyElsewhere: busy }, meetings, now);
}

const waiting = (uuid: string, length = H): LiveMeeting => ({
  uuid,
  length,
  start: null,
  end: null,
  amoNb: null,
  isBooked: false,
  forced: null,
  isActive: true,
  isAvailable: true,
});

const now = at('2026-11-20', '09:00');

describe('one person, one calendar: a named AMO is never offered on two plannings at once (docs/scheduling.md « One person, one calendar »)', () => {
  it('the planning that named the AMO first keeps the time; the other one does not offer it, with 45 minutes of travel between programs', () => {
    const annecy = planning('a', 'annecy', '2026-11-01T10:00:00.000Z', ['amo1'], [event(DAY, '08:30', '10:30')]);
    const lyon = planning('b', 'lyon', '2026-11-02T10:00:00.000Z', ['amo1'], [event(DAY, '08:30', '12:30')]);
    const both = [annecy, lyon];
    const first = offerSlots(offers(annecy, both, [waiting('x')], now), H, []);
    expect(first.map((option) => option.startDate)).toContain(new Date(at(DAY, '08:30')).toISOString());
    const second = offerSlots(offers(lyon, both, [waiting('y')], now), H, []);
    // Annecy holds 08:30–10:30; with 45 minutes of travel, Lyon starts at 11:15 at the earliest.
    expect(second.length).toBeGreaterThan(0);
    expect(Math.min(...second.map((option) => Date.parse(option.startDate)))).toBeGreaterThanOrEqual(at(DAY, '11:15'));
    expect(isOfferable(offers(lyon, both, [waiting('y')], now), H, [], { startDate: new Date(at(DAY, '08:30')).toISOString(), amoNb: 0 })).toBe(false);
  });

  it('no travel time within one program; the AMO’s own travel setting elsewhere', () => {
    const one = planning('a', 'annecy', '2026-11-01T10:00:00.000Z', ['amo1'], [event(DAY, '08:30', '10:30')]);
    const sameProgram = planning('b', 'annecy', '2026-11-02T10:00:00.000Z', ['amo1'], [event(DAY, '08:30', '12:30')]);
    const earliest = (options: { startDate: string }[]) => Math.min(...options.map((option) => Date.parse(option.startDate)));
    expect(earliest(offerSlots(offers(sameProgram, [one, sameProgram], [waiting('y')], now), H, []))).toBe(at(DAY, '10:30'));
    const otherProgram = { ...sameProgram, projectId: 'lyon' };
    expect(earliest(offerSlots(offers(otherProgram, [one, otherProgram], [waiting('y')], now, { travelMinutes: 30 }), H, []))).toBe(at(DAY, '11:00'));
  });

  it('the later planning never changes what the earlier one offers', () => {
    const annecy = planning('a', 'annecy', '2026-11-01T10:00:00.000Z', ['amo1']);
    const lyon = planning('b', 'lyon', '2026-11-02T10:00:00.000Z', ['amo1']);
    expect(offers(annecy, [annecy, lyon], [], now).unavailable).toEqual([]);
    expect(offers(lyon, [annecy, lyon], [], now).unavailable).toEqual([{ amoNb: 0, start: at(DAY, '08:30') - 45 * MIN, end: at(DAY, '12:30') + 45 * MIN }]);
  });

  it('an AMO named later on the older planning (its naming date) loses the time the other planning already had', () => {
    const annecy = planning('a', 'annecy', '2026-11-01T10:00:00.000Z', ['amo1']);
    const lyon = planning('b', 'lyon', '2026-11-02T10:00:00.000Z', ['amo1']);
    const cals = calendars([annecy, lyon]);
    cals.get('amo1')!.claims[0].since = '2026-11-05T10:00:00.000Z';
    expect(busyElsewhere(rank(annecy), ['amo1'], cals)).toHaveLength(1);
    expect(busyElsewhere(rank(lyon), ['amo1'], cals)).toEqual([]);
  });

  it('days off (« Mes indisponibilités ») are unavailable in every planning naming the AMO', () => {
    const annecy = planning('a', 'annecy', '2026-11-01T10:00:00.000Z', ['amo1']);
    const off = { start: at(DAY, '09:00'), end: at(DAY, '10:00') };
    const cals = calendars([annecy], { daysOff: [off] });
    expect(busyElsewhere(rank(annecy), ['amo1'], cals)).toEqual([{ amoNb: 0, ...off }]);
  });

  it('unnamed AMO columns (no assigned AMOs) keep the planning-local behaviour', () => {
    const anonymous = { ...planning('a', 'annecy', '2026-11-01T10:00:00.000Z', ['amo1']), areAmosAssigned: false };
    const named = planning('b', 'lyon', '2026-10-01T10:00:00.000Z', ['amo1']);
    expect(amoWindows(anonymous as NamedPlanning, 'amo1')).toEqual([]);
    expect(busyElsewhere(rank(anonymous), [], calendars([anonymous, named]))).toEqual([]);
    expect(offers(anonymous, [anonymous, named], [], now).unavailable).toEqual([]);
  });

  it('only the AMO’s own column: a second AMO of the later planning keeps its time', () => {
    const annecy = planning('a', 'annecy', '2026-11-01T10:00:00.000Z', ['amo1']);
    const lyon = planning('b', 'lyon', '2026-11-02T10:00:00.000Z', ['amo2', 'amo1']);
    expect(busyElsewhere(rank(lyon), lyon.amoList, calendars([annecy, lyon])).map((range) => range.amoNb)).toEqual([1]);
  });
});

describe('conflicts said where staff decide', () => {
  it('« amo1 est déjà sur « Les Jardins du Parc » le 12/03 de 09:00 à 12:00 »', () => {
    const jardins = { ...planning('a', 'annecy', '2027-01-01T10:00:00.000Z', ['amo1'], [event('2027-03-12', '09:00', '12:00')]), name: 'Les Jardins du Parc' };
    const created = planning('b', 'lyon', '2027-02-01T10:00:00.000Z', ['amo1'], [event('2027-03-12', '11:00', '17:00')]);
    const conflicts = conflictsElsewhere(rank(created), created as NamedPlanning, calendars([jardins, created]));
    expect(conflicts.map((one) => one.message)).toEqual(['amo1 est déjà sur « Les Jardins du Parc » le 12/03 de 09:00 à 12:00']);
    // Another day, beyond the travel time: nothing to say.
    const apart = planning('c', 'lyon', '2027-02-01T10:00:00.000Z', ['amo1'], [event('2027-03-12', '12:45', '17:00')]);
    expect(conflictsElsewhere(rank(apart), apart as NamedPlanning, calendars([jardins, apart]))).toEqual([]);
  });

  it('a staff placement runs into a day off, a visit confirmed elsewhere, or the time of a planning that named the AMO first', () => {
    const annecy = planning('a', 'annecy', '2026-11-01T10:00:00.000Z', ['amo1'], [event(DAY, '08:30', '10:30'), event(DAY2, '08:30', '12:30')]);
    const lyon = planning('b', 'lyon', '2026-11-02T10:00:00.000Z', ['amo1'], [event(DAY, '08:30', '17:00'), event(DAY2, '08:30', '17:00')]);
    const calendar = calendars([annecy, lyon]).get('amo1')!;
    expect(placementClash(rank(lyon), { start: at(DAY, '11:00'), end: at(DAY, '12:00') }, calendar, [])?.planningName).toBe('Planning a');
    expect(placementClash(rank(lyon), { start: at(DAY, '14:00'), end: at(DAY, '15:00') }, calendar, [])).toBeNull();
    expect(placementClash(rank(annecy), { start: at(DAY, '09:00'), end: at(DAY, '10:00') }, calendar, [])).toBeNull();
    const visit = { planningId: 'b', planningName: 'Planning b', programId: 'lyon', start: at(DAY, '15:00'), end: at(DAY, '16:00') };
    expect(placementClash(rank(annecy), { start: at(DAY, '16:00'), end: at(DAY, '17:00') }, calendar, [visit])?.message).toBe(
      'amo1 est déjà sur « Planning b » le 07/12 de 15:00 à 16:00',
    );
    const off = { ...calendar, daysOff: [{ start: at(DAY2, '00:00'), end: at(DAY2, '23:59') }] };
    expect(placementClash(rank(annecy), { start: at(DAY2, '09:00'), end: at(DAY2, '10:00') }, off, [])?.message).toBe(
      'amo1 est indisponible le 08/12 de 00:00 à 23:59 (Mes indisponibilités)',
    );
    // A visit staff confirmed on the later planning over the earlier one's time: the earlier one keeps clear of it.
    const confirmed = { ...calendar, visitsOutside: [{ ...visit, start: at(DAY, '09:00'), end: at(DAY, '10:00') }] };
    expect(busyElsewhere(rank(annecy), ['amo1'], new Map([['amo1', confirmed]]))).toEqual([{ amoNb: 0, start: at(DAY, '08:15'), end: at(DAY, '10:45') }]);
  });
});

/** Every visit of one person, from every planning: overlapping, or closer than the travel time between programs. */
function personClashes(placed: { amo: string; program: string; start: number; end: number }[], travelMs: number): number {
  let clashes = 0;
  for (let i = 0; i < placed.length; i += 1) {
    for (let j = i + 1; j < placed.length; j += 1) {
      const [a, b] = [placed[i], placed[j]];
      if (a.amo !== b.amo) continue;
      const gap = a.program === b.program ? 0 : travelMs;
      if (a.start < b.end + gap && b.start < a.end + gap) clashes += 1;
    }
  }
  return clashes;
}

describe('randomized campaign: two or three plannings sharing AMOs, the clock advancing (seeded)', () => {
  it.each([1, 2, 3, 4, 5, 6])('seed %i: 0 double bookings of a person, 0 buyers stranded on any planning', (seed) => {
    const random = seededRandom(seed);
    const dates = ['2026-12-07', '2026-12-08', '2026-12-09'];
    const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)];
    const count = 2 + Math.floor(random() * 2);
    const plannings = Array.from({ length: count }, (_, index) => {
      const amoList = index === 0 ? ['amo1', 'amo2'] : pick([['amo1'], ['amo2', 'amo1'], ['amo2'], ['amo3', 'amo1']]);
      const events = dates
        .filter(() => random() < 0.8)
        .map((date) => event(date, pick(['08:00', '08:30', '10:00']), pick(['12:30', '16:00', '17:30']), amoList.length));
      return planning(
        `p${index}`,
        index === 2 ? 'annecy' : pick(['annecy', 'lyon']),
        `2026-11-0${index + 1}T10:00:00.000Z`,
        amoList,
        events.length ? events : [event(dates[0], '08:30', '17:00', amoList.length)],
      );
    });
    const meetings = new Map<string, LiveMeeting[]>();
    plannings.forEach((p) => {
      // Buyers that fit at the start: a few per planning, of 1 h or 1 h 30.
      const buyers = Array.from({ length: 2 + Math.floor(random() * 5) }, (_, index) => waiting(`${p._id}-${index}`, pick([H, 1.5 * H])));
      const fitting: LiveMeeting[] = [];
      for (const buyer of buyers) {
        const calendar = offers(p, plannings, [], now);
        if (
          unplaceableCount(
            calendar,
            [...fitting, buyer].map((m) => m.length),
          ) === 0
        )
          fitting.push(buyer);
      }
      meetings.set(p._id, fitting);
    });
    const placed: { amo: string; program: string; start: number; end: number }[] = [];
    let clock = now;
    let stranded = 0;
    for (;;) {
      const open = plannings.filter((p) => meetings.get(p._id)!.some((m) => !m.isBooked));
      if (open.length === 0) break;
      const p = pick(open);
      const list = meetings.get(p._id)!;
      const buyer = pick(list.filter((m) => !m.isBooked));
      const calendar = offers(p, plannings, list, clock);
      const options = offerSlots(calendar, buyer.length, remainingDurations(list, buyer.uuid));
      if (options.length === 0) {
        stranded += 1;
        buyer.isBooked = true;
        continue;
      }
      const option = pick(options);
      expect(isOfferable(offers(p, plannings, list, clock), buyer.length, remainingDurations(list, buyer.uuid), option)).toBe(true);
      Object.assign(buyer, { isBooked: true, start: option.startDate, end: option.endDate, amoNb: option.amoNb });
      placed.push({ amo: p.amoList[option.amoNb], program: p.projectId, start: Date.parse(option.startDate), end: Date.parse(option.endDate) });
      // The clock moves on (never into the visit days: 24 h notice, days from 7 December).
      clock += Math.floor(random() * 12) * H;
    }
    expect(stranded).toBe(0);
    expect(personClashes(placed, 45 * MIN)).toBe(0);
    expect(placed.length).toBeGreaterThan(0);
  });
});
