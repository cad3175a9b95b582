/**
 * The browser entry: loads the app (ReactDOM, then the layout and every route's screen:
 * react-dom-first.ts, hydrate.tsx), waits for the global data object (DATA-1:
 * window.__STAYS_DATA__, from a deferred `<script data-site-data>` that may run before or after this
 * module), then has the app hydrate the prerendered HTML of location.pathname's route.
 *
 * ROUTE-3 "failure to load a route's code reloads the page": a failed chunk load reloads once; a
 * sessionStorage flag stops a reload loop when the chunk is really gone, and is cleared after a
 * successful load.
 *
 * PERF-1, PERF-2: this module is kept tiny (no React). The app is fetched only once the page's largest
 * image (`img[fetchpriority="high"]`, the LCP element) has loaded and been painted, or after
 * LCP_WAIT_MS at most: until then it would take bandwidth and main-thread time from that image.
 * The prerendered page is readable, and its links work, meanwhile.
 */
import { DATA_GLOBAL } from '../../shared/site-basics.js';
import type { PageData } from '../../shared/site-data.js';
import { installDialogGlobals } from '../dialogs.js';

const RELOAD_FLAG = 'stays:chunk-reloaded';

/** Longest wait for the largest image before the app loads anyway (a slow or failing image). */
const LCP_WAIT_MS = 3000;

type DataWindow = Window & { [DATA_GLOBAL]?: PageData };

function waitForData(): Promise<PageData> {
  const ready = (window as DataWindow)[DATA_GLOBAL];
  if (ready) return Promise.resolve(ready);
  return new Promise((resolve, reject) => {
    const script = document.querySelector<HTMLScriptElement>('script[data-site-data]');
    if (!script) {
      reject(new Error('stays: no <script data-site-data> on this page'));
      return;
    }
    script.addEventListener('load', () => {
      const data = (window as DataWindow)[DATA_GLOBAL];
      if (data) resolve(data);
      else reject(new Error(`stays: ${script.src} did not define window.${DATA_GLOBAL}`));
    });
    script.addEventListener('error', () => reject(new Error(`stays: could not load ${script.src}`)));
  });
}

function sessionFlag(set?: 'set' | 'clear'): boolean {
  try {
    if (set === 'set') sessionStorage.setItem(RELOAD_FLAG, '1');
    if (set === 'clear') sessionStorage.removeItem(RELOAD_FLAG);
    return sessionStorage.getItem(RELOAD_FLAG) === '1';
  } catch {
    // Storage disabled: never reload, so a missing chunk cannot cause a loop.
    return true;
  }
}

/** A visitor acting on the page: the app is wanted now (and browsers stop reporting LCP). */
const INPUT_EVENTS = ['pointerdown', 'keydown', 'scroll'] as const;

/**
 * Resolves once the page's largest image has been painted, on the visitor's first input, or after
 * LCP_WAIT_MS at most. Where the browser reports Largest Contentful Paint, "painted" is its LCP
 * entry for the image: the load event comes before the image is decoded and painted, and starting
 * the app's download and evaluation in between delays that paint (Lighthouse then counts the app in
 * the LCP: ~2 s instead of ~1.3 s). Elsewhere (Safari): loaded, decoded, and a frame later.
 */
function largestImagePainted(): Promise<void> {
  const img = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  if (!img) return Promise.resolve();
  return new Promise<void>((resolve) => {
    let observer: PerformanceObserver | undefined;
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      observer?.disconnect();
      clearTimeout(timer);
      for (const type of INPUT_EVENTS) removeEventListener(type, done, true);
      setTimeout(resolve, 0);
    };
    const timer = setTimeout(done, LCP_WAIT_MS);
    for (const type of INPUT_EVENTS) addEventListener(type, done, { capture: true, passive: true });
    img.addEventListener('error', done, { once: true });
    if (PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
      observer = new PerformanceObserver((list) => {
        const entries = list.getEntries() as (PerformanceEntry & { element?: Element | null })[];
        if (entries.some((entry) => entry.element === img)) done();
      });
      observer.observe({ type: 'largest-contentful-paint', buffered: true });
      return;
    }
    const loaded = img.complete
      ? Promise.resolve()
      : new Promise((load) => img.addEventListener('load', load, { once: true }));
    void loaded
      .then(() => img.decode())
      .catch(() => undefined)
      .then(() => requestAnimationFrame(done));
  });
}

/**
 * Imports a chunk; a failure reloads the page once (ROUTE-3), and throws the second time. The flag
 * is cleared by main() once the app has loaded (and, with it, any lazy chunk can reload again).
 */
async function loadChunk<T>(load: () => Promise<T>): Promise<T | undefined> {
  try {
    return await load();
  } catch (error) {
    if (!sessionFlag()) {
      sessionFlag('set');
      location.reload();
      return undefined;
    }
    throw error;
  }
}

/**
 * The app chunk, after ReactDOM's chunk has run and the browser has had a turn (PERF-1: two
 * shorter tasks instead of one long one; see react-dom-first.ts). Both chunks are fetched at once:
 * the first import's preload list names the app chunk too (vite.config.ts, appPreload).
 */
async function loadApp(): Promise<typeof import('./hydrate.js') | undefined> {
  if (!(await loadChunk(() => import('./react-dom-first.js')))) return undefined;
  await new Promise((resolve) => setTimeout(resolve, 0));
  return loadChunk(() => import('./hydrate.js'));
}

async function main(): Promise<void> {
  installDialogGlobals();
  await largestImagePainted();
  const [data, app] = await Promise.all([waitForData(), loadApp()]);
  if (!app) return;
  sessionFlag('clear');
  app.hydrate(data, location.pathname);
}

void main();
