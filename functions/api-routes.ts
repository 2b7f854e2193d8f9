/**
 * The API contract as data: every route, grouped by the Lambda function that serves it.
 * The CDK stack creates one function per group and one HTTP API route per entry; the local server
 * uses the same table to pick the handler; each group's handler must implement exactly its entries
 * (checked by the type of `defineRoutes`). Paths follow the specification's calls, under /api.
 */
export const apiRoutes = {
  auth: [
    'GET /api/health',
    'POST /api/users/login',
    'POST /api/users/logout',
    'POST /api/user',
    'POST /api/user/forgot',
    'POST /api/user/reset',
    // part 1 §2 (buyer area): a buyer proves their e-mail (and gets their housings); a new link on request
    'POST /api/user/verify-email',
    'POST /api/users/me/verify-email',
    'GET /api/users/me',
    'PATCH /api/users/me',
    'POST /api/users/me/avatar',
    'GET /api/users/{id}/avatar',
    'GET /api/users/amos',
    'POST /api/users/amos',
  ],
  programs: [
    'GET /api/admin/programs',
    'GET /api/users/me/programs',
    'GET /api/amo/programs',
    'POST /api/program/create',
    'GET /api/programs/{id}',
    'PATCH /api/programs/{id}',
    'DELETE /api/programs/{id}',
    // docs/architecture.md « Bounded answers »: a program's lots, a page at a time
    'GET /api/programs/{id}/clients',
    'POST /api/programs/{id}/avatar',
    'GET /api/programs/{id}/avatar',
    'GET /api/programs/{id}/clients/{clientId}',
    'PATCH /api/programs/{id}/clients/{clientId}',
    'POST /api/uploads/client-file',
    'POST /api/users/me/xlsx',
    'POST /api/programs/{id}/lockup-clients',
    'POST /api/programs/{id}/xlsx-send',
    'GET /api/programs/{id}/client-files',
    'GET /api/programs/{id}/client-files/{fileId}',
    'POST /api/programs/{id}/client-files/{fileId}/import',
    'GET /api/client-file-model',
    // Work that grows with a program: the operations its screens follow (docs/architecture.md)
    'GET /api/operations/{id}',
    'GET /api/programs/{id}/operations',
  ],
  plannings: [
    'GET /api/rdv/project/{programId}/plannings',
    'GET /api/rdv/project/{programId}/planning-drafts',
    'POST /api/rdv-draft',
    'GET /api/rdv-draft/{id}',
    'PATCH /api/rdv-draft/{id}',
    'DELETE /api/rdv-draft/{id}',
    'POST /api/rdv/no-need/simulation',
    'POST /api/rdv/no-need/short-simulation',
    'POST /api/rdv',
    'GET /api/rdv/{id}',
    'DELETE /api/rdv/{id}',
    'GET /api/rdv/{id}/deliveries',
    // Live staff screens: what changed on a planning since the screen's cursor
    'GET /api/rdv/{id}/changes',
    // The detail page's bounded reads (docs/architecture.md « Live staff screens »)
    'GET /api/rdv/{id}/summary',
    'GET /api/rdv/{id}/participants',
    'GET /api/rdv/{id}/calendar',
    // « Ajouter un acquéreur »: the program's lots not yet in the planning, a page at a time
    'GET /api/rdv/{id}/lot-candidates',
    'GET /api/rdv/{planningId}/meetings/{uuid}',
    'POST /api/rdv/{id}/inviter',
    'POST /api/uploads/attachment',
    'POST /api/files',
    // part 2 §2.5, §2.7: imposed planning
    'POST /api/rdv-impose',
    // One person, one calendar (docs/scheduling.md): an AMO's other plannings, days off and travel time
    'POST /api/rdv/amo-conflicts',
    'GET /api/rdv/{id}/amo-elsewhere',
    'GET /api/amo/calendar',
    'PUT /api/amo/calendar',
    'POST /api/amo/days-off',
    'DELETE /api/amo/days-off/{id}',
  ],
  booking: [
    'GET /api/rdv/usr/{uuid}',
    'GET /api/rdv/usr/{uuid}/ics',
    'PATCH /api/rdv/book/{planningId}',
    'PATCH /api/rdv/unbook/{uuid}',
    'PATCH /api/rdv/{planningId}/broadcastlist',
    'GET /api/rdv/r/{groupId}',
    'POST /api/gdpr/ask-info',
    // part 1 §2, part 2 §2.5: imposed planning (the buyer's answer to a convocation)
    'PATCH /api/rdv/confirm/{planningId}',
    // The earlier-slot waitlist (docs/user-guide.md « Liste d'attente »)
    'PUT /api/rdv/waitlist/{uuid}',
    'DELETE /api/rdv/waitlist/{uuid}',
    'PATCH /api/rdv/waitlist/{uuid}/take',
  ],
  'planning-actions': [
    'POST /api/rdv/{id}/relancer',
    'POST /api/rdv/{id}/rappeler',
    'POST /api/rdv/{id}/cancel-multiple',
    'PATCH /api/rdv/book-force/{planningId}',
    'PATCH /api/rdv/{planningId}/move',
    'PATCH /api/rdv/{planningId}/unbook-staff',
    'POST /api/rdv/{id}/switch-amo',
    'POST /api/rdv/{planningId}/free-meetings',
    'PATCH /api/rdv/{planningId}/free-meetings/{freeMeetingId}',
    'DELETE /api/rdv/{planningId}/free-meetings/{freeMeetingId}',
    'PATCH /api/rdv/test-book-unavailabilities/{planningId}',
    'PATCH /api/rdv/book-unavailabilities/{planningId}',
    'PATCH /api/rdv/add-amo/{planningId}',
    'PATCH /api/rdv/{id}/add-customer',
    'PATCH /api/rdv/{id}/remove-customer',
    'PATCH /api/rdv/{planningId}/meetings/{uuid}',
    'GET /api/rdv/{planningId}/meetings/{uuid}/history',
    'POST /api/rdv/{id}/update-notifications',
    'PATCH /api/rdv/{id}',
    'POST /api/rdv/{id}/mail-personnalise',
    'POST /api/rdv/{id}/share-email',
    'POST /api/rdv/{id}/share-sms',
    'GET /api/rdv/{id}/waves',
    'GET /api/rdv/{id}/waves/{waveId}',
    // part 2 §2.5, §2.7: imposed planning
    'PATCH /api/rdv/convocation-move/{id}',
    // 'Décaler': shift days of a planning (preview, then a wave)
    'POST /api/rdv/{id}/decaler/apercu',
    'POST /api/rdv/{id}/decaler',
    // Attendance on the day (docs/user-guide.md « Présences »): 'Ma journée', a mark, a no-show invited again
    'GET /api/attendance/day',
    'PUT /api/rdv/{planningId}/meetings/{uuid}/attendance',
    'POST /api/rdv/{planningId}/meetings/{uuid}/reinvite',
    'GET /api/attendance/trend',
  ],
  // part 2 §2.8, §2.9: exports and shared views (XLSX, ICS, the AMO calendar feed, consolidation, the
  // cross-program list, the print page's data) and the PDF renderer, a function of its own
  exports: [
    'POST /api/plannings-consolides',
    'GET /api/plannings/q',
    'GET /api/exports/xlsx',
    'GET /api/exports/programs/{id}/clients-xlsx',
    'GET /api/exports/plannings/{id}/ics',
    'GET /api/exports/calendar-feed',
    'POST /api/exports/calendar-feed',
    'DELETE /api/exports/calendar-feed',
    'GET /api/exports/calendar-feed/{token}/visites.ics',
    'GET /api/exports/print-data',
    // Exports of big plannings: the file an export operation made (docs/architecture.md)
    'GET /api/operations/{id}/file',
  ],
  'pdf-renderer': ['GET /api/rdv/{id}/print'],
  // part 1 §2 (buyer area): the buyer's housings, tickets, documents, badges) and its staff side
  'buyer-area': [
    'GET /api/users/me/housings',
    'GET /api/users/me/housings/{id}',
    'DELETE /api/users/me/housings/{id}/notifications/{notificationId}',
    'GET /api/users/me/housings/{id}/tickets',
    'POST /api/users/me/housings/{id}/tickets',
    'GET /api/users/me/housings/{id}/program',
    'GET /api/users/me/housings/{id}/posts',
    'GET /api/users/me/documents',
    'POST /api/users/me/answer/upload-files',
    'POST /api/users/me/answer/create',
    'GET /api/file/{id}',
    'GET /api/program-logo-from-name',
    'POST /api/user/housings',
    'GET /api/projets/{id}/messages',
    'POST /api/projets/{id}/messages/{ticketId}/answers',
    'POST /api/projets/{id}/files',
    'POST /api/projets/{id}/posts',
    // part 2 §2.2: the staff screen of the program's buyer area lists what it posted and shared
    'GET /api/projets/{id}/posts',
    'GET /api/projets/{id}/documents',
    'DELETE /api/projets/{id}/documents/{documentId}',
    'GET /api/projets/{id}/faq',
    'PUT /api/projets/{id}/faq',
    'POST /api/projets/{id}/documents/upload',
    'POST /api/projets/{id}/documents',
    'GET /api/projets/{id}/clients/{clientId}/meetings',
    // part 2 §2.2, part 1 §6: a buyer's account by invitation from the client detail page
    'POST /api/projets/{id}/clients/{clientId}/invite',
  ],
  // part 3: administration (users, permissions, impersonation, invoicing entities, billing)
  admin: [
    'GET /api/admin/users',
    'GET /api/admin/users/business',
    'GET /api/admin/users/{id}',
    'PATCH /api/admin/users/{id}',
    'DELETE /api/admin/users/{id}',
    'GET /api/admin/simulate/{id}',
    'GET /api/admin/permissions/users',
    'PATCH /api/admin/permissions/users/{id}',
    'GET /api/admin/permissions/programs',
    'PATCH /api/admin/permissions/programs/{id}',
    'GET /api/admin/clients',
    'POST /api/admin/client',
    'GET /api/admin/clients/{id}',
    'PATCH /api/admin/clients/{id}',
    'DELETE /api/admin/clients/{id}',
    'POST /api/admin/clients/{id}/credits-unlock',
    'GET /api/plannings-invoice',
    'GET /api/plannings',
    'GET /api/admin/audit-log',
  ],
  // part 3 §2: virtual visits
  'virtual-visits': [
    'GET /api/vv-open',
    'GET /api/promoters-open',
    'POST /api/vv',
    'PATCH /api/vv/{id}',
    'DELETE /api/vv/{id}',
    'POST /api/vv/delete-multiple',
    'POST /api/vv/multiple',
    'POST /api/promoter/create',
    'POST /api/promoters/{id}/logo',
    'DELETE /api/promoter/{id}',
    'GET /api/vv/{id}',
    'POST /api/vv/{id}/increment',
    'GET /api/promoter/{id}/logo',
    'GET /api/logs',
    'POST /api/vv/logs/multiple',
    'GET /api/rdv/project/{programId}/visites-3d',
    'GET /api/programs/{id}/clients/{clientId}/visites-3d',
    'POST /api/rdv/{planningId}/visites-3d',
    'POST /api/rdv/{id}/envoi-vv',
    'POST /api/rdv/{planningId}/broadcastlistVvUuidDelete',
  ],
  // part 3 §2: message templates and appointment logs
  templates: ['GET /api/users/me/templates', 'POST /api/users/me/template/create', 'PATCH /api/templates/{id}', 'DELETE /api/users/me/templates/{id}'],
  logs: ['GET /api/rdv/logs', 'GET /api/rdv/project/{programId}/funnel'],
} as const;

