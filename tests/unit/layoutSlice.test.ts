import { makeStore } from '../../src/app/store';
import { selectResolvedTheme } from '../../src/features/layout/layoutSelectors';
import layoutReducer, {
  initialLayoutState,
  sidebarToggled,
  systemThemeChanged,
  themeChosen,
} from '../../src/features/layout/layoutSlice';

describe('layout state', () => {
  it('defaults to the system theme and an open sidebar', () => {
    expect(initialLayoutState()).toMatchObject({ themePreference: 'system', sidebarOpen: true });
  });

  it('toggles the sidebar', () => {
    expect(layoutReducer(initialLayoutState(), sidebarToggled()).sidebarOpen).toBe(false);
  });

  it('resolves "system" from the OS preference and re-resolves when it changes', () => {
    const store = makeStore();
    store.dispatch(systemThemeChanged(false));
    expect(selectResolvedTheme(store.getState())).toBe('light');
    store.dispatch(systemThemeChanged(true));
    expect(selectResolvedTheme(store.getState())).toBe('dark');
  });

  it('lets an explicit choice win over the OS preference and sets the page theme class', () => {
    const store = makeStore();
    store.dispatch(systemThemeChanged(true));
    store.dispatch(themeChosen('light'));
    expect(selectResolvedTheme(store.getState())).toBe('light');
    expect(document.documentElement).toHaveClass('light');
    store.dispatch(themeChosen('dark'));
    expect(document.documentElement).toHaveClass('dark');
    expect(document.documentElement).not.toHaveClass('light');
  });
});
