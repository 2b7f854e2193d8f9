/**
 * Staff checks fail closed (docs/scheduling.md 'Staff checks fail closed'): every staff path
 * compares exact counts only (judgeStaffChange); a change that only adds time is accepted without
 * solving; when the budget cannot settle the counts, the staff are asked to confirm, never
 * accepted silently. Hard cases of hard-cases.ts: odd durations, 62 segments, about 30 minutes of
 * slack, more than 300 visits.
 */
import { testAvailabilityEdits, type AvailabilityEdit } from '../../../shared/scheduling/availability-edits';
import { freeIntervals } from '../../../shared/scheduling/free-time';
import { SCHEDULING_MESSAGES } from '../../../shared/messages/scheduling';
import { judgeStaffChange, onlyAddsTime } from '../../../shared/scheduling/strand-check';
import { TimeBudget } from '../../../shared/scheduling/time-budget';
import { forceBooking } from '../../../shared/scheduling/forced-booking';
import { hardCase } from './hard-cases';
import { makeCalendar, at, H } from './helpers';

const MIN = 60_000;

function firstHour(seed: number, kind: 'add' | 'remove'): AvailabilityEdit {
  const first = freeIntervals(hardCase(seed).calendar)[0];
  // Removing: the first hour of the first morning; adding: the hour before it.
  const start = kind === 'remove' ? first.start : first.start - 60;
  return { kind, amoNb: 0, start: start * MIN, end: (start + 60) * MIN };
}

