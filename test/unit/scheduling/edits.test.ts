import { applyAvailabilityEdit, testAvailabilityEdits, toggleSlotAvailability } from '../../../shared/scheduling/availability-edits';
import { forceBooking } from '../../../shared/scheduling/forced-booking';
import { moveAppointment } from '../../../shared/scheduling/move-appointment';
import { switchAmo } from '../../../shared/scheduling/switch-amo';
import { buildGrid } from '../../../shared/scheduling/grid';
import { SchedulingRuleError } from '../../../shared/scheduling/scheduling-errors';
import { simulate } from '../../../shared/scheduling/simulate';
import { at, H, makeCalendar } from './helpers';

const D = '2026-12-07';
const booked = (meetingId: string, amoNb: number, from: string, to: string) => ({ meetingId, amoNb, start: at(D, from), end: at(D, to) });

function expectRule(fn: () => unknown, message: string): void {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(SchedulingRuleError);
    expect((err as Error).name).toBe('SchedulingRuleError');
    expect((err as Error).message).toBe(message);
    return;
  }
  throw new Error('expected a SchedulingRuleError');
}

describe('AMO availability editing (part 2 §4 "Availability editing", §8 Availability)', () => {
  const cal = makeCalendar({ bookings: [booked('m1', 0, '09:00', '10:00')] });

  it("a booked slot refuses: 'Tranche horaire occupée par un rdv'", () => {
    expectRule(() => toggleSlotAvailability(cal, { amoNb: 0, start: at(D, '09:30') }), 'Tranche horaire occupée par un rdv');
    expectRule(
      () => applyAvailabilityEdit(cal, { kind: 'remove', amoNb: 0, start: at(D, '08:30'), end: at(D, '10:30') }),
      'Tranche horaire occupée par un rdv',
    );
  });

  it('clicking a free slot removes it, clicking a non-available slot adds one slot length', () => {
    const remove = toggleSlotAvailability(cal, { amoNb: 0, start: at(D, '10:00') });
    expect(remove).toEqual({ kind: 'remove', amoNb: 0, start: at(D, '10:00'), end: at(D, '10:30') });
    const add = toggleSlotAvailability(cal, { amoNb: 0, start: at(D, '12:30') });
    expect(add.kind).toBe('add');
    const next = applyAvailabilityEdit(applyAvailabilityEdit(cal, remove), add);
    const slots = buildGrid(next).days[0].slots[0];
    const idx = (hm: string): number => (Number(hm.slice(0, 2)) * 60 + Number(hm.slice(3)) - 360) / 30;
    expect(slots[idx('10:00')]).toBe('@unavailable');
    expect(slots[idx('12:30')]).toBe(false);
    expect(cal.unavailable).toEqual([]); // pure: input untouched
  });

  it("TEST refuses edits that leave no room for the unbooked buyers: 'Pas assez de temps pour faire les visites. Veuillez ajouter des disponibilités.'", () => {
    const edits = [{ kind: 'remove' as const, amoNb: 0, start: at(D, '14:00'), end: at(D, '17:00') }];
    expect(testAvailabilityEdits(cal, edits, [3 * H])).toEqual({
      ok: false,
      error: 'Pas assez de temps pour faire les visites. Veuillez ajouter des disponibilités.',
    });
    expect(testAvailabilityEdits(cal, edits, [2 * H]).ok).toBe(true);
    expect(testAvailabilityEdits(cal, [{ kind: 'remove', amoNb: 0, start: at(D, '09:00'), end: at(D, '09:30') }], [])).toEqual({
      ok: false,
      error: 'Tranche horaire occupée par un rdv',
    });
  });
});

