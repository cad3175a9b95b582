/**
 * A catalogue photo as a `<picture>`: AVIF and WebP width variants through `srcset` + `sizes`,
 * the normalised JPEG (`/imported-images/{name}`, DATA-3) as the fallback `src`, and the
 * intrinsic `width`/`height` so the browser reserves the box before the bytes arrive (PERF-1:
 * no layout shift).
 */
import type { Photo, PhotoSize } from '../../shared/site-data.js';
import { VARIANT_FORMATS, photoUrl, variantSrcSet } from '../../shared/photo-urls.js';

/** Box used for a photo whose size the publisher did not record: 3:2, the common camera ratio. */
export const DEFAULT_PHOTO_SIZE: PhotoSize = [1200, 800];

export interface ResponsivePhotoProps {
  name: string;
  /** [width, height] in pixels from PageData.photoSizes; undefined → DEFAULT_PHOTO_SIZE. */
  size: PhotoSize | undefined;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn, e.g. "(min-width: 900px) 50vw, 100vw". */
  sizes: string;
  /**
   * 'high' for the page's largest above-the-fold image (LCP): loaded eagerly at high priority.
   * Otherwise the image is lazy-loaded.
   */
  priority?: 'high';
  className?: string;
  imgClassName?: string;
}

export function ResponsivePhoto({
  name,
  size,
  alt,
  sizes,
  priority,
  className,
  imgClassName,
}: ResponsivePhotoProps) {
  const [width, height] = size ?? DEFAULT_PHOTO_SIZE;
  return (
    <picture className={className}>
      {VARIANT_FORMATS.map((format) => (
        <source
          key={format}
          type={`image/${format}`}
          srcSet={variantSrcSet(name, format)}
          sizes={sizes}
        />
      ))}
      <img
        className={imgClassName}
        src={photoUrl(name)}
        width={width}
        height={height}
        alt={alt}
        {...(priority === 'high'
          ? { fetchPriority: 'high' as const }
          : { loading: 'lazy' as const, decoding: 'async' as const })}
      />
    </picture>
  );
}

/**
 * A `<link rel=preload>` for the image ResponsivePhoto draws for `name` at `sizes`, to put in
 * <head> for the page's LCP photo (OPS-9): its request starts as the head is parsed, not once the
 * body's <picture> is reached. Same srcset and sizes as the AVIF source, so the browser fetches
 * exactly the file the <picture> then uses; a browser without AVIF skips it by its type.
 * Photo names are letters, digits, "-" and "." (PHOTO_NAME_RE), so nothing here needs escaping.
 */
export function photoPreloadTag(name: string, sizes: string): string {
  return `<link rel="preload" as="image" type="image/avif" fetchpriority="high" imagesrcset="${variantSrcSet(name, 'avif')}" imagesizes="${sizes}">`;
}

/** PHO-2: the alt text of a photo the owner has not described: "{property name} – photo N of M". */
function photoAlt(propertyName: string, n: number, total: number): string {
  return `${propertyName} – photo ${n} of ${total}`;
}

/**
 * PHO-2: the alt text of a catalogue photo everywhere it shows: the owner's description when it
 * has one, else photoAlt. `n` is its 1-based place among the `total` photos shown together.
 */
export function photoAltText(photo: Photo, propertyName: string, n: number, total: number): string {
  return photo.alt ?? photoAlt(propertyName, n, total);
}
