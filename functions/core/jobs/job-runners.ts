import { z } from 'zod';
import type { Deps } from '../../runtime/deps';

/**
 * What each kind of deferred job does. Runners must tolerate a second delivery: the dispatch
 * use case claims the job first, so a runner is called once per job.
 */
export type JobRunner = (deps: Deps, payload: Record<string, unknown>) => Promise<void>;

const sendEmailPayload = z.object({ to: z.array(z.string()).min(1), subject: z.string(), text: z.string(), html: z.string().optional() });
const sendSmsPayload = z.object({ to: z.string(), text: z.string() });

export const jobRunners: Record<string, JobRunner> = {
  'send-email': async (deps, payload) => {
    await deps.mailer.send(sendEmailPayload.parse(payload));
  },
  'send-sms': async (deps, payload) => {
    const { to, text } = sendSmsPayload.parse(payload);
    await deps.sms.send(to, text);
  },
};
