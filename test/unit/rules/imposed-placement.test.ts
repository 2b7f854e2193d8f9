import { convocationState, defaultImposedDeadline } from '../../../shared/domain/imposed-planning';
import { imposedMeetingStatus } from '../../../shared/rules/meeting-status';
import { planningProgress } from '../../../shared/rules/planning-progress';
import { placementIssues, visitDays, type PlacedVisit } from '../../../shared/rules/imposed-placement';
import { epochToParisWall, parisWallToEpoch } from '../../../shared/scheduling/time-grid';

const day = '2030-03-12';
const at = (hm: string) => parisWallToEpoch(day, Number(hm.slice(0, 2)) * 60 + Number(hm.slice(3)));
const visit = (label: string, start: string, minutes: number, amoNb = 0): PlacedVisit => ({
  label,
  startMs: at(start),
  endMs: at(start) + minutes * 60_000,
  amoNb,
});
const rules = { dayStartTime: '08:30', dayEndTime: '17:00', snapMinutes: 15, nowMs: Date.parse('2030-01-01T00:00:00Z') };

describe('imposed placement rules (part 2 §2.5: two visits of one AMO never overlap, each inside the day hours)', () => {
  it('two visits of one AMO that share time are refused, naming both lots; back to back or on two AMO they are fine', () => {
    expect(placementIssues([visit('A01', '09:00', 60), visit('A02', '09:30', 60)], rules)).toEqual([
      'Les visites des lots A01 et A02 se chevauchent pour le même AMO.',
    ]);
    expect(placementIssues([visit('A01', '09:00', 60), visit('A02', '10:00', 60)], rules)).toEqual([]);
    expect(placementIssues([visit('A01', '09:00', 60), visit('A02', '09:30', 60, 1)], rules)).toEqual([]);
  });

  it('a visit starting before the day or ending after it is refused with the hours', () => {
    expect(placementIssues([visit('B1', '08:00', 60)], rules)).toEqual(['La visite du lot B1 doit tenir dans les horaires de la journée (08:30 – 17:00).']);
    expect(placementIssues([visit('B1', '16:30', 60)], rules)).toEqual(['La visite du lot B1 doit tenir dans les horaires de la journée (08:30 – 17:00).']);
    expect(placementIssues([visit('B1', '16:00', 60)], rules)).toEqual([]);
  });

  it('a start off the snap grid or in the past is refused', () => {
    expect(placementIssues([visit('C1', '09:10', 60)], rules)).toEqual(['La visite du lot C1 doit commencer sur un pas de 15 minutes.']);
    expect(placementIssues([visit('C1', '09:00', 60)], { ...rules, nowMs: at('10:00') })).toEqual(['La visite du lot C1 est dans le passé.']);
  });

  it('the visit days become the planning events, one per day, with as many AMO as the highest column used', () => {
    const days = visitDays([visit('A', '09:00', 60), visit('B', '09:00', 60, 2)], '08:30', '17:00');
    expect(days).toEqual([{ start: new Date(at('08:30')).toISOString(), end: new Date(at('17:00')).toISOString(), nbAmo: 3 }]);
  });
});

describe('imposed statuses and progress (part 1 §4, part 2 §4)', () => {
  it('présent, indisponible, en attente, inactif', () => {
    expect(imposedMeetingStatus({ isActive: true, isConfirmed: true, isAvailable: true })).toBe('présent');
    expect(imposedMeetingStatus({ isActive: true, isConfirmed: true, isAvailable: false })).toBe('indisponible');
    expect(imposedMeetingStatus({ isActive: true, isConfirmed: false, isAvailable: true })).toBe('en attente');
    expect(imposedMeetingStatus({ isActive: false, isConfirmed: false, isAvailable: true })).toBe('inactif');
  });

  it('progress = (confirmed + not available) / invited; a force majeure counts once', () => {
    expect(planningProgress({ nbInvited: 4, nbConfirmed: 1, nbNotAvailable: 1, nbBooked: 4, nbNotBooked: 0, nbInactive: 0 }, true)).toEqual({
      percent: 50,
      waiting: 2,
    });
  });

  it("the buyer page's imposed state: inactive, answered, deadline or visit passed, else waiting", () => {
    const meeting = { isActive: true, isConfirmed: false, isAvailable: true, start: new Date(at('10:00')).toISOString() };
    const deadline = new Date(at('08:00')).toISOString();
    expect(convocationState(meeting, deadline, at('07:00'))).toBe('pending');
    expect(convocationState(meeting, deadline, at('08:00'))).toBe('too-late');
    expect(convocationState({ ...meeting, isActive: false }, deadline, at('07:00'))).toBe('disabled');
    expect(convocationState({ ...meeting, isConfirmed: true }, deadline, at('09:00'))).toBe('confirmed');
    expect(convocationState({ ...meeting, isConfirmed: true, isAvailable: false }, deadline, at('09:00'))).toBe('unavailable');
  });

  it('part 2 §9: the imposed deadline defaults to 14 days from now at 20:00 (Paris)', () => {
    const deadline = defaultImposedDeadline(at('10:00'), parisWallToEpoch, (ms) => epochToParisWall(ms).date);
    expect(epochToParisWall(Date.parse(deadline))).toEqual({ date: '2030-03-26', minuteOfDay: 20 * 60 });
  });
});
