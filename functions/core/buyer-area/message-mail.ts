import { newJob, type JobRecord } from '../../data/jobs-repository';
import type { Deps } from '../../runtime/deps';
import { newJobId } from '../jobs/schedule-job';
import { accountMails, newMessageMail } from '../../../shared/messages/account-mails';

/**
 * The e-mail that tells the other side of a conversation a new message is waiting (part 1 §2 buyer area
 * point 4). It is a `send-email` job written in the message's own transaction (docs/architecture.md
 * « Deferred jobs »): the message and its mail are stored together or not at all, and the mail
 * leaves once, from the job, even if this process dies after the commit.
 */
export function newMessageMailJob(deps: Pick<Deps, 'config' | 'now'>, to: string[], message: { subject: string; senderName: string; link: string }): JobRecord {
  const text = [
    'Bonjour,',
    '',
    newMessageMail.wrote(message.senderName, message.subject),
    newMessageMail.readAndReply(`${deps.config.publicUrl}${message.link}`),
    '',
    accountMails.signature,
  ].join('\n');
  return newJob(newJobId(), 'send-email', { to, subject: newMessageMail.subject(message.subject), text }, deps.now(), deps.now());
}
