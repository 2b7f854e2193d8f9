/** The funnel page's texts and formats (part 3 §2 ★; ours: the specification has no funnel). */

/** The stages in funnel order. */
export const funnelStages = ['invited', 'opened', 'booked', 'attended'] as const;

/** '12 (75 %)': a stage's count and its share of the invited buyers. */
export function shareOf(count: number, invited: number): string {
  return invited === 0 ? String(count) : `${count} (${Math.round((100 * count) / invited)} %)`;
}

/** '2,5 jours', '0,3 jour', or '—' when nobody booked. */
export function formatDays(days: number | null): string {
  if (days === null) return '—';
  const rounded = Math.round(days * 10) / 10;
  return `${rounded.toLocaleString('fr-FR')} ${rounded >= 2 ? 'jours' : 'jour'}`;
}
