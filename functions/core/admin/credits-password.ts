import { invoiceEntityMessages } from '../../../shared/messages/admin';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { ForbiddenError } from '../errors';
import { decoyHash, verifyPassword } from '../security/password-hashing';
import { enforceRateLimit, type RateRule } from '../security/rate-limit';

/** Guesses of the credits password: 5 per administrator per 15 minutes (each attempt counts, right or wrong). */
const creditsUnlockRule: RateRule = { scope: 'credits-unlock', limit: 5, windowSeconds: 900 };

/**
 * Checks the credits password (part 3 §4 'Credits lock', §5) against the salted scrypt hash set by
 * configuration. With no hash configured, nothing unlocks (still as slow as a real check).
 */
export async function checkCreditsPassword(deps: Deps, caller: Caller, password: string): Promise<void> {
  await enforceRateLimit(deps.store, creditsUnlockRule, caller.impersonatorId ?? caller.userId, deps.now());
  const hash = await deps.secrets.creditsPasswordHash();
  const right = await verifyPassword(password, hash ?? (await decoyHash()));
  if (!right || !hash) throw new ForbiddenError(invoiceEntityMessages.wrongPassword);
}

/** POST /admin/clients/{id}/credits-unlock: 'Champ crédits déverrouillé' or 403 'Mot de passe incorrect'. */
export async function unlockCredits(deps: Deps, caller: Caller, password: string): Promise<{ message: string }> {
  await checkCreditsPassword(deps, caller, password);
  return { message: invoiceEntityMessages.unlocked };
}
