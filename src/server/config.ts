/**
 * The server's configuration, read from the environment once (DESIGN.md "Running it").
 * Every variable is documented in README.md and .env.example.
 * Throws an Error naming the variable when a value is malformed (e.g. a PORT that is not a number).
 */
import path from 'node:path';
import { parseTrustProxy, type TrustProxy } from './reverse-proxy.js';

/** Public contact details shown in the footer dialogs, the enquiry dialog and structured data. */
export interface SiteConfig {
  /** Absolute origin of the public site, no trailing slash, e.g. "https://stays.example". */
  siteUrl: string;
  /** True when SITE_URL was not set and siteUrl is this server's own address (main.ts fixes the port once listening). */
  siteUrlIsDefault: boolean;
  businessName: string;
  email: string;
  /** Phone as people write it, e.g. "+91 94480 12345"; links use its digits. */
  phone: string;
  socialUrl: string;
  officeAddress: string;
}

/** Calendar sync (AVL-4). */
export interface CalendarConfig {
  /** Minutes between two syncs of every feed (CALENDAR_SYNC_MINUTES); 0 turns syncing at start and on a schedule off. */
  syncMinutes: number;
  /** Let feeds be fetched from loopback and private-range addresses (CALENDAR_ALLOW_PRIVATE=true). */
  allowPrivate: boolean;
  /** Deadline of one feed fetch, in milliseconds (10 s; tests shorten it). */
  fetchTimeoutMs: number;
}

export interface Config {
  port: number;
  host: string;
  /** Absolute path holding the SQLite file, images and published sites. */
  dataDir: string;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  /** Which reverse proxies' X-Forwarded-For is believed, so login throttling sees real client addresses (reverse-proxy.ts). */
  trustProxy: TrustProxy;
  /**
   * How many catalogue revisions are kept (REVISIONS_KEPT, default 200, SAF-4): older ones are
   * pruned after each save, with the photos only they named.
   */
  revisionsKept: number;
  site: SiteConfig;
  calendar: CalendarConfig;
}

/** REVISIONS_KEPT when unset. */
export const DEFAULT_REVISIONS_KEPT = 200;

function revisionsKeptFrom(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return DEFAULT_REVISIONS_KEPT;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 1_000_000) {
    throw new Error(`REVISIONS_KEPT must be a whole number from 1 to 1000000, got "${raw}"`);
  }
  return n;
}

function intFrom(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    throw new Error(`${name} must be a whole number from 0 to 65535, got "${raw}"`);
  }
  return n;
}

function minutesFrom(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 1440) {
    throw new Error(`${name} must be a whole number of minutes from 0 to 1440, got "${raw}"`);
  }
  return n;
}

function urlFrom(name: string, raw: string | undefined, fallback: string): string {
  const value = raw && raw.trim() !== '' ? raw.trim() : fallback;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${name} must be an http or https URL, got "${value}"`);
  }
  return value.replace(/\/+$/, '');
}

/** Reads the configuration from `env` (default: process.env). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = intFrom('PORT', env.PORT, 3000);
  const host = env.HOST || '0.0.0.0';
  return {
    port,
    host,
    dataDir: path.resolve(env.DATA_DIR || './var'),
    adminUsername: env.ADMIN_USERNAME || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    revisionsKept: revisionsKeptFrom(env.REVISIONS_KEPT),
    site: {
      siteUrl: urlFrom('SITE_URL', env.SITE_URL, `http://localhost:${port}`),
      siteUrlIsDefault: !env.SITE_URL,
      businessName: env.BUSINESS_NAME || 'Stays In Chikmagalur',
      email: env.CONTACT_EMAIL || 'support@staysinchikmagalur.example',
      phone: env.CONTACT_PHONE || '+91 94480 12345',
      socialUrl: urlFrom(
        'SOCIAL_URL',
        env.SOCIAL_URL,
        'https://www.instagram.com/staysinchikmagalur',
      ),
      officeAddress:
        env.OFFICE_ADDRESS ||
        'Third Floor, Sri Ganesha Complex, IG Road, Chikmagalur, Karnataka 577101, India',
    },
    calendar: {
      syncMinutes: minutesFrom('CALENDAR_SYNC_MINUTES', env.CALENDAR_SYNC_MINUTES, 15),
      allowPrivate: env.CALENDAR_ALLOW_PRIVATE === 'true',
      fetchTimeoutMs: 10_000,
    },
  };
}
