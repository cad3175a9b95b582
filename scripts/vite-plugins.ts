/**
 * The client build's own Vite plugins (vite.config.ts uses them): the precompressed twins of every
 * asset, the stylesheet inlined into the HTML template, the lightbox's CSS rewritten for the Nu
 * HTML checker (OPS-8), the first-paint loader inlined in place of the entry's script tag, and the
 * preload list that fetches the app chunk together with ReactDOM's (the boot sequence of
 * src/web/boot/, decision 014).
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { Plugin } from 'vite';
import { writeCompressed } from '../src/server/precompress.js';

/** Files the server sends compressed (src/server/publish/page-routes.ts picks the .br/.gz twin). */
const COMPRESSIBLE = /\.(?:js|css|svg|json|txt|xml)$/;

/**
 * Writes a brotli (quality 11) and a gzip (level 9) twin of every compressible file of the client
 * build with the publisher's writer (src/server/precompress.ts; PERF-1: precompressed HTML, CSS
 * and JS).
 */
export function precompress(outDir: string): Plugin {
  return {
    name: 'stays-precompress',
    apply: 'build',
    async writeBundle() {
      const files = fs
        .readdirSync(outDir, { recursive: true, encoding: 'utf8' })
        .filter((rel) => !rel.startsWith('.') && COMPRESSIBLE.test(rel))
        .map((rel) => path.join(outDir, rel))
        .filter((file) => fs.statSync(file).isFile());
      // Made once per build, so the smallest brotli is worth its time; zlib runs them in parallel.
      await Promise.all(files.map((file) => writeCompressed(file, fs.readFileSync(file), 11)));
    },
  };
}

/**
 * Puts the site's one stylesheet inside the HTML template as a <style> element (PERF-1): the CSS
 * is small (~5 KB compressed) and render-blocking, and a separate file costs a phone on a mobile
 * network a round trip (often a new connection) before the first paint. The CSP allows inline
 * styles (src/server/publish/page-routes.ts). The file is still written, for anything that links it.
 */
export function inlineStylesheet(): Plugin {
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
 * Replaces the entry's `<script type="module" src="/assets/index-….js">` with the first-paint loader
 * (`loaderSource`, src/web/boot/first-paint.ts) inline:
 * `<script type="module" data-entry="/assets/index-….js" data-site-data="">…</script>`. The
 * publisher fills `data-site-data` (src/server/publish/template.ts); the page server allows the
 * script by its SHA-256 (src/server/publish/page-routes.ts). TypeScript transpiles it alone, without
 * comments: the same file gives the same bytes, hence the same hash, on every machine. Fails the
 * build when the template has no entry tag or more than one.
 */
export function firstPaintLoader(loaderSource: string): Plugin {
  return {
    name: 'stays-first-paint-loader',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/g;
        const found = html.match(entry)?.length ?? 0;
        if (found !== 1)
          throw new Error(`stays-first-paint-loader: expected 1 entry script tag, found ${found}`);
        const code = ts
          .transpileModule(fs.readFileSync(loaderSource, 'utf8'), {
            compilerOptions: {
              target: ts.ScriptTarget.ES2022,
              module: ts.ModuleKind.ESNext,
              removeComments: true,
            },
          })
          .outputText.replace(/\nexport \{\};\s*$/, '')
          .trim();
        return html.replace(
          entry,
          (_tag, src: string) =>
            `<script type="module" data-entry="${src}" data-site-data="">${code}</script>`,
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
export function validatorSafeLightboxCss(): Plugin {
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
 * `reactDomFirst` and `app` are the absolute paths of react-dom-first.ts and hydrate.tsx.
 */
export function appPreload(
  reactDomFirst: string,
  app: string,
): {
  plugin: Plugin;
  resolveDependencies: (file: string, deps: string[]) => string[];
} {
  const chunkOf = new Map<string, string>();
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
