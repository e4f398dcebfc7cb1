import { existsSync } from 'node:fs';
import { pathPattern } from '../../scripts/routePreload';
import { PAGE_ROUTES, routeModuleFile } from '../../src/app/routes/routeModules';

describe('the lazily loaded pages', () => {
  it.each(PAGE_ROUTES.map((page) => [page.path, page.module]))('/%s has a route module (%sRoute.tsx)', (_, module) => {
    expect(existsSync(routeModuleFile(module))).toBe(true);
  });

  it('index.html preloads /login for signed-out visitors, and the chat, /profile and /payment for signed-in ones', () => {
    const preloaded = PAGE_ROUTES.flatMap((page) => (page.preload ? [[pathPattern(page.path), page.preload]] : []));
    expect(preloaded).toEqual([
      ['^/login/?$', 'signed-out'],
      ['^/teams/[^/]+/chat/?$', 'signed-in'],
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
});
