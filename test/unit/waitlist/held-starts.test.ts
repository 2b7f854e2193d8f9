import { withHeldStarts, withoutVisitOf } from '../../../functions/core/booking/held-starts';
import { freesRoom } from '../../../functions/core/planning-actions/waitlist-check-job';
import type { MeetingRecord } from '../../../functions/data/plannings-repository';

/** docs/user-guide.md « Liste d'attente »: the pure rules of holds and of the changes that free time. */
const now = Date.parse('2030-12-02T08:00:00.000Z');
const meeting = (uuid: string, fields: Partial<MeetingRecord> = {}) =>
  ({
    uuid,
    length: 3_600_000,
    start: '2030-12-09T09:00:00.000Z',
    end: '2030-12-09T10:00:00.000Z',
    amoNb: 0,
    isBooked: true,
    forced: null,
    isActive: true,
    isAvailable: true,
    ...fields,
  }) as MeetingRecord;
const hold = (until: number) => ({ start: '2030-12-09T07:30:00.000Z', end: '2030-12-09T08:30:00.000Z', amoNb: 0, until: new Date(until).toISOString() });

describe('held starts', () => {
  it("a start held for another waiter counts as a placed visit for everyone else, until the hold's end", () => {
    const held = meeting('waiter', { waitHold: hold(now + 60_000) });
    const others = withHeldStarts([held, meeting('other')], 'other', now);
    expect(others.filter((one) => one.uuid === 'hold#waiter')).toEqual([expect.objectContaining({ start: held.waitHold!.start, isBooked: true, amoNb: 0 })]);
    // The waiter themself does not see their own hold as taken, and an ended hold keeps nothing.
    expect(withHeldStarts([held], 'waiter', now).some((one) => one.uuid.startsWith('hold#'))).toBe(false);
    expect(withHeldStarts([meeting('waiter', { waitHold: hold(now - 1) })], 'other', now).some((one) => one.uuid.startsWith('hold#'))).toBe(false);
  });

  it("a waiter's visit taken off the calendar: what the engine checks when they would move", () => {
    const [freed] = withoutVisitOf([meeting('waiter')], 'waiter');
    expect(freed).toEqual(expect.objectContaining({ isBooked: false, start: null, end: null, amoNb: null }));
  });
});

describe('changes that free time (the waitlist check is written with them)', () => {
  it('a cancellation, a move, an AMO change free time; a new booking or an unplaced meeting do not', () => {
    const placed = meeting('a');
    expect(freesRoom(placed, { ...placed, isBooked: false, start: null, end: null, amoNb: null })).toBe(true);
    expect(freesRoom(placed, { ...placed, start: '2030-12-09T14:00:00.000Z', end: '2030-12-09T15:00:00.000Z' })).toBe(true);
    expect(freesRoom(placed, { ...placed, amoNb: 1 })).toBe(true);
    expect(freesRoom(placed, null)).toBe(true);
    expect(freesRoom(placed, { ...placed, observations: 'note' })).toBe(false);
    expect(freesRoom(meeting('b', { isBooked: false, start: null, end: null, amoNb: null }), placed)).toBe(false);
  });
});
