/**
 * The browser entry, imported by the page's first-paint loader (first-paint.ts) once the largest
 * image has been painted (PERF-1, decision 014). It loads the global data script (DATA-1:
 * window.__STAYS_DATA__): a visitor's browser the page's own (the loader's `data-site-data`: only
 * what the page hydrates, PERF-18, decision 060), the owner's (ADMIN-1) the whole catalogue's
 * (`data-catalogue`), which in-place editing changes; and the app (ReactDOM, then the
 * layout: react-dom-first.ts, hydrate.tsx) at once, then has the app hydrate the prerendered
 * HTML of location.pathname's route with that route's screen (a chunk of its own, PERF-16).
 *
 * ROUTE-3 "failure to load a route's code reloads the page": a failed chunk load reloads once; a
 * sessionStorage flag stops a reload loop when the chunk is really gone, and is cleared after a
 * successful load.
 *
 * PERF-2: this module is kept tiny (no React).
 */
import { DATA_GLOBAL } from '../../shared/site-basics.js';
import type { PageData } from '../../shared/site-data.js';
import { hasAdminKeyCookie } from '../admin-cookie.js';
import { installDialogGlobals } from '../dialogs.js';
import { nextTask } from './next-task.js';

const RELOAD_FLAG = 'stays:chunk-reloaded';

type DataWindow = Window & { [DATA_GLOBAL]?: PageData };

/**
 * Runs the data script (the loader's `data-site-data`, or for the owner its `data-catalogue`;
 * a page published before decision 060 names the catalogue's alone); resolves with its object.
 */
function loadData(): Promise<PageData> {
  const ready = (window as DataWindow)[DATA_GLOBAL];
  if (ready) return Promise.resolve(ready);
  const loader = document.querySelector<HTMLScriptElement>('script[data-entry]')?.dataset;
  const src = (hasAdminKeyCookie(document.cookie) && loader?.catalogue) || loader?.siteData;
  if (!src)
    return Promise.reject(new Error('stays: the page names no data script (data-site-data)'));
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.addEventListener('load', () => {
      const data = (window as DataWindow)[DATA_GLOBAL];
      if (data) resolve(data);
      else reject(new Error(`stays: ${src} did not define window.${DATA_GLOBAL}`));
    });
    script.addEventListener('error', () => reject(new Error(`stays: could not load ${src}`)));
    document.head.append(script);
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
  await nextTask();
  return loadChunk(() => import('./hydrate.js'));
}

async function main(): Promise<void> {
  installDialogGlobals();
  const [data, app] = await Promise.all([loadData(), loadApp()]);
  if (!app) return;
  // The page's screen is a chunk of its own (PERF-16): its failure to load reloads too (ROUTE-3).
  if (!(await loadChunk(() => app.hydrate(data, location.pathname).then(() => true)))) return;
  // Not in the task that starts the hydration (PERF-26): a first sessionStorage read can wait on
  // the browser process.
  await nextTask();
  sessionFlag('clear');
}

void main();
