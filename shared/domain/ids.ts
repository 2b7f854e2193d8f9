import { z } from 'zod';

/**
 * Stored records' ids (programs, users, plannings, lots, files…): 24 lowercase hexadecimal
 * characters, as the specification's data shows them (part 1 §5, `_id`). The one pattern, shared
 * by the server's route and body schemas and by the web app.
 */
export const objectIdPattern = /^[a-f0-9]{24}$/;

/**
 * The uuids carried by public links and bodies: a meeting's /entrevue/{uuid}, a planning's
 * /pview/{uuid} and print paths (part 1 §2, part 2 §2.9). They are base64url; new ones have 24
 * characters (144 random bits), older plannings' uuids 12 and some stored ones fewer. The pattern
 * only checks the shape (the secrecy is the generator's randomness, not the pattern), so its bound
 * lets every issued uuid through: 8 to 64 characters. An unknown uuid of that shape is looked up and
 * answers the same 'non trouvé' as a malformed one.
 */
export const linkUuidPattern = /^[A-Za-z0-9_-]{8,64}$/;

/** A record id field; `message` answers a malformed one (usually the record's 'non trouvé'). */
export function objectIdSchema(message?: string) {
  return z.string().regex(objectIdPattern, message);
}

/** A link uuid field; `message` answers a malformed one. */
export function linkUuidSchema(message?: string) {
  return z.string().regex(linkUuidPattern, message);
}

export function isObjectId(value: string): boolean {
  return objectIdPattern.test(value);
}
