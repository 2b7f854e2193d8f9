import { z } from 'zod';
import { inputMessages } from '../../shared/messages/input';
import { programColorsSchema, programCreateSchema, programSettingsSchema } from '../../shared/domain/program';
import { clientProfilePatchSchema, getClient, updateClient } from '../core/lots/client-profile';
import { buildClientFileModel } from '../core/lots/client-file-model';
import { listProgramLots } from '../core/lots/lot-pages';
import { lotPageQuerySchema } from '../../shared/domain/lot';
import {
  clientFileDownloadLink,
  clientFileUpload,
  importClients,
  integrateReceivedClientFile,
  listReceivedClientFiles,
  previewClientFile,
  requestClientFileUpload,
  sendClientFile,
  type ClientFileSource,
} from '../core/lots/client-files';
import { handOutFile } from '../core/downloads/download-links';
import { createProgram } from '../core/programs/create-program';
import { deleteProgram } from '../core/programs/delete-program';
import { listProgramsForAdministrator, listProgramsForUser } from '../core/programs/list-programs';
import { logoUpload, readProgramLogo, saveProgramLogo } from '../core/programs/program-logo';
import { getProgramDetail, updateProgramSettings } from '../core/programs/program-settings';
import { defineRoutes } from '../http/define-routes';
import { jsonField, parseMultipart } from '../http/multipart';
import { binary } from '../http/responses';
import type { ApiEvent } from '../http/api-types';
import { parseJsonBody, route } from '../http/route';
import { objectIdSchema } from '../../shared/domain/ids';
import { staffRoles } from '../../shared/domain/roles';
import { operationKinds } from '../../shared/domain/operation';
import { operationMessages } from '../../shared/messages/operations';
import { operationFor, programOperations } from '../core/operations/operation-queries';
import { idempotencyKeyOf, operationAnswer } from '../http/operation-answer';
import { programMessages } from '../../shared/messages/programs';

