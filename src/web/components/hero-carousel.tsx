/**
 * The home page hero (HOME-1, CONST-1): the heading 'Service Apartments' over 'Chikmagalur' on a
 * fading carousel of the five fixed images hero0..hero4, autoplay 3000 ms, fade 500 ms, looping.
 * A pause/play button stops the motion (WCAG 2.2.2); under prefers-reduced-motion it starts paused.
 * The images are decorative (alt=""): the heading says what the page is.
 * PERF-1, OPS-9: the first image is the page's LCP element (eager, fetchpriority high); the others are
 * fetched one slide ahead of the fade (`deferSlides`), never all at page load. Phones held upright
 * get a portrait crop of each image (OPS-9).
 *
 * The fade is a CSS opacity transition of 500 ms (hero-carousel.module.css), run by the browser's
 * clock; no carousel library. Embla's Fade plugin, used before, stepped the opacity once per
 * painted frame, so where frames are slow (a cheap phone, a software-rendered full-width image) a
 * fade took seconds and the next began before it ended: the hero stayed between two images
 * (decision 048). Like Embla's Autoplay before: it starts after the page's load event and an idle
 * period (PERF-1), only while on screen, and waits while the pointer is over the images.
 */
import { startTransition, useCallback, useEffect, useState } from 'react';
import { whenIdle } from '../boot/idle-queue.js';
import { afterPageLoad } from '../boot/page-load.js';
import {
  HERO_COUNT,
  HERO_PORTRAIT_MEDIA,
  HERO_PORTRAIT_WIDTHS,
  HERO_WIDTHS,
  VARIANT_FORMATS,
  heroPortraitUrl,
  heroUrl,
} from '../../shared/photo-urls.js';
import { REDUCED_MOTION_QUERY, useInView } from './use-autoplay-carousel.js';
import { useMediaQuery } from './use-media-query.js';
import styles from './hero-carousel.module.css';

/** CONST-1, HOME-1: hero carousel autoplay. */
const HERO_AUTOPLAY_MS = 3000;
/** Pixel size of the hero JPEGs in demo/hero (16:9). */
const HERO_SIZE = { width: 2400, height: 1350 } as const;

function heroSrcSet(index: number, format: (typeof VARIANT_FORMATS)[number]): string {
  return HERO_WIDTHS.map((w) => `${heroUrl(index, w, format)} ${w}w`).join(', ');
}

function heroPortraitSrcSet(index: number, format: (typeof VARIANT_FORMATS)[number]): string {
  return HERO_PORTRAIT_WIDTHS.map((w) => `${heroPortraitUrl(index, w, format)} ${w}w`).join(', ');
}

/** The same `media` with its opposite, for the preload of the 16:9 image. */
const HERO_LANDSCAPE_MEDIA = `not all and ${HERO_PORTRAIT_MEDIA}`;

/**
 * `<link rel=preload>` tags for the first hero image (OPS-9: the home page's LCP element), to put
 * in <head>: its request starts as the head is parsed, not once the body's <picture> is reached.
 * One per crop, with the <picture>'s own media, srcset and sizes, so the browser fetches exactly
 * the file the <picture> then uses. AVIF only: a browser without it skips the preload by its type
 * and picks WebP in the <picture> as before.
 */
export function heroPreloadTags(): string {
  const link = (media: string, srcSet: string) =>
    `<link rel="preload" as="image" type="image/avif" fetchpriority="high" media="${media}" imagesrcset="${srcSet}" imagesizes="100vw">`;
  return [
    link(HERO_PORTRAIT_MEDIA, heroPortraitSrcSet(0, 'avif')),
    link(HERO_LANDSCAPE_MEDIA, heroSrcSet(0, 'avif')),
  ].join('\n');
}

export function HeroCarousel() {
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  // null until the visitor presses the button: then their choice wins over the system setting.
  const [choice, setChoice] = useState<boolean | null>(null);
  const playing = choice ?? !reducedMotion;
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  // A transition: a ref callback runs inside the hydration's commit, where a plain update is
  // rendered at once, with every passive effect of the page, in that same task (Total Blocking
  // Time; use-autoplay-carousel.ts does the same for the cards).
  const viewportRef = useCallback((element: HTMLDivElement | null) => {
    startTransition(() => setViewport(element));
  }, []);
  // `loaded`: the page's load event and an idle period have passed (PERF-1).
  const [loaded, setLoaded] = useState(false);
  useEffect(() => afterPageLoad(() => whenIdle(() => startTransition(() => setLoaded(true)))), []);
  const onScreen = useInView(viewport);
  const [pointerOver, setPointerOver] = useState(false);
  // Slides advance in order only, so the slides shown so far are those up to `advances`.
  const [advances, setAdvances] = useState(0);
  const shown = advances % HERO_COUNT;
  // The first slide's image at once; any other's once the page has loaded and it is next or shown.
  const ready = (i: number) => i === 0 || (loaded && i <= advances + 1);
  useEffect(() => {
    if (!loaded || !onScreen || !playing || pointerOver) return;
    const timer = setTimeout(() => setAdvances((a) => a + 1), HERO_AUTOPLAY_MS);
    return () => clearTimeout(timer);
  }, [loaded, onScreen, playing, pointerOver, advances]);

  return (
    <header className={styles.hero}>
      <div
        className={styles.viewport}
        ref={viewportRef}
        // A mouse, not a finger: a tap would otherwise stop the slideshow until the next tap elsewhere.
        onPointerEnter={(event) => setPointerOver(event.pointerType === 'mouse')}
        onPointerLeave={() => setPointerOver(false)}
      >
        <div className={styles.container}>
          {Array.from({ length: HERO_COUNT }, (_, i) => (
            <div
              className={styles.slide}
              key={i}
              data-shown={i === shown ? '' : undefined}
              data-deferred={ready(i) ? undefined : ''}
            >
              <picture>
                {/* OPS-9: phones held upright get the portrait crop, not a 16:9 image cut by CSS. */}
                {VARIANT_FORMATS.map((format) => (
                  <source
                    key={`portrait-${format}`}
                    media={HERO_PORTRAIT_MEDIA}
                    type={`image/${format}`}
                    srcSet={heroPortraitSrcSet(i, format)}
                    sizes="100vw"
                  />
                ))}
                {VARIANT_FORMATS.map((format) => (
                  <source
                    key={format}
                    type={`image/${format}`}
                    srcSet={heroSrcSet(i, format)}
                    sizes="100vw"
                  />
                ))}
                <img
                  className={styles.image}
                  src={heroUrl(i)}
                  width={HERO_SIZE.width}
                  height={HERO_SIZE.height}
                  alt=""
                  {...(i === 0
                    ? { fetchPriority: 'high' as const }
                    : { loading: 'lazy' as const, decoding: 'async' as const })}
                />
              </picture>
            </div>
          ))}
        </div>
      </div>
      <div className={styles.overlay}>
        <h1 className={styles.heading}>
          <span className={styles.line1}>Service Apartments</span>
          <span className={styles.line2}>Chikmagalur</span>
        </h1>
      </div>
      <button
        type="button"
        className={styles.toggle}
        onClick={() => setChoice(!playing)}
        aria-label={playing ? 'Pause slideshow' : 'Play slideshow'}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          {playing ? (
            <path fill="currentColor" d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" />
          ) : (
            <path fill="currentColor" d="M8 5.5v13l10.5-6.5z" />
          )}
        </svg>
      </button>
    </header>
  );
}
