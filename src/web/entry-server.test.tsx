// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { testCatalogue } from '../../test/factories.js';
import { photoStem } from '../shared/photo-urls.js';
import { heroPhoto } from '../shared/site-basics.js';
import { siteDataSchema, type PageData } from '../shared/site-data.js';
import { mapEmbedUrl } from './components/map-frame.js';
import { render, renderBooking } from './entry-server.js';
import { CARDS_WITH_PHOTOS_IN_HTML } from './routes/home.js';
import type { GuestBookingView } from '../shared/bookings.js';

const catalogue = siteDataSchema.parse(
  testCatalogue({
    revision: 3,
    propertyList: [
      {
        id: 'coffee-view',
        name: 'Coffee View Residency',
        address: 'Kalasa Road, Chikmagalur, Karnataka',
        description: 'Two bedrooms.\nEstate walks <b>every morning</b>.',
        facilities: ['Wi-Fi', 'Hot water', 'Parking'],
        checkInTime: '12:00',
        nightlyRate: 4500,
        photos: [
          { name: 'aaa111.jpg', best: false, home: true },
          { name: 'bbb222.jpg', best: true, home: false },
          { name: 'ccc333.webp', best: false, home: true },
        ],
      },
      {
        id: 'lake_side-2',
        name: 'Hirekolale Lake Cottage',
        address: 'Hirekolale lake & Co, Chikmagalur',
        description: '',
        facilities: [],
        bedCount: 1,
        photos: [{ name: 'ddd444.jpg', best: true, home: true }],
      },
    ],
    homeSections: [
      { id: 'sec1', name: 'Near Town', properties: ['coffee-view'] },
      { id: 'sec2', name: 'By The Lakes', properties: ['lake_side-2', 'coffee-view'] },
    ],
  }),
);

const data: PageData = {
  ...catalogue,
  photoSizes: { 'aaa111.jpg': [1600, 1067], 'bbb222.jpg': [1200, 1600] },
  site: {
    siteUrl: 'https://stays.example',
    businessName: 'Stays In Chikmagalur',
    email: 'support@stays.example',
    phone: '+91 94480 12345',
    socialUrl: 'https://social.example/stays',
    officeAddress: 'Third Floor, Sri Ganesha Complex, IG Road, Chikmagalur',
  },
  publishedAt: '2026-11-22T10:00:00.000Z',
  // What the publisher derives from the rates (PRICE-7): only the priced property has one.
  fromRates: { 'coffee-view': 4500 },
};

/** Parses rendered HTML the way a browser would, for structural assertions. */
function dom(html: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html');
}

