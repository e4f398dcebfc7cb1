// Sign-in guard: anonymous visitors go to /login, which brings them back to the page they asked for.
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { selectIsAuthenticated } from '../authSelectors';

export function RequireAuth() {
  const signedIn = useAppSelector(selectIsAuthenticated);
  const { pathname, search } = useLocation();
  if (!signedIn) return <Navigate to={`/login?return=${encodeURIComponent(`${pathname}${search}`)}`} replace />;
  return <Outlet />;
}
