import type { Meeting, Planning } from '../../../shared/domain/planning';
import { hasPlanningChanges, mergePlanningChanges, type LivePlanning } from '../../../shared/rules/planning-changes-merge';

const meeting = (uuid: string, overrides: Partial<Meeting> = {}) => ({ uuid, isBooked: false, start: null, ...overrides }) as unknown as Meeting;
const planning = (nbBooked: number) => ({ _id: 'p', nbBooked }) as unknown as Planning;

describe('live staff screens (part 2 §2.6): a changes answer merged into the screen', () => {
  const screen: LivePlanning = { planning: planning(0), meetings: [meeting('a'), meeting('b'), meeting('c')], changes: 'c0' };

  it('replaces a changed meeting in place, appends a new one, drops a removed one, moves the cursor on', () => {
    const booked = meeting('b', { isBooked: true });
    const merged = mergePlanningChanges(screen, { changes: 'c1', planning: planning(1), meetings: [booked, meeting('d')], removed: ['c'] });
    expect(merged.meetings.map((one) => one.uuid)).toEqual(['a', 'b', 'd']);
    expect(merged.meetings[1]).toBe(booked);
    expect(merged.planning.nbBooked).toBe(1);
    expect(merged.changes).toBe('c1');
  });

  it('keeps the identity of every unchanged meeting, and of the list when nothing changed (tables keep selection and scroll)', () => {
    const merged = mergePlanningChanges(screen, { changes: 'c1', planning: null, meetings: [meeting('b', { isBooked: true })], removed: [] });
    expect(merged.meetings[0]).toBe(screen.meetings[0]);
    expect(merged.meetings[2]).toBe(screen.meetings[2]);
    const quiet = mergePlanningChanges(screen, { changes: 'c1', planning: null, meetings: [], removed: [] });
    expect(quiet.meetings).toBe(screen.meetings);
    expect(quiet.planning).toBe(screen.planning);
    expect(hasPlanningChanges({ planning: null, meetings: [], removed: [] })).toBe(false);
    expect(hasPlanningChanges({ planning: null, meetings: [], removed: ['a'] })).toBe(true);
  });
});
