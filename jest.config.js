// Jest for the SPA: TypeScript/TSX through SWC, jsdom, and ESM-only packages transformed too.
// jest-fixed-jsdom is jsdom plus Node's fetch, streams and TextEncoder, which msw and react-router need.
/** @type {import('jest').Config} */
const base = {
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

/**
 * The screens whose data comes from the API run a second time against a server that answers every endpoint in the
 * other shapes SPEC §3 and §7 allow (tests/utils/apiShape.ts): bare bodies and lists, `_id`, session `id`/`name`,
 * epoch-second times, plan details with only a name.
 */
const SCREENS = [
  'ProfilePage',
  'PaymentPage',
  'PaymentResultPages',
  'CreditsBadge',
  'TeamActionsMenu',
  'routes',
  'chat/TeamChatPage',
  'chat/SessionEdits',
  'chat/SidebarDialogsResize',
  'chat/RunCostNote',
  'teamEditor/TeamEditing',
  'teamEditor/AddToolsDialog',
  'teamEditor/EditAgentDialog',
  'teamEditor/KnowledgeUploadDialog',
];

/** @type {import('jest').Config} */
export default {
  // On 2 loaded cores a user-event journey can outlast jest's 5 s default without anything being wrong: with the
  // browser suite beside it, one that types into a dialog has taken over 20 s in CI. This is a guard against a hang.
  testTimeout: 60_000,
  projects: [
    { ...base, displayName: 'web' },
    {
      ...base,
      displayName: 'screens, other shape',
      testMatch: SCREENS.map((name) => `**/tests/components/${name}.test.tsx`),
      setupFiles: ['<rootDir>/tests/utils/alternativeShape.ts'],
    },
  ],
};
