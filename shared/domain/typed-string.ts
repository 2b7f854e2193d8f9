import { z } from 'zod';

/**
 * A string field whose own message answers only a missing or non-text value: its length and format
 * checks keep their own messages (or zod's French ones). `z.string({ error })` would answer every
 * refusal with that one text, e.g. 'Obligatoire' for a first name of 500 characters.
 */
export function typedString(message: string) {
  return z.string({ error: (issue) => (issue.code === 'invalid_type' ? message : undefined) });
}
