import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import {
  appPreload,
  firstPaintLoader,
  inlineFaviconPng,
  inlineVisitorStylesheets,
  precompress,
  validatorSafeLightboxCss,
} from './scripts/vite-plugins.js';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

const preloadApp = appPreload(
  here('./src/web/boot/react-dom-first.ts'),
  here('./src/web/boot/hydrate.tsx'),
);

/**
 * One Vite config for the client build (dist/client, with a manifest the publisher reads), the SSR
 * build of src/web/entry-server.tsx (dist/server, `vite build --ssr`) and Vitest.
 * CSS is code-split by chunk, and every CSS file a visitor's page can load is inlined in the HTML
 * template (inlineVisitorStylesheets), so no route paints unstyled while a lazily loaded chunk
 * arrives; the admin chunk's CSS alone stays a file, loaded with the owner's tools (decision 031).
 * The SSR build bundles its dependencies (React included) so they run in their production form:
 * the publisher's process does not set NODE_ENV, and React's development build renders a page
 * several times slower (PERF-4: publish 500 properties within 5 s).
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: here('./src/web'),
  publicDir: here('./src/web/public'),
  plugins: [
    react(),
    validatorSafeLightboxCss(),
    ...(isSsrBuild
      ? []
      : [
          inlineVisitorStylesheets(here('./src/web/admin/admin-root.tsx')),
          firstPaintLoader(here('./src/web/boot/first-paint.ts')),
          inlineFaviconPng(here('./src/web/public/favicon.svg')),
          preloadApp.plugin,
          precompress(here('./dist/client')),
        ]),
  ],
  ssr: { noExternal: true },
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  build: isSsrBuild
    ? {
        outDir: here('./dist/server'),
        emptyOutDir: true,
        // `vite build --ssr` sets build.ssr to true, so the entry is named as the input.
        ssr: true,
        // One file, no dynamic import() left in it: the server runs under tsx, whose loader
        // rewrites every ES module with a dynamic import (appending an interop `.then`) and gives
        // it a full-resolution source map. For the SSR bundle that rewrite allocated ~95 MB of
        // heap the idle server kept resident; one file loads in ~20 MB (RUNTIME-11, decision 047).
        rollupOptions: {
          input: here('./src/web/entry-server.tsx'),
          output: { codeSplitting: false },
        },
      }
    : {
        outDir: here('./dist/client'),
        emptyOutDir: true,
        manifest: true,
        cssCodeSplit: true,
        // Every browser that runs this site's ES modules supports <link rel=modulepreload>.
        modulePreload: { polyfill: false, resolveDependencies: preloadApp.resolveDependencies },
        rollupOptions: {
          input: here('./src/web/index.html'),
          // Brotli 11 in the precompress plugin takes seconds by design: Rolldown's warning about
          // slow plugins was a paragraph in every newcomer's first start (RUNTIME-9).
          checks: { bundlerTimings: false },
          // React stays in one chunk with ReactDOM: a lazy chunk that needs React but not ReactDOM
          // (the enquiry calendar, AVL-13) would otherwise split it, and its runtime helpers, into
          // chunks of their own that every page then loads separately.
          output: {
            codeSplitting: {
              groups: [
                {
                  name: 'react-dom-first',
                  test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
                },
              ],
            },
          },
        },
      },
  test: {
    root: here('.'),
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['test/dom-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // As in playwright.config.ts: in CI a failed test runs once more, and `npm test` names every
    // test that passed only on its retry, so a flaky test is seen rather than hidden.
    retry: process.env.CI ? 1 : 0,
    pool: 'forks',
    // Vitest 5 runs one file at a time on a 2-core machine by default (CPUs - 1): most files wait
    // on loopback servers, SQLite files and timers, so three side by side keep both cores busy.
    maxWorkers: 3,
  },
}));
