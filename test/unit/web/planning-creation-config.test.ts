import type { Lot } from '../../../shared/domain/lot';
import { defaultMessages } from '../../../shared/messages/default-mails';
import { HOUR_MS, MINUTE_MS } from '../../../shared/scheduling/phase-durations';
import {
  canCreate,
  defaultDeadline,
  defaultForm,
  durationLabel,
  durationOptions,
  eventsOf,
  generateDays,
  holidayOf,
  hoursOf,
  lotDuration,
  parisInstant,
  simulationBody,
  simulationRefusal,
  withDayFields,
  withDays,
  withPhase,
  withShowAllDurations,
  type FreePlanningForm,
} from '../../../web/src/pages/plannings/free-planning-config';
import { simulationMessages } from '../../../shared/messages/plannings';
import { simulationPath } from '../../../web/src/api/planning-queries';

function lot(id: number, typologie: Lot['typologie'] = '2p'): Lot {
  return {
    _id: id.toString(16).padStart(24, '0'),
    program: 'p'.repeat(24),
    lotcomm: `A${String(id).padStart(3, '0')}`,
    nom: `Acquéreur ${id}`,
    telephonemonsieur: '0612345678',
    mailmonsieur: `a${id}@exemple.fr`,
    typologie,
    batiment: 'A',
    etage: '1',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

/** A form with the days of 7–11 December 2026 (Monday to Friday), 08:30–17:00, one AMO. */
function formWithDays(patch: Partial<FreePlanningForm> = {}): FreePlanningForm {
  return withDayFields({ ...defaultForm(), ...patch }, { rangeStart: '2026-12-07', rangeEnd: '2026-12-11' });
}

describe('free planning form defaults (part 2 §9)', () => {
  it('starts with phase choices, its durations, lunch 12:30–14:00, day 08:30–17:00 and the default messages', () => {
    // Act
    const form = defaultForm({ adressenumero: '12', adresserue: 'rue des Lilas', adressecodepostal: '69003', adresseville: 'Lyon' });

    // Assess
    expect(form.phase).toBe('choices');
    expect(form.mTimes).toEqual({ '1p': HOUR_MS, '2p': HOUR_MS, '3p': 1.5 * HOUR_MS, '4p': 1.5 * HOUR_MS, '5p': 1.5 * HOUR_MS });
    expect([form.lunchStartTime, form.lunchEndTime, form.dayStart, form.dayEnd]).toEqual(['12:30', '14:00', '08:30', '17:00']);
    expect(form.messages.mailinvitationmessage).toBe(defaultMessages.mailinvitationmessage);
    expect(form.address).toEqual({ numero: '12', rue: 'rue des Lilas', codepostal: '69003', ville: 'Lyon', pays: 'France' });
    expect(form.reminderHours).toBe(48);
    expect(form.launchEnabled).toBe(false);
  });

  it('applies the phase defaults; custom (30 min) shows every duration', () => {
    expect(withPhase(defaultForm(), 'delivery').mTimes).toEqual({
      '1p': 1.5 * HOUR_MS,
      '2p': 1.5 * HOUR_MS,
      '3p': 2 * HOUR_MS,
      '4p': 2 * HOUR_MS,
      '5p': 2.5 * HOUR_MS,
    });
    const custom = withPhase(defaultForm(), 'custom');
    expect(custom.mTimes['3p']).toBe(30 * MINUTE_MS);
    expect(custom.showAllDurations).toBe(true);
  });

  it("offers 30' and 45' only with 'afficher toutes les durées', and hiding them raises small durations to 1h", () => {
    expect(durationOptions(false).map((option) => option.label)).toEqual(['1h', '1h30', '2h', '2h30', '3h', '4h']);
    expect(durationOptions(true).map((option) => option.label)).toEqual(["30'", "45'", '1h', '1h30', '2h', '2h30', '3h', '4h']);
    const small = { ...withPhase(defaultForm(), 'custom'), lengths: { x: 45 * MINUTE_MS, y: 2 * HOUR_MS } };
    const raised = withShowAllDurations(small, false);
    expect(raised.mTimes['1p']).toBe(HOUR_MS);
    expect(raised.lengths).toEqual({ x: HOUR_MS, y: 2 * HOUR_MS });
    expect(durationLabel(90 * MINUTE_MS)).toBe('1h30');
  });

  it('a per-row duration overrides the typology', () => {
    const form = { ...defaultForm(), lengths: { [lot(1)._id]: 3 * HOUR_MS } };
    expect(lotDuration(form, lot(1))).toBe(3 * HOUR_MS);
    expect(lotDuration(form, lot(2, '3p'))).toBe(1.5 * HOUR_MS);
  });
});

describe('visit days from a date range (part 2 §2.4 section 3)', () => {
  it('generates one day per weekday, weekends excluded unless asked', () => {
    const args = { start: '2026-12-04', end: '2026-12-14', dayStart: '08:30', dayEnd: '17:00', nbAmo: 2 };
    expect(generateDays({ ...args, includeWeekends: false }).map((day) => day.date)).toEqual([
      '2026-12-04',
      '2026-12-07',
      '2026-12-08',
      '2026-12-09',
      '2026-12-10',
      '2026-12-11',
      '2026-12-14',
    ]);
    expect(generateDays({ ...args, includeWeekends: true })).toHaveLength(11);
    expect(generateDays({ ...args, includeWeekends: false })[0]).toEqual({ date: '2026-12-04', start: '08:30', end: '17:00', nbAmo: 2 });
    expect(generateDays({ ...args, start: '2026-12-14', end: '2026-12-04', includeWeekends: false })).toEqual([]);
  });

  it('leaves bank holidays out unless asked (25 December 2026 is a Friday)', () => {
    const args = { start: '2026-12-24', end: '2026-12-28', dayStart: '08:30', dayEnd: '17:00', nbAmo: 1, includeWeekends: false };
    expect(generateDays(args).map((day) => day.date)).toEqual(['2026-12-24', '2026-12-28']);
    expect(generateDays({ ...args, includeHolidays: true }).map((day) => day.date)).toEqual(['2026-12-24', '2026-12-25', '2026-12-28']);
  });

  it('a bank holiday kept on request is flagged', () => {
    const days = generateDays({
      start: '2026-11-09',
      end: '2026-11-13',
      dayStart: '08:30',
      dayEnd: '17:00',
      nbAmo: 1,
      includeWeekends: false,
      includeHolidays: true,
    });
    expect(days.map((day) => day.date)).toContain('2026-11-11');
    expect(holidayOf('2026-11-11')).toBe('Armistice 1918');
    expect(holidayOf('2026-11-12')).toBeNull();
  });

  it('turns Paris wall times into instants, across the DST change (TZ=UTC)', () => {
    expect(parisInstant('2026-12-07', '08:30')).toBe('2026-12-07T07:30:00.000Z');
    expect(parisInstant('2026-07-06', '08:30')).toBe('2026-07-06T06:30:00.000Z');
    expect(eventsOf([{ date: '2026-03-30', start: '08:30', end: '17:00', nbAmo: 3 }])).toEqual([
      { start: '2026-03-30T06:30:00.000Z', end: '2026-03-30T15:00:00.000Z', nbAmo: 3 },
    ]);
    // An invalid day (end before start) is not sent.
    expect(eventsOf([{ date: '2026-12-07', start: '17:00', end: '08:30', nbAmo: 1 }])).toEqual([]);
  });
});

describe('booking deadline default (part 2 §9)', () => {
  it('is 7 days before the first day at 20:00 and follows the days until edited', () => {
    expect(defaultDeadline([{ date: '2026-12-09' }, { date: '2026-12-07' }])).toEqual({ deadlineDate: '2026-11-30', deadlineTime: '20:00' });
    const form = formWithDays();
    expect([form.deadlineDate, form.deadlineTime]).toEqual(['2026-11-30', '20:00']);
    const later = withDays(form, form.days.slice(2));
    expect(later.deadlineDate).toBe('2026-12-02');
    const edited = withDays({ ...form, deadlineDate: '2026-11-20', deadlineTouched: true }, form.days.slice(2));
    expect(edited.deadlineDate).toBe('2026-11-20');
  });
});

describe('hours of the side panel (part 2 §9)', () => {
  it('available = (day − lunch) × nbAmo over the days; needed = the buyers’ durations', () => {
    // Prepare: five days 08:30–17:00 with lunch 12:30–14:00 → 7 h a day, one AMO.
    const lots = [lot(1, '1p'), lot(2, '3p'), lot(3, '5p')];
    const form = { ...formWithDays(), selectedLotIds: lots.map((l) => l._id) };

    // Act
    const hours = hoursOf(form, lots);

    // Assess
    expect(hours).not.toBeNull();
    expect(hours!.available).toBe(35);
    expect(hours!.needed).toBe(4);
    expect(hours!.margin).toBe(31);
    expect(hours!.dailyCapacity).toBe(7);
    expect(hours!.daysNeeded).toBe(0.6);
    expect(hours!.pas).toBe(1800);
    expect(canCreate(hours, 3)).toBe(true);
  });

  it('refuses creation and simulation while available < needed; simulation needs a lunch break', () => {
    const lots = Array.from({ length: 40 }, (_, index) => lot(index + 1, '5p'));
    const form = { ...formWithDays(), selectedLotIds: lots.map((l) => l._id) };
    const hours = hoursOf(form, lots);
    expect(hours!.needed).toBe(60);
    expect(canCreate(hours, 40)).toBe(false);
    expect(simulationRefusal(form, hours)).toBe(simulationMessages.notEnough);
    expect(simulationRefusal({ ...form, lunchStartTime: '' }, hours)).toBe('Veuillez renseigner un horaire de pause déjeuner SVP');
    expect(simulationMessages.notEnough).toBe('Impossible de lancer une simulation. Le Disponible doit être supérieur au Nécessaire.');
  });

  it("counts the free time to the minute (part 2 §4): 09:05–10:35 with one 90-min visit enables 'Créer'", () => {
    // Off the 30-min step: only two whole slots (09:30–10:30) lie inside, yet the visit fits 09:05–10:35.
    const lots = [lot(1, '3p')];
    const form: FreePlanningForm = {
      ...defaultForm(),
      days: [{ date: '2026-12-07', start: '09:05', end: '10:35', nbAmo: 1 }],
      selectedLotIds: [lots[0]._id],
      lengths: { [lots[0]._id]: 90 * MINUTE_MS },
    };
    const hours = hoursOf(form, lots);
    expect(hours!.pas).toBe(1800);
    expect(hours!.available).toBe(1.5);
    expect(hours!.needed).toBe(1.5);
    expect(canCreate(hours, 1)).toBe(true);
    expect(simulationRefusal(form, hours)).toBeNull();
  });

  it('builds the simulation body and picks the short simulation for durations ≤ 45 minutes', () => {
    const lots = [lot(1, '2p')];
    const form = { ...formWithDays(), selectedLotIds: [lots[0]._id], lengths: { [lots[0]._id]: 45 * MINUTE_MS } };
    const { body, durationsMs } = simulationBody(form, lots);
    expect(body.pas).toBe(900);
    expect(body.events).toHaveLength(5);
    expect(body.broadcastList).toEqual([{ guest: { _id: lots[0]._id, typologie: '2p', lotcomm: 'A001' }, length: 45 * MINUTE_MS }]);
    expect(simulationPath(durationsMs)).toBe('/rdv/no-need/short-simulation');
    expect(simulationPath([HOUR_MS])).toBe('/rdv/no-need/simulation');
  });
});
