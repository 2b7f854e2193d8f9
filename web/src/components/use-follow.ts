import { useCallback } from 'react';
import { useNavigate } from 'react-router';

interface FollowEvent {
  preventDefault(): void;
  detail: { href?: string; external?: boolean };
}

/** Cloudscape links, side navigation and breadcrumbs navigate inside the SPA instead of reloading. */
export function useFollow(): (event: FollowEvent) => void {
  const navigate = useNavigate();
  return useCallback(
    (event: FollowEvent) => {
      const { href, external } = event.detail;
      if (!href || external || /^https?:/.test(href)) return;
      event.preventDefault();
      void navigate(href);
    },
    [navigate],
  );
}
