/**
 * Company numbers of invoicing entities (part 3 §5, §9): a SIREN (9 digits), a SIRET (14 digits,
 * the SIREN and a 5-digit establishment number) or a Belgian enterprise number ((BE)0 + 9 digits),
 * typed with or without spaces and punctuation. Creation asks for a SIREN and the edit form for a
 * SIRET, but both accept the same numbers: an entity created with its SIREN must stay editable
 * (changing its credits must not require a SIRET nobody asked for at creation).
 */

/** Spaces and punctuation ('.', '-', '_', '/') left out, letters upper case. */
const compact = (value: string): string => value.replace(/[\s.\-_/]/g, '').toUpperCase();

/**
 * The number as it is stored: digits only for a SIREN or a SIRET, 'BE0' + 9 digits for a Belgian
 * number (prefix added when typed without it); null when it is none of them.
 */
export function normalizeCompanyNumber(value: string): string | null {
  const digits = compact(value);
  if (/^\d{9}$/.test(digits) || /^\d{14}$/.test(digits)) return digits;
  const belgian = /^(?:BE)?(0\d{9})$/.exec(digits);
  return belgian ? `BE${belgian[1]}` : null;
}

export const isValidCompanyNumber = (value: string): boolean => normalizeCompanyNumber(value) !== null;
