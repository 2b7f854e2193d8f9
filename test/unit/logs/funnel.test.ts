import { computeFunnel, median, type FunnelMeeting } from '../../../shared/logs/funnel';

const now = Date.parse('2026-10-01T12:00:00Z');

/** A free-planning buyer of « Les Tilleuls » (delivery), invited on 1 September 09:00, who did nothing yet. */
function buyer(overrides: Partial<FunnelMeeting> = {}): FunnelMeeting {
  return {
    programId: 'p1',
    programName: 'Les Tilleuls',
    phase: 'delivery',
    imposed: false,
    invitationMail: ['2026-09-01T09:00:00.000Z'],
    isBooked: false,
    forced: null,
    isConfirmed: false,
    isAvailable: true,
    end: null,
    ...overrides,
  };
}
const booked = (bookedAt: string, end: string, overrides: Partial<FunnelMeeting> = {}) =>
  buyer({ openedAt: '2026-09-01T10:00:00.000Z', isBooked: true, bookedAt, end, ...overrides });

describe('issue 18 ★ funnel: invited → opened the link → booked/confirmed → visit held, per program and phase', () => {
  it('median: the middle value, the mean of the two middle ones for an even count, none for no value', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 10])).toBe(3.5);
    expect(median([])).toBeNull();
  });

  it('counts each stage over the invited buyers, with the median days from invitation to booking (hand-computed)', () => {
    const rows = computeFunnel(
      [
        buyer(), // invited only
        buyer({ openedAt: '2026-09-02T08:00:00.000Z' }), // opened, did not book
        booked('2026-09-02T09:00:00.000Z', '2026-09-20T10:00:00.000Z'), // 1 day, visit held
        booked('2026-09-04T09:00:00.000Z', '2026-10-05T10:00:00.000Z'), // 3 days, visit to come
        booked('2026-09-11T09:00:00.000Z', '2026-09-21T10:00:00.000Z', { isAvailable: false }), // 10 days, said unavailable: not held
        buyer({ invitationMail: [] }), // never invited: outside the funnel
      ],
      now,
    );
    expect(rows).toEqual([
      {
        programId: 'p1',
        programName: 'Les Tilleuls',
        phase: 'delivery',
        invited: 5,
        opened: 4,
        booked: 3,
        attended: 0,
        absent: 0,
        rescheduled: 0,
        unmarked: 1,
        medianDaysToBooking: 3,
      },
    ]);
  });

  it('the stages nest: a buyer placed by staff counts as booked and so as having opened the link, and not in the delay; the first invitation is the start', () => {
    const rows = computeFunnel(
      [
        buyer({ forced: '2026-09-03T09:00:00.000Z', bookedAt: '2026-09-03T09:00:00.000Z', end: '2026-09-15T10:00:00.000Z' }),
        booked('2026-09-03T21:00:00.000Z', '2026-09-16T10:00:00.000Z', { invitationMail: ['2026-09-01T09:00:00.000Z', '2026-09-02T09:00:00.000Z'] }), // 2.5 days from the first mail
      ],
      now,
    );
    expect(rows[0]).toMatchObject({ invited: 2, opened: 2, booked: 2, unmarked: 2, medianDaysToBooking: 2.5 });
  });

  it('an imposed planning counts its confirmations as stage 3 and has no booking delay (its slots are set at creation)', () => {
    const convocation = (overrides: Partial<FunnelMeeting>) =>
      buyer({ imposed: true, phase: 'predelivery', isBooked: true, bookedAt: '2026-08-30T09:00:00.000Z', end: '2026-09-10T10:00:00.000Z', ...overrides });
    const rows = computeFunnel(
      [convocation({ isConfirmed: true, openedAt: '2026-09-01T12:00:00.000Z' }), convocation({}), convocation({ isConfirmed: true, isAvailable: false })],
      now,
    );
    expect(rows).toEqual([
      {
        programId: 'p1',
        programName: 'Les Tilleuls',
        phase: 'predelivery',
        invited: 3,
        opened: 2,
        booked: 2,
        attended: 0,
        absent: 0,
        rescheduled: 0,
        unmarked: 1,
        medianDaysToBooking: null,
      },
    ]);
  });

  it("the last stage is 'présents': buyers marked present; absences and 'Reporté sur place' beside it; an ended visit nobody marked is counted apart", () => {
    const rows = computeFunnel(
      [
        booked('2026-09-02T09:00:00.000Z', '2026-09-20T10:00:00.000Z', { attendance: 'present' }),
        booked('2026-09-02T09:00:00.000Z', '2026-09-20T11:00:00.000Z', { attendance: 'present' }),
        booked('2026-09-02T09:00:00.000Z', '2026-09-20T12:00:00.000Z', { attendance: 'absent' }),
        booked('2026-09-02T09:00:00.000Z', '2026-09-20T14:00:00.000Z', { attendance: 'rescheduled' }),
        booked('2026-09-02T09:00:00.000Z', '2026-09-20T15:00:00.000Z'), // ended, not marked
        booked('2026-09-02T09:00:00.000Z', '2026-10-20T15:00:00.000Z'), // to come
      ],
      now,
    );
    expect(rows[0]).toMatchObject({ invited: 6, booked: 6, attended: 2, absent: 1, rescheduled: 1, unmarked: 1 });
  });

  it("a booking whose link opening was never recorded (as the demo's 4 bookings) counts as an opened link: never fewer openers than bookers", () => {
    const rows = computeFunnel([booked('2026-09-03T21:00:00.000Z', '2026-09-16T10:00:00.000Z', { openedAt: undefined }), buyer({})], now);
    expect(rows[0]).toMatchObject({ invited: 2, opened: 1, booked: 1 });
    expect(rows[0].opened).toBeGreaterThanOrEqual(rows[0].booked);
  });

  it('one row per program and phase: programs by name, phases in their usual order', () => {
    const rows = computeFunnel(
      [
        buyer({ programId: 'p2', programName: 'Résidence Azur', phase: 'choices' }),
        buyer({ phase: 'delivery' }),
        buyer({ phase: 'partitions' }),
        buyer({ phase: 'delivery' }),
      ],
      now,
    );
    expect(rows.map((row) => [row.programName, row.phase, row.invited])).toEqual([
      ['Les Tilleuls', 'partitions', 1],
      ['Les Tilleuls', 'delivery', 2],
      ['Résidence Azur', 'choices', 1],
    ]);
  });
});
