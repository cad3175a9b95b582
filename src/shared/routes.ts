/**
 * The route table: every page of the site (ROUTE-1, its rows in pages.ts, re-exported here) and
 * every API URL the client calls (API-1..API-3), in one place. Screens (web/screens.ts), the server
 * render and the hydration (resolveRoute), prerendering (prerenderPaths), the sitemap and
 * robots.txt (server/publish/seo-files.ts), and the server's API routes all derive from it: a new
 * page is a row of PAGES plus its screen, and TypeScript refuses a RouteKind without a screen.
 */
import type { SiteData } from './site-data.js';
import {
  ADMIN_PATH,
  HOME_PATH,
  KINDS,
  LOGIN_PATH,
  NOT_FOUND_PATH,
  propertyPath,
  type RouteInfo,
  type RouteKind,
} from './pages.js';

export * from './pages.js';

/** One row of the route table, beside its pattern (PAGE_PATTERNS in pages.ts). */
interface PageRoute {
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

/** Every page: what the publisher prerenders of it, its title and whether it is indexed. */
export const PAGES: Record<RouteKind, PageRoute> = {
  home: {
    paths: () => [HOME_PATH],
    title: () => 'Service Apartments in Chikmagalur',
    indexable: true,
  },
  property: {
    paths: (data) => data.propertyList.map((p) => propertyPath(p.id)),
    title: (name) => name,
    indexable: true,
  },
  admin: {
    paths: () => [ADMIN_PATH],
    title: () => 'Admin Page',
    description: (business) => `Admin page of ${business}.`,
    indexable: false,
  },
  login: {
    paths: () => [LOGIN_PATH],
    title: () => 'Admin Login',
    description: (business) => `Owner sign-in for ${business}.`,
    indexable: false,
  },
  'not-found': {
    paths: () => [NOT_FOUND_PATH],
    title: () => 'Page not found',
    description: (business) => `This page of ${business} does not exist.`,
    indexable: false,
  },
};

/** The document title of a route (PROP-1 for the property page; the others follow its pattern). */
export function pageTitle(route: RouteInfo): string {
  const name = route.kind === 'property' ? route.property.name : '';
  return `${PAGES[route.kind].title(name)}${TITLE_SUFFIX}`;
}

/**
 * DAY-6: where a login lands, whether the form's script ran or the browser posted the form itself
 * (a tap before the login page's script loaded): the home page, with Today open (admin-root.tsx).
 */
export const AFTER_LOGIN_PATH = `${HOME_PATH}#today`;

/** Prefix of every API URL (disallowed in robots.txt). */
export const API_PREFIX = '/api/';

/**
 * The API (API-1..API-3 name the `.php` URLs; the others are this site's aliases), in Fastify's
 * notation: `:name` is a path parameter, filled in by apiPath. Methods: import POST JSON, generate
 * GET (generatePost POST), upload POST multipart, login POST, logout POST, session GET;
 * revisions GET, restore POST (SAF-5, SAF-3); availability GET, public (AVL-7); calendar GET and
 * PUT, calendarSync POST, calendarSecret POST (AVL-9); quote GET, public (PRICE-6), with the query
 * `checkIn`, `checkOut`, `guests`; bookings POST public (a guest's request, BOOK-1) and GET the
 * owner's list (BOOK-4), bookingAction POST the owner's accept, decline, paid, cancel (BOOK-4);
 * health GET, outside /api/ as load balancers
 * expect (OPS-7).
 */
export const API = {
  import: '/api/import.php',
  importAlias: '/api/import',
  generate: '/api/genproperties.php',
  generatePost: '/api/generate',
  upload: '/api/upload.php',
  uploadAlias: '/api/upload',
  login: '/api/login',
  logout: '/api/logout',
  session: '/api/session',
  revisions: '/api/revisions',
  restore: '/api/revisions/:n/restore',
  availability: '/api/availability/:propertyId',
  calendar: '/api/calendar/:propertyId',
  calendarSync: '/api/calendar/:propertyId/sync',
  calendarSecret: '/api/calendar/:propertyId/secret',
  quote: '/api/quote/:propertyId',
  bookings: '/api/bookings',
  bookingAction: '/api/bookings/:id/:action',
  /** DAY-12: a booking the owner took by phone or at the door, stored accepted (POST, owner only). */
  bookingTaken: '/api/bookings/taken',
  /** LEDGER-4: a booking's events, oldest first (GET, owner only). */
  bookingEvents: '/api/bookings/:id/events',
  /** LEDGER-5: every stay and block overlapping `from`..`to` (GET, owner only). */
  stays: '/api/stays',
  /** BACKUP-4: the copy off the machine's state, for the owner's bar (GET, owner only). */
  backupStatus: '/api/backup-status',
  /** CONFLICT-2: the open double bookings of every property (GET, owner only). */
  conflicts: '/api/conflicts',
  health: '/healthz',
} as const;

/**
 * A URL of the API table with its `:name` parameters filled in, each percent-encoded
 * (`apiPath(API.calendarSync, { propertyId: 'a b' })` → "/api/calendar/a%20b/sync").
 * Throws Error when a parameter of the pattern is not given.
 */
export function apiPath(pattern: string, params: Record<string, string | number>): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`apiPath: no value for :${name} in ${pattern}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * URLs the server answers that are not pages of the table and never prerendered: the owner's
 * preview of a kept revision (SAF-2; under ADMIN_PATH, so robots.txt keeps it out with the admin
 * page) and the export feed, whose secret is in its URL (AVL-8; linked from nowhere public).
 */
export const PREVIEW_PREFIX = `${ADMIN_PATH}/preview`;
export const EXPORT_FEED = '/calendar/:propertyId/:file';

/** URL path of the preview of revision `revision`'s page `pagePath` ("/" or "/stay/{id}"). */
export function previewPath(revision: number, pagePath = HOME_PATH): string {
  return `${PREVIEW_PREFIX}/${revision}${pagePath}`;
}

/** Every path to prerender for a catalogue: each row's paths, the 404 page's included. */
export function prerenderPaths(data: Pick<SiteData, 'propertyList'>): string[] {
  return KINDS.flatMap((kind) => PAGES[kind].paths(data));
}

/** The paths sitemap.xml lists: those of the indexable rows. */
export function indexablePaths(data: Pick<SiteData, 'propertyList'>): string[] {
  return KINDS.filter((kind) => PAGES[kind].indexable).flatMap((kind) => PAGES[kind].paths(data));
}

/**
 * The paths robots.txt disallows: every path of the rows that are not indexable (those rows have
 * fixed paths), then the API.
 */
export function disallowedPaths(): string[] {
  const pages = KINDS.filter((kind) => !PAGES[kind].indexable).flatMap((kind) =>
    PAGES[kind].paths({ propertyList: [] }),
  );
  return [...pages, API_PREFIX];
}
