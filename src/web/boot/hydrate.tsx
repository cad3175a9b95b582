/**
 * The layout and every route's screen, loaded by entry-client.tsx once the page's largest image is
 * painted (right after ReactDOM, react-dom-first.ts), and `hydrate`, which hydrates the prerendered
 * page.
 *
 * PERF-1, PERF-2: the screens ship in this one chunk rather than one chunk per route. Split, a page
 * needed 9 files (the bundler cut out whatever the screens share with each other and with the
 * admin chunk), and each request a script starts costs main-thread time: their
 * `<link rel=modulepreload>` took ~20 ms, a long task. Bundled, the screens a page does not show
 * cost about 4 KB gzip. What only some visitors or the owner need stays lazy: the lightbox and the
 * admin tools (src/web/admin, 0 bytes for visitors).
 *
 * The hydration runs inside a transition so React renders it in slices of a few milliseconds
 * instead of one long task (Total Blocking Time ≤ 50 ms on a mid-range phone); clicks that arrive
 * meanwhile are replayed once their part of the page is hydrated.
 */
import { startTransition } from 'react';
import { hydrateRoot } from './react-dom-first.js';
import type { PageData } from '../../shared/site-data.js';
import { App } from '../app.js';
import { resolveRoute } from '../../shared/routes.js';
import { SCREENS } from '../screens.js';

/** Hydrates `#root` with the screen of `url`'s route; throws when the page has no `#root`. */
export function hydrate(data: PageData, url: string): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('stays: no #root element');
  const route = resolveRoute(url, data);
  const Screen = SCREENS[route.kind];
  startTransition(() => {
    hydrateRoot(root, <App data={data} route={route} Screen={Screen} />);
  });
}
