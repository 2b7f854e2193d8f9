import { type InvoiceEntity, type InvoiceEntityCreate, type InvoiceEntityPatch } from '../../../shared/domain/invoice-entity';
import { invoiceEntityMessages } from '../../../shared/messages/admin';
import { createInvoiceEntity, deleteInvoiceEntity, getInvoiceEntity, listInvoiceEntities, saveInvoiceEntity } from '../../data/invoice-entities-repository';
import { getUserById } from '../../data/users-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { newObjectId } from '../security/ids';
import { checkCreditsPassword } from './credits-password';
import { billedPlannings } from './plannings-billing';

export async function loadInvoiceEntity(deps: Deps, id: string): Promise<InvoiceEntity> {
  const entity = await getInvoiceEntity(deps.store, id);
  if (!entity) throw new NotFoundError(invoiceEntityMessages.notFound);
  return entity;
}

export async function assertInvoiceEntityExists(deps: Deps, id: string): Promise<void> {
  if (!(await getInvoiceEntity(deps.store, id)))
    throw new ValidationError(invoiceEntityMessages.notFound, [{ path: 'invoiceEntity', message: invoiceEntityMessages.notFound }]);
}

/** The promoter of an entity is a promoter account (part 3 §5: 'Veuillez indiquer un promoteur'). */
async function assertPromoter(deps: Deps, promoterId: string, message: string): Promise<void> {
  const user = await getUserById(deps.store, promoterId);
  if (user?.role !== 'promoter') throw new ValidationError(message, [{ path: 'promoter', message }]);
}

/** GET /admin/clients: in lists only _id and raisonsociale are needed (part 3 §3); the table shows a few more. */
export async function listEntities(
  deps: Deps,
): Promise<Pick<InvoiceEntity, '_id' | 'raisonsociale' | 'formejuridique' | 'siret' | 'adresseville' | 'promoter' | 'credits'>[]> {
  return (await listInvoiceEntities(deps.store)).map(({ _id, raisonsociale, formejuridique, siret, adresseville, promoter, credits }) => ({
    _id,
    raisonsociale,
    formejuridique,
    siret,
    adresseville,
    promoter,
    credits,
  }));
}

/** POST /admin/client (the creation modal): no credits yet. */
export async function createEntity(deps: Deps, request: InvoiceEntityCreate): Promise<{ message: string; entity: InvoiceEntity }> {
  await assertPromoter(deps, request.promoter, invoiceEntityMessages.promoterRequired);
  const now = deps.now().toISOString();
  const entity: InvoiceEntity = { _id: newObjectId(), ...request, credits: 0, createdAt: now, updatedAt: now };
  await createInvoiceEntity(deps.store, entity);
  return { message: invoiceEntityMessages.created, entity };
}

/**
 * PATCH /admin/clients/{id}: the form's fields; a change of `credits` needs the credits password,
 * checked here again (the lock is the server's, not only the page's).
 */
export async function updateEntity(deps: Deps, caller: Caller, id: string, patch: InvoiceEntityPatch): Promise<{ message: string; entity: InvoiceEntity }> {
  const current = await loadInvoiceEntity(deps, id);
  await assertPromoter(deps, patch.promoter, invoiceEntityMessages.promoterRequiredOnEdit);
  const { credits, creditsPassword, ...fields } = patch;
  if (credits !== undefined && credits !== current.credits) await checkCreditsPassword(deps, caller, creditsPassword ?? '');
  const next: InvoiceEntity = { ...current, ...fields, credits: credits ?? current.credits, updatedAt: deps.now().toISOString() };
  if (!(await saveInvoiceEntity(deps.store, current, next))) throw new ConflictError(invoiceEntityMessages.updateFailed);
  return { message: invoiceEntityMessages.updated, entity: next };
}

/** DELETE /admin/clients/{id}: refused while plannings are still billed to it (they would point at nothing). */
export async function deleteEntity(deps: Deps, id: string): Promise<{ message: string }> {
  await loadInvoiceEntity(deps, id);
  const billed = (await billedPlannings(deps)).filter((planning) => planning.invoiceEntity === id);
  if (billed.length > 0) throw new ConflictError(invoiceEntityMessages.stillUsed(billed.length));
  if (!(await deleteInvoiceEntity(deps.store, id))) throw new NotFoundError(invoiceEntityMessages.notFound);
  return { message: invoiceEntityMessages.deleted };
}
