import { z } from 'zod';
import { adminUserPatchSchema, userListQuerySchema } from '../../shared/domain/admin-users';
import { adminUserMessages } from '../../shared/messages/admin';
import { auditLogQuerySchema } from '../../shared/domain/audit-log';
import { creditsUnlockSchema, invoiceEntityCreateSchema, invoiceEntityPatchSchema } from '../../shared/domain/invoice-entity';
import { invoiceEntityMessages } from '../../shared/messages/admin';
import { readAuditLog } from '../core/audit/audit-log';
import { unlockCredits } from '../core/admin/credits-password';
import { deleteUserAsAdministrator } from '../core/admin/delete-user';
import { createEntity, deleteEntity, listEntities, loadInvoiceEntity, updateEntity } from '../core/admin/invoice-entities';
import { listBusinessUsers, listUsers } from '../core/admin/list-users';
import { listProgramPermissions, listUserPermissions, setProgramPermissions, setUserPermissions } from '../core/admin/permissions';
import { listBillingPlannings, planningsInvoice } from '../core/admin/plannings-billing';
import { simulateUser } from '../core/admin/simulate-user';
import { updateUserAsAdministrator } from '../core/admin/update-user';
import { getUserDetail } from '../core/admin/user-detail';
import { messages } from '../../shared/messages/common';
import { programNotFound } from '../core/programs/program-access';
import { defineRoutes } from '../http/define-routes';
import { route } from '../http/route';
import { objectIdSchema } from '../../shared/domain/ids';

const objectId = objectIdSchema();
const userId = z.object({ id: objectIdSchema(adminUserMessages.userNotFound) });
const entityId = z.object({ id: objectIdSchema(invoiceEntityMessages.notFound) });
const programId = z.object({ id: objectIdSchema(programNotFound) });
const authorizedBody = z.object({ authorized: z.array(objectId).max(500) });
const administrators = ['administrator'] as const;

/** The administration (part 3 §7): administrators only; a simulated session is never one. */
export const handler = defineRoutes('admin', {
  'GET /api/admin/users': route({ access: administrators, forbidden: adminUserMessages.listForbidden, query: userListQuerySchema }, ({ deps, query }) =>
    listUsers(deps, query),
  ),
  'GET /api/admin/users/business': route({ access: administrators }, ({ deps }) => listBusinessUsers(deps)),
  'GET /api/admin/users/{id}': route({ access: administrators, params: userId }, ({ deps, params }) => getUserDetail(deps, params.id)),
  'PATCH /api/admin/users/{id}': route({ access: administrators, params: userId, body: adminUserPatchSchema }, ({ deps, params, body }) =>
    updateUserAsAdministrator(deps, params.id, body),
  ),
  'DELETE /api/admin/users/{id}': route({ access: administrators, params: userId }, ({ deps, caller, params }) =>
    deleteUserAsAdministrator(deps, caller, params.id),
  ),
  // A simulated session carries the simulated user's role: the refusal says why it cannot nest.
  'GET /api/admin/simulate/{id}': route(
    { access: administrators, forbidden: (caller) => (caller.impersonatorId ? adminUserMessages.noNestedSimulation : messages.forbidden), params: userId },
    ({ deps, caller, params }) => simulateUser(deps, caller, params.id),
  ),
  'GET /api/admin/permissions/users': route({ access: administrators }, ({ deps }) => listUserPermissions(deps)),
  'PATCH /api/admin/permissions/users/{id}': route({ access: administrators, params: userId, body: authorizedBody }, ({ deps, caller, params, body }) =>
    setUserPermissions(deps, caller, params.id, body.authorized),
  ),
  'GET /api/admin/permissions/programs': route({ access: administrators }, ({ deps }) => listProgramPermissions(deps)),
  'PATCH /api/admin/permissions/programs/{id}': route({ access: administrators, params: programId, body: authorizedBody }, ({ deps, caller, params, body }) =>
    setProgramPermissions(deps, caller, params.id, body.authorized),
  ),
  'GET /api/admin/clients': route({ access: administrators }, ({ deps }) => listEntities(deps)),
  'POST /api/admin/client': route({ access: administrators, body: invoiceEntityCreateSchema }, ({ deps, body }) => createEntity(deps, body), 201),
  'GET /api/admin/clients/{id}': route({ access: administrators, params: entityId }, ({ deps, params }) => loadInvoiceEntity(deps, params.id)),
  'PATCH /api/admin/clients/{id}': route({ access: administrators, params: entityId, body: invoiceEntityPatchSchema }, ({ deps, caller, params, body }) =>
    updateEntity(deps, caller, params.id, body),
  ),
  'DELETE /api/admin/clients/{id}': route({ access: administrators, params: entityId }, ({ deps, params }) => deleteEntity(deps, params.id)),
  'POST /api/admin/clients/{id}/credits-unlock': route(
    { access: administrators, params: entityId, body: creditsUnlockSchema },
    async ({ deps, caller, params, body }) => {
      await loadInvoiceEntity(deps, params.id);
      return unlockCredits(deps, caller, body.password);
    },
  ),
  'GET /api/plannings-invoice': route({ access: administrators }, ({ deps }) => planningsInvoice(deps)),
  'GET /api/plannings': route({ access: administrators }, ({ deps }) => listBillingPlannings(deps)),
  'GET /api/admin/audit-log': route({ access: administrators, query: auditLogQuerySchema }, ({ deps, query }) => readAuditLog(deps, query)),
});
