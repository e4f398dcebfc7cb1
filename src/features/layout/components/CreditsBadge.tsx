// The header's balance badge; a failed refresh keeps the last balance and says so in a toast.
import { useEffect } from 'react';
import { useSnackbar } from '../../../components/toasts/useSnackbar';
import { CreditsPill } from '../../../components/CreditsPill';
import { useGetBalanceQuery } from '../../../services/api';

const BALANCE_ERROR = 'Failed to fetch credit balance';

export function CreditsBadge() {
  const { data, isLoading, isError } = useGetBalanceQuery();
  const { enqueueSnackbar } = useSnackbar();

  useEffect(() => {
    if (isError) enqueueSnackbar(BALANCE_ERROR, { variant: 'error', preventDuplicate: true });
  }, [isError, enqueueSnackbar]);

  return <CreditsPill credits={data?.available_credits} isLoading={isLoading} />;
}
