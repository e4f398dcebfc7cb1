import { actionSanitizer, actionsDenylist, stateSanitizer } from '../../src/app/devtools';

describe('DevTools sanitizers', () => {
  it('replaces a huge action payload by a summary and leaves small ones alone', () => {
    const big = {
      type: 'api/executeQuery/fulfilled',
      payload: Array.from({ length: 5000 }, (_, i) => ({ i, text: 'x'.repeat(10) })),
    };
    const small = { type: 'layout/themeChosen', payload: 'dark' };
    expect(actionSanitizer(big).payload).toMatch(/^<<LARGE PAYLOAD: array of 5000/);
    expect(actionSanitizer(small)).toBe(small);
  });

  it('summarises large cached answers in the state', () => {
    const state = {
      auth: { user: null },
      api: {
        queries: {
          'getSessionMessages(x)': { status: 'fulfilled', data: { messages: 'y'.repeat(50_000) } },
          'getBalance(undefined)': { data: { available_credits: 1 } },
        },
      },
    };
    const clean = stateSanitizer(state);
    expect(clean.api.queries['getSessionMessages(x)'].data).toMatch(/LARGE PAYLOAD/);
    expect(clean.api.queries['getBalance(undefined)'].data).toEqual({ available_credits: 1 });
    expect(clean.auth).toBe(state.auth);
  });

  it('hides upload progress from the action log', () => {
    expect(actionsDenylist).toContain('uploads/progressed');
  });
});
