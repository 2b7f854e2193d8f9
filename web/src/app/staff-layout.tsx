// zod speaks French on every page that validates with it; loaded with the layouts, not by the buyer's page (a light page for phones).
import '../../../shared/i18n/zod-french';
import './cloudscape-global-styles';
import AppLayout from '@cloudscape-design/components/app-layout';
import { I18nProvider } from '@cloudscape-design/components/i18n';
import frMessages from '@cloudscape-design/components/i18n/messages/all.fr';
import BreadcrumbGroup from '@cloudscape-design/components/breadcrumb-group';
import SideNavigation from '@cloudscape-design/components/side-navigation';
import TopNavigation, { type TopNavigationProps } from '@cloudscape-design/components/top-navigation';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useMemo } from 'react';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { roleLabels } from '../../../shared/domain/roles';
import { healthQueries } from '../api/health-queries';
import { NotificationsFlashbar } from '../components/notifications-flashbar';
import { ShortNoticeModal } from '../components/short-notice/short-notice-modal';
import { UndecidedCheckModal } from '../components/strand-check/undecided-check-modal';
import { PageLoading } from '../components/page-loading';
import { StopSimulationButton } from '../components/stop-simulation-button';
import { useFollow } from '../components/use-follow';
import { crumbName, useCrumbNamesVersion } from './crumb-names';
import { activeHref, buildBreadcrumbs, buildNavigation } from './navigation-config';
import { CopyrightFooter } from './public-layout';
import { currentProgramOf, useSession, useStoredItem, writeItem } from './session-store';
import { storageKeys } from './storage-keys';
import { useLogout } from './use-logout';
import { useNavOrientationPatch } from './use-nav-orientation-patch';
import { layoutMessages, pageTitles, screenNames } from '../../../shared/messages/navigation';

const HEADER_ID = 'livrea-top-navigation';

/** The shell of signed-in screens (part 1 §2 "Layout shared by staff screens"). */
export function StaffLayout() {
  const { role, user } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const onFollow = useFollow();
  const { logout, isPending } = useLogout();
  const collapsed = useStoredItem(storageKeys.collapsed) === 'true';
  const programId = useStoredItem(storageKeys.currentProgramId);
  const programRaw = useStoredItem(storageKeys.currentProgram);
  const currentProgram = useMemo(() => currentProgramOf(programId, programRaw), [programId, programRaw]);
  const health = useQuery(healthQueries.status());
  // A record's name arriving re-renders the breadcrumbs.
  useCrumbNamesVersion();
  useNavOrientationPatch();

  const navigation = useMemo(() => buildNavigation({ role, runtime: health.data?.runtime, currentProgram }), [role, health.data?.runtime, currentProgram]);
  // An unknown address is not a trail of pages; its breadcrumb says so instead of the raw URL parts.
  const notFound = useMatches().some((match) => (match.handle as { notFound?: boolean } | undefined)?.notFound);
  const breadcrumbs = notFound
    ? [
        { text: 'Livrea', href: '/' },
        { text: pageTitles.notFound, href: location.pathname },
      ]
    : buildBreadcrumbs(location.pathname, currentProgram, crumbName);

  const userMenuItems: TopNavigationProps.MenuDropdownUtility['items'] = [
    { id: 'profile', text: screenNames.account, href: '/profile' },
    ...(role === 'customer'
      ? [
          { id: 'rgpd', text: screenNames.gdpr, href: '/rgpd' },
          { id: 'aide', text: screenNames.support, href: '/aide' },
        ]
      : []),
    { id: 'logout', text: pageTitles.logout, disabled: isPending },
  ];

  const userMenuText = `${user?.username ?? ''} · ${roleLabels[role]}`;
  return (
    <I18nProvider locale="fr" messages={[frMessages]}>
      <div id={HEADER_ID} style={{ position: 'sticky', top: 0, zIndex: 1002 }}>
        <TopNavigation
          identity={{
            title: 'Livrea',
            href: '/',
            onFollow: (event) => {
              event.preventDefault();
              void navigate('/');
            },
          }}
          utilities={[
            {
              type: 'menu-dropdown',
              text: userMenuText,
              description: roleLabels[role],
              iconName: 'user-profile',
              // The accessible name begins with the visible text (WCAG 2.5.3, axe label-content-name-mismatch).
              ariaLabel: layoutMessages.userMenu(userMenuText),
              items: userMenuItems,
              onItemClick: (event) => {
                event.preventDefault();
                if (event.detail.id === 'logout') logout();
                else if (event.detail.href) void navigate(event.detail.href);
              },
            },
          ]}
        />
      </div>
      <AppLayout
        headerSelector={`#${HEADER_ID}`}
        navigationOpen={!collapsed}
        onNavigationChange={(event) => writeItem(storageKeys.collapsed, String(!event.detail.open))}
        navigation={
          <SideNavigation
            header={{ text: layoutMessages.menu, href: '/' }}
            activeHref={activeHref(navigation, location.pathname)}
            items={navigation}
            onFollow={onFollow}
          />
        }
        breadcrumbs={<BreadcrumbGroup items={breadcrumbs} ariaLabel={layoutMessages.breadcrumbs} onFollow={onFollow} />}
        notifications={<NotificationsFlashbar />}
        toolsHide
        stickyNotifications
        content={
          <>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
              {/* The convocation notice rule's confirmation, asked by any staff call (docs/user-guide.md « Délai de convocation »). */}
              <ShortNoticeModal />
              <UndecidedCheckModal />
            </Suspense>
            <div style={{ marginTop: 40 }}>
              <CopyrightFooter />
            </div>
            <StopSimulationButton />
          </>
        }
      />
    </I18nProvider>
  );
}
