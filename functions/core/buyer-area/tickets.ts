import { z } from 'zod';
import {
  type ProgramMessagesPage,
  type ProgramMessagesQuery,
  type Sender,
  type Ticket,
  type answerCreateSchema,
  type staffAnswerSchema,
  type ticketCreateSchema,
} from '../../../shared/domain/buyer-area';
import { buyerAreaMessages } from '../../../shared/messages/buyer-area';
import { messages } from '../../../shared/messages/common';
import { commitBuyerAreaChanges, type BuyerAreaChange } from '../../data/buyer-area-writes';
import type { ProgramRecord } from '../../data/programs-repository';
import {
  getTicket,
  listHousingTickets,
  listProgramTicketPage,
  isTicketIndexPosition,
  type StoredAnswer,
  type TicketRecord,
} from '../../data/tickets-repository';
import { getUserById } from '../../data/users-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors';
import { deliverCommittedJobs } from '../jobs/schedule-job';
import { decodePageCursor, encodePageCursor } from '../paging/page-cursor';
import { loadProgramFor } from '../programs/program-access';
import { newObjectId } from '../security/ids';
import { attachableFiles, filesById, presentFiles } from './area-files';
import { heldHousing, loadOwnHousing } from './housing-access';
import { conversationVisibleTo } from './housing-tenure';
import { newMessageMailJob } from './message-mail';

async function senderOf(deps: Deps, caller: Caller): Promise<Sender & { email: string }> {
  const user = await getUserById(deps.store, caller.userId);
  if (!user) throw new ForbiddenError(messages.forbidden);
  return { _id: user._id, name: `${user.firstname} ${user.lastname}`.trim(), side: caller.role === 'customer' ? 'buyer' : 'staff', email: user.email };
}

/** Who staff mail goes to: the program's customer-relations address, else its owner. */
async function staffRecipients(deps: Deps, program: ProgramRecord): Promise<string[]> {
  if (program.mailrespclient) return [program.mailrespclient];
  const owner = await getUserById(deps.store, program.owner);
  return owner ? [owner.email] : [];
}

/** Tickets as answered, every file with its signed link (one BatchGet for the whole list). */
async function presentTickets(deps: Deps, tickets: TicketRecord[]): Promise<Ticket[]> {
  const known = await filesById(
    deps,
    tickets.flatMap((ticket) => [...ticket.files, ...ticket.answers.flatMap((answer) => answer.files)]),
  );
  return Promise.all(
    tickets.map(async ({ buyerId: _buyer, tenure: _tenure, ...ticket }) => ({
      ...ticket,
      files: await presentFiles(deps, ticket.files, known),
      answers: await Promise.all(ticket.answers.map(async (answer) => ({ ...answer, files: await presentFiles(deps, answer.files, known) }))),
    })),
  );
}

/**
 * Writes a message and what goes with it in one transaction: its files attached (only once, only
 * the sender's), the buyer's badge when staff wrote, the mail job to the other side.
 */
async function commitMessage(
  deps: Deps,
  changes: BuyerAreaChange[],
  mailTo: string[],
  mail: { subject: string; senderName: string; link: string },
): Promise<void> {
  const mailJob = mailTo.length > 0 ? newMessageMailJob(deps, mailTo, mail) : null;
  const written = await commitBuyerAreaChanges(deps.store, [...changes, ...(mailJob ? [{ kind: 'job' as const, job: mailJob }] : [])]);
  // A file used by another message meanwhile, or a ticket deleted.
  if (!written.committed) throw new ConflictError(buyerAreaMessages.fileNotFound);
  if (mailJob) await deliverCommittedJobs(deps, [mailJob]);
}

/** The sender's uploads attached to a message of `ticket`, in its housing and tenure. */
function attachedToTicket(
  files: { _id: string }[],
  uploaderId: string,
  ticket: Pick<TicketRecord, '_id' | 'program' | 'housing' | 'tenure'>,
): BuyerAreaChange[] {
  return files.map((file) => ({
    kind: 'fileAttached',
    fileId: file._id,
    uploaderId,
    owner: { attachedTo: ticket._id, program: ticket.program, housing: ticket.housing, tenure: ticket.tenure },
  }));
}

/** GET /users/me/housings/{id}/tickets. */
export async function listMyTickets(deps: Deps, caller: Caller, housingId: string): Promise<{ tickets: Ticket[] }> {
  const { lot } = await loadOwnHousing(deps, caller, housingId);
  const tickets = (await listHousingTickets(deps.store, housingId)).filter((ticket) => conversationVisibleTo(ticket, lot, caller.userId));
  return { tickets: await presentTickets(deps, tickets) };
}

/** A buyer opens a conversation about one of their housings. */
export async function openTicket(deps: Deps, caller: Caller, housingId: string, request: z.infer<typeof ticketCreateSchema>): Promise<{ ticket: Ticket }> {
  const { lot, program } = await loadOwnHousing(deps, caller, housingId);
  const files = await attachableFiles(deps, caller, request.files);
  const { email: _email, ...sender } = await senderOf(deps, caller);
  const at = deps.now().toISOString();
  const ticket: TicketRecord = {
    _id: newObjectId(),
    housing: lot._id,
    program: program._id,
    lotcomm: lot.lotcomm,
    buyerId: caller.userId,
    subject: request.subject,
    message: request.message,
    files: files.map((file) => file._id),
    sender,
    answers: [],
    createdAt: at,
    lastMessageAt: at,
    unreadByStaff: true,
    ...(lot.tenure ? { tenure: lot.tenure } : {}),
  };
  await commitMessage(deps, [{ kind: 'newTicket', ticket }, ...attachedToTicket(files, caller.userId, ticket)], await staffRecipients(deps, program), {
    subject: ticket.subject,
    senderName: sender.name,
    link: `/projets/${program._id}/messages`,
  });
  return { ticket: (await presentTickets(deps, [ticket]))[0] };
}

