import { z } from 'zod';
import type { Deps } from '../../runtime/deps';
import { mailResetLink, resetLinkJobKind } from '../accounts/password-reset';
import { sendReminder } from '../booking/send-reminder';
import { buyerMessageJobKind } from '../messaging/buyer-message-job';
import { sendBuyerMessage } from '../messaging/send-buyer-message';
import { continueInvitationWave } from '../messaging/invitation-wave';
import { purgeProgram, purgeProgramJobKind, purgeProgramPayload } from '../programs/delete-program';
import type { JobContext } from './job-context';
import { forceMajeureJobKind, notifyForceMajeure } from '../booking/force-majeure-notice';
import { sendVisitMail, visitMailJobKind } from '../virtual-visits/visit-mail';
// issue 15: buyer invitation
import { buyerInvitationJobKind, mailBuyerInvitation } from '../buyer-area/buyer-invitation-mail';
import { emailVerificationJobKind, mailEmailVerification } from '../accounts/email-verification-mail';
// Staff bulk actions as waves of jobs (part 2 §5)
import { runWave } from '../waves/run-wave';
import { waveJobKind } from '../waves/start-wave';
import { waveMessageJobKind } from '../waves/wave-kind';
import { sendWaveMessage } from '../waves/wave-message';

/**
 * What each kind of deferred job does. A runner may run again after a crash or a failure (the
 * claim has a lease, failures are retried): each one is written so that a re-run does no harm
 * (send records keyed by the job id, conditional claims of invitations).
 */
export type JobRunner = (deps: Deps, payload: Record<string, unknown>, context: JobContext) => Promise<void>;

const sendEmailPayload = z.object({ to: z.array(z.string()).min(1), subject: z.string(), text: z.string(), html: z.string().optional() });
const sendSmsPayload = z.object({ to: z.string(), text: z.string() });
const reminderPayload = z.object({ planningId: z.string(), uuid: z.string(), start: z.string() });
const resetMailPayload = z.object({ email: z.string() });

export const jobRunners: Record<string, JobRunner> = {
  'send-email': async (deps, payload, { job }) => {
    await deps.mailer.send(sendEmailPayload.parse(payload), { idempotencyKey: job.id });
  },
  'send-sms': async (deps, payload, { job }) => {
    const { to, text } = sendSmsPayload.parse(payload);
    await deps.sms.send(to, text, { idempotencyKey: job.id });
  },
  'send-invitations': continueInvitationWave,
  'send-reminder': async (deps, payload, context) => {
    await sendReminder(deps, reminderPayload.parse(payload), context);
  },
  [buyerMessageJobKind]: sendBuyerMessage,
  // A re-run draws a fresh link and mails it (the newest link is the valid one): no idempotency key.
  [resetLinkJobKind]: async (deps, payload) => {
    await mailResetLink(deps, resetMailPayload.parse(payload).email);
  },
  // Every step of a program's purge can run again.
  [purgeProgramJobKind]: async (deps, payload) => {
    await purgeProgram(deps, purgeProgramPayload.parse(payload).programId);
  },
  // issue 13: staff told of a buyer's force majeure, once (send record keyed by the job).
  [forceMajeureJobKind]: notifyForceMajeure,
  // issue 16: a visit's link mail (send records keyed by the job: a re-run skips what went out).
  [visitMailJobKind]: sendVisitMail,
  // issue 15: a buyer's set-password invitation; like the reset link, a re-run draws a fresh link.
  [buyerInvitationJobKind]: async (deps, payload) => {
    await mailBuyerInvitation(deps, resetMailPayload.parse(payload).email);
  },
  // issue 15: the e-mail confirmation link; a re-run draws a fresh link, which replaces the first.
  [emailVerificationJobKind]: async (deps, payload) => {
    await mailEmailVerification(deps, resetMailPayload.parse(payload).email);
  },
  // Staff bulk actions: a wave's run claims 50 recipients with their message jobs; each message job counts itself once.
  [waveJobKind]: runWave,
  [waveMessageJobKind]: sendWaveMessage,
};
