import { everyDayOf, shortDayLabel } from '../../../shared/domain/views-per-day';

/** Part 3 §2: the 'Vues par jour' chart of /admin/logs/visites. */
describe('views per day', () => {
  it('fills every day of the period with 0 where nothing was seen, in order', () => {
    expect(
      everyDayOf(
        [
          { date: '2026-02-27', views: 3 },
          { date: '2026-03-02', views: 1 },
        ],
        '2026-02-26',
        '2026-03-03',
      ),
    ).toEqual([
      { date: '2026-02-26', views: 0 },
      { date: '2026-02-27', views: 3 },
      { date: '2026-02-28', views: 0 },
      { date: '2026-03-01', views: 0 },
      { date: '2026-03-02', views: 1 },
      { date: '2026-03-03', views: 0 },
    ]);
  });

  it('has one slot per day of a six-month period, across the daylight-saving change', () => {
    const days = everyDayOf([], '2026-01-01', '2026-06-30');
    expect(days).toHaveLength(181);
    expect(new Set(days.map((day) => day.date)).size).toBe(181);
    expect(days.every((day) => day.views === 0)).toBe(true);
  });

  it('labels a day JJ/MM on the axis', () => {
    expect(shortDayLabel('2026-03-07')).toBe('07/03');
  });
});
