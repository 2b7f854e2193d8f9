import { z } from 'zod';
import {
  forgotRequestSchema,
  loginRequestSchema,
  profilePatchSchema,
  registerRequestSchema,
  resetRequestSchema,
  verifyEmailRequestSchema,
} from '../../shared/domain/account';
import { resendEmailVerification, verifyEmail } from '../core/accounts/email-verification';
import { getAmos, listAmos } from '../core/accounts/amos';
import { avatarUpload, readAvatar, saveAvatar } from '../core/accounts/avatar';
import { login } from '../core/accounts/login';
import { logout } from '../core/accounts/logout';
import { requestPasswordReset, resetPassword } from '../core/accounts/password-reset';
import { getProfile, updateProfile } from '../core/accounts/profile';
import { register } from '../core/accounts/register';
import { adminCreateUserSchema } from '../../shared/domain/admin-users';
import { createUserAsAdministrator } from '../core/admin/create-user';
import { defineRoutes } from '../http/define-routes';
import { parseMultipart } from '../http/multipart';
import { binary, noContent } from '../http/responses';
import { parseJsonBody, route } from '../http/route';
import { objectIdSchema } from '../../shared/domain/ids';
import { healthAnswer } from '../runtime/health';
import { staffRoles } from '../../shared/domain/roles';

const idParams = z.object({ id: objectIdSchema() });

export const handler = defineRoutes('auth', {
  // `node`: the Node that runs the handlers, 22 on both runtimes (package.json `engines`, Lambda's
  // nodejs22.x): a local worker started from a shell whose `node` is older shows it here.
  'GET /api/health': route({ access: 'public' }, async ({ deps }) => healthAnswer(deps.config.runtime)),
  'POST /api/users/login': route({ access: 'public', body: loginRequestSchema }, ({ deps, body, sourceIp }) => login(deps, body, sourceIp)),
  'POST /api/users/logout': route({ access: 'signedIn' }, async ({ deps, caller }) => {
    await logout(deps, caller);
    return noContent();
  }),
  // An administrator's token makes it the create-user modal (part 3 §2); otherwise self-registration.
  'POST /api/user': route(
    { access: 'optional' },
    ({ deps, caller, event, sourceIp }) =>
      caller?.role === 'administrator'
        ? createUserAsAdministrator(deps, caller, parseJsonBody(adminCreateUserSchema, event))
        : register(deps, caller, parseJsonBody(registerRequestSchema, event), sourceIp),
    201,
  ),
  'POST /api/user/forgot': route({ access: 'public', body: forgotRequestSchema }, ({ deps, body, sourceIp }) =>
    requestPasswordReset(deps, body.email, sourceIp),
  ),
  'POST /api/user/reset': route({ access: 'public', body: resetRequestSchema }, ({ deps, body }) => resetPassword(deps, body)),
  'POST /api/user/verify-email': route({ access: 'public', body: verifyEmailRequestSchema }, ({ deps, body }) => verifyEmail(deps, body)),
  'POST /api/users/me/verify-email': route({ access: ['customer'] }, ({ deps, caller, sourceIp }) => resendEmailVerification(deps, caller, sourceIp)),
  'GET /api/users/me': route({ access: 'signedIn' }, ({ deps, caller }) => getProfile(deps, caller)),
  'PATCH /api/users/me': route({ access: 'signedIn', body: profilePatchSchema }, ({ deps, caller, body }) => updateProfile(deps, caller, body)),
  'POST /api/users/me/avatar': route({ access: 'signedIn' }, async ({ deps, caller, event }) => {
    const { file } = await parseMultipart(event, { field: 'avatar', ...avatarUpload });
    return saveAvatar(deps, caller, file);
  }),
  'GET /api/users/{id}/avatar': route({ access: 'public', params: idParams }, async ({ deps, params }) => {
    const file = await readAvatar(deps, params.id);
    return binary(file.body, file.contentType, { 'cache-control': 'private, max-age=300' });
  }),
  'GET /api/users/amos': route({ access: staffRoles }, ({ deps }) => listAmos(deps)),
  'POST /api/users/amos': route({ access: staffRoles, body: z.object({ ids: z.array(objectIdSchema()).max(200) }) }, ({ deps, body }) =>
    getAmos(deps, body.ids),
  ),
});
