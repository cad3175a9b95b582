/**
 * The client build's own Vite plugins (vite.config.ts uses them): the precompressed twins of every
 * asset, the visitor's CSS inlined into the HTML template (the admin chunk's kept apart), the lightbox's CSS rewritten for the Nu
 * HTML checker (OPS-8), the first-paint loader inlined in place of the entry's script tag, and the
 * preload list that fetches the app chunk together with ReactDOM's (the boot sequence of
 * src/web/boot/, decision 014), and the page's icon inline as a PNG.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
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

/** A chunk of the bundle as these plugins read it: its file, its imports and the CSS Vite gave it. */
interface ChunkLinks {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  isEntry?: boolean;
  imports: string[];
  dynamicImports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * The client build's CSS files split in two: `visitor`, every CSS file of the chunks a visitor's
 * page can load (the entry, then depth first its static imports, its own CSS, its dynamic
 * imports: the order in which a browser would apply them) without entering the admin chunk
 * (`adminEntry`, the absolute path of admin-root.tsx, a dynamic import made in admin mode only),
 * and `admin`, every other CSS file: the chunks only the admin chunk brings. Throws when the
 * bundle has no entry chunk or no admin chunk.
 */
export function splitStylesheets(
  bundle: Record<string, { type: string }>,
  adminEntry: string,
): { visitor: string[]; admin: string[] } {
  const chunks = new Map<string, ChunkLinks>();
  for (const item of Object.values(bundle))
    if (item.type === 'chunk') {
      const chunk = item as ChunkLinks;
      chunks.set(chunk.fileName, chunk);
    }
  const all = [...chunks.values()];
  const entry = all.find((c) => c.isEntry);
  const admin = all.find((c) => c.facadeModuleId === adminEntry);
  if (!entry || !admin)
    throw new Error('stays-inline-visitor-css: no entry chunk or no admin chunk in the bundle');
  const visitor: string[] = [];
  const seen = new Set<string>([admin.fileName]);
  const visit = (chunk: ChunkLinks | undefined): void => {
    if (!chunk || seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const file of chunk.imports) visit(chunks.get(file));
    for (const css of chunk.viteMetadata?.importedCss ?? [])
      if (!visitor.includes(css)) visitor.push(css);
    for (const file of chunk.dynamicImports) visit(chunks.get(file));
  };
  visit(entry);
  const adminCss = new Set<string>();
  for (const chunk of all)
    for (const css of chunk.viteMetadata?.importedCss ?? [])
      if (!visitor.includes(css)) adminCss.add(css);
  return { visitor, admin: [...adminCss] };
}

/** Vite's list of the files a chunk's dynamic imports preload, as its import analysis writes it. */
const MAP_DEPS =
  /const __vite__mapDeps=\(i,m=__vite__mapDeps,d=\(m\.f\|\|\(m\.f=(\[[^\]]*\])\)\)\)=>i\.map\(i=>d\[i\]\);/;
const MAP_DEPS_CALL = /__vite__mapDeps\(\[([\d,]*)\]\)/g;

/**
 * A chunk's code without the files of `dropped` in the preload lists of its dynamic imports.
 * Vite writes one list of file names per chunk (`m.f=["assets/….js","assets/….css",…]`) and, at
 * each `import()`, the indexes of the files to fetch with it (`__vite__mapDeps([3,2,1,0,4])`);
 * this writes the list without the dropped files and every index anew. Code without such a list
 * comes back unchanged. Throws when a dropped file is still named after the rewrite (a change in
 * Vite's output), so a page never fetches CSS it already holds unnoticed.
 */
export function withoutPreloads(code: string, dropped: ReadonlySet<string>): string {
  const found = MAP_DEPS.exec(code);
  let out = code;
  if (found) {
    const files = JSON.parse(found[1]!) as string[];
    const kept = files.filter((file) => !dropped.has(file));
    const index = new Map(kept.map((file, i) => [files.indexOf(file), i]));
    out = code
      .replace(found[1]!, () => JSON.stringify(kept))
      .replace(MAP_DEPS_CALL, (_call, list: string) => {
        const indexes = list ? list.split(',').map(Number) : [];
        const mapped = indexes.filter((i) => index.has(i)).map((i) => index.get(i)!);
        return `__vite__mapDeps([${mapped.join(',')}])`;
      });
  }
  for (const file of dropped)
    if (out.includes(`"${file}"`))
      throw new Error(`stays-inline-visitor-css: ${file} is still preloaded by a chunk`);
  return out;
}

