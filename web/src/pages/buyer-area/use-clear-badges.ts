import { useEffect, useRef } from 'react';
import type { BadgeName, Housing } from '../../../../shared/domain/buyer-area';
import { useClearBadgesMutation } from '../../api/buyer-area-queries';

/**
 * Opening a sub-page clears its badges (part 1 §3): each of its notifications is deleted on
 * the server, the housing's cached notifications (and so the local mirror) follow. Runs once per
 * opening, and again only if new notifications of that sub-page arrive while it is open.
 */
export function useClearBadges(housing: Housing, badgeName: BadgeName): void {
  // `mutate` keeps its identity across renders (the mutation's result object does not).
  const { mutate } = useClearBadgesMutation(housing._id);
  const { notifications } = housing;
  const cleared = useRef('');
  useEffect(() => {
    const pending = notifications.filter((notification) => notification.badgeName === badgeName);
    const key = pending.map((notification) => notification._id).join(',');
    if (!key || cleared.current === key) return;
    cleared.current = key;
    mutate(pending);
  }, [notifications, badgeName, mutate]);
}
