/**
 * Head tags for search engines and link previews (SEO-1, SEO-2).
 *
 * `seoHead` returns the HTML the publisher puts into <head> after the page's <title>: a unique meta
 * description, the canonical URL, Open Graph and Twitter card tags, and schema.org JSON-LD
 * (LodgingBusiness on the home page, Apartment on a property page). The owner's pages and the 404
 * get `noindex` instead (they must never appear in search results).
 *
 * Escaping (OWASP XSS Prevention Cheat Sheet, rules 2 and 3.1): attribute values are HTML-escaped;
 * JSON-LD is JSON.stringify'd and then `<`, `>`, `&`, U+2028 and U+2029 become \uXXXX escapes, so
 * no catalogue text can close the <script> element or start a comment inside it.
 *
 * This module runs only in the SSR bundle (src/web/entry-server.tsx), never in a visitor's browser.
 */
import { Parser } from 'htmlparser2';
import { OG_SIZE, ogImageUrl, photoUrl } from '../shared/photo-urls.js';
import {
  heroPhoto,
  type PageData,
  type Photo,
  type Property,
  type SiteInfo,
} from '../shared/site-data.js';
import { PAGES, TITLE_SUFFIX, pageTitle, propertyPath, type RouteInfo } from '../shared/routes.js';
import { escapeHtml } from '../shared/escape-html.js';

/** Longest meta description, in characters, before it is cut at a word boundary (Google shows ~155-160). */
export const DESCRIPTION_MAX = 155;

/** Where the business is (the site's name says it: "Stays In Chikmagalur"). */
const LOCALITY = {
  addressLocality: 'Chikmagalur',
  addressRegion: 'Karnataka',
  addressCountry: 'IN',
} as const;

/** Elements whose content is not visible text (raw-text and metadata elements). */
const HIDDEN_ELEMENTS = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'head',
  'title',
]);

/** Phrasing elements that do not separate words ("<b>Wi</b>-Fi" reads "Wi-Fi"); every other tag does. */
const INLINE_ELEMENTS = new Set(
  'a abbr b bdi bdo cite code data del dfn em i ins kbd mark q s samp small span strong sub sup time u var wbr'.split(
    ' ',
  ),
);

/**
 * The visible text of an HTML fragment, whitespace collapsed to single spaces.
 *
 * Uses htmlparser2, the parser sanitize-html is built on, so the text is read the way the server's
 * sanitiser reads the description: named and numeric entities decoded, raw-text elements (script,
 * style) skipped, and block tags and <br> treated as word breaks so "<p>a</p><p>b</p>" gives "a b"
 * while "<b>Wi</b>-Fi" stays "Wi-Fi". A
 * regular expression cannot do this for unsanitised input (comments, attributes holding ">", CDATA).
 */
