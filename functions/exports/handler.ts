import { z } from 'zod';
import { exportMessages } from '../../shared/messages/exports';
import { operationMessages } from '../../shared/messages/operations';
import { defaultTitleFormat, titleFormats } from '../../shared/exports/title-format';
import { amoCalendarFeed, calendarFeedStatus, issueCalendarFeed, revokeCalendarFeed } from '../core/exports/amo-calendar-feed';
import { clientsXlsx } from '../core/exports/clients-xlsx';
import { consolidatePlannings } from '../core/exports/consolidate-plannings';
import { planningIcs, planningIcsQuery } from '../core/exports/planning-ics';
import { planningXlsx } from '../core/exports/planning-xlsx-export';
import { operationFileLink } from '../core/exports/planning-export-operation';
import { exportOperationMessages } from '../../shared/messages/exports';
import { idempotencyKeyOf, operationAnswer } from '../http/operation-answer';
import { queryPlannings } from '../core/exports/plannings-query';
import { planningsQuerySchema } from '../../shared/exports/plannings-query';
import { printData } from '../core/exports/print-data';
import { visitPageQuerySchema } from '../../shared/domain/public-planning';
import { xlsxContentType } from '../core/exports/xlsx-workbook';
import { handOutFile } from '../core/downloads/download-links';
import { defineRoutes } from '../http/define-routes';
import { binary } from '../http/responses';
import { route } from '../http/route';
import type { Deps } from '../runtime/deps';
import { objectIdSchema } from '../../shared/domain/ids';
import { staffRoles } from '../../shared/domain/roles';
import { planningReadMessages } from '../../shared/messages/planning-reads';

const objectId = objectIdSchema(planningReadMessages.planningNotFound);
const format = z.enum(titleFormats).default(defaultTitleFormat);
const idList = z
  .string()
  .max(2000)
  .transform((ids) => ids.split(',').filter(Boolean))
  .pipe(z.array(objectId).min(1).max(20));
const calendar = (text: string, filename: string) =>
  binary(Buffer.from(text, 'utf8'), 'text/calendar; charset=utf-8', { 'content-disposition': `attachment; filename="${filename}"` });
/** A spreadsheet is stored and answered as a short-lived link: a large one would pass the 6 MB Lambda answer. */
const spreadsheet = (deps: Deps, { body, filename }: { body: Buffer; filename: string }) => handOutFile(deps, { body, filename, contentType: xlsxContentType });

export const handler = defineRoutes('exports', {
  'POST /api/plannings-consolides': route({ access: staffRoles, body: z.object({ _id: z.array(objectId).max(20) }) }, ({ deps, caller, body }) =>
    consolidatePlannings(deps, caller, body._id),
  ),
  'GET /api/plannings/q': route({ access: staffRoles, query: planningsQuerySchema }, ({ deps, caller, query }) => queryPlannings(deps, caller, query)),
  // A big planning's spreadsheet is an operation (202, then GET /operations/{id}/file); a small one a link at once.
  'GET /api/exports/xlsx': route({ access: staffRoles, query: z.object({ ids: idList, format }) }, async ({ deps, caller, query, event }) => {
    const made = await planningXlsx(deps, caller, query.ids, query.format, idempotencyKeyOf(event));
    return 'started' in made ? operationAnswer(made.started, exportOperationMessages.started) : spreadsheet(deps, made.file);
  }),
  // The file an export operation made, by a short-lived link (members of its program).
  'GET /api/operations/{id}/file': route(
    { access: staffRoles, params: z.object({ id: z.string().regex(/^op-[A-Za-z0-9_-]{22}$/, operationMessages.notFound) }) },
    ({ deps, caller, params }) => operationFileLink(deps, caller, params.id),
  ),
  'GET /api/exports/programs/{id}/clients-xlsx': route({ access: staffRoles, params: z.object({ id: objectId }) }, async ({ deps, caller, params }) =>
    spreadsheet(deps, await clientsXlsx(deps, caller, params.id)),
  ),
  'GET /api/exports/plannings/{id}/ics': route(
    { access: staffRoles, params: z.object({ id: objectId }), query: planningIcsQuery.extend({ format }) },
    async ({ deps, caller, params, query }) => calendar(await planningIcs(deps, caller, params.id, query, query.format), 'planning.ics'),
  ),
  'GET /api/exports/calendar-feed': route({ access: ['amo'] }, ({ deps, caller }) => calendarFeedStatus(deps, caller)),
  'POST /api/exports/calendar-feed': route({ access: ['amo'] }, ({ deps, caller }) => issueCalendarFeed(deps, caller), 201),
  'DELETE /api/exports/calendar-feed': route({ access: ['amo'] }, ({ deps, caller }) => revokeCalendarFeed(deps, caller)),
  'GET /api/exports/calendar-feed/{token}/visites.ics': route(
    { access: 'public', params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, exportMessages.feedNotFound) }) },
    async ({ deps, params }) => calendar(await amoCalendarFeed(deps, params.token), 'visites.ics'),
  ),
  'GET /api/exports/print-data': route({ access: 'public', query: visitPageQuerySchema.extend({ token: z.string().min(1).max(4000) }) }, ({ deps, query }) =>
    printData(deps, query.token, query.cursor),
  ),
});
