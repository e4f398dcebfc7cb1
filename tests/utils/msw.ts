// The msw server for web tests that talk HTTP: call useMswServer() once per test file.
import { setupServer } from 'msw/node';
import { HttpResponse } from 'msw';
import { API_BASE_URL } from './env';

export const server = setupServer();

/** Starts msw for this test file: unhandled requests fail the test; handlers and storage reset after each test. */
export function useMswServer(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    localStorage.clear();
  });
  afterAll(() => server.close());
}

export const apiUrl = (path: string) => `${API_BASE_URL}${path}`;

export const errorResponse = (status: number, detail: string | { code: string; message: string }) =>
  HttpResponse.json({ detail }, { status });
