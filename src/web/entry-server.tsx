/**
 * The SSR entry (built by `vite build --ssr` to dist/server/entry-server.js), used by the publisher
 * (src/server/publish) to prerender every public route into static HTML.
 *
 * Contract:
 * - render(url, data) → { status, html, head }: `html` is the inner HTML of `<div id="root">`,
 *   `head` is `<title>…</title>` followed by seoHead(route, data). status 404 for the not-found
 *   page: any unknown path, an unknown `/stay/{id}`, and `/404` itself.
 * - publicRoutes(data) → every URL to prerender: '/', '/stay/{id}' for each property (id
 *   percent-encoded), '/admin', '/adminlogin'. The 404 page is render('/404', data).
 */
import { renderToString } from 'react-dom/server';
import type { PageData, SiteData } from '../shared/site-data.js';
import { App } from './app.js';
import { pageTitle, propertyPath, resolveRoute, type RouteKind } from './route-info.js';
import AdminPage from './routes/admin.js';
import AdminLoginPage from './routes/admin-login.js';
import HomePage from './routes/home.js';
import NotFoundPage from './routes/not-found.js';
import PropertyPage from './routes/property.js';
import type { Screen } from './routes/screen.js';
import { seoHead } from './seo.server.js';

const SCREENS: Record<RouteKind, Screen> = {
  home: HomePage,
  property: PropertyPage,
  admin: AdminPage,
  login: AdminLoginPage,
  'not-found': NotFoundPage,
};

export interface RenderResult {
  status: 200 | 404;
  html: string;
  head: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function render(url: string, data: PageData): RenderResult {
  const route = resolveRoute(url, data);
  const html = renderToString(<App data={data} route={route} Screen={SCREENS[route.kind]} />);
  return {
    status: route.kind === 'not-found' ? 404 : 200,
    html,
    head: `<title>${escapeHtml(pageTitle(route))}</title>${seoHead(route, data)}`,
  };
}

export function publicRoutes(data: SiteData): string[] {
  return ['/', ...data.propertyList.map((p) => propertyPath(p.id)), '/admin', '/adminlogin'];
}
