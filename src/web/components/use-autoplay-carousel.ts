/**
 * Embla carousel with the Autoplay plugin, configured the same way for every carousel of the site:
 * - CONST-1 "slide speed 500 ms": Embla's `duration` is not in milliseconds but a physics constant
 *   (its animation steps at a fixed 60 Hz); SLIDE_DURATION below settles a slide or a fade in
 *   about 480 ms, the closest to 500 ms;
 * - WCAG 2.2.2: autoplay stops while the pointer is over the carousel or focus is inside it, and
 *   resumes after; nothing autoplays under `prefers-reduced-motion: reduce`. A carousel inside a
 *   focusable element (a card link) spreads the returned `pauseWhileFocused` handlers on it;
 * - PERF-1: Embla starts only after the page's load event (so no slide moves, and no carousel
 *   takes main-thread time, before the largest image has painted) and once the carousel is on
 *   screen; autoplay runs only while it is on screen; with `deferSlides`, a slide's images are only
 *   fetched when that slide is about to show (see `slideReady`). The state changes that follow
 *   hydration (viewport attached, page loaded, on screen) are transitions, which React renders in
 *   slices of a few milliseconds: plain updates would be rendered in one piece, and a ref
 *   callback's update even inside the hydration's commit task (with a dozen cards, a long task:
 *   Total Blocking Time). Carousels then start one per idle period (boot/idle-queue.ts).
 * - PERF-25: a carousel further than one screen from the screen counts as not loaded: the load
 *   event re-renders the carousels a visitor can reach, and a home page of fifty cards sets up the
 *   rest as the visitor scrolls near them (`useInView` with NEAR_MARGIN).
 * - PERF-16: Embla's code is a chunk of its own (embla.ts), imported by the first carousel that
 *   starts, so it is not in a visitor's JavaScript before interaction. Until it has run, a carousel
 *   is its prerendered first slide(s); if the chunk cannot be loaded it stays so.
 * - PERF-19 (decision 060): a carousel on screen starts only when it first has to move: at the
 *   visitor's first input on the page (a tap, a key, a scroll: boot/first-input.ts) or, without
 *   one, FIRST_TURN_MS after it is on screen, whichever comes first. Until then it is still, so
 *   Embla's ~7 KB and its set-up are no part of the page's load (Lighthouse's count of the
 *   JavaScript before interaction stops once the page is quiet, about a second after the load
 *   event on a quiet phone); the first slide then moves `delayMs` after Embla has started.
 */
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import { whenIdle } from '../boot/idle-queue.js';
import { afterFirstInput } from '../boot/first-input.js';
import { afterPageLoad } from '../boot/page-load.js';

/**
 * Embla `duration` for a ~500 ms transition (CONST-1). With Embla's friction 0.68 and 60 Hz
 * steps, duration 20 reaches 99 % of the move (or of the fade's opacity) after 29 steps ≈ 483 ms;
 * 25 (Embla's default) takes ≈ 700 ms.
 */
const SLIDE_DURATION = 20;

/**
 * Milliseconds a carousel on screen holds still, without the visitor's input, before Embla is
 * fetched (PERF-19): past the page's load and quiet, so no carousel's code is part of it.
 */
const FIRST_TURN_MS = 5000;

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

let embla: Promise<typeof import('./embla.js')> | undefined;

/** The Embla chunk, imported once; a failed import may be tried again by the next carousel. */
function loadEmbla(): Promise<typeof import('./embla.js')> {
  embla ??= import('./embla.js').catch((error: unknown) => {
    embla = undefined;
    throw error;
  });
  return embla;
}

export interface AutoplayCarouselOptions {
  /** Milliseconds between slides (CONST-1). */
  delayMs: number;
  /**
   * When slides' images may be fetched (PERF-1: nothing but the LCP image competes with it, and
   * no photo is fetched before it is about to show). A deferred slide is marked `data-deferred`
   * and its CSS hides its lazy images, which keeps the browser from fetching them:
   * - 'rest' (the hero): the first slide at once; any other once it is shown or next;
   * - 'all' (the cards): the same, but the first slide too waits for the page's load event;
   * - 'until-load' (the property slider): every slide waits for the load event, then the browser's
   *   lazy loading decides.
   * 'rest' and 'all' are for carousels whose slides are one snap each. Without it, every slide is ready.
   */
  deferSlides?: 'rest' | 'all' | 'until-load';
}

const NO_SLIDE: ReadonlySet<number> = new Set();

/**
 * A carousel's viewport ref, its Embla instance (undefined until it has started), the focus
 * handlers that pause it, `slideReady(index)` and whether it has come near the screen (PERF-25).
 * `options` are read when the carousel starts.
 */
