import { isShiftRunning, shiftLockMs } from '../../../shared/domain/planning-shift';
import { planShift, settlingRank, shiftMapping, ShiftRefusal, type ShiftMeeting } from '../../../shared/scheduling/shift-days';
import { epochToParisWall, parisWallToEpoch } from '../../../shared/scheduling/time-grid';

const iso = (date: string, hm: string) => {
  const [h, m] = hm.split(':').map(Number);
  return new Date(parisWallToEpoch(date, h * 60 + m)).toISOString();
};
const wall = (instant: string) => {
  const { date, minuteOfDay } = epochToParisWall(Date.parse(instant));
  return `${date} ${String(Math.floor(minuteOfDay / 60)).padStart(2, '0')}:${String(minuteOfDay % 60).padStart(2, '0')}`;
};
const now = Date.parse('2027-03-01T08:00:00Z');
const day = (date: string, nbAmo = 1) => ({ start: iso(date, '08:30'), end: iso(date, '17:00'), nbAmo });

function visit(uuid: string, date: string, hm: string, amoNb = 0, minutes = 60): ShiftMeeting {
  const start = iso(date, hm);
  return {
    uuid,
    length: minutes * 60_000,
    start,
    end: new Date(Date.parse(start) + minutes * 60_000).toISOString(),
    amoNb,
    isBooked: true,
    forced: null,
    isActive: true,
    isAvailable: true,
    guest: { lotcomm: uuid.toUpperCase(), nom: `Nom ${uuid}` },
  };
}

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ShiftRefusal);
    return (error as Error).message;
  }
  throw new Error('not refused');
};

