// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { testCatalogue } from '../../../test/factories.js';
import type { SiteData } from '../../shared/site-data.js';
import { indexablePaths } from '../../shared/routes.js';
import { robotsTxt, sitemapXml } from './seo-files.js';

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function data(ids: string[]): SiteData {
  return testCatalogue({
    propertyList: ids.map((id) => ({ id, name: id })),
    homeSections: [],
    revision: 1,
  });
}

/** Parses with jsdom's XML parser (a conforming one: malformed XML gives a <parsererror> document). */
function parseXml(xml: string): Document {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  return doc;
}

function entries(doc: Document): { loc: string; lastmod: string }[] {
  expect(doc.documentElement.localName).toBe('urlset');
  expect(doc.documentElement.namespaceURI).toBe(SITEMAP_NS);
  return [...doc.getElementsByTagNameNS(SITEMAP_NS, 'url')].map((u) => ({
    loc: u.getElementsByTagNameNS(SITEMAP_NS, 'loc')[0]!.textContent!,
    lastmod: u.getElementsByTagNameNS(SITEMAP_NS, 'lastmod')[0]!.textContent!,
  }));
}

describe('sitemapXml', () => {
  it('lists the home page and every property page with absolute URLs and the publish time', () => {
    const xml = sitemapXml(
      data(['coffee-view', 'lake_side']),
      'https://stays.example',
      '2026-01-02T03:04:05.000Z',
    );
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    const list = entries(parseXml(xml));
    expect(list).toEqual(
      expect.arrayContaining([
        { loc: 'https://stays.example/', lastmod: '2026-01-02T03:04:05.000Z' },
        { loc: 'https://stays.example/stay/coffee-view', lastmod: '2026-01-02T03:04:05.000Z' },
        { loc: 'https://stays.example/stay/lake_side', lastmod: '2026-01-02T03:04:05.000Z' },
      ]),
    );
    // Every indexable row of the route table, nothing else.
    expect(list).toHaveLength(indexablePaths(data(['coffee-view', 'lake_side'])).length);
  });

  it('drops a trailing slash of the site URL and keeps a base path', () => {
    const xml = sitemapXml(data(['a']), 'https://example.org/stays/', '2026-01-02T03:04:05Z');
    expect(entries(parseXml(xml)).map((e) => e.loc)).toEqual(
      indexablePaths(data(['a'])).map((p) => `https://example.org/stays${p}`),
    );
    expect(xml).toContain('<loc>https://example.org/stays/stay/a</loc>');
  });

  it('has no property page for an empty catalogue, and still the home page', () => {
    const locs = entries(
      parseXml(sitemapXml(data([]), 'http://localhost:3000', '2026-01-02T03:04:05Z')),
    ).map((e) => e.loc);
    expect(locs).toContain('http://localhost:3000/');
    expect(locs.filter((loc) => loc.includes('/stay/'))).toEqual([]);
  });

  it('escapes hostile ids and site URLs so the XML stays well-formed and means the same', () => {
    const hostileId = '</loc><loc>https://evil.example/</loc>&"\'<!--';
    const xml = sitemapXml(
      data([hostileId]),
      "https://stays.example/?a=1&b='<x>'",
      '2026-01-02T03:04:05Z',
    );
    const locs = entries(parseXml(xml)).map((e) => e.loc);
    expect(locs).toHaveLength(indexablePaths(data([hostileId])).length);
    expect(locs).toContain(
      `https://stays.example/?a=1&b=%27%3Cx%3E%27/stay/${encodeURIComponent(hostileId)}`,
    );
    expect(xml).not.toContain('<loc>https://evil.example/</loc>');
  });

  it('refuses a site URL that is not absolute http(s) and a publish time that is not a date', () => {
    expect(() => sitemapXml(data([]), '/relative', '2026-01-02T03:04:05Z')).toThrow(TypeError);
    expect(() => sitemapXml(data([]), 'javascript:alert(1)', '2026-01-02T03:04:05Z')).toThrow(
      TypeError,
    );
    expect(() => sitemapXml(data([]), 'https://stays.example', 'yesterday')).toThrow(RangeError);
  });
});

describe('robotsTxt', () => {
  it('allows the public site, disallows the owner pages and the API, and names the sitemap', () => {
    expect(robotsTxt('https://stays.example/')).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /admin',
        'Disallow: /adminlogin',
        'Disallow: /404',
        'Disallow: /api/',
        '',
        'Sitemap: https://stays.example/sitemap.xml',
        '',
      ].join('\n'),
    );
  });

  it('cannot be given extra rules through a hostile site URL', () => {
    const txt = robotsTxt('https://stays.example/x\nDisallow: /\r\nUser-agent: evil');
    expect(txt.split('\n').filter((l) => l.startsWith('Disallow'))).toEqual([
      'Disallow: /admin',
      'Disallow: /adminlogin',
      'Disallow: /404',
      'Disallow: /api/',
    ]);
    expect(txt).not.toMatch(/User-agent: evil/);
    expect(() => robotsTxt('not a url')).toThrow(TypeError);
  });
});
