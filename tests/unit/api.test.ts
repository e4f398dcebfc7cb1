import { http, HttpResponse } from 'msw';
import { makeStore } from '../../src/app/store';
import { api } from '../../src/services/api';
import { backoffDelay } from '../../src/services/baseQuery';
import { alice, balance, subscriptionStatus, activeSubscription } from '../utils/fixtures';
import { apiUrl, errorResponse, server, useMswServer } from '../utils/msw';
import { signedInState } from '../utils/renderWithProviders';

useMswServer();

/** Counts requests per "METHOD path". */
function recordRequests() {
  const seen: string[] = [];
  server.events.on('request:start', ({ request }) => {
    seen.push(`${request.method} ${new URL(request.url).pathname.replace('/api/v1', '')}`);
  });
  return { count: (key: string) => seen.filter((s) => s === key).length, seen };
}

afterEach(() => {
  server.events.removeAllListeners();
  jest.useRealTimers();
});

describe('requests', () => {
  it('carry the bearer token stored under "token"', async () => {
    let auth: string | null = 'unset';
    server.use(
      http.get(apiUrl('/credits/balance'), ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json(balance(10));
      }),
    );
    localStorage.setItem('token', 'tok-123');
    const store = makeStore();
    await store.dispatch(api.endpoints.getBalance.initiate());
    expect(auth).toBe('Bearer tok-123');
  });

  it('go without Authorization when no token is stored', async () => {
    let auth: string | null = 'unset';
    server.use(
      http.get(apiUrl('/payments/plans'), ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json({ data: { plans: {} } });
      }),
    );
    await makeStore().dispatch(api.endpoints.getPlans.initiate());
    expect(auth).toBeNull();
  });

  it('unwrap the {data} envelopes into the shapes of the contract', async () => {
    server.use(
      http.get(apiUrl('/payments/subscription/status'), () =>
        HttpResponse.json({ data: subscriptionStatus(activeSubscription()) }),
      ),
      http.get(apiUrl('/credits/balance'), () => HttpResponse.json({ data: balance(42, 2) })),
    );
    const store = makeStore();
    const status = await store.dispatch(api.endpoints.getSubscriptionStatus.initiate()).unwrap();
    expect(status.subscription_details?.plan_details.name).toBe('Starter');
    expect(await store.dispatch(api.endpoints.getBalance.initiate()).unwrap()).toEqual(balance(42, 2));
  });
});

describe('retries', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] }));

  it('back off exponentially from 1 s and cap at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(backoffDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('retry a failing query after 1 s, then 2 s, and succeed', async () => {
    const requests = recordRequests();
    let calls = 0;
    server.use(
      http.get(apiUrl('/payments/packages'), () => {
        calls += 1;
        return calls < 3 ? errorResponse(503, 'busy') : HttpResponse.json({ data: { packages: [] } });
      }),
    );
    const promise = makeStore().dispatch(api.endpoints.getPackages.initiate());
    await jest.advanceTimersByTimeAsync(0);
    expect(requests.count('GET /payments/packages')).toBe(1);
    await jest.advanceTimersByTimeAsync(999);
    expect(requests.count('GET /payments/packages')).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(requests.count('GET /payments/packages')).toBe(2);
    await jest.advanceTimersByTimeAsync(2000);
    const result = await promise;
    expect(requests.count('GET /payments/packages')).toBe(3);
    expect(result.data).toEqual([]);
  });

  it('give up after 3 retries', async () => {
    const requests = recordRequests();
    server.use(http.get(apiUrl('/payments/packages'), () => errorResponse(500, 'down')));
    const promise = makeStore().dispatch(api.endpoints.getPackages.initiate());
    await jest.advanceTimersByTimeAsync(60_000);
    const result = await promise;
    expect(requests.count('GET /payments/packages')).toBe(4);
    expect(result.isError).toBe(true);
  });

  it('do not retry a 4xx answer', async () => {
    const requests = recordRequests();
    server.use(http.get(apiUrl('/payments/subscription/details'), () => errorResponse(404, 'No subscription')));
    const promise = makeStore().dispatch(api.endpoints.getSubscriptionDetails.initiate());
    await jest.advanceTimersByTimeAsync(60_000);
    expect((await promise).isError).toBe(true);
    expect(requests.count('GET /payments/subscription/details')).toBe(1);
  });

  it('retry the team lookup only once', async () => {
    const requests = recordRequests();
    server.use(http.get(apiUrl('/teams/t1'), () => errorResponse(500, 'down')));
    const promise = makeStore().dispatch(api.endpoints.getTeam.initiate('t1'));
    await jest.advanceTimersByTimeAsync(60_000);
    await promise;
    expect(requests.count('GET /teams/t1')).toBe(2);
  });

  it('never repeat a mutation', async () => {
    const requests = recordRequests();
    server.use(http.post(apiUrl('/payments/create-checkout-session'), () => errorResponse(500, 'down')));
    const promise = makeStore().dispatch(api.endpoints.createCheckoutSession.initiate({ package_id: 'small' }));
    await jest.advanceTimersByTimeAsync(60_000);
    await promise;
    expect(requests.count('POST /payments/create-checkout-session')).toBe(1);
  });
});

