/**
 * The route table's pages (ROUTE-1): each page's path and pattern, and the resolution of a URL to
 * a route. A module apart from routes.ts (which re-exports it and adds each page's paths, title
 * and indexing, the API's URLs and what the publisher derives from the table) because a visitor's
 * browser needs only this part to hydrate a page: the rest stays out of its JavaScript (PERF-17).
 */
import type { Property, SiteData } from './site-data.js';

/** What the screens are told about the page they render. */
export type RouteInfo =
  | { kind: 'home' }
  | { kind: 'property'; property: Property }
  | { kind: 'admin' }
  | { kind: 'login' }
  | { kind: 'not-found' };

export type RouteKind = RouteInfo['kind'];

export const HOME_PATH = '/';
export const ADMIN_PATH = '/admin';
export const LOGIN_PATH = '/adminlogin';
/** The not-found page's own path: prerendered as 404.html, served for every unknown path. */
export const NOT_FOUND_PATH = '/404';

/** What every property page's path starts with: the one spelling of `/stay/` (ROUTE-1). */
export const PROPERTY_PREFIX = '/stay/';

/** The pattern of one fixed path (the table's paths hold no RegExp metacharacter but `/`). */
const exactly = (path: string): RegExp => new RegExp(`^${path}$`);

/** The URL of a property page. */
export function propertyPath(id: string): string {
  return `${PROPERTY_PREFIX}${encodeURIComponent(id)}`;
}

/**
 * Every page's pattern, in matching order; 'not-found' also answers any path no other row matches.
 * A pattern matches a clean path (no query, hash or trailing slash); a capture group is the
 * property id, still percent-encoded. The rest of each row (paths, title, indexable) is the
 * publisher's, in routes.ts, so a visitor's browser loads only this.
 */
const PAGE_PATTERNS: Record<RouteKind, RegExp> = {
  home: exactly(HOME_PATH),
  property: new RegExp(`^${PROPERTY_PREFIX}([^/]+)$`),
  admin: exactly(ADMIN_PATH),
  login: exactly(LOGIN_PATH),
  'not-found': exactly(NOT_FOUND_PATH),
};

export const KINDS = Object.keys(PAGE_PATTERNS) as RouteKind[];

/** Path without query, hash or trailing slash ("/" stays "/"). */
function cleanPath(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? '/';
  return path.length > 1 ? path.replace(/\/+$/, '') : path || '/';
}

/**
 * The kind of page whose shape `url`'s path has, before the data says whether its property exists
 * (a `/stay/{id}` path is 'property' whatever the id); 'not-found' when no row matches.
 */
export function pathKind(url: string): RouteKind {
  const path = cleanPath(url);
  return KINDS.find((k) => PAGE_PATTERNS[k].test(path)) ?? 'not-found';
}

/**
 * URL (path, optionally with query or hash) → route. `/stay/{id}` with an id matching no
 * property, a malformed percent-escape, and any path no row matches are 'not-found'
 * (the prerendered `/404` page included).
 */
export function resolveRoute(url: string, data: Pick<SiteData, 'propertyList'>): RouteInfo {
  const path = cleanPath(url);
  const kind = pathKind(path);
  if (kind !== 'property') return { kind } as RouteInfo;
  const raw = PAGE_PATTERNS.property.exec(path)?.[1] ?? '';
  let id: string;
  try {
    id = decodeURIComponent(raw);
  } catch {
    return { kind: 'not-found' };
  }
  const property = data.propertyList.find((p) => p.id === id);
  return property ? { kind: 'property', property } : { kind: 'not-found' };
}
