/**
 * Each route kind's screen as the browser loads it (PERF-16): one chunk per screen, imported by
 * hydrate.tsx for the page being hydrated. The server renders from screens.ts, the same modules
 * imported at once. A Record over RouteKind, so a row of the route table without a screen does
 * not compile.
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
