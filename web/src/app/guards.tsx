import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PlainLoading } from './plain-loading';
import { ownTwinPath } from '../../../shared/rules/role-routes';
import { homeOf, routeAccess } from './role-home';
import { useSession, useStoredItem } from './session-store';
import { storageKeys } from './storage-keys';

const PublicLayout = lazy(() => import('./public-layout').then((m) => ({ default: m.PublicLayout })));
const StaffLayout = lazy(() => import('./staff-layout').then((m) => ({ default: m.StaffLayout })));

/**
 * Route guard (part 3 §2): a route the role may not use sends to /login (to its twin under the
 * role's own path when there is one: shared/rules/role-routes.ts ownTwinPath), an unknown one falls
 * through to the not-found page; a stored token whose exp claim is past sends to the expired
 * variant of the login page (which forgets that token). While an administrator simulates a user,
 * a route that user may not use sends to the user's home instead: /login would be a dead end
 * without 'Stop simulation' (part 3 §4).
 */
export function RoleGuard() {
  const session = useSession();
  const location = useLocation();
  const simulating = !!useStoredItem(storageKeys.adminToken);
  if (session.expired) return <Navigate to="/login?expired=1" replace />;
  if (routeAccess(session.role, location.pathname) === 'login') {
    const twin = ownTwinPath(session.role, location.pathname);
    if (twin) return <Navigate to={`${twin}${location.search}`} replace />;
    if (simulating && session.role !== 'anonymousUser') return <Navigate to={homeOf(session.role)} replace />;
    return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  }
  return <Outlet />;
}

/** `/` sends each role to its home; visitors to /login. */
export function RootRedirect() {
  const session = useSession();
  if (session.expired) return <Navigate to="/login?expired=1" replace />;
  return <Navigate to={session.role === 'anonymousUser' ? '/login' : homeOf(session.role)} replace />;
}

/** RGPD and Aide are public: inside the shell when signed in, in the light layout otherwise. */
export function SessionAwareLayout() {
  const { role } = useSession();
  return <Suspense fallback={<PlainLoading />}>{role === 'anonymousUser' ? <PublicLayout /> : <StaffLayout />}</Suspense>;
}
