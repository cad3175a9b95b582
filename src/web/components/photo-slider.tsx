/**
 * The property page slider (PROP-4, CONST-1): every photo of the property, centred, each as wide as
 * its aspect ratio makes it (variable width) at a height that fits 4 photos across a landscape
 * screen and 1 on a portrait one; autoplay 2000 ms. Clicking a photo (or Enter/Space on it)
 * calls `onOpen(index)` with the index in `property.photos` (the lightbox opens there).
 *
 * Embla can only loop (and so centre the first photo) when the slides are much wider than the
 * screen; with few photos the list is repeated, as slick's centre mode clones slides. The copies
 * are hidden from assistive technology and from the Tab order: each photo is announced once.
 * PERF-1, PERF-3: no slider photo is fetched before the page's load event (the hero photo above is the
 * page's LCP image); each slide's box has the photo's aspect ratio, so nothing shifts meanwhile.
 *
 * PERF-14: the slider starts with the photo after the hero and ends with the hero's, so a phone,
 * which shows one photo at a time, never shows the photo just above it again; and a portrait
 * slide is always smaller than the hero (property.module.css), so the slider's first photo,
 * painted once the page has loaded, never becomes the page's Largest Contentful Paint.
 */
import { heroPhoto } from '../../shared/site-basics.js';
import type { PageData, Property } from '../../shared/site-data.js';
import { DEFAULT_PHOTO_SIZE, ResponsivePhoto, photoAltText } from './responsive-photo.js';
import { useAutoplayCarousel } from './use-autoplay-carousel.js';
import styles from './photo-slider.module.css';

/** CONST-1, PROP-4: property slider autoplay. */
const SLIDER_AUTOPLAY_MS = 2000;

/**
 * Matches the CSS: a quarter of the screen on landscape; on portrait at most the page's column
 * (the viewport less two --page-pad), as the property's hero, so a phone fetches the same variant
 * for the hero photo's slide and reuses it (OPS-9).
 */
const SLIDER_SIZES = '(orientation: landscape) 25vw, (min-width: 400px) 92vw, calc(100vw - 32px)';

/** Fewest slides that let a 4-across slider loop on a wide screen. */
const MIN_LOOP_SLIDES = 10;

/** CSS aspect-ratio of a photo: the slide keeps its width while its image is not loaded yet (PERF-1: CLS). */
function aspectRatio(size: PageData['photoSizes'][string] | undefined): string {
  const [width, height] = size ?? DEFAULT_PHOTO_SIZE;
  return `${width} / ${height}`;
}

export interface PhotoSliderProps {
  property: Property;
  photoSizes: PageData['photoSizes'];
  onOpen(index: number): void;
}

/**
 * Indexes of `property.photos` in slider order: from the photo after the hero round to the hero
 * (PERF-14); [] without photos.
 */
function sliderOrder(property: Pick<Property, 'photos'>): number[] {
  const total = property.photos.length;
  const hero = heroPhoto(property);
  const start = hero ? property.photos.indexOf(hero) + 1 : 0;
  return Array.from({ length: total }, (_, k) => (start + k) % total);
}

export function PhotoSlider({ property, photoSizes, onOpen }: PhotoSliderProps) {
  const [viewportRef, , , slideReady] = useAutoplayCarousel(
    { loop: true, align: 'center' },
    { delayMs: SLIDER_AUTOPLAY_MS, deferSlides: 'until-load' },
  );
  const total = property.photos.length;
  if (total === 0) return null;
  const order = sliderOrder(property);
  const copies = total > 1 ? Math.ceil(MIN_LOOP_SLIDES / total) : 1;
  return (
    <section className={styles.slider} aria-label="Photos">
      <div className={styles.viewport} ref={viewportRef}>
        <div className={styles.container}>
          {Array.from({ length: copies }, (_, copy) =>
            order.map((i) => {
              const photo = property.photos[i]!;
              const alt = photoAltText(photo, property.name, i + 1, total);
              return (
                <div
                  className={styles.slide}
                  key={`${copy}-${photo.name}`}
                  data-deferred={slideReady(i) ? undefined : ''}
                >
                  <button
                    type="button"
                    className={styles.open}
                    style={{ aspectRatio: aspectRatio(photoSizes[photo.name]) }}
                    onClick={() => onOpen(i)}
                    {...(copy === 0
                      ? { 'aria-label': `Open ${alt} in full screen` }
                      : { 'aria-hidden': true, tabIndex: -1 })}
                  >
                    <ResponsivePhoto
                      name={photo.name}
                      size={photoSizes[photo.name]}
                      alt={alt}
                      sizes={SLIDER_SIZES}
                      imgClassName={styles.image}
                    />
                  </button>
                </div>
              );
            }),
          )}
        </div>
      </div>
    </section>
  );
}
