import { createHash, randomBytes } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { messages } from '../../../shared/i18n/messages';
import { isConditionFailure } from '../../data/db';
import { consumeResetToken, getResetToken, storeResetToken } from '../../data/reset-tokens-repository';
import { revokeAllSessions } from '../../data/sessions-repository';
import { getUserByEmail, passwordUpdate } from '../../data/users-repository';
import type { Deps } from '../../runtime/deps';
import { ValidationError } from '../errors';
import { hashPassword } from '../security/password-hashing';
import { enforceRateLimit, rateRules } from '../security/rate-limit';

/** A reset link is valid 20 minutes (part 1 §7) and works once. */
export const resetLinkValiditySeconds = 20 * 60;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Always answers the same message: whether the account exists is never revealed. */
export async function requestPasswordReset(deps: Deps, email: string, sourceIp: string): Promise<{ message: string }> {
  const now = deps.now();
  await enforceRateLimit(deps.db, rateRules.forgotPerIp, sourceIp, now);
  await enforceRateLimit(deps.db, rateRules.forgotPerAccount, email, now);
  const user = await getUserByEmail(deps.db, email);
  if (user) {
    const token = randomBytes(32).toString('base64url');
    await storeResetToken(deps.db, hashToken(token), { userId: user._id, email: user.email, expiresAt: Math.floor(now.getTime() / 1000) + resetLinkValiditySeconds });
    const link = `${deps.config.publicUrl}/reset-password?email=${encodeURIComponent(user.email)}&token=${encodeURIComponent(token)}`;
    await deps.mailer.send({
      to: [user.email],
      subject: 'Livrea : réinitialisation de votre mot de passe',
      text: [
        `Bonjour ${user.firstname},`,
        '',
        'Vous avez demandé à réinitialiser votre mot de passe Livrea. Ce lien est valable 20 minutes et ne peut servir qu’une fois :',
        link,
        '',
        'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.',
        '',
        'L’équipe Livrea',
      ].join('\n'),
    });
  }
  return { message: messages.forgotDone };
}

export async function resetPassword(deps: Deps, request: { email: string; token: string; newPassword: string }): Promise<{ message: string }> {
  const tokenHash = hashToken(request.token);
  const record = await getResetToken(deps.db, tokenHash);
  const nowSeconds = Math.floor(deps.now().getTime() / 1000);
  if (!record || record.email !== request.email || record.expiresAt < nowSeconds) throw new ValidationError(messages.resetInvalid);
  const user = await getUserByEmail(deps.db, request.email);
  if (!user || user._id !== record.userId) throw new ValidationError(messages.resetInvalid);
  try {
    await deps.db.doc.send(
      new TransactWriteCommand({
        TransactItems: [consumeResetToken(deps.db, tokenHash), passwordUpdate(deps.db, user._id, await hashPassword(request.newPassword), deps.now())],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new ValidationError(messages.resetInvalid);
    throw error;
  }
  await revokeAllSessions(deps.db, user._id);
  return { message: messages.resetDone };
}
