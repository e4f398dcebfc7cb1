// Credit balance, status and the paged transaction history.
import type { Balance, CreditStatus, TransactionPage } from '../../../contract/types';
import { readers } from '../../../contract/responses';
import type { Builder } from '../tags';

export const creditsEndpoints = (build: Builder) => ({
  getBalance: build.query<Balance, void>({
    query: () => '/credits/balance',
    transformResponse: readers.balance,
    providesTags: ['Credits'],
  }),
  getCreditStatus: build.query<CreditStatus, void>({
    query: () => '/credits/status',
    transformResponse: readers.creditStatus,
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
    transformResponse: readers.transactions,
    providesTags: [{ type: 'Transactions', id: 'LIST' }],
  }),
});