describe('a 401 answer', () => {
  it('signs the user out: token removed, user cleared, cache emptied', async () => {
    localStorage.setItem('token', 'expired');
    server.use(
      http.get(apiUrl('/credits/balance'), () => HttpResponse.json(balance(5))),
      http.get(apiUrl('/credentials/mcp'), () => errorResponse(401, 'Token expired')),
    );
    const store = makeStore(signedInState(alice));
    await store.dispatch(api.endpoints.getBalance.initiate());
    expect(api.endpoints.getBalance.select()(store.getState()).data).toEqual(balance(5));

    await store.dispatch(api.endpoints.getCredentials.initiate());

    expect(localStorage.getItem('token')).toBeNull();
    expect(store.getState().auth).toMatchObject({ user: null, isAuthenticated: false });
    expect(api.endpoints.getBalance.select()(store.getState()).data).toBeUndefined();
  });
});

describe('cache tags', () => {
  it('refetch the credential list after a delete, and nothing unrelated', async () => {
    const requests = recordRequests();
    let credentials = [{ id: 'c1', mcp_server_id: 'github', server_name: 'GitHub', configured_fields: {} }];
    server.use(
      http.get(apiUrl('/credentials/mcp'), () => HttpResponse.json({ data: { credentials } })),
      http.get(apiUrl('/credits/balance'), () => HttpResponse.json(balance(1))),
      http.delete(apiUrl('/credentials/mcp/c1'), () => {
        credentials = [];
        return HttpResponse.json({ data: { deleted: true } });
      }),
    );
    const store = makeStore();
    const list = store.dispatch(api.endpoints.getCredentials.initiate());
    const credits = store.dispatch(api.endpoints.getBalance.initiate());
    await list;
    await credits;

    await store.dispatch(api.endpoints.deleteCredential.initiate('c1'));
    await new Promise((r) => setTimeout(r, 50));

    expect(requests.count('GET /credentials/mcp')).toBe(2);
    expect(api.endpoints.getCredentials.select()(store.getState()).data).toEqual([]);
    expect(requests.count('GET /credits/balance')).toBe(1);
    list.unsubscribe();
    credits.unsubscribe();
  });

  it('refetch the subscription status after a cancellation', async () => {
    const requests = recordRequests();
    let details = activeSubscription(false);
    server.use(
      http.get(apiUrl('/payments/subscription/status'), () => HttpResponse.json({ data: subscriptionStatus(details) })),
      http.post(apiUrl('/payments/subscription/cancel'), () => {
        details = activeSubscription(true);
        return HttpResponse.json({ data: subscriptionStatus(details) });
      }),
    );
    const store = makeStore();
    const status = store.dispatch(api.endpoints.getSubscriptionStatus.initiate());
    await status;
    await store.dispatch(api.endpoints.cancelSubscription.initiate({ reason: 'other' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(requests.count('GET /payments/subscription/status')).toBe(2);
    expect(
      api.endpoints.getSubscriptionStatus.select()(store.getState()).data?.subscription_details?.cancel_at_period_end,
    ).toBe(true);
    status.unsubscribe();
  });

  it('refresh the balance after a chat reply', async () => {
    const requests = recordRequests();
    server.use(
      http.get(apiUrl('/credits/balance'), () => HttpResponse.json(balance(10))),
      http.post(apiUrl('/teams/t1/chat'), () =>
        HttpResponse.json({ data: { session_id: 's1', content: 'done', member_responses: [], tools: [] } }),
      ),
    );
    const store = makeStore();
    const credits = store.dispatch(api.endpoints.getBalance.initiate());
    await credits;
    await store.dispatch(api.endpoints.sendTeamChat.initiate({ teamId: 't1', message: 'hi', stream: false }));
    await new Promise((r) => setTimeout(r, 50));
    expect(requests.count('GET /credits/balance')).toBe(2);
    credits.unsubscribe();
  });
});

describe('session messages', () => {
  const stored = Array.from({ length: 250 }, (_, i) => ({
    id: `m${i}`,
    role: 'user',
    content: `message ${i}`,
    created_at: i,
  }));
  const answer = (messages: typeof stored) =>
    HttpResponse.json({ data: { session: { session_id: 's1' }, team_context: {}, messages, total: stored.length } });

  it('load the newest 100 first, then the pages before them, until the first message', async () => {
    const asked: string[] = [];
    server.use(
      http.get(apiUrl('/teams/sessions/s1/messages'), ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(params.toString());
        const limit = Number(params.get('limit'));
        const skip = Number(params.get('skip') ?? 0);
        return answer(stored.slice(Math.max(0, stored.length - skip - limit), stored.length - skip));
      }),
    );
    const store = makeStore();
    const query = store.dispatch(api.endpoints.getSessionMessages.initiate({ sessionId: 's1' }));
    const first = await query.unwrap();
    expect(first.pages[0]!.messages.map((m) => m.id)).toEqual(stored.slice(150).map((m) => m.id));
    expect(first.pages[0]!.messages).toHaveLength(100);

    const second = await store
      .dispatch(api.endpoints.getSessionMessages.initiate({ sessionId: 's1' }, { direction: 'forward' }))
      .unwrap();
    expect(second.pages[1]!.messages[0]!.id).toBe('m50');
    const third = await store
      .dispatch(api.endpoints.getSessionMessages.initiate({ sessionId: 's1' }, { direction: 'forward' }))
      .unwrap();
    expect(third.pages[2]!.messages.map((m) => m.id)).toEqual(stored.slice(0, 50).map((m) => m.id));
    const state = api.endpoints.getSessionMessages.select({ sessionId: 's1' })(store.getState());
    expect(state.hasNextPage).toBe(false);
    expect(asked).toEqual(['limit=100', 'limit=100&skip=100', 'limit=100&skip=200']);
    query.unsubscribe();
  });

  it('stop asking for earlier pages from a server that ignores skip', async () => {
    server.use(http.get(apiUrl('/teams/sessions/s1/messages'), () => answer(stored.slice(150))));
    const store = makeStore();
    const query = store.dispatch(api.endpoints.getSessionMessages.initiate({ sessionId: 's1' }));
    await query.unwrap();
    expect(api.endpoints.getSessionMessages.select({ sessionId: 's1' })(store.getState()).hasNextPage).toBe(true);
    await store
      .dispatch(api.endpoints.getSessionMessages.initiate({ sessionId: 's1' }, { direction: 'forward' }))
      .unwrap();
    expect(api.endpoints.getSessionMessages.select({ sessionId: 's1' })(store.getState()).hasNextPage).toBe(false);
    query.unsubscribe();
  });
});
