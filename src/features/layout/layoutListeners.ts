// Keeps the page's theme class in step with the resolved theme.
import type { AppStartListening } from '../../app/listenerMiddleware';
import { selectResolvedTheme } from './layoutSelectors';

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
}
