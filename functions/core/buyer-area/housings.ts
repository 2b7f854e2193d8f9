import { type Faq, type Housing, type HousingDocumentsQuery, type NextVisit, type ProgramPost } from '../../../shared/domain/buyer-area';
import { buyerAreaMessages } from '../../../shared/messages/buyer-area';
import { decodePageCursor, encodePageCursor } from '../paging/page-cursor';
import type { Lot } from '../../../shared/domain/lot';
import { listHousingDocumentPage } from '../../data/area-files-repository';
import { deleteNotification, listNotifications } from '../../data/housing-notifications-repository';
import { getFaq } from '../../data/program-faq-repository';
import { listPosts } from '../../data/program-posts-repository';
import { getProgram, type ProgramRecord } from '../../data/programs-repository';
import type { Caller } from '../caller';
import type { StoredFile } from '../../ports/file-store';
import type { Deps } from '../../runtime/deps';
import { ForbiddenError, NotFoundError } from '../errors';
import { readProgramLogo } from '../programs/program-logo';
import { programNotFound } from '../programs/program-access';
import { messages } from '../../../shared/messages/common';
import { filesById, presentFiles } from './area-files';
import { nextVisitOf } from './buyer-visits';
import { currentHousingLinks, loadOwnHousing } from './housing-access';
import { sameTenure } from './housing-tenure';
import { documentPosition } from './program-content';

function programAddress(program: ProgramRecord): string {
  return [[program.adressenumero, program.adresserue].filter(Boolean).join(' '), [program.adressecodepostal, program.adresseville].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
}

async function present(deps: Deps, lot: Lot, program: ProgramRecord): Promise<Housing> {
  return {
    _id: lot._id,
    lotcomm: lot.lotcomm,
    typologie: lot.typologie,
    batiment: lot.batiment,
    etage: lot.etage,
    adresse: lot.adresse,
    codepostal: lot.codepostal,
    ville: lot.ville,
    program: { _id: program._id, name: program.name, hasAvatar: Boolean(program.avatarKey), adresse: programAddress(program) },
    notifications: await listNotifications(deps.store, lot._id, lot.tenure),
  };
}

/** GET /users/me/housings: the buyer's housings and their next visit (part 1 §2 buyer area). */
export async function listMyHousings(deps: Deps, caller: Caller): Promise<{ housings: Housing[]; nextVisit: NextVisit | null }> {
  if (caller.role !== 'customer') throw new ForbiddenError(messages.forbidden);
  const held = await currentHousingLinks(deps, caller.userId);
  const links = held.map(({ link }) => link);
  const programs = new Map<string, ProgramRecord | null>();
  await Promise.all([...new Set(links.map((link) => link.programId))].map(async (id) => programs.set(id, await getProgram(deps.store, id))));
  const housings = (
    await Promise.all(
      held.map(async ({ link, lot }) => {
        const program = programs.get(link.programId);
        return program ? present(deps, lot, program) : null;
      }),
    )
  ).flatMap((housing) => housing ?? []);
  housings.sort((a, b) => a.program.name.localeCompare(b.program.name, 'fr') || a.lotcomm.localeCompare(b.lotcomm, 'fr'));
  return { housings, nextVisit: await nextVisitOf(deps, links) };
}

/** GET /users/me/housings/{id}: one housing with its badges. */
export async function getMyHousing(deps: Deps, caller: Caller, housingId: string): Promise<{ housing: Housing }> {
  const { lot, program } = await loadOwnHousing(deps, caller, housingId);
  return { housing: await present(deps, lot, program) };
}

/** DELETE /users/me/housings/{id}/notifications/{notificationId}: opening a sub-page clears its badge. */
export async function clearNotification(
  deps: Deps,
  caller: Caller,
  housingId: string,
  notificationId: string,
): Promise<{ notifications: Housing['notifications'] }> {
  const { lot } = await loadOwnHousing(deps, caller, housingId);
  // Deleting a badge already cleared (two tabs open) is not an error: the result is the same. A
  // badge of the lot's former buyers is theirs: left alone.
  if ((await listNotifications(deps.store, housingId, lot.tenure)).some((notification) => notification._id === notificationId))
    await deleteNotification(deps.store, housingId, notificationId);
  return { notifications: await listNotifications(deps.store, housingId, lot.tenure) };
}

/** GET /users/me/housings/{id}/program: the program's name, address, logo flag and FAQ. */
export async function getMyHousingProgram(
  deps: Deps,
  caller: Caller,
  housingId: string,
): Promise<{ program: Housing['program'] & { promotername: string }; faq: Faq }> {
  const { program } = await loadOwnHousing(deps, caller, housingId);
  return {
    program: {
      _id: program._id,
      name: program.name,
      hasAvatar: Boolean(program.avatarKey),
      adresse: programAddress(program),
      promotername: program.promotername,
    },
    faq: await getFaq(deps.store, program._id),
  };
}

/** GET /users/me/housings/{id}/posts?kind=: news or site progress of the housing's program, newest first. */
export async function listMyPosts(deps: Deps, caller: Caller, housingId: string, kind: ProgramPost['kind']): Promise<{ posts: ProgramPost[] }> {
  const { program } = await loadOwnHousing(deps, caller, housingId);
  const posts = await listPosts(deps.store, program._id, kind);
  const known = await filesById(
    deps,
    posts.flatMap((post) => post.images),
  );
  return {
    posts: await Promise.all(
      posts.map(async (post) => ({
        _id: post._id,
        kind: post.kind,
        title: post.title,
        body: post.body,
        images: await presentFiles(deps, post.images, known),
        createdAt: post.createdAt,
      })),
    ),
  };
}

/**
 * GET /users/me/documents?housing=&cursor&limit: documents shared with this housing or its whole
 * program, newest first, a page at a time (docs/architecture.md « Bounded answers »).
 */
export async function listMyDocuments(
  deps: Deps,
  caller: Caller,
  query: HousingDocumentsQuery,
): Promise<{ documents: Awaited<ReturnType<typeof presentFiles>>; nextCursor: string | null }> {
  const { lot, program } = await loadOwnHousing(deps, caller, query.housing);
  const after = query.cursor === undefined ? undefined : decodePageCursor(query.cursor, documentPosition, buyerAreaMessages.invalidDocumentCursor);
  const page = await listHousingDocumentPage(deps.store, program._id, query.housing, { after, limit: query.limit });
  // A document shared with this housing is its buyers' of that time; a program-wide one, everyone's.
  const documents = page.documents.filter((file) => !file.housing || sameTenure(file.tenure, lot.tenure));
  return {
    documents: await presentFiles(
      deps,
      documents.map((file) => file._id),
      new Map(documents.map((file) => [file._id, file])),
    ),
    nextCursor: page.next === null ? null : encodePageCursor(page.next),
  };
}

/** GET /program-logo-from-name?name=: the logo of one of the caller's programs, by its name. */
export async function programLogoByName(deps: Deps, caller: Caller, name: string): Promise<StoredFile> {
  const links = caller.role === 'customer' ? (await currentHousingLinks(deps, caller.userId)).map(({ link }) => link) : [];
  const programs = await Promise.all([...new Set(links.map((link) => link.programId))].map((id) => getProgram(deps.store, id)));
  const program = programs.find((candidate) => candidate && candidate.name.trim().toLowerCase() === name.trim().toLowerCase());
  if (!program) throw new NotFoundError(programNotFound);
  return readProgramLogo(deps, program._id);
}
