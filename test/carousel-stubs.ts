/**
 * For jsdom tests that render the site's carousels (use-autoplay-carousel.ts, hero-carousel.tsx):
 * jsdom has neither `matchMedia` nor `IntersectionObserver`, and the carousels ask both (reduced
 * motion; on screen and near it, PERF-25). Call it in `beforeAll`: it marks the file as a React
 * act() environment, reports no reduced motion, and stubs an IntersectionObserver that reports
 * nothing until the test does so, through the returned list (one entry per observer made, with
 * its `rootMargin`).
 */
import { vi } from 'vitest';

export interface StubObserver {
  margin: string | undefined;
  report(entry: { isIntersecting: boolean }): void;
}

export function stubCarouselBrowser(): StubObserver[] {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  vi.stubGlobal('matchMedia', (media: string) => ({
    matches: false,
    media,
    addEventListener() {},
    removeEventListener() {},
  }));
  const observers: StubObserver[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(
        callback: (entries: { isIntersecting: boolean }[]) => void,
        options?: { rootMargin?: string },
      ) {
        observers.push({ margin: options?.rootMargin, report: (entry) => callback([entry]) });
      }
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  return observers;
}
