/**
 * A file size the French way (part 1 §2): '7,07 Ko', '1,5 Mo', not '7.07 KB'. Same steps as
 * Cloudscape's FileUpload (1 Ko = 1 000 octets) so the figure does not change, only its language.
 */
const number = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });
const units = ['octets', 'Ko', 'Mo', 'Go'] as const;

export function formatFileSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${number.format(value)} ${units[unit]}`;
}
