import { adminUserMessages } from '../../../shared/messages/admin';
import type { Role } from '../../../shared/domain/roles';
import { getInvoiceEntity } from '../../data/invoice-entities-repository';
import type { Deps } from '../../runtime/deps';
import { ValidationError } from '../errors';
import { assertInvoiceEntityExists } from './invoice-entities';

/** The roles whose programs' plannings are billed to their entity (a program's owner, part 3 §3). */
const billedRoles: readonly Role[] = ['promoter', 'amo'];

const refuse = (message: string) => new ValidationError(message, [{ path: 'invoiceEntity', message }]);

/**
 * The invoicing entity an account may hold (part 3 §3 User `invoiceEntity`, Invoicing entity
 * `promoter`): an existing entity, on a promoter or AMO account (the owners of programs, whose new
 * plannings are billed to it); a promoter's entity is one of its own (the entity names it as its
 * promoter). `accountId` is absent at creation, when no entity can name the account yet.
 */
export async function assertAccountInvoiceEntity(deps: Deps, entityId: string, account: { role: Role; accountId?: string }): Promise<void> {
  await assertInvoiceEntityExists(deps, entityId);
  if (!billedRoles.includes(account.role)) throw refuse(adminUserMessages.invoiceEntityNotForRole);
  if (account.role !== 'promoter' || !account.accountId) return;
  const entity = await getInvoiceEntity(deps.store, entityId);
  if (entity?.promoter !== account.accountId) throw refuse(adminUserMessages.invoiceEntityOfAnotherPromoter);
}
