// Derived layout state: the theme actually shown.
import type { RootState } from '../../app/store';
import type { ResolvedTheme } from './layoutSlice';

export const selectThemePreference = (state: RootState) => state.layout.themePreference;
export const selectSidebarOpen = (state: RootState) => state.layout.sidebarOpen;

/** "system" follows the operating system's dark preference. */
export const selectResolvedTheme = (state: RootState): ResolvedTheme => {
  const { themePreference, systemPrefersDark } = state.layout;
  if (themePreference === 'system') return systemPrefersDark ? 'dark' : 'light';
  return themePreference;
};
