/**
 * The order of a program's lots: lot numbers (`lotcomm`) in French numeric collation, as
 * `localeCompare(b, 'fr', { numeric: true })` gives it ('A2' before 'A10', case and accents
 * aside). DynamoDB sorts a key by its bytes, so each lot carries a key whose byte order is that
 * order (docs/architecture.md « Bounded answers »): the lot pages read the index in that order,
 * a page at a time, without reading the program.
 */
export const compareLotNumbers = (a: string, b: string): number => a.localeCompare(b, 'fr', { numeric: true });

/** Case and accents aside, as the collation's first level compares them. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Longest digit run kept (its length is written on two digits). */
const maxDigits = 99;
/** The index key stays far below DynamoDB's 1,024 bytes, the lot id appended. */
const maxKeyLength = 300;
/** Ends the lot number's part of a key: below every character the encoding writes, so 'A' sorts before 'A1' and 'A-1'. */
export const lotOrderSeparator = '!';

/**
 * The byte-ordered key of a lot number. Digit runs become their length then their digits (leading
 * zeros dropped), so numbers compare by value; letters are folded; any other character (space,
 * dash, dot…) is '"' and its code point, below the digits ('0'…) and letters ('a'…), as the
 * collation puts punctuation before digits before letters.
 */
export function lotOrderKey(lotcomm: string): string {
  let key = '';
  for (const token of foldText(lotcomm.trim()).match(/\d+|\p{L}|[^\d\p{L}]/gu) ?? []) {
    if (/^\d/.test(token)) {
      const digits = token.replace(/^0+/, '').slice(0, maxDigits);
      key += `${String(digits.length).padStart(2, '0')}${digits}`;
    } else if (/\p{L}/u.test(token)) key += token;
    else key += `"${(token.codePointAt(0) ?? 0).toString(16).padStart(6, '0')}`;
  }
  return key.slice(0, maxKeyLength);
}

/** What the lot pages' `q` searches in: lot number, name, first name and e-mail, folded. */
export function lotSearchText(lot: { lotcomm: string; nom: string; firstname?: string; mailmonsieur: string }): string {
  return [lot.lotcomm, lot.nom, lot.firstname ?? '', lot.mailmonsieur].map((part) => foldText(part.trim())).join('\n');
}
