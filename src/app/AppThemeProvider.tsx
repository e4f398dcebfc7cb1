// Applies the resolved MUI theme and follows the operating system's colour preference while "system" is chosen.
import { useEffect, type ReactNode } from 'react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { useAppDispatch, useAppSelector } from './hooks';
import { appTheme } from './theme';
import { selectResolvedTheme } from '../features/layout/layoutSelectors';
import { systemThemeChanged } from '../features/layout/layoutSlice';
import { applyThemeClass } from '../features/layout/layoutListeners';

export function AppThemeProvider({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const mode = useAppSelector(selectResolvedTheme);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    dispatch(systemThemeChanged(query.matches));
    const onChange = (event: MediaQueryListEvent) => dispatch(systemThemeChanged(event.matches));
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [dispatch]);

  useEffect(() => applyThemeClass(mode), [mode]);

  return (
    <ThemeProvider theme={appTheme(mode)}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
