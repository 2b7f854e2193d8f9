import { useEffect, useRef } from 'react';
import type { BadgeName, Housing } from '../../../../shared/domain/buyer-area';
import { useClearBadgesMutation } from '../../api/buyer-area-queries';

/**
 * Opening a sub-page clears its badges (part 1 §3): each of its notifications is deleted on
 * the server, the housing's cached notifications (and so the local mirror) follow. Runs once per
 * opening, and again only if new notifications of that sub-page arrive while it is open.
 */
export function useClearBadges(housing: Housing, badgeName: BadgeName): void {
  const clear = useClearBadgesMutation(housing._id);
  const pending = housing.notifications.filter((notification) => notification.badgeName === badgeName);
  const key = pending.map((notification) => notification._id).join(',');
  const cleared = useRef('');
  useEffect(() => {
    if (!key || cleared.current === key) return;
    cleared.current = key;
    clear.mutate(pending);
    // `pending` is derived from `key`; the mutation object changes identity on every render.
  }, [key]);
}
