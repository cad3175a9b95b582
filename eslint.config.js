import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const TESTS = ['**/*.test.{ts,tsx}'];

/**
 * The import direction of docs/design.md, enforced: `shared` is pure (no web, no server, no Node
 * built-ins), `web` never imports `server`, and visitor code reaches `web/admin` only through a
 * dynamic import(), so no visitor downloads the owner's tools. Tests may cross (an integration
 * test starts the real server). Visitor code may name an admin type: the build erases it.
 * Import cycles are refused by dependency-cruiser (.dependency-cruiser.cjs), which counts
 * type-only imports too.
 */
const noImportOf = (patterns) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns }],
});
const SERVER = {
  regex: '(^|/)server/',
  message: 'src/web runs in the browser: it must not import src/server.',
};

/**
 * One module for instants (decision 027, TIME-4): every time the owner reads is written by
 * src/shared/instants.ts, in Asia/Kolkata. Nothing else builds an Intl.DateTimeFormat or calls
 * toLocaleString, toLocaleDateString or toLocaleTimeString, whose zone is the machine's (a number's
 * toLocaleString cannot be told from a Date's here: numbers use Intl.NumberFormat).
 */
const INSTANTS_MESSAGE =
  'A time is written by src/shared/instants.ts (Asia/Kolkata, decision 027): use formatInstant, formatClock, formatInstantDate or propertyDate; a number by Intl.NumberFormat.';
const ONE_INSTANTS_MODULE = [
  {
    selector: "MemberExpression[object.name='Intl'][property.name='DateTimeFormat']",
    message: INSTANTS_MESSAGE,
  },
  {
    selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]',
    message: INSTANTS_MESSAGE,
  },
];

/**
 * One clock (decision 027, TIME-5): an instant the server records or compares comes from the
 * app's clock (`ctx.clock`, or the `now` a caller hands down), never from the machine's, so a test
 * that moves the clock moves every rule. `Date.now` (called or passed) and `new Date()` / `Date()`
 * without an argument are refused in src/server but in the clock's own module (instants.ts,
 * systemClock) and in the files below, each for its reason. Elapsed time is `performance.now()`.
 */
const CLOCK_MESSAGE =
  "The time is the app's one clock (decision 027, TIME-5): take `now` (ms) or a Clock from the caller (ctx.clock); elapsed time is performance.now().";
const ONE_CLOCK = [
  { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: CLOCK_MESSAGE },
  { selector: "CallExpression[callee.name='Date']", message: CLOCK_MESSAGE },
];
const MACHINE_CLOCK_ALLOWED = {
  'src/server/publish/publisher.ts':
    "the publish lock's age is compared with its file's mtime, which the file system stamps on the machine's clock",
};

/**
 * Instants are numbers inside the server (decision 062, SHAPE-5): Unix ms from the clock to the
 * store and back. An instant becomes ISO 8601 text (`toISOString`) or is read back from it
 * (`Date.parse`) only at an edge: the modules below, each with its reason. A service that needs a
 * stored time as a number gets it from its store, which converts at its boundary; every other
 * server module passes the rule (SHAPE-7, SHAPE-8: no module is left unconverted).
 */
const INSTANT_MESSAGE =
  'Instants are Unix ms inside the server (decision 062, SHAPE-5): pass the number; only an edge (INSTANT_EDGES in eslint.config.js: a store, a JSON answer, a page, a published or sealed file, iCalendar, the CLI) writes or reads ISO text.';
