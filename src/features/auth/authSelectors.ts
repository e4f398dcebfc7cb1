// Auth selectors; admin mode only counts for admins.
import type { RootState } from '../../app/store';

export const selectCurrentUser = (state: RootState) => state.auth.user;
export const selectIsAuthenticated = (state: RootState) => state.auth.isAuthenticated;
export const selectAuthLoading = (state: RootState) => state.auth.isLoading;
export const selectAuthError = (state: RootState) => state.auth.error;
export const selectIsAdmin = (state: RootState) => state.auth.user?.is_admin === true;
export const selectAdminMode = (state: RootState) => state.auth.adminMode && state.auth.user?.is_admin === true;
export const selectSignedOutByUser = (state: RootState) => state.auth.signedOutByUser;
