import { z } from 'zod';

/**
 * The two query fields of a paged list (docs/architecture.md « Bounded answers »): `cursor`, the
 * `nextCursor` of the previous page (opaque base64url), and `limit`, bounded so that a page's
 * work and answer stay bounded whatever the size of the program.
 */
export function pageCursorSchema(message: string) {
  return z
    .string()
    .max(1_000, message)
    .regex(/^[\w-]+$/, message)
    .optional();
}

export function pageLimitSchema(max: number, fallback: number, message: string) {
  return z.coerce.number({ error: message }).int(message).min(1, message).max(max, message).default(fallback);
}
