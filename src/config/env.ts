// Build-time settings read from Vite's import.meta.env in this one module (jest maps it to tests/utils/env.ts).

const env = import.meta.env;

function setting(value: string | undefined, fallback: string): string {
  return value && value.trim() !== '' ? value.trim() : fallback;
}

/** The single configured team (same default as the server's TEAM_ID). */
export const TEAM_ID = setting(env.VITE_TEAM_ID, '6650f0c2a1b2c3d4e5f60718');
/** Product display name (same default as the server's APP_NAME). */
export const APP_NAME = setting(env.VITE_APP_NAME, 'Agent Team Studio');
export const API_BASE_URL = setting(env.VITE_API_BASE_URL, '/api/v1');
/** Unset: the login page offers the reference server's local identity provider instead of Google. */
export const GOOGLE_CLIENT_ID = setting(env.VITE_GOOGLE_CLIENT_ID, '');
/** Unset: page views go nowhere. */
export const ANALYTICS_URL = setting(env.VITE_ANALYTICS_URL, '');
export const PRIVACY_EMAIL = setting(env.VITE_PRIVACY_EMAIL, 'privacy@agent-team-studio.example');
export const IS_DEV = env.DEV === true;
/** package.json's version, or VITE_APP_VERSION (vite.config.ts). */
export const APP_VERSION = setting(env.VITE_APP_VERSION, 'dev');
