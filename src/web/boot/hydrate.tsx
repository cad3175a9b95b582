/**
 * The layout (app.tsx: the footer, admin mode's lazy wrapper), loaded by entry-client.tsx once the
 * page's largest image is painted (right after ReactDOM, react-dom-first.ts), and `hydrate`, which
 * hydrates the prerendered page with its route's screen.
 *
 * PERF-16: each route's screen is a chunk of its own (client-screens.ts), so a page's JavaScript
 * before interaction holds its own screen only: the home page not the property page's, and no
 * page the owner's login or admin screens. The screen of this page's path starts loading in the
 * task after this chunk has run (PERF-26), beside the data script, so it costs no round trip
 * after them. Below the
 * screens, what only some visitors or the owner need stays lazy: the lightbox, the enquiry
 * dialog, the admin tools (src/web/admin, 0 bytes for visitors). A visitor's browser hydrates a
 * route's visitor's screen where it has one (PERF-17: static sections kept, not hydrated).
 *
 * The hydration runs inside a transition so React renders it in slices of a few milliseconds
 * instead of one long task (Total Blocking Time ≤ 50 ms on a mid-range phone); clicks that arrive
 * meanwhile are replayed once their part of the page is hydrated. Nothing a visitor component does
 * inside the commit is a plain update (PERF-24, decision 067).
 */
import { startTransition } from 'react';
import { hydrateRoot } from './react-dom-first.js';
import type { PageData } from '../../shared/site-data.js';
import { App } from '../app.js';
import { KeptPart } from '../components/server-part.js';
import { pathKind, resolveRoute, type RouteKind } from '../../shared/pages.js';
import type { Screen } from '../routes/screen.js';
import { hasAdminKeyCookie } from '../admin-cookie.js';
import { SCREEN_LOADERS, VISITOR_SCREEN_LOADERS } from './client-screens.js';
import { nextTask } from './next-task.js';

/**
 * Whether this is the owner's browser (ADMIN-1, DLG-2), which runs the full screens with in-place
 * editing; a visitor's gets the lighter visitor's screen of a route where there is one (PERF-17).
 * Without an admin-key cookie: no, at once (a visitor pays nothing). With one: after a real
 * session check, GET /api/session, whose 401 for an ended session clears both cookies
 * (server/auth/guard.ts), so a stale cookie left in the browser gets the visitor's screens and
 * none of the owner's code. The cookie is read again after the answer: a live session keeps it,
 * so does a hand-made one without a session cookie (AUTH-5: the tools show, and fail), and no
 * answer at all (the server unreachable) proves nothing ended. The API client is imported only
 * then, so a visitor's JavaScript is unchanged (decision 059: the route table stays out of the
 * layout's chunk).
 */
const ownerCookie = () => hasAdminKeyCookie(document.cookie);
const owner: Promise<boolean> = ownerCookie()
  ? import('../api-fetch.js').then((m) => m.checkSession()).then(ownerCookie, ownerCookie)
  : Promise.resolve(false);

const screens = new Map<RouteKind, Promise<Screen>>();

/** The screen of a route kind, imported once (its chunk's failure rejects: ROUTE-3's reload). */
function loadScreen(kind: RouteKind): Promise<Screen> {
  let screen = screens.get(kind);
  if (!screen) {
    screen = owner
      .then((isOwner) => ((!isOwner && VISITOR_SCREEN_LOADERS[kind]) || SCREEN_LOADERS[kind])())
      .then((m) => m.default);
    screens.set(kind, screen);
  }
  return screen;
}

// PERF-26: in the next task, not in this chunk's evaluation: the import appends a
// <link rel=modulepreload> per chunk the screen needs (Vite's preload helper), ~0.2–0.8 ms each.
void nextTask()
  .then(() => loadScreen(pathKind(location.pathname)))
  .catch(() => {
    // hydrate() asks again and reports the failure.
    screens.clear();
  });

/**
 * Hydrates `#root` with the screen of `url`'s route; rejects when the page has no `#root` or the
 * screen's chunk does not load.
 */
export async function hydrate(data: PageData, url: string): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('stays: no #root element');
  const route = resolveRoute(url, data);
  // PERF-26: entry-client calls this as soon as this chunk has run, often in that same task: the
  // screen's import (and its preload links) goes to a task of its own, as above.
  await nextTask();
  const Screen = await loadScreen(route.kind);
  // PERF-26: hydrateRoot (React's root and its ~150 event listeners) in a task of its own, not in
  // the one that ran the screen's chunk.
  await nextTask();
  startTransition(() => {
    hydrateRoot(
      root,
      <App data={data} route={route} Screen={Screen} footer={<KeptPart name="footer" />} />,
    );
  });
}
