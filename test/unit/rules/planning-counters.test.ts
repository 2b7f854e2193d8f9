import { counterChange, planningCounters, type CountedFlags } from '../../../shared/rules/planning-counters';

const fresh: CountedFlags = { isInvitationSent: false, isBooked: false, isAvailable: true, isActive: true, isConfirmed: false };
const invited: CountedFlags = { ...fresh, isInvitationSent: true };
const booked: CountedFlags = { ...invited, isBooked: true };
const zero = { nbInvited: 0, nbBooked: 0, nbNotBooked: 0, nbNotAvailable: 0, nbInactive: 0, nbConfirmed: 0 };

describe('a planning’s counters are computed from its meetings (part 2 §3)', () => {
  it('a planning without meetings counts nothing', () => {
    expect(planningCounters([])).toEqual(zero);
  });

  it('each counter counts its meetings: invited, booked, invited but not booked, unavailable, inactive, confirmed present', () => {
    const meetings: CountedFlags[] = [
      fresh,
      invited,
      booked,
      { ...fresh, isBooked: true }, // placed by staff before its invitation went
      { ...invited, isAvailable: false },
      { ...fresh, isActive: false },
      { ...booked, isConfirmed: true },
    ];
    expect(planningCounters(meetings)).toEqual({ nbInvited: 4, nbBooked: 3, nbNotBooked: 2, nbNotAvailable: 1, nbInactive: 1, nbConfirmed: 1 });
  });

  it('a force majeure is confirmed but counted not available, never confirmed present too', () => {
    expect(planningCounters([{ ...booked, isConfirmed: true, isAvailable: false }])).toEqual({ ...zero, nbInvited: 1, nbBooked: 1, nbNotAvailable: 1 });
  });

  it('a change adds what the meeting counts after and takes off what it counted before', () => {
    // An invitation claimed: invited, and not booked unless already placed.
    expect(counterChange([{ before: fresh, after: invited }])).toEqual({ ...zero, nbInvited: 1, nbNotBooked: 1 });
    expect(counterChange([{ before: { ...fresh, isBooked: true }, after: { ...fresh, isBooked: true, isInvitationSent: true } }])).toEqual({
      ...zero,
      nbInvited: 1,
    });
    // A buyer's booking, then its cancellation.
    expect(counterChange([{ before: invited, after: booked }])).toEqual({ ...zero, nbBooked: 1, nbNotBooked: -1 });
    expect(counterChange([{ before: booked, after: invited }])).toEqual({ ...zero, nbBooked: -1, nbNotBooked: 1 });
    // A convocation answered: present, or force majeure.
    expect(counterChange([{ before: booked, after: { ...booked, isConfirmed: true } }])).toEqual({ ...zero, nbConfirmed: 1 });
    expect(counterChange([{ before: booked, after: { ...booked, isConfirmed: true, isAvailable: false } }])).toEqual({ ...zero, nbNotAvailable: 1 });
  });

  it('a created meeting adds its counts, a deleted one takes them off, and several changes add up', () => {
    expect(
      counterChange([
        { before: null, after: booked },
        { before: invited, after: null },
      ]),
    ).toEqual({ ...zero, nbNotBooked: -1, nbBooked: 1 });
  });

  it('the stored counters plus every change’s counts equal the counters of the meetings after the changes', () => {
    const before = [fresh, invited, booked, { ...invited, isAvailable: false }];
    const after = [invited, booked, { ...booked, isConfirmed: true }, { ...invited, isActive: false }];
    const change = counterChange(before.map((meeting, index) => ({ before: meeting, after: after[index] })));
    const stored = planningCounters(before);
    const expected = planningCounters(after);
    for (const counter of Object.keys(expected) as (keyof typeof expected)[]) expect(stored[counter] + change[counter]).toBe(expected[counter]);
  });
});
