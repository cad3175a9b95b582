/**
 * No import cycle anywhere, type-only imports included (ESLint's cycle rules skip those): a cycle
 * hides which module is the base. The folder boundaries are in eslint.config.js.
 * Run by `npm test` (scripts/test.mjs) and `npm run cycles`.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'Import cycle: move what both sides need into a module that imports neither.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-routes-of-another-feature',
      severity: 'error',
      comment:
        "A feature does not import another feature's routes (decision 030): move what both need into a module of the feature that owns it, or into src/shared.",
      from: { path: '^src/server/([^/]+)/' },
      to: { path: '^src/server/[^/]+/(routes|[a-z-]+-routes)\\.ts$', pathNot: '^src/server/$1/' },
    },
    {
      name: 'no-store-of-another-feature',
      severity: 'error',
      comment:
        "A feature does not import another feature's store (decisions 030, 041): read its data through that feature's service, handed over where the app is composed. The mail outbox and the nights (decisions 010, 015) are tables every feature writes or reads by design. Known debts, to be moved: bookings/service.ts and bookings/page.ts read gst/store.ts (a mail's and the page's document links), publish/render.ts reads reviews/store.ts.",
      from: {
        path: '^src/server/([^/]+)/',
        pathNot: [
          '\\.test\\.tsx?$',
          '^src/server/cli/',
          '^src/server/bookings/(service|page)\\.ts$',
          '^src/server/publish/render\\.ts$',
        ],
      },
      to: {
        path: '^src/server/[^/]+/store\\.ts$',
        pathNot: ['^src/server/$1/', '^src/server/(mail|nights)/store\\.ts$'],
      },
    },
    {
      name: 'no-import-up-to-the-app',
      severity: 'error',
      comment:
        'A server feature is assembled by src/server/app.ts and never imports it (or main.ts) back (decision 030): take what you need as a parameter or from the context.',
      from: { path: '^src/server/[^/]+/', pathNot: ['^src/server/cli/', '\\.test\\.tsx?$'] },
      to: { path: '^src/server/(app|main)\\.ts$' },
    },
    {
      name: 'no-import-up-to-the-admin-root',
      severity: 'error',
      comment:
        "An owner's dialog folder is opened by the admin root and its registry (admin-dialogs.tsx) and never imports them back (decision 030).",
      from: { path: '^src/web/admin/[^/]+/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^src/web/admin/(admin-root|admin-dialogs)\\.tsx$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
