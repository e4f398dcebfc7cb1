import { persistStore } from 'redux-persist';
import { makeStore } from '../../src/app/store';
import { migrate, PERSIST_VERSION, sanitizeSettings } from '../../src/app/persist';
import { adminModeToggled } from '../../src/features/auth/authSlice';
import { themeChosen } from '../../src/features/layout/layoutSlice';
import { signInWithIdToken } from '../../src/features/auth/authThunks';
import { adminUser } from '../utils/fixtures';

const KEY = 'persist:root';

function rehydratedStore() {
  const store = makeStore();
  const persistor = persistStore(store);
  return new Promise<typeof store & { flush: () => Promise<unknown> }>((resolve) => {
    const stop = persistor.subscribe(() => {
      if (persistor.getState().bootstrapped) {
        stop();
        resolve(Object.assign(store, { flush: () => persistor.flush() }));
      }
    });
  });
}

afterEach(() => localStorage.clear());

describe('persisted settings', () => {
  it('keeps the theme, sidebar and admin mode across a reload, but never the user or the API cache', async () => {
    const first = await rehydratedStore();
    first.dispatch(signInWithIdToken.fulfilled(adminUser, 'r', 'tok'));
    first.dispatch(adminModeToggled());
    first.dispatch(themeChosen('dark'));
    await first.flush();

    const stored = JSON.parse(localStorage.getItem(KEY)!);
    expect(Object.keys(stored).sort()).toEqual(['_persist', 'auth', 'layout']);
    expect(JSON.parse(stored.auth)).toEqual({ adminMode: true });
    expect(JSON.parse(stored.layout)).toEqual({ themePreference: 'dark', sidebarOpen: true });

    const second = await rehydratedStore();
    expect(second.getState().layout.themePreference).toBe('dark');
    expect(second.getState().auth.adminMode).toBe(true);
    expect(second.getState().auth.user).toBeNull();
  });

  it('falls back to defaults when the stored value is not JSON', async () => {
    localStorage.setItem(KEY, '{not json');
    const store = await rehydratedStore();
    expect(store.getState().layout.themePreference).toBe('system');
    expect(store.getState().auth.adminMode).toBe(false);
  });

  it('drops stored values of the wrong type and keeps the good ones', async () => {
    localStorage.setItem(
      KEY,
      JSON.stringify({
        auth: JSON.stringify({ adminMode: 'yes', user: { id: 'forged', is_admin: true } }),
        layout: JSON.stringify({ themePreference: 'purple', sidebarOpen: false }),
        _persist: JSON.stringify({ version: 1, rehydrated: true }),
      }),
    );
    const store = await rehydratedStore();
    expect(store.getState().layout).toMatchObject({ themePreference: 'system', sidebarOpen: false });
    expect(store.getState().auth).toMatchObject({ adminMode: false, user: null });
  });

  it('migrates an unversioned state that stored the theme as layout.theme', async () => {
    const migrated = await migrate({
      layout: { theme: 'light' },
      _persist: { version: -1, rehydrated: false },
    } as never);
    expect(migrated).toMatchObject({ layout: { themePreference: 'light' }, _persist: { version: PERSIST_VERSION } });
  });

  it('sanitizes anything that is not an object to nothing', () => {
    expect(sanitizeSettings('garbage')).toEqual({});
    expect(sanitizeSettings(null)).toEqual({});
    expect(sanitizeSettings([1, 2])).toEqual({});
  });
});
