// What survives a reload (theme preference, sidebar state, admin mode), versioned, with unreadable values falling back to defaults.
import { createTransform, type PersistConfig, type PersistedState } from 'redux-persist';
import autoMergeLevel2 from 'redux-persist/es/stateReconciler/autoMergeLevel2';
import { THEME_PREFERENCES, type ThemePreference } from '../features/layout/layoutSlice';

const PERSIST_KEY = 'root';
export const PERSIST_VERSION = 1;

/** The persisted subset, per slice. */
export interface PersistedSettings {
  auth?: { adminMode: boolean };
  layout?: { themePreference?: ThemePreference; sidebarOpen?: boolean };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keeps only well-formed settings from whatever was stored; anything else is dropped so defaults apply. */
export function sanitizeSettings(stored: unknown): PersistedSettings {
  if (!isObject(stored)) return {};
  const result: PersistedSettings = {};
  if (isObject(stored.auth) && typeof stored.auth.adminMode === 'boolean') {
    result.auth = { adminMode: stored.auth.adminMode };
  }
  if (isObject(stored.layout)) {
    const layout: NonNullable<PersistedSettings['layout']> = {};
    const theme = stored.layout.themePreference ?? stored.layout.theme;
    if (THEME_PREFERENCES.includes(theme as ThemePreference)) layout.themePreference = theme as ThemePreference;
    if (typeof stored.layout.sidebarOpen === 'boolean') layout.sidebarOpen = stored.layout.sidebarOpen;
    if (Object.keys(layout).length > 0) result.layout = layout;
  }
  return result;
}

/**
 * Brings a stored state of any version to the current one. Version 0 (unversioned) stored the theme as `layout.theme`;
 * every version goes through the same sanitizing, so a hand-edited or corrupt value cannot blank the page.
 */
export async function migrate(state: PersistedState | undefined): Promise<PersistedState | undefined> {
  if (!isObject(state)) return undefined;
  const persist = isObject(state._persist) ? state._persist : { rehydrated: false };
  return { ...sanitizeSettings(state), _persist: { ...persist, version: PERSIST_VERSION } } as PersistedState;
}

const settingsOnly = createTransform<unknown, unknown>(
  (inbound, key) => sanitizeSettings({ [key]: inbound })[key as keyof PersistedSettings] ?? {},
  (outbound) => outbound,
  { whitelist: ['auth', 'layout'] },
);

/** localStorage through the async interface redux-persist wants; a blocked storage behaves as empty. */
const storage = {
  getItem: async (key: string) => {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  setItem: async (key: string, value: string) => {
    try {
      localStorage.setItem(key, value);
    } catch {
      // Private mode or a full quota: settings simply do not persist.
    }
  },
  removeItem: async (key: string) => {
    try {
      localStorage.removeItem(key);
    } catch {
      // As above.
    }
  },
};

export function persistConfig<S>(): PersistConfig<S> {
  return {
    key: PERSIST_KEY,
    version: PERSIST_VERSION,
    storage,
    whitelist: ['auth', 'layout'] as Array<keyof S & string>,
    transforms: [settingsOnly],
    migrate,
    stateReconciler: autoMergeLevel2,
  };
}
