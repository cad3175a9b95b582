/** Stub (issue 6): sitemap.xml and robots.txt written at publish. */
import type { SiteData } from '../../shared/site-data.js';

/** sitemap.xml of every public page; `publishedAt` is an ISO time used as lastmod. */
export function sitemapXml(data: SiteData, siteUrl: string, publishedAt: string): string {
  void data;
  void publishedAt;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${siteUrl}/</loc></url></urlset>\n`;
}

/** robots.txt: the public site allowed; /admin, /adminlogin and /api/ disallowed. */
export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nDisallow: /admin\nDisallow: /adminlogin\nDisallow: /api/\nSitemap: ${siteUrl}/sitemap.xml\n`;
}
