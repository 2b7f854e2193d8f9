import { useEffect } from 'react';
import { Outlet, useMatches } from 'react-router';

/** 'Plannings – Livrea': the browser tab names the page, then the product. */
const pageTitle = (name: string | undefined): string => (name ? `${name} – Livrea` : 'Livrea');

/** The tab title of a page: its name (a planning's own name on its page), 'Livrea' while unknown. */
export function usePageTitle(name: string | undefined): void {
  useEffect(() => {
    if (name) document.title = pageTitle(name);
  }, [name]);
}

/**
 * The root of the routes: every page's tab title from its route's `handle.title` (router.tsx). A
 * page named by its data (a planning, the viewer) has no `handle.title` and calls usePageTitle.
 */
export function RouteTitle() {
  const title = useMatches()
    .map((match) => (match.handle as { title?: string } | undefined)?.title)
    .filter(Boolean)
    .at(-1);
  usePageTitle(title);
  return <Outlet />;
}
