import { useLogoutMutation } from '../api/account-queries';
import { messages } from '../../../shared/messages/common';
import { isApiError } from '../api/api-error';
import { endStoredSimulation } from './impersonation';
import { notify } from './notifications-store';
import { endSession } from './session-expiry';

/**
 * Logout (part 1 §2, §4): POST /users/logout, then local storage is cleared, the role becomes
 * anonymous and the user lands on /login. 'Deconnexion interrompue.' when the call fails (an
 * already expired token is handled by the 498 rule, which signs out anyway). Signing out while
 * simulating also ends the administrator's session kept aside (part 3 §4).
 */
export function useLogout() {
  const mutation = useLogoutMutation();
  const logout = () =>
    mutation.mutate(undefined, {
      onSuccess: () => void endStoredSimulation().then(() => endSession(false)),
      onError: (error) => {
        if (isApiError(error, 498)) return;
        notify({ type: 'error', content: messages.logoutFailed });
      },
    });
  return { logout, isPending: mutation.isPending };
}