export function useAutoplayCarousel(options: EmblaOptionsType, autoplay: AutoplayCarouselOptions) {
  const { delayMs, deferSlides } = autoplay;
  const settings = useRef({ options, delayMs });
  useEffect(() => {
    settings.current = { options, delayMs };
  });
  const [api, setApi] = useState<EmblaCarouselType>();

  // The viewport element; Embla is given it only once the page has loaded and the carousel is on
  // screen, so that no carousel measures or moves anything during the page load, and carousels
  // below the fold cost nothing until a visitor scrolls to them.
  const [node, setNode] = useState<HTMLElement | null>(null);
  const viewportRef = useCallback((element: HTMLElement | null) => {
    startTransition(() => setNode(element));
  }, []);
  const near = useInView(node, NEAR_MARGIN);

  // PERF-25: the page's load counts for a carousel once it is near the screen, so the load event
  // re-renders the few carousels a visitor can reach, not fifty.
  const [loaded, setLoaded] = useState(false);
  useEffect(
    () => (near ? afterPageLoad(() => startTransition(() => setLoaded(true))) : undefined),
    [near],
  );
  const onScreen = useInView(node);
  const [activated, setActivated] = useState(false);
  const ready = loaded && onScreen && !!node;
  // PERF-19: the first input or FIRST_TURN_MS on screen, whichever comes first.
  const [due, setDue] = useState(false);
  useEffect(() => {
    if (due || !ready) return;
    const want = () => startTransition(() => setDue(true));
    const timer = setTimeout(want, Math.max(FIRST_TURN_MS, settings.current.delayMs));
    const cancelInput = afterFirstInput(want);
    return () => {
      clearTimeout(timer);
      cancelInput();
    };
  }, [due, ready]);
  useEffect(() => {
    if (activated || !ready || !due) return;
    return whenIdle(() => startTransition(() => setActivated(true)));
  }, [activated, ready, due]);
  useEffect(() => {
    if (!activated || !node) return;
    let cancelled = false;
    let instance: EmblaCarouselType | undefined;
    loadEmbla().then(
      ({ EmblaCarousel, Autoplay }) => {
        if (cancelled) return;
        const { options: current, delayMs: delay } = settings.current;
        instance = EmblaCarousel(node, { duration: SLIDE_DURATION, ...current }, [
          Autoplay({
            delay,
            playOnInit: false,
            stopOnInteraction: false,
            stopOnMouseEnter: true,
            stopOnFocusIn: true,
            breakpoints: { [REDUCED_MOTION_QUERY]: { active: false } },
          }),
        ]);
        startTransition(() => setApi(instance));
      },
      () => {
        // The carousel stays on its prerendered slides; the page works without it.
      },
    );
    return () => {
      cancelled = true;
      instance?.destroy();
      setApi(undefined);
    };
  }, [activated, node]);

  useEffect(() => {
    const plugin = api?.plugins().autoplay;
    // An inactive plugin (reduced motion) was never initialised: it must not be played.
    const active = !window.matchMedia(REDUCED_MOTION_QUERY).matches;
    if (!api || !plugin || !active || api.scrollSnapList().length < 2) return;
    if (onScreen) plugin.play();
    else plugin.stop();
  }, [api, onScreen]);

  const [marked, setMarked] = useState(NO_SLIDE);
  useEffect(() => {
    if (!api || (deferSlides !== 'rest' && deferSlides !== 'all')) return;
    const mark = (withPrevious: boolean) => {
      const count = api.slideNodes().length;
      const shown = api.selectedScrollSnap();
      const wanted = [
        shown,
        (shown + 1) % count,
        ...(withPrevious ? [(shown - 1 + count) % count] : []),
      ];
      setMarked((before) =>
        wanted.every((i) => before.has(i)) ? before : new Set([...before, ...wanted]),
      );
    };
    const onSelect = () => mark(false);
    const onPointerDown = () => mark(true);
    if (onScreen) mark(false);
    api.on('select', onSelect).on('pointerDown', onPointerDown);
    return () => {
      api.off('select', onSelect).off('pointerDown', onPointerDown);
    };
  }, [api, deferSlides, onScreen]);
  const slideReady = useCallback(
    (index: number) => {
      if (!deferSlides) return true;
      if (deferSlides === 'until-load') return loaded;
      if (index === 0) return deferSlides === 'rest' || loaded;
      return marked.has(index);
    },
    [deferSlides, loaded, marked],
  );

  const resumeAfterFocus = useRef(false);
  const onFocus = useCallback(() => {
    const plugin = api?.plugins().autoplay;
    if (!plugin) return;
    resumeAfterFocus.current ||= plugin.isPlaying();
    plugin.stop();
  }, [api]);
  const onBlur = useCallback(() => {
    const plugin = api?.plugins().autoplay;
    if (plugin && resumeAfterFocus.current) plugin.play();
    resumeAfterFocus.current = false;
  }, [api]);
  const pauseWhileFocused = useMemo(() => ({ onFocus, onBlur }), [onFocus, onBlur]);

  return [viewportRef, api, pauseWhileFocused, slideReady, near] as const;
}

/**
 * How close to the screen a carousel is set up (PERF-25): within one screen's height above or
 * below it, so a visitor who scrolls finds its photos there, while the cards further down a long
 * home page cost nothing at the page's load.
 */
const NEAR_MARGIN = '100% 0px';

/**
 * Whether `element` is on screen, or within `rootMargin` of it (an IntersectionObserver's margin);
 * false until the first report; true where the browser has no IntersectionObserver (old browsers,
 * jsdom), as if always on screen.
 */
export function useInView(element: HTMLElement | null, rootMargin?: string): boolean {
  const [inView, setInView] = useState(false);
  // The last value asked for: every observer reports once at the start, and fifty cards' "not
  // near" at once would be a hundred updates that change nothing, in one task (PERF-25).
  const reported = useRef(false);
  useEffect(() => {
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry || entry.isIntersecting === reported.current) return;
        reported.current = entry.isIntersecting;
        startTransition(() => setInView(entry.isIntersecting));
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, rootMargin]);
  return inView || typeof IntersectionObserver === 'undefined';
}
