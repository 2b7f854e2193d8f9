import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { pageTitles } from '../../../../shared/messages/navigation';
import { signInMessages } from '../../../../shared/messages/sign-in';
import { useLogout } from '../../app/use-logout';

/** /logout: a confirmation step; the user menu's Déconnexion does the same without it. */
export function LogoutPage() {
  const { logout, isPending } = useLogout();
  return (
    <Box textAlign="center" padding={{ vertical: 'xxl' }}>
      <SpaceBetween size="m" alignItems="center">
        <Box variant="h1">{pageTitles.logout}</Box>
        <Box variant="p">{signInMessages.logoutQuestion}</Box>
        <Button variant="primary" onClick={logout} loading={isPending} disabled={isPending}>
          {signInMessages.logoutAction}
        </Button>
      </SpaceBetween>
    </Box>
  );
}