export function htmlToText(html: string): string {
  const parts: string[] = [];
  let hidden = 0;
  const parser = new Parser(
    {
      onopentagname(name) {
        if (HIDDEN_ELEMENTS.has(name)) hidden += 1;
        if (!INLINE_ELEMENTS.has(name)) parts.push(' ');
      },
      onclosetag(name) {
        if (HIDDEN_ELEMENTS.has(name) && hidden > 0) hidden -= 1;
        if (!INLINE_ELEMENTS.has(name)) parts.push(' ');
      },
      ontext(text) {
        if (hidden === 0) parts.push(text);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, recognizeSelfClosing: false },
  );
  parser.write(html);
  parser.end();
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/**
 * `text` cut to at most `max` characters at a word boundary, ending with '…' when cut.
 * A single word longer than `max` is cut mid-word. Trailing punctuation before the '…' is dropped.
 */
export function truncateAtWord(text: string, max = DESCRIPTION_MAX): string {
  if (text.length <= max) return text;
  const room = text.slice(0, max); // one character is kept free for the ellipsis below
  const lastSpace = room.lastIndexOf(' ');
  const cut = lastSpace > 0 ? room.slice(0, lastSpace) : room.slice(0, max - 1);
  return `${cut.replace(/[\s,;:.\-–—]+$/u, '')}…`;
}

/**
 * JSON for a <script type="application/ld+json"> element: JSON.stringify with every character that
 * could end the element or the surrounding markup (`<`, `>`, `&`) and the JavaScript line
 * terminators U+2028/U+2029 written as \uXXXX. JSON.parse of the result gives back `value`.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function origin(site: SiteInfo): string {
  return site.siteUrl.replace(/\/+$/, '');
}

/** The photo used for link previews of the home page: the hero photo of the first listed property. */
function homePreviewPhoto(data: PageData): { property: Property; photo: Photo } | undefined {
  const byId = new Map(data.propertyList.map((p) => [p.id, p]));
  const ordered = [
    ...data.homeSections.flatMap((s) => s.properties.map((id) => byId.get(id))),
    ...data.propertyList,
  ];
  for (const property of ordered) {
    const photo = property && heroPhoto(property);
    if (property && photo) return { property, photo };
  }
  return undefined;
}

function businessId(site: SiteInfo): string {
  return `${origin(site)}/#business`;
}

function postalAddress(street: string): Record<string, string> {
  const postalCode = /\b\d{6}\b/.exec(street)?.[0];
  return {
    '@type': 'PostalAddress',
    streetAddress: street,
    ...LOCALITY,
    ...(postalCode ? { postalCode } : {}),
  };
}

function lodgingBusiness(data: PageData, image: string | undefined): Record<string, unknown> {
  const { site } = data;
  return {
    '@context': 'https://schema.org',
    '@type': 'LodgingBusiness',
    '@id': businessId(site),
    name: site.businessName,
    url: `${origin(site)}/`,
    address: postalAddress(site.officeAddress),
    telephone: site.phone,
    email: site.email,
    ...(image ? { image } : {}),
    ...(site.socialUrl ? { sameAs: [site.socialUrl] } : {}),
  };
}

function apartment(
  property: Property,
  description: string,
  data: PageData,
): Record<string, unknown> {
  const { site } = data;
  const hero = heroPhoto(property);
  const photos = hero ? [hero, ...property.photos.filter((p) => p !== hero)] : property.photos;
  return {
    '@context': 'https://schema.org',
    '@type': 'Apartment',
    '@id': `${origin(site)}${propertyPath(property.id)}#apartment`,
    name: property.name,
    url: `${origin(site)}${propertyPath(property.id)}`,
    description,
    address: postalAddress(property.address),
    numberOfBedrooms: property.bedCount,
    numberOfBathroomsTotal: property.bathCount,
    amenityFeature: property.facilities.map((name) => ({
      '@type': 'LocationFeatureSpecification',
      name,
      value: true,
    })),
    image: photos.map((p) => `${origin(site)}${photoUrl(p.name)}`),
    containedInPlace: {
      '@type': 'LodgingBusiness',
      '@id': businessId(site),
      name: site.businessName,
      url: `${origin(site)}/`,
      telephone: site.phone,
      address: postalAddress(site.officeAddress),
    },
  };
}

function meta(attr: 'name' | 'property', key: string, content: string): string {
  return `<meta ${attr}="${key}" content="${escapeHtml(content)}">`;
}

/** The meta description of the home page: one sentence about the business. */
function homeDescription(data: PageData): string {
  const n = data.propertyList.length;
  const count = n === 1 ? 'one serviced apartment' : `${n} serviced apartments`;
  return truncateAtWord(
    `${data.site.businessName}: ${count} in Chikmagalur, Karnataka, among coffee estates and hills. ` +
      'See photos and facilities, and check availability.',
  );
}

/** The meta description of a property page: the plain text of its description, or a summary when it has none. */
function propertyDescription(property: Property): string {
  const text = htmlToText(property.description);
  if (text !== '') return truncateAtWord(text);
  const beds = `${property.bedCount} bedroom${property.bedCount === 1 ? '' : 's'}`;
  const baths = `${property.bathCount} bathroom${property.bathCount === 1 ? '' : 's'}`;
  return truncateAtWord(
    `${property.name}: a serviced apartment in Chikmagalur with ${beds} and ${baths}.`,
  );
}

interface Shareable {
  title: string;
  description: string;
  path: string;
  image?: { url: string; alt: string };
  jsonLd?: unknown;
}

function shareableHead(s: Shareable, site: SiteInfo): string {
  const url = `${origin(site)}${s.path}`;
  const tags = [
    meta('name', 'description', s.description),
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', site.businessName),
    meta('property', 'og:locale', 'en_IN'),
    meta('property', 'og:title', s.title),
    meta('property', 'og:description', s.description),
    meta('property', 'og:url', url),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', s.title),
    meta('name', 'twitter:description', s.description),
  ];
  if (s.image) {
    tags.push(
      meta('property', 'og:image', s.image.url),
      meta('property', 'og:image:type', 'image/jpeg'),
      meta('property', 'og:image:width', String(OG_SIZE.width)),
      meta('property', 'og:image:height', String(OG_SIZE.height)),
      meta('property', 'og:image:alt', s.image.alt),
      meta('name', 'twitter:image', s.image.url),
      meta('name', 'twitter:image:alt', s.image.alt),
    );
  }
  if (s.jsonLd !== undefined)
    tags.push(`<script type="application/ld+json">${jsonForScript(s.jsonLd)}</script>`);
  return tags.join('\n');
}

function noindexHead(description: string): string {
  return [meta('name', 'robots', 'noindex'), meta('name', 'description', description)].join('\n');
}

/**
 * HTML for <head> other than <title> (SEO-1, SEO-2), one tag per line.
 * - home: description, canonical `{siteUrl}/`, Open Graph + Twitter card with the 1200x630 crop of
 *   the first listed property's hero photo, JSON-LD LodgingBusiness.
 * - property: description from its description's text (≤ 155 characters), canonical
 *   `{siteUrl}/stay/{id}`, Open Graph + Twitter card with its hero photo's crop, JSON-LD Apartment.
 * - any other page: its route table row's description (src/shared/routes.ts); when the row is
 *   indexable, canonical and Open Graph + Twitter card too, else `robots noindex` and no canonical
 *   (the 404 answers at every unknown URL, so it has none of its own).
 * Never throws for any catalogue the schemas accept.
 */
export function seoHead(route: RouteInfo, data: PageData): string {
  const { site } = data;
  const ogImage = (property: Property, photo: Photo, position: string) => ({
    url: `${origin(site)}${ogImageUrl(photo.name)}`,
    alt: `${property.name}, ${position}`,
  });
  switch (route.kind) {
    case 'home': {
      const preview = homePreviewPhoto(data);
      const image =
        preview &&
        ogImage(preview.property, preview.photo, 'one of our serviced apartments in Chikmagalur');
      return shareableHead(
        {
          title: `Service Apartments in Chikmagalur - ${site.businessName}`,
          description: homeDescription(data),
          path: '/',
          image,
          jsonLd: lodgingBusiness(data, image?.url),
        },
        site,
      );
    }
    case 'property': {
      const { property } = route;
      const hero = heroPhoto(property);
      const description = propertyDescription(property);
      return shareableHead(
        {
          title: `${property.name}${TITLE_SUFFIX}`,
          description,
          path: propertyPath(property.id),
          image:
            hero &&
            ogImage(
              property,
              hero,
              `photo ${property.photos.indexOf(hero) + 1} of ${property.photos.length}`,
            ),
          jsonLd: apartment(property, htmlToText(property.description) || description, data),
        },
        site,
      );
    }
    default: {
      const page = PAGES[route.kind];
      const description = page.description?.(site.businessName) ?? '';
      if (!page.indexable) return noindexHead(description);
      const path = page.paths(data)[0] ?? '/';
      return shareableHead({ title: pageTitle(route), description, path }, site);
    }
  }
}
