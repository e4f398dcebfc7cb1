// Theme preference (light, dark or system, default system), the OS dark preference, and the sidebar open flag.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type ThemePreference = 'light' | 'dark' | 'system';
export type ResolvedTheme = 'light' | 'dark';
export const THEME_PREFERENCES: readonly ThemePreference[] = ['light', 'dark', 'system'];

export interface LayoutState {
  themePreference: ThemePreference;
  systemPrefersDark: boolean;
  sidebarOpen: boolean;
}

function osPrefersDark(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)').matches
    : false;
}

export const initialLayoutState = (): LayoutState => ({
  themePreference: 'system',
  systemPrefersDark: osPrefersDark(),
  sidebarOpen: true,
});

const layoutSlice = createSlice({
  name: 'layout',
  initialState: initialLayoutState,
  reducers: {
    themeChosen(state, action: PayloadAction<ThemePreference>) {
      state.themePreference = action.payload;
    },
    systemThemeChanged(state, action: PayloadAction<boolean>) {
      state.systemPrefersDark = action.payload;
    },
    sidebarToggled(state) {
      state.sidebarOpen = !state.sidebarOpen;
    },
    sidebarOpened(state) {
      state.sidebarOpen = true;
    },
    sidebarClosed(state) {
      state.sidebarOpen = false;
    },
  },
});

export const { themeChosen, systemThemeChanged, sidebarToggled, sidebarClosed } = layoutSlice.actions;
export default layoutSlice.reducer;
