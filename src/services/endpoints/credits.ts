// Credit balance, status and the paged transaction history.
import type { Balance, CreditStatus, Envelope, TransactionPage } from '../../../contract/types';
import { unwrap, type Builder } from '../tags';

/** The server may answer the balance bare or in `{data}`; the client keeps the balance itself. */
function balanceOf(response: Balance | Envelope<Balance>): Balance {
  return 'data' in response ? response.data : response;
}

export const creditsEndpoints = (build: Builder) => ({
  getBalance: build.query<Balance, void>({
    query: () => '/credits/balance',
    transformResponse: balanceOf,
    providesTags: ['Credits'],
  }),
  getCreditStatus: build.query<CreditStatus, void>({
    query: () => '/credits/status',
    transformResponse: (response: CreditStatus | Envelope<CreditStatus>) =>
      'data' in response ? response.data : response,
    providesTags: ['Credits'],
  }),
  /** Pages of `limit` (10 by default, the profile asks 5) addressed by skip. */
  getTransactions: build.infiniteQuery<TransactionPage, { limit?: number }, number>({
    infiniteQueryOptions: {
      initialPageParam: 0,
      getNextPageParam: (lastPage, allPages, lastSkip) => {
        const loaded = allPages.reduce((n, page) => n + page.transactions.length, 0);
        return lastPage.transactions.length > 0 && loaded < lastPage.total
          ? lastSkip + lastPage.transactions.length
          : undefined;
      },
    },
    query: ({ queryArg, pageParam }) => `/credits/transactions?limit=${queryArg.limit ?? 10}&skip=${pageParam}`,
    transformResponse: unwrap<TransactionPage>,
    providesTags: [{ type: 'Transactions', id: 'LIST' }],
  }),
});