/**
 * Groups whose use cases create or cancel one-time schedules (invitations at the dispatch date,
 * reminders), plus dispatch. Only they get the scheduler permissions in AWS: a group that starts
 * scheduling jobs must be listed here.
 */
export const schedulingGroups: readonly (ApiGroup | 'dispatch')[] = [
  'plannings',
  // The account erasure's job is woken one lease later if its immediate run dies.
  'admin',
  'booking',
  'planning-actions',
  'dispatch',
  // The reset-link mail leaves from a job after the answer (part 1 §2 reset).
  'auth',
  // A program deletion queues its resume job first (no resume lost to a crash).
  'programs',
  // part 1 §3: a new message's mail is a job written with the message and run inline.
  'buyer-area',
  // part 2 §5: a visit's link mail is a job (written with the visit, or by envoi-vv).
  'virtual-visits',
  // Exports of big plannings: an export operation's first job is handed over like every job.
  'exports',
  'pdf-renderer',
];

/** Groups served only by the local runtime (never deployed): the outbox page. */
export const localOnlyRoutes = {
  dev: ['GET /api/dev/outbox', 'DELETE /api/dev/outbox'],
} as const;

export type ApiGroup = keyof typeof apiRoutes;
export type LocalGroup = keyof typeof localOnlyRoutes;
export type RouteKey<G extends ApiGroup | LocalGroup> = G extends ApiGroup
  ? (typeof apiRoutes)[G][number]
  : G extends LocalGroup
    ? (typeof localOnlyRoutes)[G][number]
    : never;

export interface RouteEntry {
  group: string;
  method: string;
  path: string;
}

export function listRoutes(includeLocal: boolean): RouteEntry[] {
  const groups: Record<string, readonly string[]> = includeLocal ? { ...apiRoutes, ...localOnlyRoutes } : { ...apiRoutes };
  return Object.entries(groups).flatMap(([group, keys]) =>
    keys.map((key) => {
      const [method, path] = key.split(' ');
      return { group, method, path };
    }),
  );
}