function newAnswer(sender: Sender, message: string, files: string[], at: string): StoredAnswer {
  return { _id: newObjectId(), sender, message, files, updatedAt: at };
}

/** POST /users/me/answer/create: the buyer replies in a conversation of one of their housings. */
export async function answerAsBuyer(deps: Deps, caller: Caller, request: z.infer<typeof answerCreateSchema>): Promise<{ answer: Ticket['answers'][number] }> {
  const ticket = await getTicket(deps.store, request.ticket);
  if (!ticket) throw new NotFoundError(buyerAreaMessages.ticketNotFound);
  const { lot, program } = await loadOwnHousing(deps, caller, ticket.housing);
  // A conversation of the lot's former buyers is refused like another buyer's.
  if (!conversationVisibleTo(ticket, lot, caller.userId)) throw new ForbiddenError(messages.forbidden);
  const files = await attachableFiles(deps, caller, request.files);
  const { email: _email, ...sender } = await senderOf(deps, caller);
  const answer = newAnswer(
    sender,
    request.message,
    files.map((file) => file._id),
    deps.now().toISOString(),
  );
  await commitMessage(
    deps,
    [{ kind: 'answer', ticket, answer, unreadByStaff: true }, ...attachedToTicket(files, caller.userId, ticket)],
    await staffRecipients(deps, program),
    { subject: ticket.subject, senderName: sender.name, link: `/projets/${program._id}/messages` },
  );
  return { answer: { ...answer, files: await presentFiles(deps, answer.files) } };
}

/** A staff member of the program answers: the buyer gets a badge on « messages » and an e-mail. */
export async function answerAsStaff(
  deps: Deps,
  caller: Caller,
  programId: string,
  ticketId: string,
  request: z.infer<typeof staffAnswerSchema>,
): Promise<{ ticket: Ticket }> {
  await loadProgramFor(deps, caller, programId);
  const ticket = await getTicket(deps.store, ticketId);
  if (!ticket || ticket.program !== programId) throw new NotFoundError(buyerAreaMessages.ticketNotFound);
  const files = await attachableFiles(deps, caller, request.files);
  const { email: _email, ...sender } = await senderOf(deps, caller);
  const at = deps.now().toISOString();
  const answer = newAnswer(
    sender,
    request.message,
    files.map((file) => file._id),
    at,
  );
  const [buyer, held] = await Promise.all([getUserById(deps.store, ticket.buyerId), heldHousing(deps, ticket.buyerId, ticket.housing)]);
  // A buyer who lost the lot is not told of a conversation they can no longer open (part 1 §6).
  const mailTo = buyer && held && conversationVisibleTo(ticket, held, buyer._id) ? [buyer.email] : [];
  await commitMessage(
    deps,
    [
      { kind: 'answer', ticket, answer, unreadByStaff: false },
      ...attachedToTicket(files, caller.userId, ticket),
      // The badge is the conversation's tenure's: the lot's later buyers never see it.
      {
        kind: 'badge',
        housingId: ticket.housing,
        notification: { _id: newObjectId(), badgeName: 'messages', ticket: ticket._id, createdAt: at },
        tenure: ticket.tenure,
      },
    ],
    mailTo,
    { subject: ticket.subject, senderName: sender.name, link: `/logement/${ticket.housing}/messages` },
  );
  const updated = await getTicket(deps.store, ticketId);
  return { ticket: (await presentTickets(deps, [updated ?? ticket]))[0] };
}

/** What a page of the program's conversations may weigh as stored (the answer adds the files' signed links). */
const maxTicketPageBytes = 600_000;

const ticketPosition = z.string().max(200).refine(isTicketIndexPosition);

/**
 * GET /projets/{id}/messages: the program's conversations a page at a time (docs/architecture.md
 * « Bounded answers »), those waiting for staff first, then by latest message: the program's index
 * is in that order, so the order holds across pages. With `lot` (the client detail's Messages tab)
 * the lot's own conversations, from its own index, in one answer: they grow with one lot, not the
 * program.
 */
export async function listProgramMessages(deps: Deps, caller: Caller, programId: string, query: ProgramMessagesQuery): Promise<ProgramMessagesPage> {
  await loadProgramFor(deps, caller, programId);
  if (query.lot) {
    const tickets = (await listHousingTickets(deps.store, query.lot)).filter((ticket) => ticket.program === programId);
    tickets.sort((a, b) => Number(b.unreadByStaff) - Number(a.unreadByStaff) || b.lastMessageAt.localeCompare(a.lastMessageAt));
    return { tickets: await presentTickets(deps, tickets), nextCursor: null };
  }
  const after = query.cursor === undefined ? undefined : decodePageCursor(query.cursor, ticketPosition, buyerAreaMessages.invalidTicketCursor);
  const page = await listProgramTicketPage(deps.store, programId, { after, limit: query.limit, maxBytes: maxTicketPageBytes });
  return { tickets: await presentTickets(deps, page.tickets), nextCursor: page.next === null ? null : encodePageCursor(page.next) };
}
