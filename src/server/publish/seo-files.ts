/**
 * sitemap.xml and robots.txt, written into every published folder (SEO-3).
 * Formats: the Sitemaps protocol 0.9 (https://www.sitemaps.org/protocol.html) and RFC 9309
 * (Robots Exclusion Protocol).
 */
import { disallowedPaths, indexablePaths } from '../../shared/routes.js';
import type { SiteData } from '../../shared/site-data.js';

/** Escapes text for XML character data and attribute values (XML 1.0 §2.4 and §4.6). */
function escapeXml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

/**
 * The site's base URL without trailing slashes, after checking it is an absolute http(s) URL.
 * Throws a TypeError naming the value otherwise (config.ts already refuses such a SITE_URL).
 */
function baseUrl(siteUrl: string): string {
  let url: URL;
  try {
    url = new URL(siteUrl);
  } catch {
    throw new TypeError(`siteUrl must be an absolute URL, got "${siteUrl}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`siteUrl must be an http or https URL, got "${siteUrl}"`);
  }
  return url.href.replace(/\/+$/, '');
}

/**
 * sitemap.xml of every indexable page of the route table (src/shared/routes.ts): `/` and
 * `/stay/{id}` for each property. `loc` is absolute, ids are percent-encoded and everything is
 * XML-escaped; `lastmod` is `publishedAt` (an ISO 8601 time) for every page, since a publish
 * rewrites them all.
 * Throws a TypeError for a siteUrl that is not an absolute http(s) URL and a RangeError for a
 * publishedAt that is not a date.
 */
export function sitemapXml(data: SiteData, siteUrl: string, publishedAt: string): string {
  const base = baseUrl(siteUrl);
  const time = Date.parse(publishedAt);
  if (Number.isNaN(time))
    throw new RangeError(`publishedAt must be an ISO 8601 time, got "${publishedAt}"`);
  const lastmod = new Date(time).toISOString();
  const paths = indexablePaths(data);
  const urls = paths.map(
    (p) =>
      `  <url>\n    <loc>${escapeXml(base + p)}</loc>\n    <lastmod>${lastmod}</lastmod>\n  </url>\n`,
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    urls.join('') +
    '</urlset>\n'
  );
}

/**
 * robots.txt: every crawler may read the public site; the pages the route table marks not
 * indexable (`/admin`, `/adminlogin`, `/404`) and the API (`/api/`) are disallowed; the sitemap's absolute URL is given.
 * Throws a TypeError for a siteUrl that is not an absolute http(s) URL. The URL parser drops tabs and
 * line breaks, so a hostile siteUrl cannot add rules.
 */
export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...disallowedPaths().map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${new URL(`${baseUrl(siteUrl)}/sitemap.xml`).href}`,
    '',
  ].join('\n');
}
