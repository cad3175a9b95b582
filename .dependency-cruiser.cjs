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
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
