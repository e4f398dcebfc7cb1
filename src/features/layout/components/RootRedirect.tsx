// "/": a "Redirecting..." spinner, then the team chat for signed-in users or /login, replacing the history entry.
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { TEAM_ID } from '../../../config/env';
import { useAppSelector } from '../../../app/hooks';
import { selectIsAuthenticated } from '../../auth/authSelectors';
import { PageLoading } from '../../../components/PageLoading';

export function RootRedirect() {
  const navigate = useNavigate();
  const signedIn = useAppSelector(selectIsAuthenticated);
  useEffect(() => {
    void navigate(signedIn ? `/teams/${TEAM_ID}/chat` : '/login', { replace: true });
  }, [signedIn, navigate]);
  return <PageLoading label="Redirecting..." />;
}
