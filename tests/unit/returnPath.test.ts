import { afterLoginTarget, DEFAULT_AFTER_LOGIN, safeReturnPath } from '../../src/features/auth/returnPath';

describe('safeReturnPath', () => {
  it.each(['/profile', '/payment?tab=plans', '/teams/6650f0c2a1b2c3d4e5f60718/chat?session=abc#end', '/'])(
    'accepts the same-site path %s',
    (path) => {
      expect(safeReturnPath(path)).toBe(path);
    },
  );

  it.each([
    ['a protocol-relative host', '//evil.example/profile'],
    ['a slash-backslash host', '/\\evil.example'],
    ['a backslash anywhere', '/profile\\..\\x'],
    ['an absolute URL', 'https://evil.example/'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a data: URL', 'data:text/html,hi'],
    ['a relative path', 'profile'],
    ['a tab inside', '/\t/evil.example'],
    ['a newline', '/profile\nSet-Cookie: x'],
    ['an encoded double slash', '/%2F%2Fevil.example'],
    ['an encoded backslash', '/%5Cevil.example'],
    ['an encoded newline', '/profile%0a'],
    ['malformed encoding', '/%E0%A4%A'],
    ['leading whitespace', ' /profile'],
    ['an empty string', ''],
    ['a dot-dot segment before a double slash', '/..//evil.test'],
    ['a dot-dot segment after a folder', '/a/..//evil.test'],
    ['a dot segment before a double slash', '/.//evil.test'],
    ['an encoded dot-dot segment', '/%2e%2e//evil.test'],
    ['an encoded dot-dot segment in capitals', '/%2E%2E/%2Fevil.test'],
    ['a dot-dot segment at the end', '/profile/..'],
  ])('rejects %s', (_what, path) => {
    expect(safeReturnPath(path)).toBeNull();
  });

  it('rejects a missing value', () => {
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
  });
});

describe('afterLoginTarget', () => {
  it.each(['/..//evil.test', '/a/..//evil.test', '/.//evil.test', '/%2e%2e//evil.test'])(
    'sends return=%s to the default page',
    (path) => {
      expect(afterLoginTarget(`?return=${encodeURIComponent(path)}`)).toBe(DEFAULT_AFTER_LOGIN);
    },
  );

  it('goes to the single team chat without a return parameter', () => {
    expect(afterLoginTarget('')).toBe(DEFAULT_AFTER_LOGIN);
    expect(DEFAULT_AFTER_LOGIN).toBe('/teams/6650f0c2a1b2c3d4e5f60718/chat');
  });

  it('honours a same-site return path', () => {
    expect(afterLoginTarget('?return=%2Fprofile')).toBe('/profile');
  });

  it('ignores a foreign return target', () => {
    expect(afterLoginTarget('?return=%2F%2Fevil.example')).toBe(DEFAULT_AFTER_LOGIN);
  });

  it('appends message as initialMessage, keeping the existing query', () => {
    const target = afterLoginTarget(
      `?return=${encodeURIComponent('/teams/x/chat?isHomeTeam=true')}&message=Build%20a%20flow`,
    );
    const url = new URL(target, 'http://localhost');
    expect(url.pathname).toBe('/teams/x/chat');
    expect(url.searchParams.get('isHomeTeam')).toBe('true');
    expect(url.searchParams.get('initialMessage')).toBe('Build a flow');
  });
});
