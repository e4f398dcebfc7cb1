// Test stand-in for src/config/env.ts: jest cannot parse import.meta, so the defaults are repeated here.
export const TEAM_ID = '6650f0c2a1b2c3d4e5f60718';
export const APP_NAME = 'Agent Team Studio';
// Absolute, because Node's fetch (which msw intercepts) cannot resolve a path against the jsdom page.
export const API_BASE_URL = 'http://localhost/api/v1';
export const GOOGLE_CLIENT_ID = '';
export const ANALYTICS_URL = '';
export const PRIVACY_EMAIL = 'privacy@agent-team-studio.example';
export const IS_DEV = false;
export const APP_VERSION = '0.1.0-test';
