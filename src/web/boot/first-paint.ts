/**
 * The page's only script before its first paint (PERF-1, decision 014): inlined in every published
 * page as `<script type="module" data-entry="/assets/index-….js" data-site-data="/site-data.….js">`
 * by the build (scripts/vite-plugins.ts, `firstPaintLoader`), allowed by its SHA-256 in the CSP
 * (src/server/publish/page-routes.ts).
 *
 * It waits until the page's largest image (`img[fetchpriority="high"]`, the LCP element) has been
 * painted, the visitor acts (pointer, key, scroll), the image fails, or LOAD_WAIT_MS pass; then it
 * imports the entry (`data-entry`, entry-client.tsx). Nothing else is fetched before that paint:
 * on a phone's network every parallel request before it costs a new connection that the hero
 * waits behind. Where the browser reports Largest Contentful Paint, "painted" is its LCP entry for
 * the image (the load event comes before the decode and paint); elsewhere (Safari) the image
 * loaded, decoded, and a frame later.
 *
 * Self-contained: no imports, so the build can transpile it alone and its text, hence its hash,
 * changes only when this file does.
 */
const LOAD_WAIT_MS = 3000;
const INPUT_EVENTS = ['pointerdown', 'keydown', 'scroll'];

const loader = document.querySelector<HTMLScriptElement>('script[data-entry]');
const hero = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
let observer: PerformanceObserver | undefined;
let started = false;

function start(): void {
  if (started) return;
  started = true;
  observer?.disconnect();
  clearTimeout(timer);
  for (const type of INPUT_EVENTS) removeEventListener(type, start, true);
  // A task of its own, after the paint's frame.
  setTimeout(() => void import(loader!.dataset.entry!), 0);
}

const timer = setTimeout(start, LOAD_WAIT_MS);
for (const type of INPUT_EVENTS) addEventListener(type, start, { capture: true, passive: true });
if (!hero) start();
else {
  hero.addEventListener('error', start, { once: true });
  if (PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
    observer = new PerformanceObserver((list) => {
      const entries = list.getEntries() as (PerformanceEntry & { element?: Element | null })[];
      if (entries.some((entry) => entry.element === hero)) start();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  } else {
    const loaded = hero.complete
      ? Promise.resolve()
      : new Promise((resolve) => hero.addEventListener('load', resolve, { once: true }));
    void loaded
      .then(() => hero.decode())
      .catch(() => undefined)
      .then(() => requestAnimationFrame(start));
  }
}
export {};
