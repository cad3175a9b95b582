/**
 * Writes the hero images (spec §2: hero0 to hero4, fixed static files) into dist/client/hero/: the
 * original JPEG plus HERO_WIDTHS variants in AVIF and WebP for srcset (issue 5: the first hero is the
 * home page's LCP image), and HERO_PORTRAIT_WIDTHS portrait crops for phones held upright (OPS-9),
 * cut around the most salient part of the image (sharp's attention strategy). Encoding AVIF is slow, so variants are kept in dist/.hero-cache and only
 * remade when their source is newer.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import {
  HERO_COUNT,
  HERO_PORTRAIT_RATIO,
  HERO_PORTRAIT_WIDTHS,
  HERO_WIDTHS,
  VARIANT_FORMATS,
  heroPortraitUrl,
  heroUrl,
} from '../src/shared/photo-urls.js';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const cacheDir = path.join(root, 'dist', '.hero-cache');
const outDir = path.join(root, 'dist', 'client');

const jobs: Promise<unknown>[] = [];
for (let i = 0; i < HERO_COUNT; i++) {
  const source = path.join(root, 'demo', 'hero', `hero${i}.jpg`);
  const sourceTime = fs.statSync(source).mtimeMs;
  const cached = (url: string) => path.join(cacheDir, url);
  fs.mkdirSync(path.dirname(cached(heroUrl(i))), { recursive: true });
  fs.copyFileSync(source, cached(heroUrl(i)));
  for (const width of HERO_WIDTHS) {
    for (const format of VARIANT_FORMATS) {
      const target = cached(heroUrl(i, width, format));
      if (fs.existsSync(target) && fs.statSync(target).mtimeMs > sourceTime) continue;
      const resized = sharp(source).resize({ width, withoutEnlargement: true });
      const encoded =
        format === 'avif'
          ? resized.avif({ quality: 50, effort: 2 })
          : resized.webp({ quality: 72 });
      jobs.push(encoded.toFile(target));
    }
  }
  for (const width of HERO_PORTRAIT_WIDTHS) {
    for (const format of VARIANT_FORMATS) {
      const target = cached(heroPortraitUrl(i, width, format));
      if (fs.existsSync(target) && fs.statSync(target).mtimeMs > sourceTime) continue;
      const cropped = sharp(source).resize({
        width,
        height: Math.round(width * HERO_PORTRAIT_RATIO),
        fit: 'cover',
        position: sharp.strategy.attention,
      });
      // A little below the 16:9 variants' quality: the crop is shown under the hero's dark
      // gradient and heading, and it is the phone's LCP image (OPS-9).
      const encoded =
        format === 'avif'
          ? cropped.avif({ quality: 40, effort: 2 })
          : cropped.webp({ quality: 68 });
      jobs.push(encoded.toFile(target));
    }
  }
}
await Promise.all(jobs);
fs.cpSync(path.join(cacheDir, 'hero'), path.join(outDir, 'hero'), { recursive: true });
