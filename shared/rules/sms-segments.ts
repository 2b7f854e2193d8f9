import { isGsm7 } from './gsm7';

/**
 * How many SMS a text costs (the wizard's live count, part 1 §2). GSM-7 texts hold 160
 * characters in one SMS and 153 per part once split (the rest carries the join header); the
 * extended characters (€, [, ], {, }, ^, ~, |, \) take two places. Any other character makes the
 * whole text UCS-2: 70 characters in one SMS, 67 per part, counted in UTF-16 units (an emoji is 2).
 */
export interface SmsCount {
  encoding: 'GSM-7' | 'UCS-2';
  /** Places used in the encoding (GSM-7 septets or UTF-16 units). */
  characters: number;
  segments: number;
}

const gsm7ExtendedChars = '^{}\\[~]|€';
const limits = { 'GSM-7': { single: 160, part: 153 }, 'UCS-2': { single: 70, part: 67 } } as const;

export function smsCount(text: string): SmsCount {
  const encoding = isGsm7(text) ? 'GSM-7' : 'UCS-2';
  const characters = encoding === 'GSM-7' ? [...text].reduce((sum, char) => sum + (gsm7ExtendedChars.includes(char) ? 2 : 1), 0) : text.length;
  const limit = limits[encoding];
  const segments = characters === 0 ? 0 : characters <= limit.single ? 1 : Math.ceil(characters / limit.part);
  return { encoding, characters, segments };
}
