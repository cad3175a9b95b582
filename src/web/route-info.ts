/** Which screen a URL shows (spec §2), decided the same way by the server render and the client. */
import type { Property, SiteData } from '../shared/site-data.js';

export type RouteInfo =
  | { kind: 'home' }
  | { kind: 'property'; property: Property }
  | { kind: 'admin' }
  | { kind: 'login' }
  | { kind: 'not-found' };

export type RouteKind = RouteInfo['kind'];

/** The spec's document-title suffix (spec §2: "{name} - Stays In Chikmagalur"). */
export const TITLE_SUFFIX = ' - Stays In Chikmagalur';

const PROPERTY_PATH = /^\/stay\/([^/]+)$/;

/** Path without query, hash or trailing slash ("/" stays "/"). */
function cleanPath(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? '/';
  return path.length > 1 ? path.replace(/\/+$/, '') : path || '/';
}

/**
 * The screen kind a path asks for before the data is known: what the client starts loading while
 * it waits for the global data object. `/stay/{id}` guesses 'property'.
 */
function routeKindOf(url: string): RouteKind {
  const path = cleanPath(url);
  if (path === '/') return 'home';
  if (path === '/admin') return 'admin';
  if (path === '/adminlogin') return 'login';
  if (PROPERTY_PATH.test(path)) return 'property';
  return 'not-found';
}

/**
 * URL (path, optionally with query or hash) → route. `/stay/{id}` with an id matching no
 * property, a malformed percent-escape, and any path the spec does not list are 'not-found'
 * (the prerendered `/404` page included).
 */
export function resolveRoute(url: string, data: SiteData): RouteInfo {
  const kind = routeKindOf(url);
  if (kind !== 'property') return { kind } as RouteInfo;
  const raw = PROPERTY_PATH.exec(cleanPath(url))?.[1] ?? '';
  let id: string;
  try {
    id = decodeURIComponent(raw);
  } catch {
    return { kind: 'not-found' };
  }
  const property = data.propertyList.find((p) => p.id === id);
  return property ? { kind: 'property', property } : { kind: 'not-found' };
}

/** The document title of a route (spec §2 for the property page; the others follow its pattern). */
export function pageTitle(route: RouteInfo): string {
  switch (route.kind) {
    case 'home':
      return `Service Apartments in Chikmagalur${TITLE_SUFFIX}`;
    case 'property':
      return `${route.property.name}${TITLE_SUFFIX}`;
    case 'admin':
      return `Admin Page${TITLE_SUFFIX}`;
    case 'login':
      return `Admin Login${TITLE_SUFFIX}`;
    case 'not-found':
      return `Page not found${TITLE_SUFFIX}`;
  }
}

/** The URL of a property page. */
export function propertyPath(id: string): string {
  return `/stay/${encodeURIComponent(id)}`;
}
