/**
 * The route table's pages (ROUTE-1): each row's pattern, paths and title, and the resolution of a
 * URL to a route. A module apart from routes.ts (which re-exports it and adds the API's URLs and
 * what the publisher derives from the table) because a visitor's browser needs only this part to
 * hydrate a page: the rest stays out of its JavaScript (PERF-17).
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

/** One row of the route table. */
interface PageRoute {
  /**
   * Matches a clean path (no query, hash or trailing slash). A capture group is the property id,
   * still percent-encoded.
   */
  pattern: RegExp;
  /** The paths of this kind the publisher prerenders for a catalogue (ids percent-encoded). */
  paths(data: Pick<SiteData, 'propertyList'>): string[];
  /** The document title before TITLE_SUFFIX; `name` is the property's name on a property page. */
  title(name: string): string;
  /**
   * The meta description of a page whose text is fixed, given the business name; the home and
   * property pages describe their catalogue instead (web/seo.server.ts).
   */
  description?(businessName: string): string;
  /**
   * True: listed in sitemap.xml. False: disallowed in robots.txt (the owner's pages, the 404 page),
   * so that every prerendered page is one or the other.
   */
  indexable: boolean;
}

/** The spec's document-title suffix (PROP-1: "{name} - Stays In Chikmagalur"). */
export const TITLE_SUFFIX = ' - Stays In Chikmagalur';

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

/** Every page, in matching order; 'not-found' also answers any path no other row matches. */
export const PAGES: Record<RouteKind, PageRoute> = {
  home: {
    pattern: exactly(HOME_PATH),
    paths: () => [HOME_PATH],
    title: () => 'Service Apartments in Chikmagalur',
    indexable: true,
  },
  property: {
    pattern: new RegExp(`^${PROPERTY_PREFIX}([^/]+)$`),
    paths: (data) => data.propertyList.map((p) => propertyPath(p.id)),
    title: (name) => name,
    indexable: true,
  },
  admin: {
    pattern: exactly(ADMIN_PATH),
    paths: () => [ADMIN_PATH],
    title: () => 'Admin Page',
    description: (business) => `Admin page of ${business}.`,
    indexable: false,
  },
  login: {
    pattern: exactly(LOGIN_PATH),
    paths: () => [LOGIN_PATH],
    title: () => 'Admin Login',
    description: (business) => `Owner sign-in for ${business}.`,
    indexable: false,
  },
  'not-found': {
    pattern: exactly(NOT_FOUND_PATH),
    paths: () => [NOT_FOUND_PATH],
    title: () => 'Page not found',
    description: (business) => `This page of ${business} does not exist.`,
    indexable: false,
  },
};

export const KINDS = Object.keys(PAGES) as RouteKind[];

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
  return KINDS.find((k) => PAGES[k].pattern.test(path)) ?? 'not-found';
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
  const raw = PAGES.property.pattern.exec(path)?.[1] ?? '';
  let id: string;
  try {
    id = decodeURIComponent(raw);
  } catch {
    return { kind: 'not-found' };
  }
  const property = data.propertyList.find((p) => p.id === id);
  return property ? { kind: 'property', property } : { kind: 'not-found' };
}

/** The document title of a route (PROP-1 for the property page; the others follow its pattern). */
export function pageTitle(route: RouteInfo): string {
  const name = route.kind === 'property' ? route.property.name : '';
  return `${PAGES[route.kind].title(name)}${TITLE_SUFFIX}`;
}