describe('render: home', () => {
  const result = render('/', data);

  it('answers 200 with a title', () => {
    expect(result.status).toBe(200);
    expect(result.head).toMatch(
      /^<title>Service Apartments in Chikmagalur - Stays In Chikmagalur<\/title>/,
    );
  });

  it('shows the hero heading over five decorative hero images, the first one eager', () => {
    const doc = dom(result.html);
    const h1 = doc.querySelector('h1');
    expect(h1?.textContent).toBe('Service ApartmentsChikmagalur');
    const heroImgs = [...doc.querySelectorAll('header img')];
    expect(heroImgs.map((img) => img.getAttribute('src'))).toEqual(
      [0, 1, 2, 3, 4].map((i) => `/hero/hero${i}.jpg`),
    );
    expect(heroImgs.every((img) => img.getAttribute('alt') === '')).toBe(true);
    expect(heroImgs[0]?.getAttribute('fetchpriority')).toBe('high');
    expect(heroImgs[0]?.hasAttribute('loading')).toBe(false);
    expect(heroImgs[1]?.getAttribute('loading')).toBe('lazy');
    expect(
      doc.querySelector('header source[type="image/avif"]:not([media])')?.getAttribute('srcset'),
    ).toContain('/hero/hero0-1280.avif 1280w');
    expect(doc.querySelector('button[aria-label="Pause slideshow"]')).not.toBeNull();
  });

  it('gives phones held upright a portrait crop of every hero, and preloads the first as the picture picks it (OPS-9)', () => {
    const doc = dom(result.html);
    const pictures = [...doc.querySelectorAll('header picture')];
    expect(pictures).toHaveLength(5);
    pictures.forEach((picture, i) => {
      const sources = [...picture.querySelectorAll('source')];
      // The portrait sources come first: a browser takes the first <source> that matches.
      expect(sources.map((s) => [s.getAttribute('media'), s.getAttribute('type')])).toEqual([
        ['(max-aspect-ratio: 2/3)', 'image/avif'],
        ['(max-aspect-ratio: 2/3)', 'image/webp'],
        [null, 'image/avif'],
        [null, 'image/webp'],
      ]);
      expect(sources[0]!.getAttribute('srcset')).toBe(
        `/hero/hero${i}-p480.avif 480w, /hero/hero${i}-p640.avif 640w`,
      );
    });
    const preloads = [...dom(result.head).querySelectorAll('link[rel="preload"][as="image"]')];
    const firstSources = [...pictures[0]!.querySelectorAll('source[type="image/avif"]')];
    expect(
      preloads.map((l) => [
        l.getAttribute('type'),
        l.getAttribute('imagesrcset'),
        l.getAttribute('imagesizes'),
      ]),
    ).toEqual(
      firstSources.map((s) => ['image/avif', s.getAttribute('srcset'), s.getAttribute('sizes')]),
    );
    expect(preloads.map((l) => l.getAttribute('media'))).toEqual([
      '(max-aspect-ratio: 2/3)',
      'not all and (max-aspect-ratio: 2/3)',
    ]);
  });

  it('lists every section with cards linking to /stay/{id}', () => {
    const doc = dom(result.html);
    const sections = [...doc.querySelectorAll('main section')];
    expect(sections.map((s) => s.querySelector('h2')?.textContent)).toEqual([
      'Near Town',
      'By The Lakes',
    ]);
    const links = [...sections[1]!.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/stay/lake_side-2', '/stay/coffee-view']);
    expect(sections[0]!.textContent).toContain('Coffee View Residency');
    expect(sections[0]!.textContent).toContain('2 beds');
    expect(sections[0]!.textContent).toContain('1 bath');
  });

  it('builds card sliders from home photos only, with srcset variants and sizes', () => {
    const doc = dom(result.html);
    const card = doc.querySelector('a[href="/stay/coffee-view"]')!;
    const imgs = [...card.querySelectorAll('img')];
    expect(imgs.map((img) => img.getAttribute('src'))).toEqual([
      '/imported-images/aaa111.jpg',
      '/imported-images/ccc333.webp',
    ]);
    expect(imgs.map((img) => img.getAttribute('alt'))).toEqual([
      'Coffee View Residency – photo 1 of 2',
      'Coffee View Residency – photo 2 of 2',
    ]);
    expect(imgs[0]?.getAttribute('width')).toBe('1600');
    expect(imgs[0]?.getAttribute('height')).toBe('1067');
    // No recorded size: the default 3:2 box.
    expect(imgs[1]?.getAttribute('width')).toBe('1200');
    expect(imgs[1]?.getAttribute('height')).toBe('800');
    expect(
      imgs.every(
        (img) => img.getAttribute('loading') === 'lazy' && img.getAttribute('decoding') === 'async',
      ),
    ).toBe(true);
    const avif = card.querySelector('source[type="image/avif"]');
    expect(avif?.getAttribute('srcset')).toBe(
      '/imported-images/v/aaa111-480.avif 480w, /imported-images/v/aaa111-720.avif 720w, /imported-images/v/aaa111-960.avif 960w, /imported-images/v/aaa111-1600.avif 1600w',
    );
    expect(avif?.getAttribute('sizes')).toBeTruthy();
    expect(card.querySelector('source[type="image/webp"]')?.getAttribute('srcset')).toContain(
      'aaa111-960.webp 960w',
    );
    expect(card.innerHTML).not.toContain('bbb222');
  });

  it('PERF-7: with many properties, links every card but draws photos only in the first ones', () => {
    const base = data.propertyList[0]!;
    const propertyList = Array.from({ length: 20 }, (_, i) => ({ ...base, id: `stay-${i}` }));
    const many: PageData = {
      ...data,
      propertyList,
      homeSections: [
        { id: 'a', name: 'First', properties: propertyList.slice(0, 8).map((p) => p.id) },
        { id: 'b', name: 'Second', properties: propertyList.slice(8).map((p) => p.id) },
      ],
    };
    const doc = dom(render('/', many).html);
    const cards = [...doc.querySelectorAll('main section a')];
    expect(cards.map((a) => a.getAttribute('href'))).toEqual(
      propertyList.map((p) => `/stay/${p.id}`),
    );
    const withPhotos = cards.map((a) => a.querySelectorAll('img').length > 0);
    expect(withPhotos).toEqual(propertyList.map((_, i) => i < CARDS_WITH_PHOTOS_IN_HTML));
    // A card without its photos yet keeps its photo box (no shift when they come) and its words.
    expect(cards[19]!.querySelector('[aria-hidden="true"]')).not.toBeNull();
    expect(cards[19]!.textContent).toContain('2 beds');
  });

  it('renders no admin control for visitors', () => {
    expect(result.html).not.toContain('Create Category');
    expect(result.html).not.toContain('Delete category');
    expect(result.html).not.toContain('Add property to');
  });

  it('ends with the footer and its two dialogs', () => {
    const doc = dom(result.html);
    const footer = doc.querySelector('footer')!;
    expect([...footer.querySelectorAll('h2')].map((h) => h.textContent)).toEqual([
      'Category 1',
      'Category 2',
      'About Us',
      'Contact Us',
      'Office Address',
    ]);
    expect([...footer.querySelectorAll('a')].filter((a) => a.textContent === 'Test')).toHaveLength(
      2,
    );
    const social = footer.querySelector('a[target="_blank"]');
    expect(social?.getAttribute('href')).toBe('https://social.example/stays');
    expect(social?.getAttribute('rel')).toContain('noopener');
    expect(
      footer.querySelector('dialog#contact-us a[href="mailto:support@stays.example"]'),
    ).not.toBeNull();
    expect(footer.querySelector('dialog#contact-us a[href="tel:+919448012345"]')?.textContent).toBe(
      '+91 94480 12345',
    );
    expect(footer.querySelector('dialog#office-address')?.textContent).toContain(
      'Third Floor, Sri Ganesha Complex',
    );
    expect(footer.querySelectorAll('dialog button')).toHaveLength(2);
  });
});

describe('render: property page', () => {
  const result = render('/stay/coffee-view', data);

  it('answers 200 with the spec title', () => {
    expect(result.status).toBe(200);
    expect(
      result.head.startsWith('<title>Coffee View Residency - Stays In Chikmagalur</title>'),
    ).toBe(true);
  });

  it('preloads its hero photo in the head as the picture picks it, and no other image (OPS-9)', () => {
    const preloads = [...dom(result.head).querySelectorAll('link[rel="preload"][as="image"]')];
    const heroAvif = dom(result.html).querySelector('main picture source[type="image/avif"]')!;
    expect(
      preloads.map((l) => [
        l.getAttribute('type'),
        l.getAttribute('fetchpriority'),
        l.getAttribute('imagesrcset'),
        l.getAttribute('imagesizes'),
      ]),
    ).toEqual([
      ['image/avif', 'high', heroAvif.getAttribute('srcset'), heroAvif.getAttribute('sizes')],
    ]);
    expect(heroAvif.getAttribute('srcset')).toContain(
      `/imported-images/v/${photoStem(heroPhoto(data.propertyList.find((p) => p.id === 'coffee-view')!)!.name)}-720.avif 720w`,
    );
  });

  it('preloads no image for a property without photos', () => {
    const bare = { ...data, propertyList: data.propertyList.map((p) => ({ ...p, photos: [] })) };
    expect(render('/stay/coffee-view', bare).head).not.toContain('rel="preload"');
  });

  it('shows the header, the best photo as an eager hero, and every photo in the slider from the one after the hero', () => {
    const doc = dom(result.html);
    expect(doc.querySelector('h1')?.textContent).toBe('Coffee View Residency');
    expect(
      [...doc.querySelectorAll('button')].some((b) => b.textContent === 'Check Availability'),
    ).toBe(true);
    const hero = doc.querySelector('img[fetchpriority="high"]');
    expect(hero?.getAttribute('src')).toBe('/imported-images/bbb222.jpg');
    expect(hero?.hasAttribute('loading')).toBe(false);
    expect(hero?.getAttribute('alt')).toBe('Coffee View Residency – photo 2 of 3');
    expect(hero?.getAttribute('width')).toBe('1200');
    expect(hero?.getAttribute('height')).toBe('1600');
    const slides = [
      ...doc.querySelectorAll('section[aria-label="Photos"] button:not([aria-hidden])'),
    ];
    // PERF-14: the hero is photo 2, so the slider starts at photo 3 and ends with the hero's.
    expect(slides.map((b) => b.querySelector('img')?.getAttribute('src'))).toEqual([
      '/imported-images/ccc333.webp',
      '/imported-images/aaa111.jpg',
      '/imported-images/bbb222.jpg',
    ]);
    expect(slides[0]?.getAttribute('aria-label')).toBe(
      'Open Coffee View Residency – photo 3 of 3 in full screen',
    );
    // Repeated so that the slider can loop: the copies are hidden and out of the Tab order.
    const copies = [
      ...doc.querySelectorAll('section[aria-label="Photos"] button[aria-hidden="true"]'),
    ];
    expect(copies).toHaveLength(9);
    expect(
      copies.every((b) => b.getAttribute('tabindex') === '-1' && !b.hasAttribute('aria-label')),
    ).toBe(true);
  });

  it('links the map of the address at zoom 13 (the frame comes with JavaScript) and lists the facilities', () => {
    const doc = dom(result.html);
    expect(doc.querySelector('iframe')).toBeNull();
    const link = [...doc.querySelectorAll('a')].find((a) =>
      a.textContent?.startsWith('Open the map'),
    );
    expect(link?.textContent).toBe('Open the map of Kalasa Road, Chikmagalur, Karnataka');
    expect(link?.getAttribute('href')).toBe(
      'https://maps.google.com/maps?q=Kalasa%20Road%2C%20Chikmagalur%2C%20Karnataka&z=13',
    );
    const headings = [...doc.querySelectorAll('h2')].map((h) => h.textContent);
    expect(headings).toEqual(expect.arrayContaining(['Location', 'Facilities']));
    expect([...doc.querySelectorAll('ul li')].map((li) => li.textContent)).toEqual(
      expect.arrayContaining(['Wi-Fi', 'Hot water', 'Parking']),
    );
  });

  it('inserts the description as HTML with line breaks kept, and shows the stay details', () => {
    const doc = dom(result.html);
    expect(result.html).toContain('Two bedrooms.\nEstate walks <b>every morning</b>.');
    expect(doc.querySelector('dl')?.textContent).toBe('Check-infrom 12:00');
  });

  it('shows the "from" price in the header with a nightly rate (AVL-11), and none without', () => {
    const doc = dom(result.html);
    expect(doc.querySelector('header')?.textContent).toContain('from ₹4,500 / night');
    const other = dom(render('/stay/lake_side-2', data).html);
    expect(other.querySelector('main')?.textContent).not.toContain('₹');
    const home = dom(render('/', data).html);
    const cards = [...home.querySelectorAll('main a[href^="/stay/"]')].map(
      (a) => a.textContent ?? '',
    );
    expect(cards.find((t) => t.includes('Coffee View'))).toContain('from ₹4,500 / night');
    expect(cards.find((t) => t.includes('Hirekolale'))).not.toContain('₹');
  });

  it('encodes the address of the map query', () => {
    const doc = dom(render('/stay/lake_side-2', data).html);
    const link = [...doc.querySelectorAll('a')].find((a) =>
      a.textContent?.startsWith('Open the map'),
    );
    expect(link?.getAttribute('href')).toBe(
      'https://maps.google.com/maps?q=Hirekolale%20lake%20%26%20Co%2C%20Chikmagalur&z=13',
    );
    expect(mapEmbedUrl('Hirekolale lake & Co, Chikmagalur')).toBe(
      'https://maps.google.com/maps?q=Hirekolale%20lake%20%26%20Co%2C%20Chikmagalur&z=13&output=embed',
    );
  });

  it('escapes a hostile property name in the title', () => {
    const hostile = {
      ...data,
      propertyList: [{ ...data.propertyList[0]!, name: '</title><script>alert(1)</script>' }],
    };
    const { head } = render('/stay/coffee-view', hostile);
    expect(head).toContain('&#60;/title&#62;&#60;script&#62;');
    expect(head).not.toContain('<script>');
  });
});

describe('render: not found, admin and login', () => {
  it.each(['/stay/nope', '/404', '/no/such/page', '/stay/%E0%A4%A', '/stay/coffee-view/extra'])(
    '%s is the 404 page linking home',
    (url) => {
      const result = render(url, data);
      expect(result.status).toBe(404);
      expect(result.head).toContain('<title>Page not found - Stays In Chikmagalur</title>');
      const doc = dom(result.html);
      expect(doc.querySelector('main a[href="/"]')).not.toBeNull();
      expect(doc.querySelector('footer')).not.toBeNull();
    },
  );

  it('accepts a trailing slash and a query string', () => {
    expect(render('/stay/coffee-view/?ref=chat', data).status).toBe(200);
    expect(render('/admin/', data).status).toBe(200);
  });

  it('/admin shows the title Admin Page and the footer', () => {
    const result = render('/admin', data);
    const doc = dom(result.html);
    expect(result.status).toBe(200);
    expect(doc.querySelector('h1')?.textContent).toBe('Admin Page');
    expect(doc.querySelector('footer')).not.toBeNull();
  });

  it('/adminlogin shows the title Admin Login and the login form, no footer', () => {
    const result = render('/adminlogin', data);
    const doc = dom(result.html);
    expect(doc.querySelector('h1')?.textContent).toBe('Admin Login');
    expect(doc.querySelector('input[name="username"]')).not.toBeNull();
    expect(doc.querySelector('input[type="password"]')).not.toBeNull();
    expect(doc.querySelector('button[type="submit"]')?.textContent).toBe('Continue');
    expect(doc.querySelector('footer')).toBeNull();
  });
});

describe('render: photo descriptions and order (PHO-1, PHO-2)', () => {
  // Photos reordered (ccc333 first) and two described: the owner's words replace the generated alt.
  const described: PageData = {
    ...data,
    propertyList: data.propertyList.map((p) =>
      p.id === 'coffee-view'
        ? {
            ...p,
            photos: [
              { name: 'ccc333.webp', best: false, home: true },
              {
                name: 'aaa111.jpg',
                best: false,
                home: true,
                alt: 'Veranda over the coffee estate',
              },
              {
                name: 'bbb222.jpg',
                best: true,
                home: false,
                alt: 'Bedroom with a four-poster bed',
              },
            ],
          }
        : p,
    ),
  };

  it('the property page follows the order, and uses a description wherever the photo shows', () => {
    const doc = dom(render('/stay/coffee-view', described).html);
    expect(doc.querySelector('img[fetchpriority="high"]')?.getAttribute('alt')).toBe(
      'Bedroom with a four-poster bed',
    );
    const slides = [
      ...doc.querySelectorAll('section[aria-label="Photos"] button:not([aria-hidden])'),
    ];
    expect(slides.map((b) => b.querySelector('img')?.getAttribute('src'))).toEqual([
      '/imported-images/ccc333.webp',
      '/imported-images/aaa111.jpg',
      '/imported-images/bbb222.jpg',
    ]);
    expect(slides.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Open Coffee View Residency – photo 1 of 3 in full screen',
      'Open Veranda over the coffee estate in full screen',
      'Open Bedroom with a four-poster bed in full screen',
    ]);
    expect(slides.map((b) => b.querySelector('img')?.getAttribute('alt'))).toEqual([
      'Coffee View Residency – photo 1 of 3',
      'Veranda over the coffee estate',
      'Bedroom with a four-poster bed',
    ]);
  });

  it('every content image on the home page and the property page has a non-empty alt', () => {
    for (const path of ['/', '/stay/coffee-view']) {
      const doc = dom(render(path, described).html);
      // The home hero's images (in its <header>) are decorative by design: the heading says it all.
      const content = [...doc.querySelectorAll('img')].filter((img) => !img.closest('header'));
      expect(content.length).toBeGreaterThan(0);
      expect(content.filter((img) => !img.getAttribute('alt')?.trim())).toEqual([]);
    }
    const home = dom(render('/', described).html);
    const card = home.querySelector('a[href="/stay/coffee-view"]')!;
    expect([...card.querySelectorAll('img')].map((img) => img.getAttribute('alt'))).toEqual([
      'Coffee View Residency – photo 1 of 2',
      'Veranda over the coffee estate',
    ]);
  });
});