describe('forced booking (part 2 §5 "Manual booking", §7 PATCH /rdv/book-force)', () => {
  const cal = makeCalendar({ amoList: ['a1', 'a2'], nbAmo: 2, bookings: [booked('m1', 0, '09:00', '10:00')] });

  it('may bypass offering (lunch) but never overlaps a booked slot', () => {
    const next = forceBooking(cal, { meetingId: 'm2', start: at(D, '12:30'), durationMs: H, amoNb: 0 });
    expect(next.bookings).toHaveLength(2);
    expectRule(() => forceBooking(cal, { meetingId: 'm2', start: at(D, '09:30'), durationMs: H, amoNb: 0 }), 'Tranche horaire occupée par un rdv');
  });

  it("outside the planning's days: 'Problème lors du placement du rendez-vous. Assurez-vous que le rendez-vous tienne dans le planning.'", () => {
    expectRule(
      () => forceBooking(cal, { meetingId: 'm2', start: at('2026-12-08', '09:00'), durationMs: H, amoNb: 0 }),
      'Problème lors du placement du rendez-vous. Assurez-vous que le rendez-vous tienne dans le planning.',
    );
  });

  it('an AMO is required when AMOs are assigned', () => {
    expectRule(() => forceBooking(cal, { meetingId: 'm2', start: at(D, '14:00'), durationMs: H }), 'Veuillez sélectionner un AMO.');
  });
});

describe('moving an appointment (part 2 §5 "Move": hours 8 to 20, 30-minute step, option required)', () => {
  const cal = makeCalendar({ bookings: [booked('m1', 0, '09:00', '10:00'), booked('m2', 0, '14:00', '15:30')] });

  it("an option is required: 'Veuillez sélectionner une option'", () => {
    expectRule(() => moveAppointment(cal, { meetingId: 'm1', newStart: at(D, '10:00') }), 'Veuillez sélectionner une option');
  });

  it('refuses starts before 8:00, ends after 20:00 and starts off the 30-minute step', () => {
    const msg = 'Le rendez-vous doit se tenir entre 8h et 20h, par pas de 30 minutes.';
    expectRule(() => moveAppointment(cal, { meetingId: 'm1', newStart: at(D, '07:30'), option: 'moveOnly' }), msg);
    expectRule(() => moveAppointment(cal, { meetingId: 'm1', newStart: at(D, '19:30'), option: 'moveOnly' }), msg);
    expectRule(() => moveAppointment(cal, { meetingId: 'm1', newStart: at(D, '10:15'), option: 'moveOnly' }), msg);
  });

  it('moves (unbook then forced booking) and refuses a booked target', () => {
    const next = moveAppointment(cal, { meetingId: 'm1', newStart: at(D, '19:00'), option: 'sendConfirmationRequest' });
    expect(next.bookings.find((b) => b.meetingId === 'm1')).toEqual(booked('m1', 0, '19:00', '20:00'));
    expectRule(() => moveAppointment(cal, { meetingId: 'm1', newStart: at(D, '15:00'), option: 'moveOnly' }), 'Tranche horaire occupée par un rdv');
  });
});

describe('switch AMO (part 2 §5 and §9: 2 to 6 appointments, at most 2 AMOs)', () => {
  const cal = makeCalendar({
    amoList: ['a', 'b', 'c'],
    nbAmo: 3,
    bookings: [
      booked('m1', 0, '09:00', '10:00'),
      booked('m2', 1, '10:00', '11:00'),
      booked('m3', 2, '11:00', '12:00'),
      booked('m4', 1, '09:30', '10:00'),
      booked('m5', 0, '14:00', '15:00'),
    ],
  });
  const selection = 'Opération impossible. Veuillez vérifier votre sélection.';

  it('swaps the AMOs of the selected appointments', () => {
    const next = switchAmo(cal, ['m2', 'm5']);
    expect(next.bookings.find((b) => b.meetingId === 'm2')!.amoNb).toBe(0);
    expect(next.bookings.find((b) => b.meetingId === 'm5')!.amoNb).toBe(1);
  });

  it(`refuses fewer than 2, more than 6, more than 2 AMOs or unknown appointments: '${selection}'`, () => {
    expectRule(() => switchAmo(cal, ['m1']), selection);
    expectRule(() => switchAmo(cal, ['m1', 'm2', 'm3']), selection);
    expectRule(() => switchAmo(cal, ['m1', 'x']), selection);
    expectRule(() => switchAmo(cal, ['a', 'b', 'c', 'd', 'e', 'f', 'g']), selection);
  });

  it("refuses a switch that would overlap another appointment: 'Impossible de switcher les AMOs...' and the reason, in French", () => {
    // m1 (AMO 0, 9:00–10:00) would land on AMO 1 where m4 (9:30–10:00, not selected) is booked.
    expectRule(
      () => switchAmo(cal, ['m1', 'm2']),
      "Impossible de switcher les AMOs... La visite le 07/12 à 09:00 chevaucherait une autre visite de l'AMO 2 (09:30–10:00).",
    );
    const lots: Record<string, string> = { m1: 'A101', m4: 'B204' };
    expectRule(
      () => switchAmo(cal, ['m1', 'm2'], undefined, (id) => lots[id] ?? ''),
      "Impossible de switcher les AMOs... La visite A101 le 07/12 à 09:00 chevaucherait la visite B204 de l'AMO 2 (09:30–10:00).",
    );
  });
});

