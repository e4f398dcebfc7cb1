// The API's base query: bearer token, retries of SPEC §9 for queries, and sign-out on any 401.
import { createAction } from '@reduxjs/toolkit';
import { fetchBaseQuery, retry } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { API_BASE_URL } from '../config/env';
import { takeEarlyResponse } from './earlyResponses';
import { readToken } from './token';

/** Dispatched when the server answers 401 to a call that carried a token; the auth feature signs out. */
export const unauthorizedResponse = createAction('api/unauthorizedResponse');

const DEFAULT_MAX_RETRIES = 3;
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;

/** 1 s, 2 s, 4 s … capped at 30 s. */
export function backoffDelay(attempt: number): number {
  return Math.min(FIRST_DELAY_MS * 2 ** Math.max(0, attempt - 1), MAX_DELAY_MS);
}

function isClientError(error: FetchBaseQueryError): boolean {
  return typeof error.status === 'number' && error.status >= 400 && error.status < 500;
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: API_BASE_URL,
  // Looked up per call, so a fetch installed after start-up (tests, polyfills) is used. fetchBaseQuery passes a Request.
  fetchFn: (input, init) => (input instanceof Request && takeEarlyResponse(input)) || fetch(input, init),
  prepareHeaders: (headers) => {
    const token = readToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

const retryingBaseQuery = retry(rawBaseQuery, {
  // Mutations are not repeated: a retried checkout or chat post could happen twice.
  retryCondition: (error, _args, { attempt, baseQueryApi, extraOptions }) => {
    const max = (extraOptions as { maxRetries?: number } | undefined)?.maxRetries ?? DEFAULT_MAX_RETRIES;
    if (baseQueryApi.type !== 'query' || attempt > max) return false;
    return !isClientError(error as FetchBaseQueryError);
  },
  backoff: (attempt, _max, signal) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, backoffDelay(attempt));
      signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new Error('Aborted'));
      });
    }),
});

export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, { maxRetries?: number }> = async (
  args,
  api,
  extraOptions,
) => {
  const hadToken = readToken() !== null;
  const result = await retryingBaseQuery(args, api, extraOptions ?? {});
  if (result.error?.status === 401 && hadToken) api.dispatch(unauthorizedResponse());
  return result;
};
