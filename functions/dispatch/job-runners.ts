import { z } from 'zod';
import { mailResetLink, resetLinkJobKind } from '../core/accounts/password-reset';
import { sendReminder } from '../core/booking/send-reminder';
import { buyerMessageJobKind } from '../core/messaging/buyer-message-job';
import { sendBuyerMessage } from '../core/messaging/send-buyer-message';
import { continueInvitationWave } from '../core/messaging/invitation-wave';
import { purgeProgramJobKind, runProgramPurge } from '../core/programs/delete-program';
import { eraseAccountJobKind, runAccountErasure } from '../core/admin/erase-account';
import type { JobRunners } from '../core/jobs/job-context';
import { forceMajeureJobKind, notifyForceMajeure } from '../core/booking/force-majeure-notice';
import { sendVisitMail, visitMailJobKind } from '../core/virtual-visits/visit-mail';
// part 1 §2 buyer area: buyer invitation
import { buyerInvitationJobKind, mailBuyerInvitation } from '../core/buyer-area/buyer-invitation-mail';
import { emailVerificationJobKind, mailEmailVerification } from '../core/accounts/email-verification-mail';
// One delivery path: the mails requests used to send themselves, now jobs.
import { credentialsJobKind, mailCredentials } from '../core/admin/create-user';
import { mailPersonalData, personalDataJobKind } from '../core/booking/gdpr-request';
import { deliverOnce, mailOnce } from '../core/jobs/deliver-once';
// Staff bulk actions as waves of jobs (part 2 §5)
import { runWave } from '../core/waves/run-wave';
import { waveJobKind } from '../core/waves/start-wave';
import { waveMessageJobKind } from '../core/waves/wave-kind';
import { countDeadWaveMessage, sendWaveMessage } from '../core/waves/wave-message';
import { waveSpecOf } from './wave-specs';
// The earlier-slot waitlist (docs/user-guide.md « Liste d'attente »)
import { runWaitlistCheck } from '../core/waitlist/waitlist-check';
import { waitlistCheckJobKind } from '../core/planning-actions/waitlist-check-job';
import { sendWaitlistOffer, waitlistOfferJobKind } from '../core/waitlist/waitlist-offer';
// Work that grows with a program, as operations (docs/architecture.md)
import { importStep } from '../core/lots/client-import';
import { operationJobKind } from '../core/operations/operation-job';
import { operationJob, operationRunner } from '../core/operations/operation-runner';
import { planningCreationRunner } from '../core/plannings/planning-creation';
import { planningDeletionStep } from '../core/plannings/delete-planning';
import { planningExportStep } from '../core/exports/planning-export-operation';
import { printOperationPdf } from '../runtime/operation-pdf-printer';

const sendEmailPayload = z.object({ to: z.array(z.string()).min(1), subject: z.string(), text: z.string(), html: z.string().optional() });
const sendSmsPayload = z.object({ to: z.string(), text: z.string() });
const reminderPayload = z.object({ planningId: z.string(), uuid: z.string(), start: z.string() });
const resetMailPayload = z.object({ email: z.string() });

/**
 * Every job kind's runner: registered with the dispatcher by the dispatch handler. The registry
 * lives with the handler, above every area of functions/core it runs: the use cases schedule their
 * jobs through `core/jobs/schedule-job.ts` and never import it back.
 */
export const jobRunners: JobRunners = {
  // A ready message, once per job (send record keyed by the job).
  'send-email': async (deps, payload, { job }) => {
    await mailOnce(deps, job.id, sendEmailPayload.parse(payload));
  },
  'send-sms': async (deps, payload, { job }) => {
    const { to, text } = sendSmsPayload.parse(payload);
    await deliverOnce(deps, job.id, to, 'sms', () => ({ channel: 'sms', to, text }));
  },
  'send-invitations': continueInvitationWave,
  'send-reminder': async (deps, payload, context) => {
    await sendReminder(deps, reminderPayload.parse(payload), context);
  },
  [buyerMessageJobKind]: sendBuyerMessage,
  // Once per job; a run that did not send draws a fresh link (the newest link is the valid one).
  [resetLinkJobKind]: async (deps, payload, context) => {
    await mailResetLink(deps, resetMailPayload.parse(payload).email, context);
  },
  // Erasures (a program's purge, an account's): every step can run again.
  [purgeProgramJobKind]: runProgramPurge,
  [eraseAccountJobKind]: runAccountErasure,
  // part 2 §2.5, §2.7: staff told of a buyer's force majeure, once (send record keyed by the job).
  [forceMajeureJobKind]: notifyForceMajeure,
  // part 1 §2, part 3 §2: a visit's link mail (send records keyed by the job: a re-run skips what went out).
  [visitMailJobKind]: sendVisitMail,
  // part 1 §2 buyer area: a buyer's set-password invitation; like the reset link, once per job.
  [buyerInvitationJobKind]: async (deps, payload, context) => {
    await mailBuyerInvitation(deps, resetMailPayload.parse(payload).email, context);
  },
  // part 1 §2 buyer area: the e-mail confirmation link; like the reset link, once per job.
  [emailVerificationJobKind]: async (deps, payload, context) => {
    await mailEmailVerification(deps, resetMailPayload.parse(payload).email, context);
  },
  // A new account's credentials (the password is scrubbed from the job once sent).
  [credentialsJobKind]: mailCredentials,
  // A buyer's personal data, asked from the booking page.
  [personalDataJobKind]: mailPersonalData,
  // Staff bulk actions: a wave's run claims 50 recipients with their message jobs; each message job counts itself once.
  [waveJobKind]: (deps, payload, run) => runWave(deps, payload, run, waveSpecOf),
  [waveMessageJobKind]: {
    run: (deps, payload, run) => sendWaveMessage(deps, payload, run, waveSpecOf),
    deadLettered: (deps, job) => countDeadWaveMessage(deps, job, waveSpecOf),
  },
  // A check holds each start for one waiter at most (version-conditioned); an offer is sent once per job.
  [waitlistCheckJobKind]: runWaitlistCheck,
  [waitlistOfferJobKind]: sendWaitlistOffer,
  // A client import: read, plan, lots written 500 at a time, finish (each step can run again).
  [operationJobKind('client-import')]: operationJob(operationRunner(importStep)),
  // A planning's creation: its meetings a page at a time, then its end with the invitation wave (« Planning creation »).
  [operationJobKind('planning-creation')]: operationJob(planningCreationRunner),
  // A planning's deletion: reminders, 3D visits, partition, promoter entry, step by step.
  [operationJobKind('planning-deletion')]: operationJob(operationRunner(planningDeletionStep)),
  // A big planning's PDF or XLSX, stored for GET /operations/{id}/file (the PDF by the renderer function in AWS).
  [operationJobKind('planning-export')]: operationJob(operationRunner(planningExportStep(printOperationPdf))),
};
