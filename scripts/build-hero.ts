/**
 * Writes the hero images (spec §2: hero0 to hero4, fixed static files) into dist/client/hero/: the
 * original JPEG plus HERO_WIDTHS variants in AVIF and WebP for srcset (issue 5: the first hero is the
 * home page's LCP image).
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { HERO_COUNT, HERO_WIDTHS, VARIANT_FORMATS, heroUrl } from '../src/shared/photo-urls.js';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const outDir = path.join(root, 'dist', 'client');

for (let i = 0; i < HERO_COUNT; i++) {
  const source = path.join(root, 'demo', 'hero', `hero${i}.jpg`);
  const target = (url: string) => path.join(outDir, url);
  fs.mkdirSync(path.dirname(target(heroUrl(i))), { recursive: true });
  fs.copyFileSync(source, target(heroUrl(i)));
  await Promise.all(
    HERO_WIDTHS.flatMap((width) =>
      VARIANT_FORMATS.map((format) =>
        sharp(source)
          .resize({ width, withoutEnlargement: true })
          [format]({ quality: format === 'avif' ? 50 : 72, effort: format === 'avif' ? 4 : 5 })
          .toFile(target(heroUrl(i, width, format))),
      ),
    ),
  );
}
