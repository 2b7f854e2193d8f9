// zod speaks French on every page that validates with it; loaded with the layouts, not by the buyer's page.
import '../../../shared/i18n/zod-french';
import './cloudscape-global-styles';
import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { NotificationsFlashbar } from '../components/notifications-flashbar';
import { PageLoading } from '../components/page-loading';
import { RouterLink } from '../components/router-link';
import { messages } from '../../../shared/messages/common';
import { screenNames } from '../../../shared/messages/navigation';

/** Layout of the sign-in and account pages: a narrow centred column, light on purpose. */
export function PublicLayout() {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <main style={{ flex: 1, width: '100%', maxWidth: 560, margin: '0 auto', padding: '32px 16px', boxSizing: 'border-box' }}>
        <SpaceBetween size="l">
          <Box textAlign="center">
            <RouterLink href="/login" variant="secondary" fontSize="display-l" ariaLabel="Livrea, accueil">
              Livrea
            </RouterLink>
            <Box color="text-body-secondary">{messages.tagline}</Box>
          </Box>
          <NotificationsFlashbar />
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </SpaceBetween>
      </main>
      <CopyrightFooter />
    </div>
  );
}

export function CopyrightFooter() {
  return (
    <footer style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', alignItems: 'center', gap: 8, padding: '16px 8px' }}>
      <Box color="text-body-secondary" fontSize="body-s">
        Copyright © {new Date().getFullYear()} Livrea
      </Box>
      <Box color="text-body-secondary" fontSize="body-s">
        ·
      </Box>
      <RouterLink href="/rgpd" fontSize="body-s" variant="secondary">
        {screenNames.gdpr}
      </RouterLink>
      <Box color="text-body-secondary" fontSize="body-s">
        ·
      </Box>
      <RouterLink href="/aide" fontSize="body-s" variant="secondary">
        {screenNames.support}
      </RouterLink>
    </footer>
  );
}
