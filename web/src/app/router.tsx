import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type LoaderFunction, type RouteObject } from 'react-router';
import { RoleGuard, RootRedirect, SessionAwareLayout } from './guards';
import { PlainLoading } from './plain-loading';
import { RouteErrorPage } from './route-error-page';
import { RouteTitle } from './use-page-title';
import { pageTitles, screenNames } from '../../../shared/messages/navigation';

/** A lazy route: the page's chunk is downloaded only when the route is visited. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): RouteObject['lazy'] {
  return async () => ({ Component: (await load())[name] });
}

/**
 * The planning detail page's first reads start when its route matches, while its code downloads
 * (docs/architecture.md « Live staff screens »). Never awaited: the page shows its own loading and errors.
 */
function prefetchPlanningDetail(queryClient: QueryClient): LoaderFunction {
  return ({ params, request }) => {
    const { planningId } = params;
    if (planningId)
      void import('../pages/planning-detail/planning-detail-prefetch').then((module) =>
        module.prefetchPlanningDetail(queryClient, planningId, new URL(request.url).pathname),
      );
    return null;
  };
}

const appRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    // Each page names the browser tab: its route's handle.title, or the page itself (usePageTitle).
    element: <RouteTitle />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PlainLoading />,
    children: [
      { path: '/', element: <RootRedirect /> },
      {
        // The light layout of the account pages: its own chunk, shared by the three pages.
        lazy: page(() => import('./public-layout'), 'PublicLayout'),
        children: [
          { path: '/login', handle: { title: pageTitles.login }, lazy: page(() => import('../pages/auth/login-page'), 'LoginPage') },
          { path: '/register', handle: { title: pageTitles.register }, lazy: page(() => import('../pages/auth/register-page'), 'RegisterPage') },
          {
            path: '/reset-password',
            // Named as its heading: the same link sets an invited buyer's first password (nothing was forgotten).
            handle: { title: pageTitles.newPassword },
            lazy: page(() => import('../pages/auth/reset-password-page'), 'ResetPasswordPage'),
          },
          // part 1 §2: the e-mail confirmation link of a buyer account
          {
            path: '/confirmer-email',
            handle: { title: pageTitles.emailConfirmation },
            lazy: page(() => import('../pages/auth/confirm-email-page'), 'ConfirmEmailPage'),
          },
        ],
      },
      // The public buyer booking page /entrevue/{uuid} (part 1 §2) is not a route: it is its own
      // entry (web/entrevue.html, src/booking-main.tsx), served for /entrevue/* by the local server
      // and CloudFront.
      // Public read-only calendar of a planning or a group (part 2 §2.9), by its link; optional AMO index.
      { path: '/pview/:group/:amo?', lazy: page(() => import('../pages/viewer/planning-viewer-page'), 'PlanningViewerPage') },
      // part 2 §2.9: the print page the PDF renderer opens with a print token (never a session).
      { path: '/print/:group/:view/:amo?', lazy: page(() => import('../pages/print/print-page'), 'PrintPage') },
      // part 1 §2, part 3 §2: virtual visits — the public page (light, no Cloudscape), under both link shapes.
      { path: '/immersion/:uuid', lazy: page(() => import('../pages/virtual-visits/immersion-page'), 'ImmersionPage') },
      { path: '/vv/:uuid', lazy: page(() => import('../pages/virtual-visits/immersion-page'), 'ImmersionPage') },
      {
        element: <SessionAwareLayout />,
        children: [
          { path: '/rgpd', handle: { title: screenNames.gdpr }, lazy: page(() => import('../pages/info/rgpd-page'), 'RgpdPage') },
          { path: '/aide', handle: { title: screenNames.support }, lazy: page(() => import('../pages/info/aide-page'), 'AidePage') },
        ],
      },
      {
        element: <RoleGuard />,
        children: [
          {
            // The shell is a lazy route too: the router downloads it beside the page's chunk, not after it.
            lazy: page(() => import('./staff-layout'), 'StaffLayout'),
            children: [
              // /projets sends the administrator to /admin/programmes (part 3 §2): see ProgramListPage.
              { path: '/projets', handle: { title: screenNames.programs }, lazy: page(() => import('../pages/programs/program-list-page'), 'ProgramListPage') },
              {
                path: '/admin/programmes',
                handle: { title: screenNames.programs },
                lazy: page(() => import('../pages/programs/program-list-page'), 'ProgramListPage'),
              },
              { path: '/projets/:programId', element: <Navigate to="clients" replace /> },
              {
                path: '/projets/:programId/clients',
                handle: { title: screenNames.lots },
                lazy: page(() => import('../pages/lots/lot-list-page'), 'LotListPage'),
              },
              {
                path: '/projets/:programId/clients/:clientId',
                handle: { title: screenNames.clientData },
                lazy: page(() => import('../pages/lots/client-detail-page'), 'ClientDetailPage'),
              },
              {
                path: '/projets/:programId/plannings',
                handle: { title: screenNames.plannings },
                lazy: page(() => import('../pages/plannings/planning-list-page'), 'PlanningListPage'),
              },
              {
                path: '/projets/:programId/plannings/nouveau',
                handle: { title: pageTitles.newFreePlanning },
                lazy: page(() => import('../pages/plannings/free-planning-page'), 'FreePlanningPage'),
              },
              {
                path: '/projets/:programId/plannings-libres/:planningId',
                loader: prefetchPlanningDetail(queryClient),
                lazy: page(() => import('../pages/planning-detail/planning-detail-page'), 'PlanningDetailPage'),
              },
              // part 2 §2.7: imposed planning detail (the free detail page, imposed statuses and summary)
              {
                path: '/projets/:programId/plannings-imposes/:planningId',
                loader: prefetchPlanningDetail(queryClient),
                lazy: page(() => import('../pages/planning-detail/planning-detail-page'), 'PlanningDetailPage'),
              },
              // part 2 §2.5: imposed planning creation (drag and drop, 'Placer automatiquement')
              {
                path: '/projets/:programId/plannings/nouveau-impose',
                handle: { title: screenNames.newImposedPlanning },
                lazy: page(() => import('../pages/plannings/imposed-planning-page'), 'ImposedPlanningPage'),
              },
              {
                path: '/projets/:programId/parametres',
                handle: { title: pageTitles.programSettings },
                lazy: page(() => import('../pages/programs/program-settings-page'), 'ProgramSettingsPage'),
              },
              { path: '/amo', element: <Navigate to="/projets" replace /> },
              { path: '/accueil', handle: { title: screenNames.home }, lazy: page(() => import('../pages/homes/moderator-home-page'), 'ModeratorHomePage') },
              { path: '/accueil-amo', handle: { title: screenNames.home }, lazy: page(() => import('../pages/homes/amo-home-page'), 'AmoHomePage') },
              {
                path: '/accueil-acquereur',
                handle: { title: screenNames.home },
                lazy: page(() => import('../pages/homes/customer-home-page'), 'CustomerHomePage'),
              },
              { path: '/profile', handle: { title: screenNames.account }, lazy: page(() => import('../pages/account/profile-page'), 'ProfilePage') },
              { path: '/logout', handle: { title: pageTitles.logout }, lazy: page(() => import('../pages/auth/logout-page'), 'LogoutPage') },
              { path: '/dev/outbox', handle: { title: pageTitles.outboxTab }, lazy: page(() => import('../pages/dev/outbox-page'), 'OutboxPage') },
              // part 3 §2 'Admin screens': administration; /admin/logs sends to the administrator home.
              { path: '/admin/users', handle: { title: screenNames.users }, lazy: page(() => import('../pages/admin/users-page'), 'UsersPage') },
              {
                path: '/admin/users/:userId',
                handle: { title: pageTitles.user },
                lazy: page(() => import('../pages/admin/user-detail-page'), 'UserDetailPage'),
              },
              {
                path: '/admin/permissions/programs',
                handle: { title: pageTitles.permissionsByProgram },
                lazy: page(() => import('../pages/admin/program-permissions-page'), 'ProgramPermissionsPage'),
              },
              {
                path: '/admin/permissions/users',
                handle: { title: pageTitles.permissionsByUser },
                lazy: page(() => import('../pages/admin/user-permissions-page'), 'UserPermissionsPage'),
              },
              {
                path: '/admin/facturation/entities',
                handle: { title: pageTitles.billingEntities },
                lazy: page(() => import('../pages/admin/entities-page'), 'EntitiesPage'),
              },
              {
                path: '/admin/facturation/entities/:entityId',
                handle: { title: pageTitles.billingEntity },
                lazy: page(() => import('../pages/admin/entity-detail-page'), 'EntityDetailPage'),
              },
              {
                path: '/admin/facturation/plannings',
                handle: { title: pageTitles.planningBilling },
                lazy: page(() => import('../pages/admin/plannings-billing-page'), 'PlanningsBillingPage'),
              },
              {
                path: '/admin/plannings',
                handle: { title: pageTitles.planningBilling },
                lazy: page(() => import('../pages/admin/plannings-billing-page'), 'PlanningsBillingPage'),
              },
              { path: '/admin/journal', handle: { title: pageTitles.journal }, lazy: page(() => import('../pages/admin/audit-log-page'), 'AuditLogPage') },
              { path: '/admin/logs', element: <Navigate to="/admin/programmes" replace /> },
              // part 3 §2: virtual visits
              {
                path: '/admin/visites',
                handle: { title: pageTitles.virtualVisits },
                lazy: page(() => import('../pages/virtual-visits/admin-visits-page'), 'AdminVisitsPage'),
              },
              {
                path: '/visites',
                handle: { title: pageTitles.virtualVisits },
                lazy: page(() => import('../pages/virtual-visits/admin-visits-page'), 'AdminVisitsPage'),
              },
              {
                path: '/projets/:programId/visites-3d',
                handle: { title: pageTitles.programVirtualVisits },
                lazy: page(() => import('../pages/virtual-visits/program-visits-page'), 'ProgramVisitsPage'),
              },
              {
                path: '/admin/logs/visites',
                handle: { title: pageTitles.virtualVisitLog },
                lazy: page(() => import('../pages/virtual-visits/visit-logs-page'), 'VisitLogsPage'),
              },
              // part 3 §2: message templates, appointment logs and trends
              ...['/promoter/templates', '/amo/templates'].flatMap((base) => [
                { path: base, handle: { title: screenNames.templates }, lazy: page(() => import('../pages/templates/template-list-page'), 'TemplateListPage') },
                {
                  path: `${base}/nouveau`,
                  handle: { title: pageTitles.newTemplate },
                  lazy: page(() => import('../pages/templates/template-wizard-page'), 'TemplateWizardPage'),
                },
                {
                  path: `${base}/help`,
                  handle: { title: pageTitles.templatesHelp },
                  lazy: page(() => import('../pages/templates/template-help-page'), 'TemplateHelpPage'),
                },
              ]),
              {
                path: '/admin/logs/rdvs',
                handle: { title: pageTitles.appointmentLog },
                lazy: page(() => import('../pages/logs/appointment-logs-page'), 'AppointmentLogsPage'),
              },
              // Attendance on the day (docs/user-guide.md « Présences »)
              { path: '/ma-journee', handle: { title: screenNames.myDay }, lazy: page(() => import('../pages/attendance/day-page'), 'DayPage') },
              { path: '/admin/logs/trends', handle: { title: screenNames.trends }, lazy: page(() => import('../pages/logs/trends-page'), 'TrendsPage') },
              // part 1 §2: the buyer's housing and its sub-pages; staff's program messages
              {
                path: '/logement/:housingId',
                handle: { title: pageTitles.myHousing },
                lazy: page(() => import('../pages/buyer-area/housing-layout'), 'HousingLayout'),
                children: [
                  { index: true, lazy: page(() => import('../pages/buyer-area/housing-layout'), 'HousingIndexRedirect') },
                  {
                    path: 'actualite',
                    handle: { title: screenNames.news },
                    lazy: page(() => import('../pages/buyer-area/housing-posts-page'), 'HousingNewsPage'),
                  },
                  {
                    path: 'chantier',
                    handle: { title: screenNames.site },
                    lazy: page(() => import('../pages/buyer-area/housing-posts-page'), 'HousingSitePage'),
                  },
                  {
                    path: 'messages',
                    handle: { title: screenNames.messages },
                    lazy: page(() => import('../pages/buyer-area/housing-messages-page'), 'HousingMessagesPage'),
                  },
                  {
                    path: 'documents',
                    handle: { title: screenNames.documents },
                    lazy: page(() => import('../pages/buyer-area/housing-documents-page'), 'HousingDocumentsPage'),
                  },
                  {
                    // values, not messages: a segment of the page's address.
                    path: 'foire-aux-questions',
                    handle: { title: screenNames.faq },
                    lazy: page(() => import('../pages/buyer-area/housing-faq-page'), 'HousingFaqPage'),
                  },
                  {
                    path: 'tmas',
                    handle: { title: screenNames.tma },
                    lazy: page(() => import('../pages/buyer-area/housing-coming-soon-page'), 'HousingTmaPage'),
                  },
                  {
                    path: 'choix',
                    handle: { title: screenNames.choices },
                    lazy: page(() => import('../pages/buyer-area/housing-coming-soon-page'), 'HousingChoicesPage'),
                  },
                ],
              },
              {
                path: '/projets/:programId/messages',
                handle: { title: pageTitles.programMessages },
                lazy: page(() => import('../pages/program-messages/program-messages-page'), 'ProgramMessagesPage'),
              },
              {
                path: '/projets/:programId/espace-acquereur',
                handle: { title: screenNames.buyerArea },
                lazy: page(() => import('../pages/program-buyer-area/program-buyer-area-page'), 'ProgramBuyerAreaPage'),
              },
              // The funnel (ours, beside part 3 §2 trends): the program's buyers from invitation to visit
              {
                path: '/projets/:programId/parcours',
                handle: { title: screenNames.funnel },
                lazy: page(() => import('../pages/logs/funnel-page'), 'FunnelPage'),
              },
              // part 2 §2.8, §2.3: the consolidated view and the cross-program plannings list
              {
                path: '/projets/:programId/plannings-consolidate',
                handle: { title: screenNames.consolidated },
                lazy: page(() => import('../pages/exports/consolidated-page'), 'ConsolidatedPage'),
              },
              ...['/promoter/plannings', '/amo/plannings'].map((path) => ({
                path,
                handle: { title: screenNames.plannings },
                lazy: page(() => import('../pages/exports/cross-program-plannings-page'), 'CrossProgramPlanningsPage'),
              })),
              // Unknown route for a signed-in user; the guard above sends a role that may not use it to /login.
              { path: '*', handle: { notFound: true, title: pageTitles.notFound }, lazy: page(() => import('../pages/errors/not-found-page'), 'NotFoundPage') },
            ],
          },
        ],
      },
    ],
  },
];

export function createRouter(queryClient: QueryClient) {
  return createBrowserRouter(appRoutes(queryClient));
}
