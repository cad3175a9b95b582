/**
 * The client build's own Vite plugins (vite.config.ts uses them): the precompressed twins of every
 * asset, the stylesheet inlined into the HTML template, and the preload list that fetches the app
 * chunk together with ReactDOM's (the boot sequence of src/web/boot/).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { writeCompressed } from '../src/server/precompress.js';

/** Files the server sends compressed (src/server/routes/pages.ts picks the .br/.gz twin). */
const COMPRESSIBLE = /\.(?:js|css|svg|json|txt|xml)$/;

/**
 * Writes a brotli (quality 11) and a gzip (level 9) twin of every compressible file of the client
 * build with the publisher's writer (src/server/precompress.ts; issue 5: precompressed HTML, CSS
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
 * Puts the site's one stylesheet inside the HTML template as a <style> element (issue 5): the CSS
 * is small (~5 KB compressed) and render-blocking, and a separate file costs a phone on a mobile
 * network a round trip (often a new connection) before the first paint. The CSP allows inline
 * styles (src/server/routes/pages.ts). The file is still written, for anything that links it.
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
 * Issue 5: entry-client.tsx imports ReactDOM's chunk (react-dom-first.ts), pauses, then imports the
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
