import { existsSync } from 'node:fs';
import { dataUrl, pathPattern } from '../../scripts/routePreload';
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

  it("fills a page's data paths from its parameters, below the API base", () => {
    expect(dataUrl('/api/v1', 'teams/:teamId/chat', 'teams/:teamId')).toBe('/api/v1/teams/:1');
    expect(dataUrl('https://api.example.com/v1/', 'profile', 'auth/users/me')).toBe(
      'https://api.example.com/v1/auth/users/me',
    );
    expect(() => dataUrl('/api/v1', 'profile', 'teams/:teamId')).toThrow(/profile does not have/);
  });
});
