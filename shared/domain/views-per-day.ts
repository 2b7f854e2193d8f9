/** One bar of 'Vues par jour': a Paris day ('YYYY-MM-DD') and its views. */
export interface DayViews {
  date: string;
  views: number;
}

const dayMs = 86_400_000;

/**
 * Every day from `from` to `to` (inclusive, 'YYYY-MM-DD'), with the views of `perDay` and 0 on the
 * days without any: on a categorical axis each bar is one slot, so days without views must be
 * there for the axis to be proportional to time.
 */
export function everyDayOf(perDay: readonly DayViews[], from: string, to: string): DayViews[] {
  const views = new Map(perDay.map((day) => [day.date, day.views]));
  const days: DayViews[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`); at <= end; at += dayMs) {
    const date = new Date(at).toISOString().slice(0, 10);
    days.push({ date, views: views.get(date) ?? 0 });
  }
  return days;
}

/** The axis label of a day: 'JJ/MM' ('2026-03-07' → '07/03'). */
export function shortDayLabel(date: string): string {
  const [, month, day] = date.split('-');
  return `${day}/${month}`;
}
