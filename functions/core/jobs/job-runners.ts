import { z } from 'zod';
import type { Deps } from '../../runtime/deps';
import { mailResetLink, resetLinkJobKind } from '../accounts/password-reset';
import { sendReminder } from '../booking/send-reminder';
import { sendInvitations } from '../messaging/send-invitations';
import { purgeProgram, purgeProgramJobKind, purgeProgramPayload } from '../programs/delete-program';

/**
 * What each kind of deferred job does. Runners must tolerate a second delivery: the dispatch
 * use case claims the job first, so a runner is called once per job.
 */
export type JobRunner = (deps: Deps, payload: Record<string, unknown>) => Promise<void>;

const sendEmailPayload = z.object({ to: z.array(z.string()).min(1), subject: z.string(), text: z.string(), html: z.string().optional() });
const sendSmsPayload = z.object({ to: z.string(), text: z.string() });
const invitationsPayload = z.object({ planningId: z.string(), uuids: z.array(z.string()).optional() });
const reminderPayload = z.object({ planningId: z.string(), uuid: z.string(), start: z.string() });
const resetMailPayload = z.object({ email: z.string() });

export const jobRunners: Record<string, JobRunner> = {
  'send-email': async (deps, payload) => {
    await deps.mailer.send(sendEmailPayload.parse(payload));
  },
  'send-sms': async (deps, payload) => {
    const { to, text } = sendSmsPayload.parse(payload);
    await deps.sms.send(to, text);
  },
  'send-invitations': async (deps, payload) => {
    const { planningId, uuids } = invitationsPayload.parse(payload);
    await sendInvitations(deps, planningId, uuids);
  },
  'send-reminder': async (deps, payload) => {
    await sendReminder(deps, reminderPayload.parse(payload));
  },
  [resetLinkJobKind]: async (deps, payload) => {
    await mailResetLink(deps, resetMailPayload.parse(payload).email);
  },
  [purgeProgramJobKind]: async (deps, payload) => {
    await purgeProgram(deps, purgeProgramPayload.parse(payload).programId);
  },
};
