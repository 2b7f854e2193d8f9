import type { Meeting } from '../../../shared/domain/planning';
import { hasPlanningChanges, mergeIntoPage, mergeIntoRange, toCalendarVisit } from '../../../shared/rules/planning-changes-merge';

const meeting = (uuid: string, overrides: Partial<Meeting> = {}) =>
  ({
    uuid,
    isBooked: false,
    forced: null,
    start: null,
    end: null,
    amoNb: null,
    guest: { lotcomm: uuid, typologie: '2p', nom: uuid },
    ...overrides,
  }) as unknown as Meeting;
const booked = (uuid: string, start: string, end: string) => meeting(uuid, { isBooked: true, start, end, amoNb: 0 });

describe('live staff screens (part 2 §2.6): a changes answer merged into the page shown', () => {
  const page = { rows: [meeting('a'), meeting('b'), meeting('c')], total: 10, page: 1 };

  it('replaces a changed buyer of the page in place, every other row keeping its identity', () => {
    const changed = meeting('b', { isBooked: true });
    const merged = mergeIntoPage(page, { meetings: [changed], removed: [] });
    expect(merged.stale).toBe(false);
    expect(merged.page.rows.map((row) => row.uuid)).toEqual(['a', 'b', 'c']);
    expect(merged.page.rows[1]).toBe(changed);
    expect(merged.page.rows[0]).toBe(page.rows[0]);
    expect(merged.page.total).toBe(10);
  });

  it('asks for the current page again when a buyer off the page changed or one was removed, and keeps the page when nothing changed', () => {
    expect(mergeIntoPage(page, { meetings: [meeting('z')], removed: [] }).stale).toBe(true);
    expect(mergeIntoPage(page, { meetings: [], removed: ['a'] }).stale).toBe(true);
    expect(mergeIntoPage(page, { meetings: [], removed: [] })).toEqual({ page, stale: false });
    expect(mergeIntoPage(page, { meetings: [], removed: [] }).page).toBe(page);
    expect(hasPlanningChanges({ planning: null, meetings: [], removed: [] })).toBe(false);
    expect(hasPlanningChanges({ planning: null, meetings: [], removed: ['a'] })).toBe(true);
  });
});

describe('live staff screens: a changes answer merged into the calendar range', () => {
  const range = { from: '2026-12-07T00:00:00.000Z', to: '2026-12-14T00:00:00.000Z' };
  const inside = booked('a', '2026-12-08T09:00:00.000Z', '2026-12-08T10:00:00.000Z');
  const other = booked('b', '2026-12-09T09:00:00.000Z', '2026-12-09T10:00:00.000Z');
  const visits = [toCalendarVisit(inside), toCalendarVisit(other)];

  it('adds a visit booked in the range, moves one, drops one moved out, cancelled or removed, keeping the others', () => {
    const added = mergeIntoRange(visits, range, { meetings: [booked('c', '2026-12-10T09:00:00.000Z', '2026-12-10T10:00:00.000Z')], removed: [] });
    expect(added.map((visit) => visit.uuid)).toEqual(['a', 'b', 'c']);
    expect(added[0]).toBe(visits[0]);
    const moved = mergeIntoRange(visits, range, { meetings: [booked('a', '2026-12-11T09:00:00.000Z', '2026-12-11T10:00:00.000Z')], removed: [] });
    expect(moved[0].start).toBe('2026-12-11T09:00:00.000Z');
    expect(moved[1]).toBe(visits[1]);
    expect(mergeIntoRange(visits, range, { meetings: [booked('a', '2026-12-21T09:00:00.000Z', '2026-12-21T10:00:00.000Z')], removed: [] })).toEqual([
      visits[1],
    ]);
    expect(mergeIntoRange(visits, range, { meetings: [meeting('a')], removed: [] })).toEqual([visits[1]]);
    expect(mergeIntoRange(visits, range, { meetings: [], removed: ['b'] })).toEqual([visits[0]]);
  });

  it('keeps the list itself when nothing in the range changed', () => {
    expect(mergeIntoRange(visits, range, { meetings: [meeting('z')], removed: ['y'] })).toBe(visits);
    expect(mergeIntoRange(visits, range, { meetings: [], removed: [] })).toBe(visits);
  });
});
