import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** Files the server sends compressed (src/server/routes/pages.ts picks the .br/.gz twin). */
const COMPRESSIBLE = /\.(?:js|css|svg|json|txt|xml)$/;

/**
 * Writes a brotli (quality 11) and a gzip (level 9) twin of every compressible file of the client
 * build, as the publisher does for pages (PERF-3, PERF-5: precompressed HTML, CSS and JS). Compressing once
 * at build time costs nothing per request and lets any static server (nginx gzip_static) send them.
 */
function precompress(outDir: string): Plugin {
  return {
    name: 'stays-precompress',
    apply: 'build',
    writeBundle() {
      for (const rel of fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' })) {
        const file = path.join(outDir, rel);
        if (rel.startsWith('.') || !COMPRESSIBLE.test(rel) || !fs.statSync(file).isFile()) continue;
        const body = fs.readFileSync(file);
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(body, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        );
      }
    },
  };
}

/**
 * Puts the site's one stylesheet inside the HTML template as a <style> element (PERF-1): the CSS
 * is small (~5 KB compressed) and render-blocking, and a separate file costs a phone on a mobile
 * network a round trip (often a new connection) before the first paint. The CSP allows inline
 * styles (src/server/routes/pages.ts). The file is still written, for anything that links it.
 */
function inlineStylesheet(): Plugin {
  return {
    name: 'stays-inline-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(
          /<link rel="stylesheet"[^>]*?href="\/([^"]+\.css)"[^>]*>/g,
          (tag, file: string) => {
            const asset = ctx.bundle?.[file];
            return asset?.type === 'asset' ? `<style>${String(asset.source)}</style>` : tag;
          },
        );
      },
    },
  };
}

/**
 * OPS-8 (valid HTML, the W3C Nu HTML Checker): yet-another-react-lightbox's stylesheet, inlined in
 * every page with the rest, sizes carousel gaps and slide padding as
 * `calc(P*1px + 100/(N*100 + (N - 1)*S)*X*1%)`. Browsers accept it, but the checker's CSS parser
 * cannot divide by a parenthesised sum and reports three parse errors per page. This rewrites each
 * into the same value, `calc(P*1px + X*100%/var(--stays-yarl-slots))`, with the divisor in a
 * custom property declared on the same elements. Fails the build when the library's CSS no longer
 * has exactly those three expressions, so an update is looked at rather than silently invalid.
 */
function validatorSafeLightboxCss(): Plugin {
  const divisor =
    '(var(--yarl__carousel_slides_count)*100 + (var(--yarl__carousel_slides_count) - 1)*var(--yarl__carousel_spacing_percent, 0))';
  const expression = new RegExp(
    `100/${divisor.replace(/[()*+]/g, '\\$&')}\\*(var\\(--yarl__carousel_(?:spacing|padding)_percent, 0\\))\\*1%`,
    'g',
  );
  return {
    name: 'stays-validator-safe-lightbox-css',
    enforce: 'pre',
    transform(code, id) {
      if (!/yet-another-react-lightbox\/dist\/styles\.css$/.test(id.split('?')[0]!)) return null;
      const found = code.match(expression)?.length ?? 0;
      if (found !== 3)
        throw new Error(
          `stays-validator-safe-lightbox-css: expected 3 carousel calc() expressions in ${id}, found ${found}`,
        );
      return {
        code:
          code.replace(expression, '$1*100%/var(--stays-yarl-slots)') +
          `\n.yarl__carousel_with_slides,.yarl__slide{--stays-yarl-slots:calc${divisor}}\n`,
        map: null,
      };
    },
  };
}

/**
 * PERF-1: entry-client.tsx imports ReactDOM's chunk (react-dom-first.ts), pauses, then imports the
 * app chunk (hydrate.tsx), so that the two evaluate in separate tasks. Fetched one after the other,
 * the app would cost a round trip more; so the preload list of the first import also names the app
 * chunk: both are fetched at once, and the app waits, parsed but not run, for its turn.
 * `appPreload` records the app chunk's file name before Vite writes the preload lists.
 */
function appPreload(): {
  plugin: Plugin;
  resolveDependencies: (file: string, deps: string[]) => string[];
} {
  const chunkOf = new Map<string, string>();
  const reactDomFirst = here('./src/web/react-dom-first.ts');
  const app = here('./src/web/hydrate.tsx');
  return {
    plugin: {
      name: 'stays-app-preload',
      apply: 'build',
      generateBundle: {
        order: 'pre',
        handler(_options, bundle) {
          for (const item of Object.values(bundle)) {
            if (item.type === 'chunk' && item.facadeModuleId)
              chunkOf.set(item.facadeModuleId, item.fileName);
          }
        },
      },
    },
    resolveDependencies(file, deps) {
      const first = chunkOf.get(reactDomFirst);
      const appChunk = chunkOf.get(app);
      if (!first || !appChunk)
        throw new Error('stays-app-preload: no chunk for react-dom-first.ts or hydrate.tsx');
      return file === first ? [...new Set([file, ...deps, appChunk])] : deps;
    },
  };
}

const preloadApp = appPreload();

/**
 * One Vite config for the client build (dist/client, with a manifest the publisher reads), the SSR
 * build of src/web/entry-server.tsx (dist/server, `vite build --ssr`) and Vitest.
 * CSS is not code-split: the prerendered HTML links one stylesheet, so no route paints unstyled
 * while its lazily loaded chunk arrives.
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
      : [inlineStylesheet(), preloadApp.plugin, precompress(here('./dist/client'))]),
  ],
  ssr: { noExternal: true },
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  build: isSsrBuild
    ? {
        outDir: here('./dist/server'),
        emptyOutDir: true,
        // `vite build --ssr` sets build.ssr to true, so the entry is named as the input.
        ssr: true,
        rollupOptions: { input: here('./src/web/entry-server.tsx') },
      }
    : {
        outDir: here('./dist/client'),
        emptyOutDir: true,
        manifest: true,
        cssCodeSplit: false,
        // Every browser that runs this site's ES modules supports <link rel=modulepreload>.
        modulePreload: { polyfill: false, resolveDependencies: preloadApp.resolveDependencies },
        rollupOptions: {
          input: here('./src/web/index.html'),
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
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // As in playwright.config.ts: in CI a failed test runs once more, and `npm test` names every
    // test that passed only on its retry, so a flaky test is seen rather than hidden.
    retry: process.env.CI ? 1 : 0,
    pool: 'forks',
  },
}));
