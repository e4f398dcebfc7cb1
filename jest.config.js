// Jest for the SPA: TypeScript/TSX through SWC, jsdom, and ESM-only packages transformed too.
// jest-fixed-jsdom is jsdom plus Node's fetch, streams and TextEncoder, which msw and react-router need.
/** @type {import('jest').Config} */
export default {
  // On 2 loaded cores a user-event journey can outlast jest's 5 s default without anything being wrong.
  testTimeout: 20_000,
  testEnvironment: 'jest-fixed-jsdom',
  roots: ['<rootDir>/tests'],
  testMatch: ['**/tests/{unit,components}/**/*.test.{ts,tsx}'],
  setupFilesAfterEnv: ['<rootDir>/tests/utils/setupTests.ts'],
  transform: {
    '^.+\\.(m?js|tsx?|jsx)$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  transformIgnorePatterns: [],
  moduleNameMapper: {
    '\\.(css|svg|png)$': '<rootDir>/tests/utils/fileStub.cjs',
    // src/config/env.ts reads import.meta.env, which jest cannot parse.
    '^(\\.{1,2}/)+(config/)?env$': '<rootDir>/tests/utils/env.ts',
  },
  testEnvironmentOptions: { customExportConditions: [''] },
};
