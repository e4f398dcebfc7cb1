// Jest for the SPA: TypeScript/TSX through SWC, jsdom, and ESM-only packages transformed too.
/** @type {import('jest').Config} */
export default {
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/tests'],
  testMatch: ['**/tests/{unit,components}/**/*.test.{ts,tsx}'],
  setupFilesAfterEnv: ['<rootDir>/tests/utils/setupTests.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': [
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
  },
  testEnvironmentOptions: { customExportConditions: [''] },
};
