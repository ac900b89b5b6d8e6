// ESLint for every workspace and tests/ (`npm run lint`, run by `npm test`,
// so by CI, with no warning allowed). The syntax-only presets: the
// type-checked ones would type the whole monorepo again on every run, and
// `npm test` already runs tsc. Layout is prettier's (`npm run format`).
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Issue 24, layers that hold (docs/architecture.md, "Layers"): what each
 * folder of server/src may import of the others, lowest first. A folder
 * never imports a top-level file of server/src (the entry and the wiring:
 * index.ts, app.config.ts, listen.ts, shutdown.ts), which may import any
 * folder; nor a folder not listed as its own.
 */
const SERVER_FOLDERS = ['observe', 'config', 'store', 'limits', 'cluster', 'match', 'rooms', 'http'];

const SERVER_LAYERS = {
  observe: [],
  config: [],
  store: ['observe'],
  limits: ['observe', 'config'],
  cluster: ['observe', 'config', 'store'],
  // The match knows nothing of the room or Colyseus: it shows itself through a projection (match/projection.ts).
  match: ['observe', 'config', 'store'],
  rooms: ['observe', 'config', 'store', 'cluster', 'match'],
  http: ['observe', 'config', 'store', 'limits', 'rooms'],
};

/** Packages a folder must not import, over the folders it must not. */
const SERVER_PACKAGES_BANNED = {
  config: ['@colyseus/*', 'express'],
  store: ['@colyseus/*', 'express'],
  match: ['@colyseus/*'],
};

/** One no-restricted-imports entry for a folder of server/src: the folders it may not import, the top-level files, other packages. */
function serverLayer(folder) {
  const allowed = SERVER_LAYERS[folder];
  const banned = SERVER_FOLDERS.filter((f) => f !== folder && !allowed.includes(f));
  const may = allowed.length ? `${allowed.join('/, ')}/` : 'no other folder';
  const packages = SERVER_PACKAGES_BANNED[folder] ?? [];
  return {
    files: [`server/src/${folder}/**/*.ts`],
    // Tests may assemble pieces of higher layers (a test harness, a room schema).
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^\\.\\./(${banned.join('|')})/`,
              message: `server/src/${folder}/ may import ${may} of server/src, nothing above it (docs/architecture.md, "Layers").`,
            },
            {
              regex: '^\\.\\./[^/]+\\.js$',
              message: 'A folder of server/src never imports its top-level files (the entry and the wiring): pass what it needs in.',
            },
            ...(packages.length
              ? [{ group: packages, message: `server/src/${folder}/ does not use ${packages.join(' or ')} (docs/architecture.md, "Layers").` }]
              : []),
          ],
        },
      ],
    },
  };
}

/** The same for shared/src: engine below the games, both below the protocol (which reads the games' types from the registry). */
const SHARED_LAYERS = [
  { folder: 'engine', banned: ['games', 'protocol'], may: 'nothing of games/ or protocol/' },
  { folder: 'games', banned: ['protocol'], may: 'engine/ (ShapeKeys is there), never protocol/' },
];

function sharedLayer({ folder, banned, may }) {
  return {
    files: [`shared/src/${folder}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(${banned.join('|')})/`,
              message: `shared/src/${folder}/ imports ${may} (docs/architecture.md, "Layers").`,
            },
          ],
        },
      ],
    },
  };
}

export default defineConfig(
  // Build output, dependencies, test output and the embedded store of `npm start`.
  globalIgnores(['**/node_modules/', '**/dist/', '**/coverage/', 'tests/artifacts/', 'data/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,mjs,js}'],
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: globals.node },
    rules: {
      // Kept as errors, less two conventions of the code: a `_`-named
      // parameter is one a signature needs but this implementation does not
      // use, and `const { log: _log, ...view } = v` copies v without a field.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // The web client runs in the browser (its jest tests and vite.config.ts in Node).
    files: ['client/src/**/*.ts'],
    ignores: ['client/src/**/*.test.ts'],
    languageOptions: { globals: globals.browser },
  },
  {
    // Issues 12 and 24: small modules (one responsibility a file), small
    // functions, in every workspace's product code and in the tests' helper
    // modules. Test files (`*.test.ts`) are exempt: a describe block holds
    // all the cases of one subject, so it is long by nature.
    files: ['shared/src/**/*.ts', 'server/src/**/*.ts', 'botclient/src/**/*.ts', 'client/src/**/*.ts', 'tests/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'max-lines': ['error', 400],
      'max-lines-per-function': ['error', 80],
    },
  },
  {
    // The texts are data, not code.
    files: ['client/src/**/i18n/*.ts'],
    rules: { 'max-lines': 'off', 'max-lines-per-function': 'off' },
  },
  {
    // Test code reads what the tests drive from outside, untyped on purpose:
    // the decoded Colyseus state of the harness's players, raw wire frames,
    // HTTP JSON and the page's window.__fireside. Product code keeps the rule
    // (a per-line disable with its reason at a schema or framework boundary).
    files: ['tests/**', 'server/testing/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  ...SERVER_FOLDERS.map(serverLayer),
  ...SHARED_LAYERS.map(sharedLayer),
);
