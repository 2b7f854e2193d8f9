import { type VisitPromoterCreate } from '../../../shared/domain/virtual-visit';
import { virtualVisitMessages } from '../../../shared/messages/virtual-visits';
import { listVirtualVisits } from '../../data/virtual-visits-repository';
import {
  deleteVisitPromoter,
  getVisitPromoter,
  listVisitPromoters,
  putVisitPromoter,
  setVisitPromoterLogo,
  type VisitPromoter,
} from '../../data/visit-promoters-repository';
import type { StoredFile } from '../../ports/file-store';
import type { Deps } from '../../runtime/deps';
import { ConflictError, NotFoundError } from '../errors';
import { newObjectId } from '../security/ids';
import type { UploadedFile } from '../uploads/uploaded-file';
import { messages } from '../../../shared/messages/common';

/** A promoter as lists show it: whether it has a logo, never the file's key. */
export type VisitPromoterView = Omit<VisitPromoter, 'logoKey'> & { hasLogo: boolean };

function toPromoterView({ logoKey, ...promoter }: VisitPromoter): VisitPromoterView {
  return { ...promoter, hasLogo: !!logoKey };
}

/** GET /promoters-open: every visit promoter, by internal name. */
export async function listPromoters(deps: Deps): Promise<{ promoters: VisitPromoterView[] }> {
  return { promoters: (await listVisitPromoters(deps.store)).map(toPromoterView) };
}

/** POST /promoter/create (part 3 §7): answers the new _id. */
export async function createPromoter(deps: Deps, request: VisitPromoterCreate): Promise<{ _id: string; message: string }> {
  const promoter: VisitPromoter = { _id: newObjectId(), ...request, createdAt: deps.now().toISOString() };
  await putVisitPromoter(deps.store, promoter);
  return { _id: promoter._id, message: virtualVisitMessages.promoterCreated };
}

/** POST /promoters/{id}/logo. */
export async function savePromoterLogo(deps: Deps, id: string, file: UploadedFile): Promise<{ message: string }> {
  if (!(await getVisitPromoter(deps.store, id))) throw new NotFoundError(virtualVisitMessages.promoterNotFound);
  const key = `visit-promoters/${id}/logo`;
  await deps.files.put(key, file.content, file.contentType);
  if (!(await setVisitPromoterLogo(deps.store, id, key))) throw new NotFoundError(virtualVisitMessages.promoterNotFound);
  return { message: messages.logoSent };
}

/** GET /promoter/{id}/logo: public, the visit page shows it. */
export async function readPromoterLogo(deps: Deps, id: string): Promise<StoredFile> {
  const promoter = await getVisitPromoter(deps.store, id);
  const file = promoter?.logoKey ? await deps.files.get(promoter.logoKey) : null;
  if (!file) throw new NotFoundError(virtualVisitMessages.promoterNotFound);
  return file;
}

/** DELETE /promoter/{id}: refused while a visit still shows it (its page would lose its texts). */
export async function deletePromoter(deps: Deps, id: string): Promise<{ message: string }> {
  const promoter = await getVisitPromoter(deps.store, id);
  if (!promoter) throw new NotFoundError(virtualVisitMessages.promoterNotFound);
  if ((await listVirtualVisits(deps.store)).some((visit) => visit.promoter === id)) throw new ConflictError(virtualVisitMessages.promoterInUse);
  await deleteVisitPromoter(deps.store, id);
  if (promoter.logoKey) await deps.files.delete(promoter.logoKey);
  return { message: virtualVisitMessages.promoterDeleted };
}
