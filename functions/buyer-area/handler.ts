import { z } from 'zod';
import {
  answerCreateSchema,
  documentCreateSchema,
  faqSchema,
  housingLinkSchema,
  postCreateSchema,
  postKindSchema,
  programDocumentsQuerySchema,
  housingDocumentsQuerySchema,
  programMessagesQuerySchema,
  staffAnswerSchema,
  ticketCreateSchema,
} from '../../shared/domain/buyer-area';
import { buyerAreaMessages } from '../../shared/messages/buyer-area';
import { areaFileLink, attachmentUpload, uploadAttachment } from '../core/buyer-area/area-files';
import { lotMeetingsWithHistory } from '../core/buyer-area/buyer-visits';
import {
  clearNotification,
  getMyHousing,
  getMyHousingProgram,
  listMyDocuments,
  listMyHousings,
  listMyPosts,
  programLogoByName,
} from '../core/buyer-area/housings';
import { inviteBuyer } from '../core/buyer-area/invite-buyer';
import { linkHousingByEmail } from '../core/accounts/link-housings';
import {
  addDocument,
  addPost,
  deleteDocument,
  listProgramPosts,
  listStaffDocuments,
  readProgramFaq,
  requestDocumentUpload,
  saveProgramFaq,
} from '../core/buyer-area/program-content';
import { answerAsBuyer, answerAsStaff, listMyTickets, listProgramMessages, openTicket } from '../core/buyer-area/tickets';
import { loadProgramFor } from '../core/programs/program-access';
import { defineRoutes } from '../http/define-routes';
import { parseMultipart } from '../http/multipart';
import { binary, redirect } from '../http/responses';
import { route } from '../http/route';
import { objectIdSchema } from '../../shared/domain/ids';
import { staffRoles } from '../../shared/domain/roles';
import { uploadLimits } from '../../shared/domain/upload-limits';
import { programMessages } from '../../shared/messages/programs';

const housingParams = z.object({ id: objectIdSchema(buyerAreaMessages.housingNotFound) });
const notificationParams = z.object({
  id: objectIdSchema(buyerAreaMessages.housingNotFound),
  notificationId: objectIdSchema(buyerAreaMessages.housingNotFound),
});
const programParams = z.object({ id: objectIdSchema(programMessages.notFound) });
const ticketParams = z.object({ id: objectIdSchema(programMessages.notFound), ticketId: objectIdSchema(buyerAreaMessages.ticketNotFound) });
const clientParams = z.object({ id: objectIdSchema(programMessages.notFound), clientId: objectIdSchema(buyerAreaMessages.housingNotFound) });
const documentParams = z.object({ id: objectIdSchema(programMessages.notFound), documentId: objectIdSchema(buyerAreaMessages.documentNotFound) });
const fileParams = z.object({ id: objectIdSchema(buyerAreaMessages.fileNotFound) });
const customer = ['customer'] as const;

