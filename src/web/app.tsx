/**
 * The page layout shared by every route: the route's screen, then (admin mode only) the admin bar,
 * then the footer (home, admin, property and not-found pages; FOOT-1).
 *
 * Admin mode (ADMIN-1: a non-empty admin-key cookie) is read after hydration, so the server HTML
 * and the first client render are the visitor page and match. In admin mode the lazily loaded
 * admin chunk (src/web/admin/admin-root.tsx, never downloaded by visitors) wraps the screen: it
 * provides AdminContext to it and renders the admin bar after it, i.e. above the footer.
 */
import { Suspense, lazy, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { PageData } from '../shared/site-data.js';
import { hasAdminKeyCookie } from './admin-cookie.js';
import type { RouteInfo } from '../shared/routes.js';
import type { Screen } from './routes/screen.js';
import './styles/global.css';
// The footer is drawn by the server only and kept by the browser (PERF-17): its styles and its
// dialogs' are global stylesheets (not CSS modules, whose styles the build drops with the unused
// class names), so they still join the stylesheet the build inlines in every page.
import './components/footer.css';
import './components/site-dialog.css';

const AdminRoot = lazy(() => import('./admin/admin-root.js'));

export interface AppProps {
  data: PageData;
  route: RouteInfo;
  Screen: Screen;
  /**
   * The footer (FOOT-1): the server renders components/footer.tsx's Footer, the browser keeps
   * the server's HTML of it (a KeptPart, PERF-17).
   */
  footer: ReactNode;
}

const neverChanges = () => () => {};

/** True when the admin-key cookie is set; false on the server and while hydrating. */
function useAdminMode(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => hasAdminKeyCookie(document.cookie),
    () => false,
  );
}

export function App({ data, route, Screen, footer }: AppProps) {
  const admin = useAdminMode();
  useEffect(() => {
    document.body.classList.toggle('admin', admin);
  }, [admin]);

  const screen = <Screen data={data} route={route} />;
  return (
    <>
      {admin ? (
        <Suspense fallback={screen}>
          <AdminRoot data={data}>{screen}</AdminRoot>
        </Suspense>
      ) : (
        screen
      )}
      {route.kind !== 'login' && footer}
    </>
  );
}
