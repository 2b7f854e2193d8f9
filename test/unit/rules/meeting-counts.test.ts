import { meetingCounts } from '../../../shared/rules/meeting-counts';
import { planningAnswers, planningProgress } from '../../../shared/rules/planning-progress';

const base = { isActive: true, isAvailable: true, isBooked: false, forced: null, isConfirmed: false, isInvitationSent: true };

describe("planning summary counts (part 2 §2.6, §2.7, §4 'Progress')", () => {
  it("invitations scheduled later but visits already booked: the booked buyers count as reached, never '0 invités · Réponses 400 / 0'", () => {
    const meetings = [
      ...Array.from({ length: 400 }, () => ({ ...base, isInvitationSent: false, forced: 'staff' })),
      ...Array.from({ length: 100 }, () => ({ ...base, isInvitationSent: false })),
    ];
    expect(meetingCounts(meetings, false)).toMatchObject({
      participants: 500,
      invited: 400,
      done: 400,
      answered: 400,
      waiting: 0,
      toInvite: 100,
      percent: 100,
    });
    // The list and the viewer read the stored counters: an answer implies its buyer was reached there too.
    const counters = { nbInvited: 0, nbBooked: 400, nbNotBooked: 100, nbConfirmed: 0, nbNotAvailable: 0, nbInactive: 0 };
    expect(planningAnswers(counters, false)).toEqual({ answered: 400, invited: 400 });
    expect(planningProgress(counters, false).percent).toBe(100);
  });

  it("while the convocations of a new imposed planning leave, the counts add up to 'Participants (n)': '0 / 8 convoqués · 2 convocations à envoyer'", () => {
    const meetings = [
      ...Array.from({ length: 8 }, () => ({ ...base, forced: 'staff' })),
      ...Array.from({ length: 2 }, () => ({ ...base, forced: 'staff', isInvitationSent: false })),
    ];
    const counts = meetingCounts(meetings, true);
    expect(counts).toMatchObject({ participants: 10, invited: 8, done: 0, toInvite: 2, waiting: 8 });
    expect(counts.invited + counts.toInvite).toBe(counts.participants);
  });

  it('imposed: présent counts as done, force majeure as unavailable; a buyer made inactive after the invitation stays invited, never waiting', () => {
    const meetings = [
      { ...base, forced: 'staff', isConfirmed: true },
      { ...base, forced: 'staff', isConfirmed: true, isAvailable: false },
      { ...base, forced: 'staff' },
      { ...base, isActive: false },
    ];
    expect(meetingCounts(meetings, true)).toMatchObject({ participants: 4, invited: 4, done: 1, unavailable: 1, answered: 2, waiting: 1, percent: 50 });
  });
});
