/**
 * The visitor's CSS and the admin chunk's kept apart (PERF-9): which chunk's CSS is whose, and the
 * preload lists written without the inlined files, on bundles shaped as Vite 8 gives them. The
 * page's icon drawn as an inline PNG (PERF-28), with real sharp.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { FAVICON_SIZE, faviconInline, splitStylesheets, withoutPreloads } from './vite-plugins.js';

const ADMIN = '/src/web/admin/admin-root.tsx';

function chunk(
  fileName: string,
  css: string[],
  links: { imports?: string[]; dynamicImports?: string[]; isEntry?: boolean; facade?: string } = {},
) {
  return {
    type: 'chunk',
    fileName,
    facadeModuleId: links.facade ?? null,
    isEntry: links.isEntry ?? false,
    imports: links.imports ?? [],
    dynamicImports: links.dynamicImports ?? [],
    viteMetadata: { importedCss: new Set(css) },
  };
}

const bundle = {
  'index.js': chunk('index.js', [], { isEntry: true, dynamicImports: ['hydrate.js'] }),
  'hydrate.js': chunk('hydrate.js', ['hydrate.css'], {
    imports: ['shared.js'],
    dynamicImports: ['admin-root.js', 'lightbox.js'],
  }),
  'shared.js': chunk('shared.js', ['shared.css']),
  'lightbox.js': chunk('lightbox.js', ['lightbox.css'], { imports: ['shared.js'] }),
  'admin-root.js': chunk('admin-root.js', ['admin-root.css'], {
    facade: ADMIN,
    imports: ['shared.js', 'admin-only.js'],
  }),
  'admin-only.js': chunk('admin-only.js', ['admin-only.css']),
  'hydrate.css': { type: 'asset' },
};

describe('splitStylesheets', () => {
  it("puts every CSS file a visitor's page can load in load order, and the admin chunk's apart", () => {
    expect(splitStylesheets(bundle, ADMIN)).toEqual({
      visitor: ['shared.css', 'hydrate.css', 'lightbox.css'],
      admin: ['admin-root.css', 'admin-only.css'],
    });
  });

  it('fails the build when the bundle has no admin chunk', () => {
    expect(() => splitStylesheets(bundle, '/elsewhere.tsx')).toThrow(/no admin chunk/);
  });
});

describe('withoutPreloads', () => {
  const code =
    'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/a.js","assets/hydrate.css","assets/admin.css","assets/b.js"])))=>i.map(i=>d[i]);\n' +
    'f(()=>import("./a.js"),__vite__mapDeps([0,1]));g(()=>import("./admin.js"),__vite__mapDeps([3,0,2]));h(()=>import("./c.js"),__vite__mapDeps([1]))';

  it('writes the list without the inlined files and every index anew', () => {
    expect(withoutPreloads(code, new Set(['assets/hydrate.css']))).toBe(
      'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/a.js","assets/admin.css","assets/b.js"])))=>i.map(i=>d[i]);\n' +
        'f(()=>import("./a.js"),__vite__mapDeps([0]));g(()=>import("./admin.js"),__vite__mapDeps([2,0,1]));h(()=>import("./c.js"),__vite__mapDeps([]))',
    );
  });

  it('leaves code without a preload list as it is', () => {
    expect(withoutPreloads('export const x = 1;', new Set(['assets/hydrate.css']))).toBe(
      'export const x = 1;',
    );
  });

  it('fails the build when an inlined file is still named in a form it does not know', () => {
    expect(() =>
      withoutPreloads('const deps = ["assets/hydrate.css"];', new Set(['assets/hydrate.css'])),
    ).toThrow(/still preloaded/);
  });
});

describe('faviconInline (PERF-28)', () => {
  const svg = fs.readFileSync(path.resolve(import.meta.dirname, '../src/web/public/favicon.svg'));
  const template = (links: string) => `<head><meta charset="utf-8" />${links}</head>`;
  const svgLink = '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />';

  it('puts the SVG icon inline as a PNG of FAVICON_SIZE pixels, drawn from the SVG', async () => {
    const html = await faviconInline(template(svgLink), svg);
    expect(html).not.toContain('svg');
    const href =
      /<link rel="icon" href="data:image\/png;base64,([^"]+)" type="image\/png" sizes="48x48" \/>/.exec(
        html,
      );
    expect(href).not.toBeNull();
    const png = Buffer.from(href![1]!, 'base64');
    const { format, width, height } = await sharp(png).metadata();
    expect({ format, width, height }).toEqual({
      format: 'png',
      width: FAVICON_SIZE,
      height: FAVICON_SIZE,
    });
    // The drawing's own colours: the green square in a corner's inside, the white hill in the middle.
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [
      ...data.subarray(
        (y * info.width + x) * info.channels,
        (y * info.width + x) * info.channels + 3,
      ),
    ];
    expect(at(6, 24)).toEqual([0x2b, 0x6a, 0x4c]);
    expect(at(20, 30)).toEqual([255, 255, 255]);
  });

  it('fails the build when the template has no SVG icon link, or two', async () => {
    await expect(faviconInline(template(''), svg)).rejects.toThrow(
      'expected 1 SVG icon link, found 0',
    );
    await expect(faviconInline(template(svgLink + svgLink), svg)).rejects.toThrow('found 2');
  });
});