describe("simulation when buyers do not fit (part 2 §8 'Pas de solution', 'Pas assez de temps…')", () => {
  const events = [{ start: '2026-12-07T07:30:00Z', end: '2026-12-07T16:00:00Z', nbAmo: 1 }];
  it('reports the reason, the hours missing and what would fix it, in French', () => {
    const out = simulate({
      lunchStartTime: '12:30',
      lunchEndTime: '14:00',
      events,
      broadcastList: Array.from({ length: 6 }, (_, i) => ({ guest: { _id: `g${i}`, typologie: '3p' } })),
    });
    expect(out.simulationData.feasible).toBe(false);
    expect(out.simulationData.reason).toContain('Le Disponible doit être supérieur au Nécessaire.');
    // Exact (issue 11 §4): 2 visits of 1h30 fit the morning, 2 the afternoon, 2 are left out: 3 h.
    expect(out.simulationData.shortfall!.hoursMissing).toBe(3);
    expect(out.simulationData.shortfall!.extraAmoDays).toBe(1);
    expect(out.simulationData.shortfall!.suggestions[0]).toBe("Ajouter 1 journée d'AMO (7 h de créneaux) permettrait de placer toutes les visites.");
  });

  it("says 'Pas de solution' when the hours suffice but the segments cannot hold the visits; a lunch change fixes it", () => {
    // 4h morning + 3h afternoon = 7h available; two 3h30 visits need 7h, but the afternoon holds none.
    const out = simulate({
      lunchStartTime: '12:30',
      lunchEndTime: '14:00',
      events,
      broadcastList: [0, 1].map((i) => ({ guest: { _id: `g${i}`, typologie: '1p' }, length: 3.5 * H })),
    });
    expect(out.simulationData.feasible).toBe(false);
    expect(out.simulationData.hours.margin).toBeGreaterThanOrEqual(0);
    expect(out.simulationData.reason!.startsWith('Pas de solution')).toBe(true);
    expect(out.simulationData.shortfall!.suggestions).toContain('Une pause déjeuner de 12h00 à 13h30 permettrait de placer toutes les visites.');
    expect(out.simulationData.shortfall!.suggestions.some((s) => s.startsWith('Raccourcir les visites de 3h30 à 3h'))).toBe(true);
  });

  it('when they fit: nbSolutions distinct schedules and the choices a buyer would be offered', () => {
    const out = simulate({
      nbSolutions: 3,
      lunchStartTime: '12:30',
      lunchEndTime: '14:00',
      events: [...events, { start: '2026-12-08T07:30:00Z', end: '2026-12-08T16:00:00Z', nbAmo: 2 }],
      broadcastList: [0, 1, 2, 3].map((i) => ({ guest: { _id: `g${i}`, typologie: i < 2 ? '1p' : '3p' } })),
    });
    expect(out.simulationData.feasible).toBe(true);
    expect(out.schedule).toHaveLength(3);
    const keys = out.schedule.map((s) => JSON.stringify(s));
    expect(new Set(keys).size).toBe(3);
    expect(out.simulationData.choices.map((c) => c.durationMs)).toEqual([H, 1.5 * H]);
    expect(out.simulationData.choices[0].options[0].label).toBe('lundi 7 décembre 2026 à 08:30');
  });
});
