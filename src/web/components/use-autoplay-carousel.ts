/**
 * Embla carousel with the Autoplay plugin, configured the same way for every carousel of the site:
 * - spec §9 "slide speed 500 ms": Embla's `duration` is not in milliseconds but a physics constant
 *   (its animation steps at a fixed 60 Hz); SLIDE_DURATION below settles a slide or a fade in
 *   about 480 ms, the closest to 500 ms;
 * - WCAG 2.2.2: autoplay stops while the pointer is over the carousel or focus is inside it, and
 *   resumes after; nothing autoplays under `prefers-reduced-motion: reduce`. A carousel inside a
 *   focusable element (a card link) spreads the returned `pauseWhileFocused` handlers on it;
 * - issue 5: autoplay stops while the carousel is off-screen.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import Autoplay from 'embla-carousel-autoplay';
import type { EmblaOptionsType, EmblaPluginType } from 'embla-carousel';

/**
 * Embla `duration` for a ~500 ms transition (spec §9). With Embla's friction 0.68 and 60 Hz
 * steps, duration 20 reaches 99 % of the move (or of the fade's opacity) after 29 steps ≈ 483 ms;
 * 25 (Embla's default) takes ≈ 700 ms.
 */
export const SLIDE_DURATION = 20;

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

export interface AutoplayCarouselOptions {
  /** Milliseconds between slides (spec §9). */
  delayMs: number;
  /** false stops autoplay (the hero's pause button). Default true. */
  playing?: boolean;
  /** false plays even under prefers-reduced-motion (the visitor pressed Play). Default true. */
  respectReducedMotion?: boolean;
  /** Extra Embla plugins, e.g. Fade. Must be stable (memoised by the caller). */
  plugins?: EmblaPluginType[];
}

export function useAutoplayCarousel(options: EmblaOptionsType, autoplay: AutoplayCarouselOptions) {
  const { delayMs, playing = true, respectReducedMotion = true, plugins: extra } = autoplay;
  const plugins = useMemo(
    () => [
      ...(extra ?? []),
      Autoplay({
        delay: delayMs,
        active: playing,
        stopOnInteraction: false,
        stopOnMouseEnter: true,
        stopOnFocusIn: true,
        breakpoints: respectReducedMotion ? { [REDUCED_MOTION_QUERY]: { active: false } } : {},
      }),
    ],
    [delayMs, playing, respectReducedMotion, extra],
  );
  const [ref, api] = useEmblaCarousel({ duration: SLIDE_DURATION, ...options }, plugins);

  useEffect(() => {
    if (!api || typeof IntersectionObserver === 'undefined') return;
    let resumeWhenVisible = false;
    const observer = new IntersectionObserver(([entry]) => {
      const plugin = api.plugins().autoplay;
      if (!plugin || !entry) return;
      if (!entry.isIntersecting) {
        resumeWhenVisible = plugin.isPlaying();
        plugin.stop();
      } else if (resumeWhenVisible) {
        resumeWhenVisible = false;
        plugin.play();
      }
    });
    observer.observe(api.rootNode());
    return () => observer.disconnect();
  }, [api, plugins]);

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

  return [ref, api, pauseWhileFocused] as const;
}
