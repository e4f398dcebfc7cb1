// Runs the credential check once the team has loaded (not in home-team mode); failures show one toast.
import { useEffect, useMemo } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useSnackbar } from '../../../components/toasts/useSnackbar';
import { useGetCredentialServersQuery, useGetCredentialsQuery } from '../../../services/api';
import type { Team } from '../../../../contract/types';
import { missingCredentialServers } from '../missingCredentials';

const CHECK_FAILED = 'Failed to check your MCP credentials';

export function useMissingCredentials(team: Team | undefined, enabled: boolean) {
  const active = enabled && team !== undefined;
  const saved = useGetCredentialsQuery(active ? undefined : skipToken);
  const servers = useGetCredentialServersQuery(active ? undefined : skipToken);
  const { enqueueSnackbar } = useSnackbar();
  const failed = saved.isError || servers.isError;

  useEffect(() => {
    if (failed) enqueueSnackbar(CHECK_FAILED, { variant: 'error' });
  }, [failed, enqueueSnackbar]);

  const missing = useMemo(
    () => (team && saved.data && servers.data ? missingCredentialServers(team, servers.data, saved.data) : []),
    [team, saved.data, servers.data],
  );
  return { missing, saved: saved.data ?? [] };
}
