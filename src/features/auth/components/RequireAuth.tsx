// Sign-in guard: anonymous visitors go to /login, which brings them back to the page they asked for
// (not after a deliberate sign-out).
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { selectIsAuthenticated, selectSignedOutByUser } from '../authSelectors';

export function RequireAuth() {
  const signedIn = useAppSelector(selectIsAuthenticated);
  const deliberate = useAppSelector(selectSignedOutByUser);
  const { pathname, search } = useLocation();
  if (!signedIn && deliberate) return <Navigate to="/login" replace />;
  if (!signedIn) return <Navigate to={`/login?return=${encodeURIComponent(`${pathname}${search}`)}`} replace />;
  return <Outlet />;
}