describe('staff checks fail closed: one comparison of exact counts (docs/scheduling.md)', () => {
  it.each([1, 5, 9])("hard case seed %i: an AMO removing 60' where the visits have only minutes of slack is refused ('Pas assez de temps…')", (seed) => {
    const c = hardCase(seed);
    const outcome = testAvailabilityEdits(
      c.calendar,
      [firstHour(seed, 'remove')],
      c.minutes.map((m) => m * MIN),
      TimeBudget.ofMs(),
    );
    expect(outcome).toEqual({ ok: false, error: SCHEDULING_MESSAGES.notEnoughTime });
  });

  it("hard case seed 1: an AMO adding 60' is accepted without any solve, even on a budget already spent", () => {
    const c = hardCase(1);
    const budget = TimeBudget.ofMs(-1);
    const outcome = testAvailabilityEdits(
      c.calendar,
      [firstHour(1, 'add')],
      c.minutes.map((m) => m * MIN),
      budget,
    );
    expect(outcome.ok).toBe(true);
    expect(outcome.ok && outcome.confirm).toBeUndefined();
    expect(budget.used).toBe(0);
  });

  it("hard case seed 1: when the budget cannot settle the counts, removing 60' asks for confirmation with the honest message, never accepted silently", () => {
    const c = hardCase(1);
    const outcome = testAvailabilityEdits(
      c.calendar,
      [firstHour(1, 'remove')],
      c.minutes.map((m) => m * MIN),
      TimeBudget.ofMs(20),
    );
    expect(outcome).toMatchObject({ ok: true, confirm: "Le calcul n'a pas pu vérifier que tous les acquéreurs restent plaçables : confirmer quand même ?" });
    const waiting = c.minutes.map((m, i) => ({ id: `b${i}`, name: `b${i}`, durationMs: m * MIN }));
    const after = { ...c.calendar, unavailable: [{ amoNb: 0, start: firstHour(1, 'remove').start, end: firstHour(1, 'remove').end }] };
    const verdict = judgeStaffChange({ calendar: c.calendar, waiting }, { calendar: after, waiting }, TimeBudget.ofMs(20));
    expect(verdict.kind).toBe('undecided');
    // Its bounds hold: after the change at least one buyer is left out (less free time than the visits need).
    expect(verdict.kind === 'undecided' && verdict.after.atLeast).toBeGreaterThanOrEqual(1);
  });

  it('a forced booking that strands a buyer names them; the same booking when everyone still fits is accepted', () => {
    const date = '2026-12-07';
    // One AMO 08:30–12:30 and 14:00–17:00; waiting: two 2-hour visits and one 3-hour visit (7 of 7 hours).
    const calendar = makeCalendar({ dates: [date], start: '08:30', end: '17:00', notBefore: at('2026-12-01', '08:00') });
    const waiting = [
      { id: 'a', name: 'Alice', durationMs: 2 * H },
      { id: 'b', name: 'Bob', durationMs: 2 * H },
      { id: 'c', name: 'Chloé', durationMs: 3 * H },
    ];
    const forced = forceBooking(calendar, { meetingId: 'x', start: at(date, '09:30'), durationMs: H, amoNb: 0 });
    expect(judgeStaffChange({ calendar, waiting }, { calendar: forced, waiting })).toEqual({ kind: 'strands', stranded: [waiting[2]] });
    const edge = forceBooking(calendar, { meetingId: 'x', start: at(date, '08:30'), durationMs: H, amoNb: 0 });
    // 09:30–12:30 and 14:00–17:00 left: 3 hours each, the two 2-hour visits do not both fit with the 3-hour one.
    expect(judgeStaffChange({ calendar, waiting }, { calendar: edge, waiting }).kind).toBe('strands');
    const roomy = makeCalendar({ dates: [date, '2026-12-08'], start: '08:30', end: '17:00', notBefore: at('2026-12-01', '08:00') });
    const placed = forceBooking(roomy, { meetingId: 'x', start: at(date, '09:30'), durationMs: H, amoNb: 0 });
    expect(judgeStaffChange({ calendar: roomy, waiting }, { calendar: placed, waiting })).toEqual({ kind: 'accepted', solved: false });
  });

  it('removing time nobody could use is accepted when buyers were already left out before (exact counts on both sides)', () => {
    const date = '2026-12-07';
    const calendar = makeCalendar({ dates: [date], start: '08:30', end: '17:00', notBefore: at('2026-12-01', '08:00') });
    // 4 h + 3 h of free time; a 4-hour visit fits, the two 3-hour visits cannot both: one is left out already.
    const waiting = [
      { id: 'a', name: 'Alice', durationMs: 4 * H },
      { id: 'b', name: 'Bob', durationMs: 3 * H },
      { id: 'c', name: 'Chloé', durationMs: 3 * H },
    ];
    const after = { ...calendar, unavailable: [{ amoNb: 0, start: at(date, '16:30'), end: at(date, '17:00') }] };
    // The afternoon now holds 2.5 h: it held a 3-hour visit before, so one more buyer is left out.
    expect(judgeStaffChange({ calendar, waiting }, { calendar: after, waiting }).kind).toBe('strands');
    const tiny = { ...calendar, extraAvailable: [{ amoNb: 0, start: at(date, '17:00'), end: at(date, '17:20') }] };
    const cut = { ...tiny, unavailable: [{ amoNb: 0, start: at(date, '17:00'), end: at(date, '17:20') }] };
    // Twenty minutes added then removed again: nobody could use them, the count left out stays 1.
    expect(judgeStaffChange({ calendar: tiny, waiting }, { calendar: cut, waiting })).toEqual({ kind: 'accepted', solved: true });
  });

  it('onlyAddsTime: an added hour adds time; an hour removed, or moved, does not', () => {
    const c = hardCase(5);
    const add = { ...c.calendar, extraAvailable: [{ amoNb: 0, start: firstHour(5, 'add').start, end: firstHour(5, 'add').end }] };
    const remove = { ...c.calendar, unavailable: [{ amoNb: 0, start: firstHour(5, 'remove').start, end: firstHour(5, 'remove').end }] };
    expect(onlyAddsTime(c.calendar, add)).toBe(true);
    expect(onlyAddsTime(c.calendar, c.calendar)).toBe(true);
    expect(onlyAddsTime(c.calendar, remove)).toBe(false);
    expect(onlyAddsTime(add, remove)).toBe(false);
  });
});
