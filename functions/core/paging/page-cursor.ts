import type { z } from 'zod';
import { ValidationError } from '../errors';

/**
 * The opaque cursor of a paged list (docs/architecture.md « Bounded answers »): the position of the
 * last item answered, in base64url. The position is checked with the list's own zod schema before
 * it reaches a query, so a forged or damaged cursor is a French 400, never a 500; a well-formed
 * forged one only starts the page elsewhere in the partition the path names.
 */
export function encodePageCursor(position: string): string {
  return Buffer.from(position, 'utf8').toString('base64url');
}

export function decodePageCursor(cursor: string, position: z.ZodType<string>, message: string): string {
  const parsed = position.safeParse(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!parsed.success) throw new ValidationError(message, [{ path: 'cursor', message }]);
  return parsed.data;
}
