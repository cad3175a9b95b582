/**
 * Hydrates the prerendered page (loaded by entry-client.tsx once the page's largest image is
 * painted). The hydration runs inside a transition so React renders it in slices of a few
 * milliseconds instead of one long task (issue 5: Total Blocking Time ≤ 50 ms on a mid-range phone);
 * clicks that arrive meanwhile are replayed once their part of the page is hydrated.
 */
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { PageData } from '../shared/site-data.js';
import { App } from './app.js';
import type { RouteInfo } from './route-info.js';
import type { Screen } from './routes/screen.js';

/** Hydrates `#root` with the route's screen; throws when the page has no `#root`. */
export function hydrate(data: PageData, route: RouteInfo, Screen: Screen): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('stays: no #root element');
  startTransition(() => {
    hydrateRoot(root, <App data={data} route={route} Screen={Screen} />);
  });
}
