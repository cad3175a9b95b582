/**
 * The site settings published pages are rendered with (UPGRADE-1, UPGRADE-4): the public part of
 * the configuration (SITE_URL, BUSINESS_NAME, the contact details, GSTIN, BALANCE_DUE_DAYS when it
 * is not 0: the enquiry dialog says when the balance is due, DAY-14), exactly the object the
 * pages' global data object carries as `site`. The publisher renders with it, records its
 * identity with every publish, and the start re-renders when it differs; the server's quotes and
 * bookings price with the same object, so a page, GET /api/quote and a stored booking agree.
 */
import crypto from 'node:crypto';
import type { Config } from '../config.js';
import type { SiteInfo } from '../../shared/site-data.js';

/** The settings pages print, from the running configuration (never a secret: all of it is public). */
export function publicSite(
  config: Pick<Config, 'site'> & { bookings?: Pick<Config['bookings'], 'balanceDueDays'> },
): SiteInfo {
  const { siteUrlIsDefault: _default, ...site } = config.site;
  // Left out at its default, so the settings' identity of a site that never set it is unchanged.
  const days = config.bookings?.balanceDueDays ?? 0;
  return days === 0 ? site : { ...site, balanceDueDays: days };
}

/**
 * The identity of `publicSite(config)`: the first 16 hex of the SHA-256 of its JSON, keys sorted,
 * so equal settings give equal identities whatever order the configuration built them in.
 */
export function settingsIdentity(
  config: Pick<Config, 'site'> & { bookings?: Pick<Config['bookings'], 'balanceDueDays'> },
): string {
  const site = publicSite(config) as unknown as Record<string, unknown>;
  const sorted = Object.fromEntries(
    Object.keys(site)
      .sort()
      .map((k) => [k, site[k]]),
  );
  return crypto.createHash('sha256').update(JSON.stringify(sorted)).digest('hex').slice(0, 16);
}
