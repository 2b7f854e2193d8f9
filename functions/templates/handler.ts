import { z } from 'zod';
import { templateCreateSchema, templatePatchSchema } from '../../shared/domain/message-template';
import { templateMessages } from '../../shared/messages/templates';
import { createUserTemplate } from '../core/templates/create-template';
import { deleteUserTemplate } from '../core/templates/delete-template';
import { listTemplates } from '../core/templates/list-templates';
import { updateTemplate } from '../core/templates/update-template';
import { defineRoutes } from '../http/define-routes';
import { route } from '../http/route';
import { objectIdSchema } from '../../shared/domain/ids';
import { staffRoles } from '../../shared/domain/roles';

// Part 1 §6: promoters, AMOs and administrators (the AMO template pages) keep templates.
const params = (failure: string) => z.object({ id: objectIdSchema(failure) });

export const handler = defineRoutes('templates', {
  'GET /api/users/me/templates': route({ access: staffRoles }, ({ deps, caller }) => listTemplates(deps, caller)),
  'POST /api/users/me/template/create': route(
    { access: staffRoles, body: templateCreateSchema },
    ({ deps, caller, body }) => createUserTemplate(deps, caller, body),
    201,
  ),
  'PATCH /api/templates/{id}': route(
    { access: staffRoles, params: params(templateMessages.updateFailed), body: templatePatchSchema },
    ({ deps, caller, params, body }) => updateTemplate(deps, caller, params.id, body),
  ),
  'DELETE /api/users/me/templates/{id}': route({ access: staffRoles, params: params(templateMessages.deleteFailed) }, ({ deps, caller, params }) =>
    deleteUserTemplate(deps, caller, params.id),
  ),
});
