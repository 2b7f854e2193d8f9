/** Hours as the staff screens write them: « 2,5 h » (French decimals, at most two). */
export function formatHours(value: number): string {
  return `${value.toLocaleString('fr-FR', { maximumFractionDigits: 2 })} h`;
}
