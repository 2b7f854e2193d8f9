import { invoiceEntityMessages } from '../../../shared/messages/admin';
import { getInvoiceEntity } from '../../data/invoice-entities-repository';
import type { ProgramRecord } from '../../data/programs-repository';
import { getUserById } from '../../data/users-repository';
import type { Deps } from '../../runtime/deps';
import { planningsInvoice } from './plannings-billing';

/** The entity a new planning is billed to, and the warning its creator sees when it has no credits left. */
export interface PlanningBillingEntity {
  readonly invoiceEntity?: string;
  readonly warning?: string;
}

/**
 * Part 3 §2 (★ the specification only shows a counter): a new planning is billed to its
 * program's entity, else to the entity of the program's owner (the promoter account an
 * administrator attached to one). When that entity has already used all its credits (booked
 * visits of its plannings ≥ credits), the creation still succeeds — the administrator tops the
 * credits up afterwards — but its creator is told. An entity that no longer exists bills nothing.
 */
export async function planningBillingEntity(deps: Deps, program: ProgramRecord): Promise<PlanningBillingEntity> {
  const entityId = program.invoiceEntity ?? (await getUserById(deps.store, program.owner))?.invoiceEntity;
  if (!entityId) return {};
  const entity = await getInvoiceEntity(deps.store, entityId);
  if (!entity) return {};
  // Counted like GET /plannings-invoice, so the warning and the entity page's counter agree.
  const used = (await planningsInvoice(deps))[entity._id]?.used ?? 0;
  return used >= entity.credits
    ? { invoiceEntity: entity._id, warning: invoiceEntityMessages.noCreditsLeft(entity.raisonsociale) }
    : { invoiceEntity: entity._id };
}
