import { appointmentStatistics, monthsBefore, stackedByGroup } from '../../../shared/logs/appointment-stats';
import { hourHistogram } from '../../../shared/logs/hour-histogram';
import { countByPeriod, periodOf, periodsAfter, periodsBetween } from '../../../shared/logs/periods';
import type { AppointmentLog } from '../../../shared/domain/appointment-log';

describe('trend periods (part 3 §9: grouping by day, week or month, Paris time)', () => {
  it('a week is named by its Monday, a month by YYYY-MM', () => {
    expect(periodOf('2026-11-25', 'week')).toBe('2026-11-23');
    expect(periodOf('2026-11-23', 'week')).toBe('2026-11-23');
    expect(periodOf('2026-11-29', 'week')).toBe('2026-11-23');
    expect(periodOf('2026-11-25', 'month')).toBe('2026-11');
  });

  it('every period between two days is listed, across a year end', () => {
    expect(periodsBetween('2025-11-15', '2026-02-01', 'month')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(periodsBetween('2026-11-20', '2026-12-01', 'week')).toEqual(['2026-11-16', '2026-11-23', '2026-11-30']);
  });

  it('counts per period keep empty periods at 0 and use the Paris day (23:30 UTC in winter is the next day)', () => {
    const counts = countByPeriod(['2026-01-05T23:30:00Z', '2026-01-05T10:00:00Z', '2026-01-08T09:00:00Z'], '2026-01-05', '2026-01-08', 'day');
    expect(counts).toEqual([
      { period: '2026-01-05', count: 1 },
      { period: '2026-01-06', count: 1 },
      { period: '2026-01-07', count: 0 },
      { period: '2026-01-08', count: 1 },
    ]);
  });

  it('instants outside the range are not counted', () => {
    expect(countByPeriod(['2025-12-31T12:00:00Z', '2026-01-02T12:00:00Z'], '2026-01-01', '2026-01-01', 'day')).toEqual([{ period: '2026-01-01', count: 0 }]);
  });
});

describe('appointment logs (part 3 §9: 24-bucket hour histogram; statistics for the last 6 months and last month)', () => {
  it('the histogram has 24 buckets by Paris hour (summer +2 h, winter +1 h)', () => {
    const histogram = hourHistogram(['2026-07-15T06:10:00Z', '2026-01-15T23:30:00Z', '2026-01-15T07:59:59Z', '2026-12-31T22:59:50Z']);
    expect(histogram).toHaveLength(24);
    expect(histogram[8]).toBe(2);
    expect(histogram[0]).toBe(1);
    expect(histogram[23]).toBe(1);
    expect(histogram.reduce((a, b) => a + b, 0)).toBe(4);
  });

  const log = (createdAt: string, overrides: Partial<AppointmentLog> = {}): AppointmentLog => ({
    planningId: createdAt,
    nom: 'P',
    program: 'Les Jardins',
    programId: 'p1',
    promoter: 'Promo',
    phase: 'choices',
    templateType: 'promoter',
    createdAt,
    ...overrides,
  });

  it('months back keep the day, clamped to the month length', () => {
    expect(monthsBefore('2026-08-31', 6)).toBe('2026-02-28');
    expect(monthsBefore('2026-01-15', 1)).toBe('2025-12-15');
  });

  it('statistics count the last 6 months and the last month, per phase', () => {
    const logs = [
      log('2026-11-20T10:00:00Z'),
      log('2026-10-30T10:00:00Z', { phase: 'delivery', programId: 'p2' }),
      log('2026-06-01T10:00:00Z'),
      log('2026-03-01T10:00:00Z'),
    ];
    const stats = appointmentStatistics(logs, new Date('2026-11-24T06:00:00Z'));
    expect(stats.lastMonth).toEqual({ from: '2026-10-24', count: 2, programs: 2, byPhase: { choices: 1, delivery: 1 } });
    expect(stats.lastSixMonths.count).toBe(3);
  });

  it('the stacked chart has one series per group with a count in every period, biggest first', () => {
    const logs = [log('2026-01-10T10:00:00Z', { phase: 'delivery' }), log('2026-03-10T10:00:00Z', { phase: 'delivery' }), log('2026-03-11T10:00:00Z')];
    const series = stackedByGroup(logs, 'phase', '2026-01-01', '2026-03-31', 'month');
    expect(series.map((entry) => [entry.group, entry.counts.map((c) => c.count)])).toEqual([
      ['Livraison', [1, 0, 1]],
      ['Choix', [0, 0, 1]],
    ]);
    expect(stackedByGroup([log('2026-01-10T10:00:00Z')], 'invoiceEntity', '2026-01-01', '2026-01-31', 'month')[0].group).toBe('Sans entité');
  });
});

describe('forecast periods (part 3 §9: 4 periods after the last one)', () => {
  it('continue the grouping past a month or year end', () => {
    expect(periodsAfter('2026-11', 'month', 4)).toEqual(['2026-12', '2027-01', '2027-02', '2027-03']);
    expect(periodsAfter('2026-12-28', 'week', 2)).toEqual(['2027-01-04', '2027-01-11']);
    expect(periodsAfter('2026-12-30', 'day', 3)).toEqual(['2026-12-31', '2027-01-01', '2027-01-02']);
  });
});
