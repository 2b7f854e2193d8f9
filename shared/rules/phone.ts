import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * Phone rule of part 2 §5: international '+' then 1-9 and 1 to 14 digits, or French '+33' or '0'
 * then 1-9 then four pairs of digits. Spaces, dots and dashes are ignored when checking.
 */
const international = /^\+[1-9]\d{1,14}$/;
const french = /^(?:\+33|0)[1-9]\d{8}$/;

function compactPhone(value: string): string {
  return value.replace(/[\s.\-()]/g, '');
}

export function isValidPhone(value: string): boolean {
  const compact = compactPhone(value);
  return international.test(compact) || french.test(compact);
}

/** Display rule (part 1 §5): spaces removed, leading 0 added if missing. */
export function displayPhone(value: string): string {
  const compact = compactPhone(value);
  if (!compact || compact.startsWith('0') || compact.startsWith('+')) return compact;
  return `0${compact}`;
}

/** E.164 for SMS sending (French numbers by default); null when it cannot be dialled. */
export function toE164(value: string): string | null {
  const parsed = parsePhoneNumberFromString(displayPhone(value), 'FR');
  return parsed && parsed.isValid() ? parsed.number : null;
}
