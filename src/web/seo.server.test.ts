// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { testProperty } from '../../test/factories.js';
import type { PageData, Property } from '../shared/site-data.js';
import type { RouteInfo } from '../shared/routes.js';
import {
  DESCRIPTION_MAX,
  htmlToText,
  jsonForScript,
  seoHead,
  truncateAtWord,
} from './seo.server.js';

const site = {
  siteUrl: 'https://stays.example',
  businessName: 'Stays In Chikmagalur',
  email: 'support@stays.example',
  phone: '+91 94480 12345',
  socialUrl: 'https://www.instagram.com/stays',
  officeAddress: 'Third Floor, Sri Ganesha Complex, IG Road, Chikmagalur, Karnataka 577101, India',
};

function property(over: Partial<Property> = {}): Property {
  return testProperty({
    id: 'coffee-view',
    name: 'Coffee View Residency',
    description:
      '<p>A quiet <b>two-bedroom</b> flat.</p>\n<p>Wake up to the hills &amp; coffee.</p>',
    facilities: ['Wi-Fi', 'Kitchen', 'Parking'],
    photos: [
      { name: 'aaa111.jpg', best: false, home: true },
      { name: 'bbb222.jpg', best: true, home: true },
      { name: 'ccc333.webp', best: false, home: false },
    ],
    ...over,
  });
}

function pageData(properties: Property[]): PageData {
  return {
    propertyList: properties,
    homeSections: [{ id: 's1', name: 'Near town', properties: properties.map((p) => p.id) }],
    revision: 3,
    photoSizes: {},
    site,
    publishedAt: '2026-01-02T03:04:05.000Z',
  };
}

/** Parses the head fragment the way a browser does. */
function parseHead(head: string): Document {
  return new DOMParser().parseFromString(
    `<!doctype html><html lang="en"><head><title>t</title>${head}</head><body></body></html>`,
    'text/html',
  );
}

function metaContent(doc: Document, key: string): string | null {
  const el = doc.querySelector(`meta[name="${key}"], meta[property="${key}"]`);
  return el ? el.getAttribute('content') : null;
}

function jsonLd(doc: Document): Record<string, unknown> {
  const scripts = doc.querySelectorAll('script');
  expect(scripts).toHaveLength(1);
  expect(scripts[0]!.getAttribute('type')).toBe('application/ld+json');
  return JSON.parse(scripts[0]!.textContent ?? '') as Record<string, unknown>;
}

describe('htmlToText', () => {
  it('keeps the visible text, decodes entities and breaks words at tags', () => {
    expect(htmlToText('<p>One</p><p>Two&nbsp;&amp;&#x20B9;500 &lt;b&gt;</p>')).toBe(
      'One Two &₹500 <b>',
    );
    expect(htmlToText('line one\nline two<br>line three')).toBe('line one line two line three');
    expect(htmlToText('<li><b>Wi</b>-Fi</li><li>Hot <em>water</em></li>')).toBe('Wi-Fi Hot water');
  });

  it('drops script and style content, comments and attributes, even unsanitised', () => {
    expect(
      htmlToText(
        'Hi<script>alert("x")</script><style>p{}</style><!-- secret --><a title="a > b" href="x">there</a>',
      ),
    ).toBe('Hi there');
  });

  it('gives an empty string for markup without text', () => {
    expect(htmlToText('<img src=x onerror=alert(1)><br/>')).toBe('');
  });
});

