import { newJob, type JobRecord } from '../../data/jobs-repository';
import type { Deps } from '../../runtime/deps';
import { newJobId } from '../jobs/schedule-job';

/**
 * The e-mail that tells the other side of a conversation a new message is waiting (part 1 §2 buyer area
 * point 4). It is a `send-email` job written in the message's own transaction (docs/architecture.md
 * « Deferred jobs »): the message and its mail are stored together or not at all, and the mail
 * leaves once, from the job, even if this process dies after the commit.
 */
export function newMessageMailJob(deps: Deps, to: string[], message: { subject: string; senderName: string; link: string }): JobRecord {
  const text = [
    'Bonjour,',
    '',
    `${message.senderName} vous a écrit au sujet de « ${message.subject} ».`,
    `Lisez et répondez au message sur Livrea : ${deps.config.publicUrl}${message.link}`,
    '',
    "L'équipe Livrea",
  ].join('\n');
  return newJob(newJobId(), 'send-email', { to, subject: `Nouveau message : ${message.subject}`, text }, deps.now(), deps.now());
}