const objectId = objectIdSchema(programMessages.notFound);
const programParams = z.object({ id: objectId });
const clientParams = z.object({ id: objectId, clientId: objectId });
const fileParams = z.object({ id: objectId, fileId: objectId });
const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => (value === undefined ? fallback : value === 'true'));
const filtersQuery = z.object({ isActifSelected: flag(true), isArchivedSelected: flag(false) });
const uploadRequest = z.object({ filename: z.string().trim().min(1).max(255), size: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
const operationParams = z.object({ id: z.string().regex(/^op-[A-Za-z0-9_-]{22}$/, operationMessages.notFound) });
const operationsQuery = z.object({ kind: z.enum(operationKinds).optional() });
const uploadedClientFile = z.object({ key: z.string().max(200), filename: z.string().trim().min(1).max(255).default('fichier-client.xlsx') });

/** A client file in a multipart body (field clients), or `{key, filename}` of a direct upload. */
async function clientFileSource(event: ApiEvent): Promise<ClientFileSource> {
  const contentType = event.headers?.['content-type'] ?? '';
  if (contentType.startsWith('multipart/form-data')) return (await parseMultipart(event, { field: 'clients', ...clientFileUpload })).file;
  return parseJsonBody(uploadedClientFile, event);
}

export const handler = defineRoutes('programs', {
  // The role is checked by the use case, with the program-list message of part 3 §6.
  'GET /api/admin/programs': route({ access: 'signedIn', query: filtersQuery }, ({ deps, caller, query }) => listProgramsForAdministrator(deps, caller, query)),
  'GET /api/users/me/programs': route({ access: 'signedIn', query: filtersQuery }, ({ deps, caller, query }) => listProgramsForUser(deps, caller, query)),
  'GET /api/amo/programs': route({ access: 'signedIn', query: filtersQuery }, ({ deps, caller, query }) => listProgramsForUser(deps, caller, query)),
  'POST /api/program/create': route({ access: staffRoles, body: programCreateSchema }, ({ deps, caller, body }) => createProgram(deps, caller, body), 201),
  // Work that grows with a program (docs/architecture.md): the screens follow their operations.
  'GET /api/operations/{id}': route({ access: staffRoles, params: operationParams }, ({ deps, caller, params }) => operationFor(deps, caller, params.id)),
  'GET /api/programs/{id}/operations': route({ access: staffRoles, params: programParams, query: operationsQuery }, ({ deps, caller, params, query }) =>
    programOperations(deps, caller, params.id, query.kind),
  ),
  'GET /api/programs/{id}': route({ access: staffRoles, params: programParams }, ({ deps, caller, params }) => getProgramDetail(deps, caller, params.id)),
  'GET /api/programs/{id}/clients': route({ access: staffRoles, params: programParams, query: lotPageQuerySchema }, ({ deps, caller, params, query }) =>
    listProgramLots(deps, caller, params.id, query),
  ),
  'PATCH /api/programs/{id}': route({ access: staffRoles, params: programParams, body: programSettingsSchema }, ({ deps, caller, params, body }) =>
    updateProgramSettings(deps, caller, params.id, body),
  ),
  'DELETE /api/programs/{id}': route({ access: staffRoles, params: programParams }, ({ deps, caller, params }) => deleteProgram(deps, caller, params.id)),
  'POST /api/programs/{id}/avatar': route({ access: staffRoles, params: programParams }, async ({ deps, caller, params, event }) => {
    const { file, fields } = await parseMultipart(event, { field: 'avatar', ...logoUpload });
    const colors = jsonField(fields, 'colors', programColorsSchema, inputMessages.colorsInvalid);
    return saveProgramLogo(deps, caller, params.id, file, colors);
  }),
  'GET /api/programs/{id}/avatar': route({ access: 'public', params: programParams }, async ({ deps, params }) => {
    const file = await readProgramLogo(deps, params.id);
    return binary(file.body, file.contentType, { 'cache-control': 'public, max-age=300' });
  }),
  'GET /api/programs/{id}/clients/{clientId}': route({ access: staffRoles, params: clientParams }, ({ deps, caller, params }) =>
    getClient(deps, caller, params.id, params.clientId),
  ),
  'PATCH /api/programs/{id}/clients/{clientId}': route(
    { access: staffRoles, params: clientParams, body: clientProfilePatchSchema },
    ({ deps, caller, params, body }) => updateClient(deps, caller, params.id, params.clientId, body),
  ),
  'POST /api/uploads/client-file': route({ access: staffRoles, body: uploadRequest }, ({ deps, caller, body }) => requestClientFileUpload(deps, caller, body)),
  'POST /api/users/me/xlsx': route({ access: staffRoles }, async ({ deps, caller, event }) => previewClientFile(deps, caller, await clientFileSource(event))),
  'POST /api/programs/{id}/lockup-clients': route({ access: staffRoles, params: programParams }, async ({ deps, caller, params, event }) => {
    // Answers at once with the import operation (docs/architecture.md « Client import »).
    const idempotencyKey = idempotencyKeyOf(event);
    return operationAnswer(await importClients(deps, caller, params.id, await clientFileSource(event), idempotencyKey));
  }),
  'POST /api/programs/{id}/xlsx-send': route({ access: staffRoles, params: programParams }, async ({ deps, caller, params, event }) =>
    sendClientFile(deps, caller, params.id, await clientFileSource(event)),
  ),
  'GET /api/programs/{id}/client-files': route({ access: staffRoles, params: programParams }, async ({ deps, caller, params }) => ({
    files: await listReceivedClientFiles(deps, caller, params.id),
  })),
  'GET /api/programs/{id}/client-files/{fileId}': route({ access: staffRoles, params: fileParams }, ({ deps, caller, params }) =>
    clientFileDownloadLink(deps, caller, params.id, params.fileId),
  ),
  'POST /api/programs/{id}/client-files/{fileId}/import': route({ access: ['administrator'], params: fileParams }, async ({ deps, caller, params, event }) =>
    operationAnswer(await integrateReceivedClientFile(deps, caller, params.id, params.fileId, idempotencyKeyOf(event))),
  ),
  'GET /api/client-file-model': route({ access: staffRoles }, async ({ deps }) =>
    handOutFile(deps, { body: await buildClientFileModel(), filename: 'modele-fichier-client.xlsx', contentType: clientFileUpload.types[0] }),
  ),
});
