import { freeMinutes } from '../../../web/src/components/plannings/simulation-grid-config';

describe('simulation drawer (part 2 §2.4: an example placement with the slack per day)', () => {
  it("an AMO's free time is the day's hours less lunch and the placed visits", () => {
    const visits = [
      { startTime: '09:00', endTime: '10:00' },
      { startTime: '10:00', endTime: '11:30' },
    ];
    expect(freeMinutes({ start: '09:00', end: '18:00' }, { start: '12:30', end: '14:00' }, visits)).toBe(9 * 60 - 90 - 150);
    // A lunch outside the day's hours takes nothing.
    expect(freeMinutes({ start: '14:00', end: '18:00' }, { start: '12:00', end: '13:00' }, [])).toBe(240);
    // A full day has no slack, never a negative one.
    expect(freeMinutes({ start: '09:00', end: '10:00' }, null, [{ startTime: '09:00', endTime: '10:30' }])).toBe(0);
  });
});
