import { http, HttpResponse } from 'msw';
import { loadOpeningPage } from '../../src/app/router';
import { PAGE_ROUTES } from '../../src/app/routes/routeModules';
import { makeStore } from '../../src/app/store';
import { alice } from '../utils/fixtures';
import { apiUrl, server, useMswServer } from '../utils/msw';
import { TEAM_ID } from '../utils/env';
import { signedInState } from '../utils/renderWithProviders';

useMswServer();

const at = (path: string) => new URL(`http://localhost${path}`) as unknown as Location;

describe("the opening page's data, before the router exists", () => {
  it('asks for the team, the run prices and the saved credentials when the browser opens the team chat', async () => {
    const asked: string[] = [];
    server.use(
      http.get(apiUrl('/*'), ({ request }) => {
        asked.push(new URL(request.url).pathname);
        return HttpResponse.json({});
      }),
    );
    loadOpeningPage(makeStore(signedInState(alice)), at(`/teams/${TEAM_ID}/chat`));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const paths = asked.map((path) => path.replace(/^.*\/api\/v1/, '')).sort();
    expect(paths).toEqual(
      ['/credentials/mcp', '/credentials/mcp/servers', '/credits/status', `/teams/${TEAM_ID}`].sort(),
    );
    // index.html asks for the same (and the current user, which the entry loads for every page) before the app runs.
    const early = PAGE_ROUTES.find((page) => page.module === 'TeamChat')?.data ?? [];
    expect([...early].sort()).toEqual(
      ['auth/users/me', ...paths.map((path) => path.slice(1).replace(TEAM_ID, ':teamId'))].sort(),
    );
  });

  it('asks for nothing on a page without a loader', async () => {
    const asked: string[] = [];
    server.use(
      http.get(apiUrl('/*'), ({ request }) => {
        asked.push(request.url);
        return HttpResponse.json({});
      }),
    );
    loadOpeningPage(makeStore(signedInState(alice)), at('/profile'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual([]);
  });
});