const NUMBERS_INSIDE = [
  { property: 'toISOString', message: INSTANT_MESSAGE },
  { object: 'Date', property: 'parse', message: INSTANT_MESSAGE },
];
const NO_MACHINE_CLOCK = [{ object: 'Date', property: 'now', message: CLOCK_MESSAGE }];
const INSTANT_EDGES = {
  'src/server/**/store.ts': 'a store: the tables keep instants as ISO 8601 text',
  'src/server/**/*-store.ts': 'a store: the tables keep instants as ISO 8601 text',
  'src/server/store/**/*.ts': 'the database itself: migrations, revisions, retention sweeps in SQL',
  'src/server/auth/sessions.ts': "the sessions' table (its SQL lives here)",
  'src/server/auth/accounts.ts': "the accounts' table (its SQL lives here)",
  'src/server/**/routes.ts': 'a JSON answer: instants leave as ISO 8601 (API shapes unchanged)',
  'src/server/**/*-routes.ts': 'a JSON answer: instants leave as ISO 8601 (API shapes unchanged)',
  'src/server/**/page.ts': "a guest's HTML page",
  'src/server/bookings/views.ts':
    "the one Booking's projections for the owner's and guest's answers (SHAPE-7): its ms leave as ISO 8601",
  'src/server/publish/**/*.ts':
    "published files: the folder's name, the sitemap's lastmod, the published site's record",
  'src/server/backup/**/*.ts': "the copy's sealed manifest and what the restore tells the operator",
  'src/server/cli/**/*.ts': "the command line's arguments and what it prints",
  'src/server/calendar/**/*.ts': 'iCalendar feeds in and out, and the feeds\' table',
  'src/server/node-support.ts': "Node's release table (end-of-life days as ISO text)",
  'src/server/jobs/runner.ts': "/healthz's JSON: each job's last run, success and error",
};

export default tseslint.config(
  { ignores: ['**/*.tmp.*', 'dist/', 'var/', 'node_modules/', '.test-results/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/shared/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: noImportOf([
      {
        regex: '(^|/)(web|server)/',
        message: 'src/shared is imported by browser and server alike: it imports neither.',
      },
      {
        regex: '^node:',
        message: 'src/shared also runs in the browser: no Node built-ins.',
      },
    ]),
  },
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['src/shared/instants.ts'],
    rules: { 'no-restricted-syntax': ['error', ...ONE_INSTANTS_MODULE] },
  },
  {
    // Decision 009: one error handler and one not-found handler, set in app.ts; routes throw.
    files: ['src/server/**/*.ts'],
    ignores: [...TESTS, 'src/server/app.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^set(Error|NotFound)Handler$/]',
          message:
            'The app has one error handler and one not-found handler (app.ts, decision 009): throw an ApiError (src/server/errors.ts) instead.',
        },
        ...ONE_INSTANTS_MODULE,
        ...ONE_CLOCK,
      ],
    },
  },
  {
    files: ['src/server/app.ts'],
    rules: { 'no-restricted-syntax': ['error', ...ONE_INSTANTS_MODULE, ...ONE_CLOCK] },
  },
  // One rule, three objects: a later object's options replace an earlier one's, so each set of
  // files gets the whole list it is held to (the machine's clock, and ISO only at the edges).
  {
    files: ['src/server/**/*.ts'],
    ignores: TESTS,
    rules: { 'no-restricted-properties': ['error', ...NO_MACHINE_CLOCK, ...NUMBERS_INSIDE] },
  },
  {
    files: Object.keys(INSTANT_EDGES),
    ignores: TESTS,
    rules: { 'no-restricted-properties': ['error', ...NO_MACHINE_CLOCK] },
  },
  {
    // The publish lock (publisher.ts) is also an edge (src/server/publish/**): neither rule.
    files: Object.keys(MACHINE_CLOCK_ALLOWED),
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // One owner for each night (decision 015): calendar and bookings read held nights from
    // src/server/nights/ and never import each other.
    files: ['src/server/calendar/**/*.ts'],
    ignores: TESTS,
    rules: noImportOf([
      {
        regex: '(^|/)bookings/',
        message:
          'calendar/ does not import bookings/: who holds a night is src/server/nights/ (decision 015).',
      },
    ]),
  },
  {
    files: ['src/server/bookings/**/*.ts'],
    ignores: TESTS,
    rules: noImportOf([
      {
        regex: '(^|/)calendar/',
        message:
          'bookings/ does not import calendar/: who holds a night is src/server/nights/ (decision 015).',
      },
    ]),
  },
  {
    files: ['src/web/admin/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: noImportOf([SERVER]),
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: [...TESTS, 'src/web/admin/**'],
    rules: noImportOf([
      SERVER,
      {
        regex: '(^|/)admin/',
        message:
          "Visitor code loads the owner's tools (src/web/admin) only with a dynamic import(), so that no visitor downloads them.",
        allowTypeImports: true,
      },
    ]),
  },
);
