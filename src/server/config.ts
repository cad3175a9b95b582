/**
 * The server's configuration, read from the environment once (DESIGN.md "Running it").
 * Every variable is documented in README.md and .env.example.
 * Throws an Error naming the variable when a value is malformed (e.g. a PORT that is not a number).
 */
import path from 'node:path';

/** Public contact details shown in the footer dialogs, the enquiry dialog and structured data. */
interface SiteConfig {
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

export interface Config {
  port: number;
  host: string;
  /** Absolute path holding the SQLite file, images and published sites. */
  dataDir: string;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  /** Trust X-Forwarded-For from a reverse proxy in front (TRUST_PROXY=true), so login throttling sees real client addresses. */
  trustProxy: boolean;
  site: SiteConfig;
}

function intFrom(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    throw new Error(`${name} must be a whole number from 0 to 65535, got "${raw}"`);
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
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    site: {
      siteUrl: urlFrom('SITE_URL', env.SITE_URL, `http://localhost:${port}`),
      siteUrlIsDefault: !env.SITE_URL,
      businessName: env.BUSINESS_NAME || 'Stays In Chikmagalur',
      email: env.CONTACT_EMAIL || 'support@staysinchikmagalur.example',
      phone: env.CONTACT_PHONE || '+91 94480 12345',
      socialUrl: urlFrom('SOCIAL_URL', env.SOCIAL_URL, 'https://www.instagram.com/staysinchikmagalur'),
      officeAddress:
        env.OFFICE_ADDRESS ||
        'Third Floor, Sri Ganesha Complex, IG Road, Chikmagalur, Karnataka 577101, India',
    },
  };
}
