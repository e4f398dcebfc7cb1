// Keeps the page's theme class in step with the resolved theme, and closes a saved open sidebar on a narrow screen.
import { REHYDRATE } from 'redux-persist';
import type { AppStartListening } from '../../app/listenerMiddleware';
import { isNarrowScreen } from '../../components/useNarrowScreen';
import { selectResolvedTheme } from './layoutSelectors';
import { sidebarClosed } from './layoutSlice';

export function applyThemeClass(theme: 'light' | 'dark'): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.classList.toggle('light', theme === 'light');
  root.style.colorScheme = theme;
}

export function addLayoutListeners(startAppListening: AppStartListening): void {
  startAppListening({
    predicate: (_action, current, previous) => selectResolvedTheme(current) !== selectResolvedTheme(previous),
    effect: (_action, { getState }) => applyThemeClass(selectResolvedTheme(getState())),
  });
  // SPEC §2: below 640 px the sidebar starts closed. The chat closes it when it mounts; settling it as soon as the saved
  // settings are back means a phone never renders (and at once removes) a sidebar that was left open.
  startAppListening({
    type: REHYDRATE,
    effect: (_action, { dispatch, getState }) => {
      if (getState().layout.sidebarOpen && isNarrowScreen()) dispatch(sidebarClosed());
    },
  });
}
