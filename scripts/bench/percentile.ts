/** The value below which `fraction` of the sorted figures lie (nearest rank); NaN when there are none. */
export function percentile(sorted: number[], fraction: number): number {
  return sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * fraction) - 1))];
}
