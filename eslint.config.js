// ESLint for the whole tree: the house style's structure rules (HOUSE_STYLE.md) as import zones, plus the React,
// accessibility and Testing Library rule sets. `npm run lint` allows no warning; a rule that does not fit is changed
// here with the reason, never silenced line by line.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import testingLibrary from 'eslint-plugin-testing-library';
import jestDom from 'eslint-plugin-jest-dom';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { readdirSync } from 'node:fs';

const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The SPA's direction: shared (components, services) → features → app; features never use each other's components. */
const spaZones = [
  {
    target: ['./src/components/**', './src/services/**'],
    from: './src/features',
    message: 'Shared code does not depend on features.',
  },
  {
    target: ['./src/components/**', './src/services/**'],
    from: './src/app',
    message: 'Shared code does not depend on the app layer (settings are in src/config).',
  },
  {
    // Features plug into the store through these; everything else in app/ composes features.
    target: './src/features/**',
    from: './src/app',
    except: ['./hooks.ts', './store.ts', './listenerMiddleware.ts', './analytics.ts'],
    message: 'Features do not import the app layer; a page in src/app/routes composes them.',
  },
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}/**`,
    from: `./src/features/!(${feature})/components/**`,
    message: 'A feature does not import another feature’s components; compose them in src/app/routes.',
  })),
  {
    // Browser tests (tests/e2e) start the real server and its fakes, so they may import it.
    target: ['./src/**', './tests/{unit,components,utils}/**'],
    from: './server',
    message: 'The SPA and its tests share only contract/ with the server.',
  },
  {
    target: './server/**',
    from: './src',
    message: 'The server shares only contract/ with the SPA.',
  },
  {
    target: './contract/**',
    from: ['./src', './server', './tests', './scripts', './bench'],
    message: 'contract/ is the wire contract the SPA, the server and the tools share; it imports none of them.',
  },
];

/** Server domains: every folder of server/src except the layers below them (db/, http/). */
const SERVER_DOMAINS = readdirSync(new URL('./server/src', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !['db', 'http'].includes(entry.name))
  .map((entry) => entry.name);
const serverDomains = (...names) => `./server/src/{${names.join(',')}}/**`;
const otherDomains = (...except) => SERVER_DOMAINS.filter((name) => !except.includes(name));

/**
 * The server's direction: composition (app, server, main, start, wiring) → domains → db/, http/ and the shared
 * top-level modules; payments → credits; credentials → mcp; the runtime reaches credits, payments, credentials and
 * knowledge only through RuntimeContext; tools (mcp/) and workflows/ are layers of their own.
 */
const serverZones = [
  {
    target: ['./server/src/*/**', './server/src/{config,context,ids,settings,storage}.ts'],
    from: './server/src/{app,server,main,start,wiring}.ts',
    message:
      'app.ts, server.ts, main.ts, start.ts and wiring.ts compose the domains; nothing they compose imports them.',
  },
  {
    target: ['./server/src/db/**', './server/src/http/**', './server/src/{config,ids,settings,storage}.ts'],
    from: serverDomains(...SERVER_DOMAINS),
    message: 'db/, http/ and the shared top-level modules sit below every domain.',
  },
  ...SERVER_DOMAINS.map((domain) => ({
    target: `./server/src/${domain}/**`,
    from: `./server/src/!(${domain})/**/{routes,*Routes,pages}.ts`,
    message: "app.ts registers every domain's routes; a domain uses another domain's services, never its routes.",
  })),
  {
    target: './server/src/credits/**',
    from: './server/src/payments',
    message:
      'payments builds on the credits ledger; the credits routes get subscriptions through their Subscriptions interface (wiring.ts).',
  },
  {
    target: './server/src/runtime/**',
    from: ['./server/src/credits', './server/src/payments', './server/src/credentials', './server/src/knowledge'],
    message:
      'The runtime reaches credits, payments, credentials and knowledge through RuntimeContext (runtime/context.ts), which wiring.ts fills in.',
  },
  {
    target: './server/src/mcp/**',
    from: serverDomains(...otherDomains('mcp'), 'db'),
    message: 'Tools are a layer: mcp/ knows nothing of teams, runs, users or the database.',
  },
  {
    target: './server/src/workflows/**',
    from: serverDomains(...otherDomains('workflows', 'mcp'), 'db', 'http'),
    message:
      'workflows/ turns requests into workflows (node knowledge through mcp/); it knows nothing of sockets, runs, routes or the database.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'coverage/**',
      'test-results/**',
      'scratch/**',
      'data/**',
      'server/src/db/migrations/**',
      'server/src/knowledge/extractWorker.mjs',
      'server/src/workflows/intent/readWorker.mjs',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            '*.js',
            'drizzle.config.ts',
            'scripts/*.mjs',
            'scripts/replay.ts',
            'scripts/templateRequests.ts',
            'scripts/englishNearNames.ts',
            'tests/utils/*.cjs',
          ],
        },
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'server/tsconfig.json', 'bench/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // Type-aware rules where they catch real bugs: a forgotten await, a promise where a callback expects void.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          ignoreVoid: true,
          // node:test runs the promise these return itself.
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'suite', 'before', 'after'] },
          ],
        },
      ],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // `typeof import('…')` names a lazily loaded module's type without loading it eagerly.
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': ['error', { 'prefer-inline': true }],
      'import-x/no-restricted-paths': ['error', { zones: [...spaZones, ...serverZones] }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-redux',
              importNames: ['useDispatch', 'useSelector', 'useStore'],
              message: 'Use the typed hooks of src/app/hooks.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/mcp/**', 'server/src/workflows/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['fastify', '@fastify/*', 'ws', 'drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*'],
              message: 'mcp/ and workflows/ are layers below the runtime: no web server, socket or database here.',
            },
          ],
        },
      ],
    },
  },
  {
    // The typed hooks are made from the raw ones here.
    files: ['src/app/hooks.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      // This rule reports hooks the React Compiler cannot optimise (TanStack Virtual's); the app does not use the
      // compiler, so there is nothing to act on.
      'react-hooks/incompatible-library': 'off',
    },
  },
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['src/**/*.tsx'],
    rules: {
      // A dialog moves focus to its first field when it opens (WAI-ARIA dialog pattern); MUI components take
      // `autoFocus` for that, so only raw DOM elements are checked.
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
      // A scrollable region must be reachable by keyboard (axe's scrollable-region-focusable), so a labelled
      // `region` may take tabIndex 0 like a tab panel.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
    },
  },
  {
    files: ['tests/{components,unit,utils}/**/*.{ts,tsx}'],
    ...testingLibrary.configs['flat/react'],
  },
  {
    files: ['tests/{components,unit,utils}/**/*.{ts,tsx}'],
    rules: {
      // Security tests assert that raw elements (a script, an image from hostile HTML) are absent, and a few
      // assertions scope to the card or row around a text; role queries express neither.
      'testing-library/no-node-access': 'off',
      'testing-library/no-container': 'off',
      // A test that renders twice names each result by what it shows (`first`, `hostile`).
      'testing-library/render-result-naming-convention': 'off',
    },
  },
  {
    files: ['tests/{components,unit,utils}/**/*.{ts,tsx}'],
    ...jestDom.configs['flat/recommended'],
  },
  {
    files: ['tests/{components,unit,utils}/**/*.{ts,tsx}'],
    rules: {
      // toHaveTextContent normalises whitespace and matches a part; preformatted output is compared whole.
      'jest-dom/prefer-to-have-text-content': 'off',
    },
  },
  {
    // Tests read untyped JSON responses and poke at fakes; `any` there is the JSON's own type.
    files: ['server/test/**', 'tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['server/**/*.ts', 'scripts/**', 'bench/**', 'tests/e2e/**', '*.{js,ts}', 'tests/utils/*.cjs'],
    languageOptions: { globals: { ...globals.node } },
  },
  prettier,
);
