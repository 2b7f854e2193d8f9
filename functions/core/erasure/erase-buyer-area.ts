import type { Lot } from '../../../shared/domain/lot';
import { deleteAreaFile, getAreaFiles, listProgramDocuments, listUploadedFiles } from '../../data/area-files-repository';
import { deleteTicketNotifications, deleteHousingPartition } from '../../data/housing-notifications-repository';
import { deleteHousingLink, listHousingLinks, listLotLinks } from '../../data/housing-links-repository';
import { listPosts } from '../../data/program-posts-repository';
import { deleteTicket, listHousingTickets, listProgramTickets, type TicketRecord } from '../../data/tickets-repository';
import { getUserByEmail } from '../../data/users-repository';
import type { Deps } from '../../runtime/deps';

/**
 * Erasing a program's or a buyer account's part of the buyer area (part 3 §6: what is deleted
 * leaves nothing reachable). Every step can run again after a crash: files lose their bytes
 * before their item, and a conversation goes only after its files, so a re-run still finds
 * what is left to erase.
 */

/** Files by id: bytes first, then the item. */
async function eraseFiles(deps: Deps, ids: string[]): Promise<void> {
  const files = await getAreaFiles(deps.store, ids);
  for (const file of files) {
    await deps.files.delete(file.storageKey);
    await deleteAreaFile(deps.store, file._id);
  }
}

/** Conversations with every file their messages carry. */
async function eraseConversations(deps: Deps, tickets: TicketRecord[]): Promise<void> {
  for (const ticket of tickets) {
    await eraseFiles(deps, [...ticket.files, ...ticket.answers.flatMap((answer) => answer.files)]);
    await deleteTicket(deps.store, ticket._id);
  }
}

/**
 * A program's buyer area: its conversations, documents and news images (with their bytes), its
 * lots' badges and every account's link to its lots (any tenure). The posts and FAQ themselves
 * are items of the program's partition, removed with it.
 */
export async function eraseProgramBuyerArea(deps: Deps, programId: string, lots: Lot[]): Promise<void> {
  await eraseConversations(deps, await listProgramTickets(deps.store, programId));
  await eraseFiles(
    deps,
    (await listProgramDocuments(deps.store, programId)).map((file) => file._id),
  );
  for (const kind of ['actualite', 'chantier'] as const)
    await eraseFiles(
      deps,
      (await listPosts(deps.store, programId, kind)).flatMap((post) => post.images),
    );
  for (const lot of lots) {
    await deleteHousingPartition(deps.store, lot._id);
    // Links written before the lot index existed are found through the lot's owner and buyer e-mails.
    const buyers = await Promise.all([lot.mailmonsieur, lot.mailmadame].flatMap((email) => (email ? [getUserByEmail(deps.store, email)] : [])));
    const accounts = new Set([
      ...(await listLotLinks(deps.store, lot._id)).map((link) => link.userId),
      ...(lot.owner ? [lot.owner] : []),
      ...buyers.flatMap((user) => (user ? [user._id] : [])),
    ]);
    await Promise.all([...accounts].map((userId) => deleteHousingLink(deps.store, userId, lot._id)));
  }
}

/**
 * A buyer account's part: the conversations it opened in any housing it held (with their files
 * and badges), every file it uploaded, and its housing links. Staff answers in those
 * conversations go with them: a conversation is the buyer's.
 */
export async function eraseBuyerAccountArea(deps: Deps, userId: string): Promise<void> {
  const links = await listHousingLinks(deps.store, userId);
  for (const link of links) {
    const opened = (await listHousingTickets(deps.store, link.lotId)).filter((ticket) => ticket.buyerId === userId);
    await deleteTicketNotifications(deps.store, link.lotId, new Set(opened.map((ticket) => ticket._id)));
    await eraseConversations(deps, opened);
  }
  await eraseFiles(
    deps,
    (await listUploadedFiles(deps.store, userId)).map((file) => file._id),
  );
  await Promise.all(links.map((link) => deleteHousingLink(deps.store, userId, link.lotId)));
}
