import authReducer, { adminModeToggled, initialAuthState } from '../../src/features/auth/authSlice';
import { signedOut } from '../../src/features/auth/authActions';
import { loadCurrentUser, signInWithIdToken } from '../../src/features/auth/authThunks';
import { adminUser, alice } from '../utils/fixtures';

afterEach(() => localStorage.clear());

describe('auth state', () => {
  it('starts authenticated only when a token is stored', () => {
    expect(initialAuthState().isAuthenticated).toBe(false);
    localStorage.setItem('token', 'abc');
    expect(initialAuthState().isAuthenticated).toBe(true);
    expect(initialAuthState().user).toBeNull();
  });

  it('marks the user authenticated when a sign-in succeeds', () => {
    let state = authReducer(initialAuthState(), signInWithIdToken.pending('r1', 'id-token'));
    expect(state.isLoading).toBe(true);
    state = authReducer(state, signInWithIdToken.fulfilled(alice, 'r1', 'id-token'));
    expect(state).toMatchObject({ user: alice, isAuthenticated: true, isLoading: false, error: null });
  });

  it('keeps the failure text and marks the user unauthenticated when a sign-in fails', () => {
    const failed = signInWithIdToken.rejected(null, 'r1', 'id-token', { message: 'Invalid ID token' });
    const state = authReducer({ ...initialAuthState(), isAuthenticated: true }, failed);
    expect(state).toMatchObject({ user: null, isAuthenticated: false, isLoading: false, error: 'Invalid ID token' });
  });

  it('stays unauthenticated when the current user loads as nobody', () => {
    const state = authReducer(initialAuthState(), loadCurrentUser.fulfilled(null, 'r2'));
    expect(state.isAuthenticated).toBe(false);
  });

  it('toggles admin mode for admins only', () => {
    const admin = { ...initialAuthState(), user: adminUser, isAuthenticated: true };
    expect(authReducer(admin, adminModeToggled()).adminMode).toBe(true);
    expect(authReducer(authReducer(admin, adminModeToggled()), adminModeToggled()).adminMode).toBe(false);
    const regular = { ...initialAuthState(), user: alice, isAuthenticated: true };
    expect(authReducer(regular, adminModeToggled()).adminMode).toBe(false);
  });

  it('clears the user and admin mode on sign-out', () => {
    const before = { ...initialAuthState(), user: adminUser, isAuthenticated: true, adminMode: true };
    expect(authReducer(before, signedOut())).toMatchObject({ user: null, isAuthenticated: false, adminMode: false });
  });

  it('remembers whether the sign-out was deliberate until the next sign-in', () => {
    const before = { ...initialAuthState(), user: alice, isAuthenticated: true };
    expect(authReducer(before, signedOut('user')).signedOutByUser).toBe(true);
    const expired = authReducer(before, signedOut());
    expect(expired.signedOutByUser).toBe(false);
    const again = authReducer(authReducer(before, signedOut('user')), signInWithIdToken.fulfilled(alice, 'r', 't'));
    expect(again.signedOutByUser).toBe(false);
  });

  it('drops a remembered admin mode when the loaded user is not an admin', () => {
    const before = { ...initialAuthState(), adminMode: true };
    expect(authReducer(before, loadCurrentUser.fulfilled(alice, 'r3')).adminMode).toBe(false);
    expect(authReducer(before, loadCurrentUser.fulfilled(adminUser, 'r3')).adminMode).toBe(true);
  });
});