describe('planShift: days move with the same hours, each visit keeps its hour and AMO where it can', () => {
  it('a two-week delay of every day from a date: days, visits (same hours, same AMO, same order) and availability edits move; earlier days stay', () => {
    const planning = {
      events: [day('2027-03-15'), day('2027-03-16', 2), day('2027-03-17')],
      unavailable: [{ amoNb: 0, start: Date.parse(iso('2027-03-16', '10:00')), end: Date.parse(iso('2027-03-16', '11:00')) }],
    };
    const meetings = [
      visit('a', '2027-03-15', '09:00'),
      visit('b', '2027-03-16', '14:00', 1),
      visit('c', '2027-03-16', '09:00'),
      visit('d', '2027-03-17', '16:00'),
    ];
    const plan = planShift(planning, meetings, { mode: 'from', from: '2027-03-16', to: '2027-03-30' }, now, false);
    expect(plan.days).toEqual([
      { from: '2027-03-16', to: '2027-03-30' },
      { from: '2027-03-17', to: '2027-03-31' },
    ]);
    expect(plan.events.map((event) => `${wall(event.start)}–${wall(event.end).slice(11)} ×${event.nbAmo}`)).toEqual([
      '2027-03-15 08:30–17:00 ×1',
      '2027-03-30 08:30–17:00 ×2',
      '2027-03-31 08:30–17:00 ×1',
    ]);
    expect(plan.moves.map((move) => `${move.uuid} ${wall(move.toStart)} amo ${move.amoNb}`)).toEqual([
      'c 2027-03-30 09:00 amo 0',
      'b 2027-03-30 14:00 amo 1',
      'd 2027-03-31 16:00 amo 0',
    ]);
    expect(plan.dropped).toEqual([]);
    expect(plan.unavailable.map((range) => wall(new Date(range.start).toISOString()))).toEqual(['2027-03-30 10:00']);
  });

  it('across the spring clock change the wall hours are kept (09:00 stays 09:00, not 10:00)', () => {
    const plan = planShift(
      { events: [day('2027-03-22')] },
      [visit('a', '2027-03-22', '09:00')],
      { mode: 'days', days: [{ from: '2027-03-22', to: '2027-04-05' }] },
      now,
      true,
    );
    expect(wall(plan.moves[0].toStart)).toBe('2027-04-05 09:00');
    expect(wall(plan.events[0].end)).toBe('2027-04-05 17:00');
    expect(Date.parse(plan.moves[0].toEnd) - Date.parse(plan.moves[0].toStart)).toBe(3_600_000);
  });

  it('onto a day that stays: the days join; a visit whose AMO is taken there takes a free AMO at the same hour, else it cannot be kept, with the reason in French', () => {
    const planning = { events: [day('2027-03-15', 2), day('2027-03-22', 2)] };
    const meetings = [
      visit('a', '2027-03-15', '09:00', 0),
      visit('b', '2027-03-15', '11:00', 0),
      visit('x', '2027-03-22', '09:00', 0),
      visit('y', '2027-03-22', '11:00', 0),
      visit('z', '2027-03-22', '11:00', 1),
    ];
    const plan = planShift(planning, meetings, { mode: 'days', days: [{ from: '2027-03-15', to: '2027-03-22' }] }, now, true);
    expect(plan.events).toHaveLength(1);
    expect(plan.moves.map((move) => [move.uuid, move.amoNb])).toEqual([['a', 1]]);
    expect(plan.dropped).toEqual([
      expect.objectContaining({ uuid: 'b', reason: 'Créneau du lun. 22 mars 2027 à 11:00 déjà occupé (lot Y) et aucun autre AMO n’est libre à cette heure.' }),
    ]);
  });

  it('a free planning keeps its minimum notice: a visit moved within it cannot be kept; an imposed one may be moved up to the visit', () => {
    const soon = Date.parse(iso('2027-03-15', '08:00'));
    const planning = { events: [day('2027-03-15')], minNoticeHours: 48 };
    const free = planShift(planning, [visit('a', '2027-03-15', '09:00')], { mode: 'days', days: [{ from: '2027-03-15', to: '2027-03-16' }] }, soon, false);
    expect(free.dropped.map((drop) => drop.reason)).toEqual(['Nouvel horaire à moins de 48 h : en dessous du délai de prévenance du planning.']);
    const imposed = planShift(planning, [visit('a', '2027-03-15', '09:00')], { mode: 'days', days: [{ from: '2027-03-15', to: '2027-03-16' }] }, soon, true);
    expect(imposed.moves).toHaveLength(1);
  });

  it('an imposed planning whose deadline to confirm has passed gets a new one before the first moved visit (the new convocation must be answerable); one still open is kept', () => {
    const late = Date.parse(iso('2027-03-12', '10:00'));
    const planning = { events: [day('2027-03-15')], bookingDeadline: iso('2027-03-10', '20:00') };
    const moved = planShift(planning, [visit('a', '2027-03-15', '09:00')], { mode: 'from', from: '2027-03-15', to: '2027-03-30' }, late, true);
    expect(wall(moved.bookingDeadline!)).toBe('2027-03-26 20:00');
    const open = planShift(
      { ...planning, bookingDeadline: iso('2027-03-14', '20:00') },
      [visit('a', '2027-03-15', '09:00')],
      { mode: 'from', from: '2027-03-15', to: '2027-03-30' },
      late,
      true,
    );
    expect(open.bookingDeadline).toBeUndefined();
  });

  it('an imposed planning moved before its deadline to confirm: the deadline moves with the visits to the eve of the first one at 20:00 (never after the visits); too late for any answer, the shift is refused in French', () => {
    // The case: visits 26–31/03/2027, deadline 13/12/2026 20:00, today 28/11/2026; every day from 26/03 → 07/12/2026.
    const today = Date.parse(iso('2026-11-28', '10:00'));
    const planning = { events: [day('2027-03-26'), day('2027-03-29'), day('2027-03-31')], bookingDeadline: iso('2026-12-13', '20:00') };
    const visits = [visit('a', '2027-03-26', '09:00'), visit('b', '2027-03-31', '09:00')];
    const earlier = planShift(planning, visits, { mode: 'from', from: '2027-03-26', to: '2026-12-07' }, today, true);
    expect(earlier.moves.map((move) => wall(move.toStart))).toEqual(['2026-12-07 09:00', '2026-12-12 09:00']);
    expect(wall(earlier.bookingDeadline!)).toBe('2026-12-06 20:00');
    // Moving later keeps a deadline that still precedes the visits.
    expect(planShift(planning, visits, { mode: 'from', from: '2027-03-26', to: '2027-04-09' }, today, true).bookingDeadline).toBeUndefined();
    // Moved to the morning after an evening: the eve has passed, so an hour before the first visit.
    const evening = Date.parse(iso('2026-11-29', '21:00'));
    expect(wall(planShift(planning, visits, { mode: 'from', from: '2027-03-26', to: '2026-11-30' }, evening, true).bookingDeadline!)).toBe('2026-11-30 08:00');
    // A first visit within the hour: nobody could answer before it.
    const midnight = Date.parse(iso('2026-11-29', '23:45'));
    const early = [visit('a', '2027-03-26', '00:15')];
    expect(refusal(() => planShift(planning, early, { mode: 'from', from: '2027-03-26', to: '2026-11-30' }, midnight, true))).toMatch(
      /^Après ce décalage, la première visite serait le lun\. 30 nov\. 2026 à 00:15 : trop tôt/,
    );
  });

  it('new dates on a Saturday or a Sunday are named (never moved there silently); weekdays are not', () => {
    const planning = { events: [day('2027-03-15'), day('2027-03-16')] };
    const visits = [visit('a', '2027-03-15', '09:00'), visit('b', '2027-03-16', '09:00')];
    const weekend = planShift(planning, visits, { mode: 'from', from: '2027-03-15', to: '2027-03-20' }, now, false);
    expect(weekend.nonWorkingDays).toEqual(['2027-03-20', '2027-03-21']);
    expect(planShift(planning, visits, { mode: 'from', from: '2027-03-15', to: '2027-03-22' }, now, false).nonWorkingDays).toEqual([]);
  });

  it('unplaced buyers do not move (their availability moves with the days)', () => {
    const waiting: ShiftMeeting = { ...visit('w', '2027-03-15', '09:00'), isBooked: false, start: null, end: null, amoNb: null };
    const plan = planShift({ events: [day('2027-03-15')] }, [waiting], { mode: 'from', from: '2027-03-01', to: '2027-03-08' }, now, false);
    expect(plan.moves).toEqual([]);
    expect(plan.dropped).toEqual([]);
  });
});