export const handler = defineRoutes('buyer-area', {
  'GET /api/users/me/housings': route({ access: customer }, ({ deps, caller }) => listMyHousings(deps, caller)),
  'GET /api/users/me/housings/{id}': route({ access: customer, params: housingParams }, ({ deps, caller, params }) => getMyHousing(deps, caller, params.id)),
  'DELETE /api/users/me/housings/{id}/notifications/{notificationId}': route({ access: customer, params: notificationParams }, ({ deps, caller, params }) =>
    clearNotification(deps, caller, params.id, params.notificationId),
  ),
  'GET /api/users/me/housings/{id}/tickets': route({ access: customer, params: housingParams }, ({ deps, caller, params }) =>
    listMyTickets(deps, caller, params.id),
  ),
  'POST /api/users/me/housings/{id}/tickets': route(
    { access: customer, params: housingParams, body: ticketCreateSchema },
    ({ deps, caller, params, body }) => openTicket(deps, caller, params.id, body),
    201,
  ),
  'GET /api/users/me/housings/{id}/program': route({ access: customer, params: housingParams }, ({ deps, caller, params }) =>
    getMyHousingProgram(deps, caller, params.id),
  ),
  'GET /api/users/me/housings/{id}/posts': route(
    { access: customer, params: housingParams, query: z.object({ kind: postKindSchema.default('actualite') }) },
    ({ deps, caller, params, query }) => listMyPosts(deps, caller, params.id, query.kind),
  ),
  'GET /api/users/me/documents': route({ access: customer, query: housingDocumentsQuerySchema }, ({ deps, caller, query }) =>
    listMyDocuments(deps, caller, query),
  ),
  'POST /api/users/me/answer/upload-files': route({ access: customer }, async ({ deps, caller, event }) =>
    uploadAttachment(deps, caller, (await parseMultipart(event, { field: 'files', ...attachmentUpload })).file),
  ),
  'POST /api/users/me/answer/create': route({ access: customer, body: answerCreateSchema }, ({ deps, caller, body }) => answerAsBuyer(deps, caller, body), 201),
  // A signed link (?token=) needs no session; without one the caller's session decides. Either
  // way the answer is a redirect to the store's own short link: the file never passes the API.
  'GET /api/file/{id}': route(
    { access: 'optional', params: fileParams, query: z.object({ token: z.string().max(2000).optional() }) },
    async ({ deps, caller, params, query }) => redirect(await areaFileLink(deps, caller, params.id, query.token)),
  ),
  'GET /api/program-logo-from-name': route(
    { access: 'signedIn', query: z.object({ name: z.string().trim().min(1).max(200) }) },
    async ({ deps, caller, query }) => {
      const file = await programLogoByName(deps, caller, query.name);
      return binary(file.body, file.contentType, { 'cache-control': 'private, max-age=300' });
    },
  ),
  'POST /api/user/housings': route({ access: staffRoles, body: housingLinkSchema }, ({ deps, caller, body }) => linkHousingByEmail(deps, caller, body), 201),
  'GET /api/projets/{id}/messages': route({ access: staffRoles, params: programParams, query: programMessagesQuerySchema }, ({ deps, caller, params, query }) =>
    listProgramMessages(deps, caller, params.id, query),
  ),
  'POST /api/projets/{id}/messages/{ticketId}/answers': route(
    { access: staffRoles, params: ticketParams, body: staffAnswerSchema },
    ({ deps, caller, params, body }) => answerAsStaff(deps, caller, params.id, params.ticketId, body),
    201,
  ),
  // Staff attachments and news images: one image or PDF per call, like the buyer's upload.
  'POST /api/projets/{id}/files': route({ access: staffRoles, params: programParams }, async ({ deps, caller, params, event }) => {
    await loadProgramFor(deps, caller, params.id);
    const { file } = await parseMultipart(event, {
      field: 'files',
      ...attachmentUpload,
      types: uploadLimits.areaStaffFile.types,
      typeMessage: buyerAreaMessages.documentType,
    });
    return uploadAttachment(deps, caller, file);
  }),
  'POST /api/projets/{id}/posts': route(
    { access: staffRoles, params: programParams, body: postCreateSchema },
    ({ deps, caller, params, body }) => addPost(deps, caller, params.id, body),
    201,
  ),
  'GET /api/projets/{id}/posts': route(
    { access: staffRoles, params: programParams, query: z.object({ kind: postKindSchema.default('actualite') }) },
    ({ deps, caller, params, query }) => listProgramPosts(deps, caller, params.id, query.kind),
  ),
  'GET /api/projets/{id}/documents': route(
    { access: staffRoles, params: programParams, query: programDocumentsQuerySchema },
    ({ deps, caller, params, query }) => listStaffDocuments(deps, caller, params.id, query),
  ),
  'DELETE /api/projets/{id}/documents/{documentId}': route({ access: staffRoles, params: documentParams }, ({ deps, caller, params }) =>
    deleteDocument(deps, caller, params.id, params.documentId),
  ),
  'GET /api/projets/{id}/faq': route({ access: staffRoles, params: programParams }, ({ deps, caller, params }) => readProgramFaq(deps, caller, params.id)),
  'PUT /api/projets/{id}/faq': route({ access: staffRoles, params: programParams, body: faqSchema }, ({ deps, caller, params, body }) =>
    saveProgramFaq(deps, caller, params.id, body),
  ),
  'POST /api/projets/{id}/documents/upload': route(
    { access: staffRoles, params: programParams, body: z.object({ size: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }) },
    ({ deps, caller, params, body }) => requestDocumentUpload(deps, caller, params.id, body.size),
  ),
  'POST /api/projets/{id}/documents': route(
    { access: staffRoles, params: programParams, body: documentCreateSchema },
    ({ deps, caller, params, body }) => addDocument(deps, caller, params.id, body),
    201,
  ),
  'GET /api/projets/{id}/clients/{clientId}/meetings': route({ access: staffRoles, params: clientParams }, async ({ deps, caller, params }) => {
    await loadProgramFor(deps, caller, params.id);
    return { meetings: await lotMeetingsWithHistory(deps, params.id, params.clientId) };
  }),
  'POST /api/projets/{id}/clients/{clientId}/invite': route({ access: staffRoles, params: clientParams }, ({ deps, caller, params }) =>
    inviteBuyer(deps, caller, params.id, params.clientId),
  ),
});
