import { existsSync } from 'node:fs';
import { dataPath, inlineScript, pathPattern } from '../../scripts/routePreload';
import { PAGE_ROUTES, routeModuleFile } from '../../src/app/routes/routeModules';

describe('the lazily loaded pages', () => {
  it.each(PAGE_ROUTES.map((page) => [page.path, page.module]))('/%s has a route module (%sRoute.tsx)', (_, module) => {
    expect(existsSync(routeModuleFile(module))).toBe(true);
  });

  it('index.html preloads /login for signed-out visitors, and the chat, /profile and /payment for signed-in ones', () => {
    const preloaded = PAGE_ROUTES.flatMap((page) => (page.preload ? [[pathPattern(page.path), page.preload]] : []));
    expect(preloaded).toEqual([
      ['^/login/?$', 'signed-out'],
      ['^/teams/([^/]+)/chat/?$', 'signed-in'],
      ['^/profile/?$', 'signed-in'],
      ['^/payment/?$', 'signed-in'],
    ]);
  });

  it('matches a route path with or without a trailing slash, any value for a parameter, and nothing longer', () => {
    const chat = new RegExp(pathPattern('teams/:teamId/chat'));
    expect(chat.test('/teams/t1/chat')).toBe(true);
    expect(chat.test('/teams/t1/chat/')).toBe(true);
    expect(chat.test('/teams/t1/chat/more')).toBe(false);
    expect(new RegExp(pathPattern('payment')).test('/payment/success')).toBe(false);
  });

  it("fills a page's data paths from its parameters", () => {
    expect(dataPath('teams/:teamId/chat', 'teams/:teamId')).toBe('teams/:1');
    expect(dataPath('profile', 'auth/users/me')).toBe('auth/users/me');
    expect(() => dataPath('profile', 'teams/:teamId')).toThrow(/profile does not have/);
  });

  it("asks for a signed-in page's data below the API base, a port in the base left alone", () => {
    const fetched: string[] = [];
    const fetchSpy = jest.spyOn(globalThis, 'fetch').mockImplementation((url) => {
      fetched.push(String(url));
      return Promise.resolve(Response.json({}));
    });
    localStorage.setItem('token', 'tok');
    window.history.pushState({}, '', '/teams/t1/chat');
    try {
      const chat = [
        pathPattern('teams/:teamId/chat'),
        [],
        'signed-in',
        [dataPath('teams/:teamId/chat', 'teams/:teamId')],
      ];
      new Function(inlineScript([chat] as Parameters<typeof inlineScript>[0], 'http://api.local:8080/api/v1/'))();
      expect(fetched).toEqual(['http://api.local:8080/api/v1/teams/t1']);
      expect(Object.keys(window.__earlyData ?? {})).toEqual(['http://api.local:8080/api/v1/teams/t1']);
    } finally {
      delete window.__earlyData;
      localStorage.removeItem('token');
      window.history.pushState({}, '', '/');
      fetchSpy.mockRestore();
    }
  });
});
