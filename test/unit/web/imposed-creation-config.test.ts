import { defaultConvocationMessages } from '../../../shared/messages/convocation';
import { imposedDefaultMessages } from '../../../shared/domain/message-wording';
import type { Lot } from '../../../shared/domain/lot';
import { imposedMessages, imposedPlanningCreateSchema } from '../../../shared/domain/imposed-planning';
import { parisWallToEpoch, parseHm } from '../../../shared/scheduling/time-grid';
import { creationMessages } from '../../../shared/messages/plannings';
import {
  autoPlace,
  calculatorHours,
  deadlineProblem,
  filterLots,
  filterValues,
  imposedDeadline,
  imposedDefaultForm,
  imposedDraftDataOf,
  imposedFromDraft,
  isDoubleClick,
  keepSelected,
  noFilters,
  placedIssues,
  placedVisits,
  placeLot,
  unplacedLots,
  validateImposedPlanning,
  type PlacedLot,
} from '../../../web/src/pages/plannings/imposed-planning-config';

const day = '2030-03-12';
const at = (hm: string, date = day) => parisWallToEpoch(date, parseHm(hm));
const nowMs = Date.parse('2030-03-01T09:00:00Z');

function lot(id: number, typologie: Lot['typologie'], batiment: string, etage: string): Lot {
  return {
    _id: id.toString(16).padStart(24, '0'),
    program: 'p'.repeat(24),
    lotcomm: `L${id}`,
    nom: `Acquéreur ${id}`,
    telephonemonsieur: '0612345678',
    mailmonsieur: `a${id}@exemple.fr`,
    typologie,
    batiment,
    etage,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

const lots = [lot(1, '2p', 'A', '1'), lot(2, '3p', 'A', '2'), lot(10, '2p', 'B', '1'), lot(3, '4p', 'B', '10')];
const program = { adressenumero: '12', adresserue: 'rue des Lilas', adressecodepostal: '69003', adresseville: 'Lyon', adressepays: 'France' };

function form() {
  const base = imposedDefaultForm(program, nowMs);
  // choices phase: 2p 1h, 3p 1h30 … (shared/scheduling/phase-durations); pinned here for the sizes below.
  return {
    ...base,
    name: 'Convocations A',
    selectedLotIds: lots.map((l) => l._id),
    mTimes: { ...base.mTimes, '2p': 3_600_000, '3p': 5_400_000, '4p': 5_400_000 },
  };
}

describe('imposed creation page (part 2 §2.5, §4 Imposed creation, §9 defaults)', () => {
  it('§9 defaults: lunch 12:30–13:30, deadline 14 days from now at 20:00, the convocation texts for every message', () => {
    const f = imposedDefaultForm(program, nowMs);
    expect([f.lunchStartTime, f.lunchEndTime]).toEqual(['12:30', '13:30']);
    expect([f.deadlineDate, f.deadlineTime]).toEqual(['2030-03-15', '20:00']);
    expect(f.messages.mailinvitationmessage).toBe(defaultConvocationMessages.mail);
    expect(f.messages).toEqual(imposedDefaultMessages);
  });

  it('part 2 §9: the deadline to confirm defaults to 14 days from now at 20:00, or the eve of the first visit at 20:00 when that comes sooner; one on or after the first visit is refused with its reason', () => {
    const soon: PlacedLot[] = [
      { lotId: lots[1]._id, start: at('14:00'), amoNb: 0 },
      { lotId: lots[0]._id, start: at('09:00'), amoNb: 0 },
    ];
    expect(imposedDeadline(form(), lots, soon, nowMs)).toEqual({ deadlineDate: '2030-03-11', deadlineTime: '20:00' });
    const later: PlacedLot[] = [{ lotId: lots[0]._id, start: at('09:00', '2030-04-02'), amoNb: 0 }];
    expect(imposedDeadline(form(), lots, later, nowMs)).toEqual({ deadlineDate: '2030-03-15', deadlineTime: '20:00' });
    expect(imposedDeadline(form(), lots, [], nowMs)).toEqual({ deadlineDate: '2030-03-15', deadlineTime: '20:00' });
    // The eve is past already (a visit tomorrow morning, asked at 21:00): an hour before the visit.
    const lateEvening = parisWallToEpoch('2030-03-11', parseHm('21:00'));
    expect(imposedDeadline(form(), lots, soon, lateEvening)).toEqual({ deadlineDate: '2030-03-12', deadlineTime: '08:00' });

    const reason = 'La date limite de confirmation doit précéder la première visite (mardi 12 mars 2030 à 09:00).';
    expect(deadlineProblem(form(), lots, soon)).toBe(reason);
    expect(validateImposedPlanning(form(), lots, soon, { programId: 'a'.repeat(24) }, new Date(nowMs)).errors).toEqual({ bookingDeadline: reason });
    expect(deadlineProblem({ ...form(), deadlineDate: '2030-03-12', deadlineTime: '08:30' }, lots, soon)).toBeNull();
    expect(deadlineProblem({ ...form(), deadlineDate: '2030-03-12', deadlineTime: '09:00' }, lots, soon)).toBe(reason);
  });

  it('a placed event is sized by its typology and resized when the duration changes', () => {
    const f = form();
    const placed: PlacedLot[] = [{ lotId: lots[0]._id, start: at('09:00'), amoNb: 0 }];
    expect(placedVisits(f, lots, placed)[0].endMs).toBe(at('10:00'));
    const longer = { ...f, mTimes: { ...f.mTimes, '2p': 7_200_000 } };
    expect(placedVisits(longer, lots, placed)[0].endMs).toBe(at('11:00'));
    const ownLength = { ...f, lengths: { [lots[0]._id]: 2_700_000 } };
    expect(placedVisits(ownLength, lots, placed)[0].endMs).toBe(at('09:45'));
  });

  it("a drop takes a free AMO column, else is refused with the server's overlap reason; outside the day's hours or off the 30-minute grid it is refused too", () => {
    const f = form();
    const first = placeLot(f, lots, [], lots[0]._id, at('09:00'), nowMs);
    expect(first).toEqual({ placed: [{ lotId: lots[0]._id, start: at('09:00'), amoNb: 0 }] });
    const placed = 'placed' in first ? first.placed : [];
    expect(placeLot(f, lots, placed, lots[1]._id, at('09:30'), nowMs)).toEqual({ refusal: 'Les visites des lots L1 et L2 se chevauchent pour le même AMO.' });
    expect(placeLot({ ...f, nbAmo: 2 }, lots, placed, lots[1]._id, at('09:30'), nowMs)).toEqual({
      placed: [...placed, { lotId: lots[1]._id, start: at('09:30'), amoNb: 1 }],
    });
    expect(placeLot(f, lots, placed, lots[1]._id, at('16:00'), nowMs)).toEqual({
      refusal: 'La visite du lot L2 doit tenir dans les horaires de la journée (08:30 – 17:00).',
    });
    expect(placeLot(f, lots, placed, lots[1]._id, at('10:15'), nowMs)).toEqual({ refusal: 'La visite du lot L2 doit commencer sur un pas de 30 minutes.' });
    // 'afficher toutes les durées': the snap is 15 minutes.
    expect('placed' in placeLot({ ...f, showAllDurations: true }, lots, placed, lots[1]._id, at('10:15'), nowMs)).toBe(true);
    // Moving a placed lot onto itself never overlaps itself.
    expect(placeLot(f, lots, placed, lots[0]._id, at('09:30'), nowMs)).toEqual({ placed: [{ lotId: lots[0]._id, start: at('09:30'), amoNb: 0 }] });
  });

  it('a duration changed after placing is reported with the server’s reason before creating', () => {
    const f = form();
    const placed: PlacedLot[] = [
      { lotId: lots[0]._id, start: at('09:00'), amoNb: 0 },
      { lotId: lots[2]._id, start: at('10:00'), amoNb: 0 },
    ];
    expect(placedIssues(f, lots, placed, nowMs)).toEqual([]);
    expect(placedIssues({ ...f, mTimes: { ...f.mTimes, '2p': 5_400_000 } }, lots, placed, nowMs)).toEqual([
      'Les visites des lots L1 et L10 se chevauchent pour le même AMO.',
    ]);
  });

  it("unselecting a lot removes it from both lists; selected lots not on the calendar are 'not placed'", () => {
    const f = form();
    const placed: PlacedLot[] = [{ lotId: lots[0]._id, start: at('09:00'), amoNb: 0 }];
    expect(unplacedLots(f, lots, placed).map((l) => l.lotcomm)).toEqual(['L2', 'L10', 'L3']);
    expect(keepSelected(placed, [lots[1]._id])).toEqual([]);
    expect(keepSelected(placed, [lots[0]._id])).toBe(placed);
  });

  it('filter panel: Batiment, Etage, Typologie checkboxes (none ticked keeps all), ascending or descending lot order', () => {
    expect(filterValues(lots)).toEqual({ batiment: ['A', 'B'], etage: ['1', '2', '10'], typologie: ['2p', '3p', '4p'] });
    expect(filterLots(lots, noFilters).map((l) => l.lotcomm)).toEqual(['L1', 'L2', 'L3', 'L10']);
    expect(filterLots(lots, { ...noFilters, order: 'desc' }).map((l) => l.lotcomm)).toEqual(['L10', 'L3', 'L2', 'L1']);
    expect(filterLots(lots, { ...noFilters, batiment: ['B'], typologie: ['2p'] }).map((l) => l.lotcomm)).toEqual(['L10']);
    expect(filterLots(lots, { ...noFilters, etage: ['1', '2'] }).map((l) => l.lotcomm)).toEqual(['L1', 'L2', 'L10']);
  });

  it('double click: two clicks on the same event within 400 ms', () => {
    expect(isDoubleClick({ id: 'a', at: 1000 }, 'a', 1400)).toBe(true);
    expect(isDoubleClick({ id: 'a', at: 1000 }, 'a', 1401)).toBe(false);
    expect(isDoubleClick({ id: 'b', at: 1000 }, 'a', 1100)).toBe(false);
    expect(isDoubleClick(null, 'a', 1100)).toBe(false);
  });

  it("'Placer automatiquement' places every unplaced lot around the ones staff placed, and the server's rules accept the result", () => {
    const f = form();
    const placed: PlacedLot[] = [{ lotId: lots[3]._id, start: at('08:30'), amoNb: 0 }];
    const result = autoPlace(f, lots, placed, nowMs);
    expect(result.report).toBeNull();
    expect(result.placed).toHaveLength(4);
    expect(result.placed[0]).toEqual(placed[0]);
    expect(placedIssues(f, lots, result.placed, nowMs)).toEqual([]);
  });

  it("part 2 §2.5: 'Placer automatiquement' uses only the days lots were dropped on, never a day nobody chose, and names the lots it leaves out", () => {
    // One AMO, 08:30–17:00, lunch 12:30–13:30: a 4-hour visit fits only in a morning. Two dropped on
    // the mornings of two days a fortnight apart leave no room for the other two: they stay out,
    // they are not put on a day in between.
    const f = { ...form(), mTimes: { ...form().mTimes, '2p': 14_400_000, '3p': 14_400_000, '4p': 14_400_000 } };
    const second = '2030-03-26';
    const placed: PlacedLot[] = [
      { lotId: lots[0]._id, start: at('08:30'), amoNb: 0 },
      { lotId: lots[1]._id, start: at('08:30', second), amoNb: 0 },
    ];
    const result = autoPlace({ ...f, nbAmo: 1 }, lots, placed, nowMs);
    const days = new Set(result.placed.map((event) => new Date(event.start).toISOString().slice(0, 10)));
    expect([...days].every((date) => date === day || date === second)).toBe(true);
    expect(result.report?.header).toBe('2 lots non placés par « Placer automatiquement »');
    expect(result.report?.lines.join('\n')).toContain('Lots L10, L3 : plus de place les jours du planning (mar. 12 mars 2030, mar. 26 mars 2030)');
  });

  it("part 2 §2.5: with no lot dropped and no day chosen, 'Placer automatiquement' places nothing and says why", () => {
    const result = autoPlace(form(), lots, [], nowMs);
    expect(result.placed).toEqual([]);
    expect(result.report?.lines).toEqual([`Lots L1, L2, L10, L3 : ${imposedMessages.autoPlacement.noDays}`]);
  });

  it("the days chosen in the hours calculator are the planning's days too", () => {
    const chosen = '2030-03-14';
    const result = autoPlace({ ...form(), days: [{ date: chosen, start: '08:30', end: '17:00', nbAmo: 1 }] }, lots, [], nowMs);
    expect(result.report).toBeNull();
    expect(result.placed.every((event) => new Date(event.start).toISOString().startsWith(chosen))).toBe(true);
  });

  it('drafts (draftImpose) keep the placed events (calendarEvents) and the form', () => {
    const f = form();
    const placed: PlacedLot[] = [{ lotId: lots[0]._id, start: at('09:00'), amoNb: 1 }];
    const data = JSON.parse(JSON.stringify(imposedDraftDataOf(f, placed))) as unknown;
    expect(data).toEqual(expect.objectContaining({ calendarEvents: [{ lotId: lots[0]._id, start: new Date(at('09:00')).toISOString(), amoNb: 1 }] }));
    const back = imposedFromDraft(data, imposedDefaultForm(program, nowMs));
    expect(back.placed).toEqual(placed);
    expect(back.form.name).toBe('Convocations A');
    expect(back.form.lunchEndTime).toBe('13:30');
    expect(imposedFromDraft({ form: {}, calendarEvents: [{ lotId: 1 }, 'x'] }, f).placed).toEqual([]);
  });

  it('creation: the body is the server’s schema with one placement per placed lot; nothing placed or a missing name is refused with the form’s messages', () => {
    const placed: PlacedLot[] = [{ lotId: lots[0]._id, start: at('09:00'), amoNb: 0 }];
    // The deadline follows the placed visit (the page does it until staff set it).
    const f = { ...form(), ...imposedDeadline(form(), lots, placed, nowMs) };
    const { errors, body } = validateImposedPlanning(f, lots, placed, { programId: 'a'.repeat(24) }, new Date(nowMs));
    expect(errors).toEqual({});
    expect(imposedPlanningCreateSchema.parse(body).placements).toEqual([
      { lotId: lots[0]._id, start: new Date(at('09:00')).toISOString(), length: 3_600_000, amoNb: 0 },
    ]);
    expect(validateImposedPlanning(f, lots, [], { programId: 'a'.repeat(24) }, new Date(nowMs)).errors).toEqual({ placements: imposedMessages.nothingPlaced });
    expect(validateImposedPlanning({ ...f, name: '' }, lots, placed, { programId: 'a'.repeat(24) }, new Date(nowMs)).errors).toEqual({
      name: creationMessages.nameRequired,
    });
    const noAddress = validateImposedPlanning({ ...f, address: { ...f.address, rue: '' } }, lots, placed, { programId: 'a'.repeat(24) }, new Date(nowMs));
    expect(noAddress.errors).toEqual({ 'address.rue': 'Veuillez rentrer un nom de rue' });
    expect(noAddress.body).toBeNull();
  });

  it("the hours calculator (part 2 §2.5, maths of §9): the period's days less lunch, times their AMO, against the selected lots' durations; margin and days needed; nothing without days or lunch", () => {
    const f = form();
    const days = [
      { date: '2030-03-11', start: '08:30', end: '17:00', nbAmo: 1 },
      { date: '2030-03-12', start: '08:30', end: '17:00', nbAmo: 2 },
    ];
    // Needed: 2p 1h + 3p 1h30 + 2p 1h + 4p 1h30 = 5 h; available: (8h30 − 1h lunch) × 1 + × 2 = 22.5 h.
    expect(calculatorHours({ ...f, days }, lots)).toEqual(
      expect.objectContaining({
        needed: 5,
        available: 22.5,
        margin: 17.5,
        dailyCapacity: 11.25,
        daysNeeded: 0.4,
        perEvent: [
          { date: '2030-03-11', hours: 7.5 },
          { date: '2030-03-12', hours: 15 },
        ],
      }),
    );
    // Only the selected lots count, each with its own length when set; a shortfall is a negative margin.
    const fewer = { ...f, days: [days[0]], selectedLotIds: [lots[1]._id, lots[3]._id], lengths: { [lots[3]._id]: 8 * 3_600_000 } };
    expect(calculatorHours(fewer, lots)).toEqual(expect.objectContaining({ needed: 9.5, available: 7.5, margin: -2, daysNeeded: 1.3 }));
    expect(calculatorHours({ ...f, days: [] }, lots)).toBeNull();
    expect(calculatorHours({ ...f, days, lunchStartTime: '', lunchEndTime: '' }, lots)).toBeNull();
  });
});
