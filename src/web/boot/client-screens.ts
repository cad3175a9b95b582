/**
 * Each route kind's screen as the browser loads it (PERF-16): one chunk per screen, imported by
 * hydrate.tsx for the page being hydrated. The server renders from screens.ts, the same modules
 * imported at once. A Record over RouteKind, so a row of the route table without a screen does
 * not compile.
 *
 * VISITOR_SCREEN_LOADERS (PERF-17, decision 059): where a route has a visitor's screen, a browser
 * without the owner's admin-key cookie hydrates the page with it instead: the same HTML, its
 * static sections kept as the server rendered them and their code (with the owner's in-place
 * editing) never loaded.
 */
import type { RouteKind } from '../../shared/routes.js';
import type { Screen } from '../routes/screen.js';

export const SCREEN_LOADERS: Record<RouteKind, () => Promise<{ default: Screen }>> = {
  home: () => import('../routes/home.js'),
  property: () => import('../routes/property.js'),
  admin: () => import('../routes/admin.js'),
  login: () => import('../routes/admin-login.js'),
  'not-found': () => import('../routes/not-found.js'),
};

export const VISITOR_SCREEN_LOADERS: Partial<typeof SCREEN_LOADERS> = {
  home: () => import('../routes/home-visitor.js'),
  property: () => import('../routes/property-visitor.js'),
};
