/**
 * The browser entry: finds the screen from location.pathname, loads that route's chunk, waits for
 * the global data object (spec §1: window.__STAYS_DATA__, from a deferred `<script data-site-data>`
 * that may run before or after this module), then hydrates the prerendered HTML.
 *
 * Spec §8 "failure to load a route's code reloads the page": a failed chunk load reloads once; a
 * sessionStorage flag stops a reload loop when the chunk is really gone, and is cleared after a
 * successful load.
 */
import { hydrateRoot } from 'react-dom/client';
import { DATA_GLOBAL } from '../shared/site-basics.js';
import type { PageData } from '../shared/site-data.js';
import { App } from './app.js';
import { installDialogGlobals } from './dialogs.js';
import { resolveRoute, routeKindOf, type RouteKind } from './route-info.js';
import type { Screen } from './routes/screen.js';

const RELOAD_FLAG = 'stays:chunk-reloaded';

const LOADERS: Record<RouteKind, () => Promise<{ default: Screen }>> = {
  home: () => import('./routes/home.js'),
  property: () => import('./routes/property.js'),
  admin: () => import('./routes/admin.js'),
  login: () => import('./routes/admin-login.js'),
  'not-found': () => import('./routes/not-found.js'),
};

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

async function loadScreen(kind: RouteKind): Promise<Screen | undefined> {
  try {
    const screen = (await LOADERS[kind]()).default;
    sessionFlag('clear');
    return screen;
  } catch (error) {
    if (!sessionFlag()) {
      sessionFlag('set');
      location.reload();
      return undefined;
    }
    throw error;
  }
}

async function main(): Promise<void> {
  installDialogGlobals();
  const guess = routeKindOf(location.pathname);
  const [data, guessed] = await Promise.all([waitForData(), loadScreen(guess)]);
  if (!guessed) return;
  const route = resolveRoute(location.pathname, data);
  const Screen = route.kind === guess ? guessed : await loadScreen(route.kind);
  if (!Screen) return;
  const root = document.getElementById('root');
  if (!root) throw new Error('stays: no #root element');
  hydrateRoot(root, <App data={data} route={route} Screen={Screen} />);
}

void main();
