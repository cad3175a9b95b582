/**
 * Each route kind's screen (ROUTE-1), for the server render (entry-server.tsx) and the hydration
 * (boot/hydrate.tsx). A Record over src/shared/routes.ts's RouteKind, so a row of the route table
 * without a screen does not compile.
 */
import type { RouteKind } from '../shared/routes.js';
import AdminLoginPage from './routes/admin-login.js';
import AdminPage from './routes/admin.js';
import HomePage from './routes/home.js';
import NotFoundPage from './routes/not-found.js';
import PropertyPage from './routes/property.js';
import type { Screen } from './routes/screen.js';

export const SCREENS: Record<RouteKind, Screen> = {
  home: HomePage,
  property: PropertyPage,
  admin: AdminPage,
  login: AdminLoginPage,
  'not-found': NotFoundPage,
};