describe('shiftMapping: the request refused as a whole, in French', () => {
  const days = ['2027-03-15', '2027-03-16'];
  it.each([
    [{ mode: 'days' as const, days: [{ from: '2027-03-17', to: '2027-03-30' }] }, 'Le mer. 17 mars 2027 n’est pas une journée de ce planning.'],
    [{ mode: 'days' as const, days: [{ from: '2027-03-15', to: '2027-03-15' }] }, 'La nouvelle date du lun. 15 mars 2027 est la même que l’actuelle.'],
    [
      {
        mode: 'days' as const,
        days: [
          { from: '2027-03-15', to: '2027-03-30' },
          { from: '2027-03-16', to: '2027-03-30' },
        ],
      },
      'Deux journées ne peuvent pas être décalées sur le même jour (mar. 30 mars 2027).',
    ],
    [{ mode: 'days' as const, days: [{ from: '2027-03-15', to: '2027-02-20' }] }, 'Le sam. 20 févr. 2027 est passé : choisissez une date à venir.'],
    [
      {
        mode: 'days' as const,
        days: [
          { from: '2027-03-15', to: '2027-03-16' },
          { from: '2027-03-16', to: '2027-03-15' },
        ],
      },
      'Le mar. 16 mars 2027 est lui-même décalé : choisissez une nouvelle date hors des journées décalées.',
    ],
    [{ mode: 'from' as const, from: '2027-04-01', to: '2027-04-15' }, 'Aucune journée de ce planning à partir du jeu. 1 avr. 2027.'],
    [
      { mode: 'days' as const, days: [{ from: '2027-03-15', to: '2027-05-01' }] },
      'Le sam. 1 mai 2027 est un jour férié (Fête du Travail) : choisissez une autre date.',
    ],
  ])('%j → %s', (request, message) => {
    expect(refusal(() => shiftMapping(days, request, now))).toBe(message);
  });
});

describe('a day moved onto a day the same shift empties (part 2 §5 « Décaler » of a long planning)', () => {
  const days = ['2027-03-15', '2027-03-16', '2027-03-17'];
  it('every day from the 15th one day later is a chain, not a refusal; each day is settled after the day it lands on', () => {
    const mapping = shiftMapping(days, { mode: 'from', from: '2027-03-15', to: '2027-03-16' }, now);
    expect([...mapping]).toEqual([
      ['2027-03-15', '2027-03-16'],
      ['2027-03-16', '2027-03-17'],
      ['2027-03-17', '2027-03-18'],
    ]);
    expect(days.map((day) => settlingRank(mapping, day))).toEqual([2, 1, 0]);
  });
  it('the visits of a chained day keep their hour and AMO on the new date: nobody is dropped for a place its own day vacates', () => {
    const planning = { events: days.map((date) => day(date)) };
    const visits = days.map((date, index) => visit(String(index), date, '09:00'));
    const chained = planShift(planning, visits, { mode: 'from', from: '2027-03-15', to: '2027-03-16' }, now, false);
    expect(chained.dropped).toEqual([]);
    expect(chained.moves.map((move) => [move.uuid, wall(move.toStart), move.amoNb])).toEqual([
      ['0', '2027-03-16 09:00', 0],
      ['1', '2027-03-17 09:00', 0],
      ['2', '2027-03-18 09:00', 0],
    ]);
  });
});

describe('isShiftRunning: a shift holds placements back while it moves its buyers, never for ever', () => {
  it('running from its start for shiftLockMs; no shift, or a lapsed one (its wave dead), holds nothing', () => {
    const startedAt = '2027-03-01T08:00:00.000Z';
    expect(isShiftRunning({}, now)).toBe(false);
    expect(isShiftRunning({ shiftWaveId: 'wave-x', shiftStartedAt: startedAt }, Date.parse(startedAt) + 60_000)).toBe(true);
    expect(isShiftRunning({ shiftWaveId: 'wave-x', shiftStartedAt: startedAt }, Date.parse(startedAt) + shiftLockMs)).toBe(false);
  });
});