describe('renderBooking: the guest booking page (BOOK-7)', () => {
  const view: GuestBookingView = {
    reference: 'STY-7K2Q',
    status: 'accepted',
    businessName: 'Stays & Co',
    property: { name: 'Coffee View Residency', address: 'Kalasa Road', path: '/stay/coffee-view' },
    checkIn: '2026-12-04',
    checkOut: '2026-12-06',
    nights: 2,
    guests: 2,
    quote: {
      lines: [{ label: '2 nights × ₹4,500', amountPaise: 900_000 }],
      totalPaise: 900_000,
      advancePaise: 270_000,
    },
    ownerMessage: '<script>alert(1)</script> See you!',
    contact: { phone: '+91 94480 12345', email: 'stay@example.test' },
    payment: { advancePaise: 270_000 },
  };

  it('shows the advance and asks to contact the owner without a UPI link; escapes the owner text; title and noindex in the head', () => {
    const { html, head } = renderBooking(view);
    expect(html).toContain('Advance due: ₹2,700');
    expect(html).toContain('please contact the owner');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('Booking reference STY-7K2Q');
    expect(head).toContain('<title>Booking STY-7K2Q - Stays &#38; Co</title>');
    expect(head).toContain('<meta name="robots" content="noindex, nofollow">');
  });

  it('offers the withdraw form only while requested, and no payment for a declined request', () => {
    const requested = renderBooking({
      ...view,
      status: 'requested',
      payment: undefined,
      withdrawPath: '/booking/x/y/withdraw',
    }).html;
    expect(requested).toContain('action="/booking/x/y/withdraw"');
    expect(requested).not.toContain('Advance due');
    const declined = renderBooking({ ...view, status: 'declined', payment: undefined }).html;
    expect(declined).toContain('Declined');
    expect(declined).not.toContain('Withdraw my request');
    expect(declined).not.toContain('Advance due');
  });
});