describe('truncateAtWord', () => {
  it('leaves short text alone', () => {
    expect(truncateAtWord('Short text.')).toBe('Short text.');
  });

  it('cuts long text at a word boundary with an ellipsis, never over the limit', () => {
    const text = 'word '.repeat(60).trim();
    const out = truncateAtWord(text);
    expect(out.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(out.endsWith('word…')).toBe(true);
  });

  it('drops punctuation left before the ellipsis and cuts a single huge word', () => {
    expect(truncateAtWord('alpha beta, gamma', 12)).toBe('alpha beta…');
    expect(truncateAtWord('x'.repeat(20), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});

describe('jsonForScript', () => {
  it('escapes every character that could end the script element, and round-trips', () => {
    const value = { a: '</script><!--<script>&\u2028\u2029' };
    const out = jsonForScript(value);
    expect(out).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(out)).toEqual(value);
  });
});

describe('seoHead on the home page', () => {
  const data = pageData([property(), property({ id: 'second', name: 'Second Stay' })]);
  const doc = parseHead(seoHead({ kind: 'home' }, data));

  it('has a description sentence, the canonical URL and Open Graph / Twitter tags', () => {
    const description = metaContent(doc, 'description')!;
    expect(description).toBe(
      'Stays In Chikmagalur: 2 serviced apartments in Chikmagalur, Karnataka, among coffee estates and hills. See photos and facilities, and check availability.',
    );
    expect(description.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(doc.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe(
      'https://stays.example/',
    );
    expect(metaContent(doc, 'og:url')).toBe('https://stays.example/');
    expect(metaContent(doc, 'og:type')).toBe('website');
    expect(metaContent(doc, 'og:site_name')).toBe('Stays In Chikmagalur');
    expect(metaContent(doc, 'og:description')).toBe(description);
    expect(metaContent(doc, 'og:image')).toBe(
      'https://stays.example/imported-images/v/bbb222-og.jpg',
    );
    expect(metaContent(doc, 'og:image:width')).toBe('1200');
    expect(metaContent(doc, 'og:image:height')).toBe('630');
    expect(metaContent(doc, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(doc, 'twitter:image')).toBe(
      'https://stays.example/imported-images/v/bbb222-og.jpg',
    );
    expect(metaContent(doc, 'robots')).toBeNull();
  });

  it('describes the business as a LodgingBusiness in valid JSON-LD', () => {
    expect(jsonLd(doc)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'LodgingBusiness',
      '@id': 'https://stays.example/#business',
      name: 'Stays In Chikmagalur',
      url: 'https://stays.example/',
      address: {
        '@type': 'PostalAddress',
        streetAddress: site.officeAddress,
        addressLocality: 'Chikmagalur',
        addressRegion: 'Karnataka',
        addressCountry: 'IN',
        postalCode: '577101',
      },
      telephone: '+91 94480 12345',
      email: 'support@stays.example',
      image: 'https://stays.example/imported-images/v/bbb222-og.jpg',
      sameAs: ['https://www.instagram.com/stays'],
    });
  });

  it('works for an empty catalogue: no image tags, still valid', () => {
    const empty = parseHead(seoHead({ kind: 'home' }, pageData([])));
    expect(metaContent(empty, 'og:image')).toBeNull();
    expect(jsonLd(empty)['@type']).toBe('LodgingBusiness');
  });
});

describe('seoHead on a property page', () => {
  const p = property();
  const data = pageData([p]);
  const doc = parseHead(seoHead({ kind: 'property', property: p }, data));

  it('uses the plain text of the description and the property URL', () => {
    expect(metaContent(doc, 'description')).toBe(
      'A quiet two-bedroom flat. Wake up to the hills & coffee.',
    );
    expect(doc.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe(
      'https://stays.example/stay/coffee-view',
    );
    expect(metaContent(doc, 'og:title')).toBe('Coffee View Residency - Stays In Chikmagalur');
    expect(metaContent(doc, 'og:image')).toBe(
      'https://stays.example/imported-images/v/bbb222-og.jpg',
    );
    expect(metaContent(doc, 'og:image:alt')).toBe('Coffee View Residency, photo 2 of 3');
  });

  it('describes the property as an Apartment in the business', () => {
    const ld = jsonLd(doc);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Apartment',
      name: 'Coffee View Residency',
      url: 'https://stays.example/stay/coffee-view',
      description: 'A quiet two-bedroom flat. Wake up to the hills & coffee.',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Kalasa Road, Chikmagalur',
        addressCountry: 'IN',
      },
      numberOfBedrooms: 2,
      numberOfBathroomsTotal: 1,
      amenityFeature: [
        { '@type': 'LocationFeatureSpecification', name: 'Wi-Fi', value: true },
        { '@type': 'LocationFeatureSpecification', name: 'Kitchen', value: true },
        { '@type': 'LocationFeatureSpecification', name: 'Parking', value: true },
      ],
      image: [
        'https://stays.example/imported-images/bbb222.jpg',
        'https://stays.example/imported-images/aaa111.jpg',
        'https://stays.example/imported-images/ccc333.webp',
      ],
      containedInPlace: {
        '@type': 'LodgingBusiness',
        '@id': 'https://stays.example/#business',
        name: 'Stays In Chikmagalur',
      },
    });
  });

  it('cuts a long description to about 155 characters at a word', () => {
    const long = property({
      description: `<p>${'Misty mornings over the coffee estate. '.repeat(20)}</p>`,
    });
    const d = metaContent(
      parseHead(seoHead({ kind: 'property', property: long }, pageData([long]))),
      'description',
    )!;
    expect(d.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(d.length).toBeGreaterThan(130);
    expect(d).toMatch(/^Misty mornings over the coffee estate\. .*[a-z]…$/);
  });

  it('falls back to a summary when the description has no text, and omits images when there are no photos', () => {
    const bare = property({ description: '<br>', photos: [] });
    const d = parseHead(seoHead({ kind: 'property', property: bare }, pageData([bare])));
    expect(metaContent(d, 'description')).toBe(
      'Coffee View Residency: a serviced apartment in Chikmagalur with 2 bedrooms and 1 bathroom.',
    );
    expect(metaContent(d, 'og:image')).toBeNull();
    expect(jsonLd(d).image).toEqual([]);
  });

  it('gives each page its own description', () => {
    const other = property({ id: 'other', description: 'Different words entirely.' });
    const all = pageData([p, other]);
    const descriptions = [
      seoHead({ kind: 'home' }, all),
      seoHead({ kind: 'property', property: p }, all),
      seoHead({ kind: 'property', property: other }, all),
    ].map((h) => metaContent(parseHead(h), 'description'));
    expect(new Set(descriptions).size).toBe(3);
  });
});

describe('seoHead with hostile catalogue text', () => {
  const hostileName = '</script><script>alert(1)</script>';
  const hostile = property({
    id: 'x',
    name: hostileName,
    address: '"><img src=x onerror=alert(2)>',
    description: `He said "hi" & 'bye' <b onclick="alert(3)">bold</b> </script><script>alert(4)</script> \u2028 <!-- x -->`,
    facilities: ['</script><!--', '"quoted" & <tag>'],
  });
  const data = { ...pageData([hostile]), site: { ...site, businessName: '</script>"Biz\'' } };

  for (const route of [{ kind: 'home' }, { kind: 'property', property: hostile }] as RouteInfo[]) {
    it(`never produces a second script or breaks an attribute (${route.kind})`, () => {
      const head = seoHead(route, data);
      expect(head.match(/<script/g)).toHaveLength(1);
      expect(head.match(/<\/script>/g)).toHaveLength(1);
      expect(head).not.toMatch(/<img|<b |<!--/);
      const doc = parseHead(head);
      expect(doc.querySelectorAll('script')).toHaveLength(1);
      expect(doc.querySelectorAll('img, b')).toHaveLength(0);
      for (const el of doc.querySelectorAll('meta')) {
        expect([...el.attributes].map((a) => a.name).sort()).toEqual(
          el.hasAttribute('name') ? ['content', 'name'] : ['content', 'property'],
        );
      }
      const ld = jsonLd(doc);
      if (route.kind === 'property') {
        expect(ld.name).toBe(hostileName);
        expect(ld.amenityFeature).toEqual([
          { '@type': 'LocationFeatureSpecification', name: '</script><!--', value: true },
          { '@type': 'LocationFeatureSpecification', name: '"quoted" & <tag>', value: true },
        ]);
        expect(metaContent(doc, 'og:title')).toBe(`${hostileName} - Stays In Chikmagalur`);
        expect(metaContent(doc, 'description')).toBe(`He said "hi" & 'bye' bold`);
      } else {
        expect(ld.name).toBe('</script>"Biz\'');
      }
    });
  }
});

describe('seoHead on pages kept out of search', () => {
  for (const kind of ['admin', 'login', 'not-found'] as const) {
    it(`marks ${kind} noindex with no canonical, no Open Graph and no JSON-LD`, () => {
      const doc = parseHead(seoHead({ kind }, pageData([property()])));
      expect(metaContent(doc, 'robots')).toBe('noindex');
      expect(metaContent(doc, 'description')).toMatch(/Stays In Chikmagalur/);
      expect(doc.querySelector('link[rel="canonical"]')).toBeNull();
      expect(metaContent(doc, 'og:title')).toBeNull();
      expect(doc.querySelectorAll('script')).toHaveLength(0);
    });
  }
});
