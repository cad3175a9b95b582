/**
 * URLs of photos and their resized variants (DATA-3: photos are served from the imported-images
 * path keyed by photo name; IMG-3: width variants in AVIF and WebP for srcset).
 * The image pipeline (src/server/images) writes exactly the files these URLs name.
 */

/**
 * Widths in image pixels of the variants made for every photo.
 * 720 is for phones around 360-412 CSS px at DPR 1.75-2 (Lighthouse's mobile preset is 412 px at
 * 1.75; OPS-9): a photo in the page's column there needs ~650-670 px, and the browser, which takes
 * the smallest candidate at least that wide, fetched the 960 px file (~50 KB) where the 720 px one
 * (~38 KB) suffices. Phones at DPR 2.6-3 keep taking 960/1600. Photos stored before a width was
 * added get it at the next start or publish (addMissingVariants, src/server/images/pipeline.ts).
 */
export const VARIANT_WIDTHS = [480, 720, 960, 1600] as const;
/** Variant formats, best first (a <picture> lists them in this order). */
export const VARIANT_FORMATS = ['avif', 'webp'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];
/** Open Graph / Twitter card crop, pixels (SEO-1, IMG-3). */
export const OG_SIZE = { width: 1200, height: 630 } as const;

/** The unique id part of a photo name: everything before the first dot. */
export function photoStem(name: string): string {
  const dot = name.indexOf('.');
  return dot === -1 ? name : name.slice(0, dot);
}

/** The normalised full-size photo, e.g. /imported-images/ab12.jpg */
export function photoUrl(name: string): string {
  return `/imported-images/${encodeURIComponent(name)}`;
}

/** A width variant, e.g. /imported-images/v/ab12-960.avif */
export function variantUrl(name: string, width: number, format: VariantFormat): string {
  return `/imported-images/v/${encodeURIComponent(photoStem(name))}-${width}.${format}`;
}

/** The 1200x630 JPEG crop for link previews, e.g. /imported-images/v/ab12-og.jpg */
export function ogImageUrl(name: string): string {
  return `/imported-images/v/${encodeURIComponent(photoStem(name))}-og.jpg`;
}

/** A srcset string for one format, all widths. */
export function variantSrcSet(name: string, format: VariantFormat): string {
  return VARIANT_WIDTHS.map((w) => `${variantUrl(name, w, format)} ${w}w`).join(', ');
}

/** The five fixed hero images of the home page (DATA-5, HOME-1: hero0 to hero4). */
export const HERO_COUNT = 5;
/** Widths of the hero variants written at build time (scripts/build-hero.ts). */
export const HERO_WIDTHS = [640, 1280, 1920] as const;

/**
 * Widths of the portrait (2:3) crops of the heroes, for portrait phones (OPS-9). On a 412 px wide
 * phone the hero box is ~412x640 CSS px: the 16:9 image was fetched at 1280x720 and mostly cropped
 * away by CSS, showing 720 image px over 640 CSS px. The 640x960 crop shows 960 over 640 (sharper)
 * in ~40 % fewer bytes; browsers take the largest when none reaches the screen's density.
 */
export const HERO_PORTRAIT_WIDTHS = [480, 640] as const;
/** Height / width of the portrait hero crops. */
export const HERO_PORTRAIT_RATIO = 1.5;
/**
 * Viewports that get the portrait crop (OPS-9): at most 2:3, i.e. phones held upright. The hero
 * box is then at most ~0.85 as wide as it is high; wider screens keep the 16:9 image.
 */
export const HERO_PORTRAIT_MEDIA = '(max-aspect-ratio: 2/3)';

/** A hero variant, e.g. /hero/hero0-1280.avif; the original JPEG is /hero/hero0.jpg. */
export function heroUrl(
  index: number,
  width?: number,
  format: VariantFormat | 'jpg' = 'jpg',
): string {
  return width === undefined ? `/hero/hero${index}.jpg` : `/hero/hero${index}-${width}.${format}`;
}

/** A portrait hero crop (OPS-9), e.g. /hero/hero0-p750.avif */
export function heroPortraitUrl(index: number, width: number, format: VariantFormat): string {
  return `/hero/hero${index}-p${width}.${format}`;
}
