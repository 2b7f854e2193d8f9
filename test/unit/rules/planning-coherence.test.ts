import { planningCoherenceIssues } from '../../../shared/rules/planning-coherence';
import { coherenceMessages } from '../../../shared/messages/plannings';
import { parisWallToEpoch } from '../../../shared/scheduling/time-grid';

const iso = (date: string, minutes: number) => new Date(parisWallToEpoch(date, minutes)).toISOString();
const now = Date.parse('2026-11-24T02:00:00Z');
const base = {
  broadcastList: [{ lotId: 'a' }, { lotId: 'b' }],
  events: [{ start: iso('2026-12-14', 510), end: iso('2026-12-14', 1020) }],
  bookingDeadline: iso('2026-12-10', 1200),
};

describe('planning coherence rules (part 2 §5)', () => {
  it('a coherent planning has no issue, a day ending at midnight Paris included', () => {
    expect(planningCoherenceIssues(base, now)).toEqual([]);
    expect(planningCoherenceIssues({ ...base, events: [{ start: iso('2026-12-14', 20 * 60), end: iso('2026-12-15', 0) }] }, now)).toEqual([]);
  });

  it('a day ending before it starts, or one date given twice, is refused', () => {
    const reversed = { ...base, events: [{ start: base.events[0].end, end: base.events[0].start }] };
    expect(planningCoherenceIssues(reversed, now)[0].message).toBe(coherenceMessages.eventOrder('2026-12-14'));
    const twice = { ...base, events: [base.events[0], { start: iso('2026-12-14', 14 * 60), end: iso('2026-12-14', 16 * 60) }] };
    expect(planningCoherenceIssues(twice, now)).toEqual([{ path: 'events.1', message: 'La journée du 14/12/2026 est renseignée deux fois.' }]);
  });

  it('the same instant as dispatch and deadline is refused; one minute earlier is accepted', () => {
    expect(planningCoherenceIssues({ ...base, launchDate: base.bookingDeadline }, now)).toEqual([
      { path: 'launchDate', message: coherenceMessages.launchAfterDeadline },
    ]);
    expect(planningCoherenceIssues({ ...base, launchDate: new Date(Date.parse(base.bookingDeadline) - 60_000).toISOString() }, now)).toEqual([]);
  });
});