/**
 * Puts the visitor's CSS inside the HTML template as one <style> element at the end of <head>
 * (PERF-1, PERF-9): render-blocking and small (~6 KB brotli), so a separate file would cost a
 * phone on a mobile network a round trip (often a new connection) before the first paint. With
 * `cssCodeSplit`, Vite gives every chunk its own CSS file: the CSS of every chunk a visitor's page
 * can load (the pages', the lightbox's, the enquiry dialog's and its calendar's) is inlined, in
 * load order, and taken out of the chunks' preload lists (`withoutPreloads`: Vite adds each
 * chunk's CSS to the list of the `import()` that loads it, after `modulePreload.
 * resolveDependencies`), so no page fetches CSS it already holds. The owner's tools' CSS (the
 * admin chunk's, decision 031) is not inlined: it stays a file in the admin chunk's preload list,
 * which Vite's preload helper links, and waits for, when admin mode imports the admin chunk, so no
 * owner's dialog shows unstyled and no visitor's page fetches it. The CSP allows inline styles and
 * the site's own stylesheets (src/server/html.ts). `adminEntry`: the absolute path of
 * admin-root.tsx.
 */
export function inlineVisitorStylesheets(adminEntry: string): Plugin {
  return {
    name: 'stays-inline-visitor-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const { visitor } = splitStylesheets(bundle, adminEntry);
        const css = visitor.map((file) => {
          const asset = bundle[file];
          if (asset?.type !== 'asset')
            throw new Error(`stays-inline-visitor-css: ${file} is not in the bundle`);
          return String(asset.source);
        });
        const linked = /<link rel="stylesheet"[^>]*?href="\/([^"]+\.css)"[^>]*>\s*/g;
        return html
          .replace(linked, (tag, file: string) => (visitor.includes(file) ? '' : tag))
          .replace('</head>', () => `<style>${css.join('')}</style>\n  </head>`);
      },
    },
    // After Vite's import analysis has written the preload lists (its generateBundle).
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const inlined = new Set(splitStylesheets(bundle, adminEntry).visitor);
        for (const item of Object.values(bundle))
          if (item.type === 'chunk') item.code = withoutPreloads(item.code, inlined);
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

/** The icon's side in pixels: Chrome's tab (16 CSS px) up to a 3x screen, and its tab switcher. */
export const FAVICON_SIZE = 48;

/**
 * PERF-28: the page's icon inline as a PNG drawn at build time from `svgPath`
 * (src/web/public/favicon.svg, the one drawing), in place of the template's
 * `<link rel="icon" href="/favicon.svg" type="image/svg+xml" />`. Chromium fetches a page's icon
 * after the load through that page's renderer, and an SVG icon becomes an SVG document of its own
 * on the main thread there: a task of 4–14 ms on the bench machine (16–57 ms at 4× CPU) in every
 * load (decision 068). A PNG of FAVICON_SIZE pixels decodes in well under a millisecond. Inline,
 * as before (PERF-1): no request.
 * Fails the build unless the template holds that tag exactly once.
 */
export function inlineFaviconPng(svgPath: string): Plugin {
  return {
    name: 'stays-inline-favicon-png',
    apply: 'build',
    transformIndexHtml: {
      order: 'pre',
      handler: async (html) => faviconInline(html, fs.readFileSync(svgPath)),
    },
  };
}

/** `html` with its SVG icon link replaced by `svg` drawn as an inline PNG (inlineFaviconPng). */
export async function faviconInline(html: string, svg: Buffer): Promise<string> {
  const tag = /<link rel="icon" href="\/favicon\.svg" type="image\/svg\+xml" \/>/g;
  const found = html.match(tag)?.length ?? 0;
  if (found !== 1)
    throw new Error(`stays-inline-favicon-png: expected 1 SVG icon link, found ${found}`);
  // Drawn at four times the size, then reduced: the edges of the rounded square stay smooth.
  // Sixteen colours look the same as 256 at this size, in half the bytes (427 B, 880 B).
  const png = await sharp(svg, { density: 72 * 4 })
    .resize(FAVICON_SIZE, FAVICON_SIZE)
    .png({ palette: true, colours: 16, compressionLevel: 9, effort: 10 })
    .toBuffer();
  const size = `${FAVICON_SIZE}x${FAVICON_SIZE}`;
  return html.replace(
    tag,
    `<link rel="icon" href="data:image/png;base64,${png.toString('base64')}" type="image/png" sizes="${size}" />`,
  );
}
