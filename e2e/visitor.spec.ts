/**
 * Every visitor screen (ROUTE-1..ROUTE-3, HOME-1..HOME-3, PROP-1..PROP-7, FOOT-1..FOOT-3, CONST-1,
 * CONST-2) in real Chromium against the real server and its
 * published demo catalogue, in both projects (landscape desktop, portrait phone): home, property
 * page, lightbox, footer dialogs, the 404 page, /admin and /adminlogin. Every test also fails on
 * any console error or warning (React reports hydration mismatches there) and on page errors.
 * Expectations come from the page's own global data object, so they follow the demo catalogue.
 */
import { expect, test as base, type Page } from '@playwright/test';
import type { PageData, Property } from '../src/shared/site-data.js';
import { BASE, hydrated, openSliderPhoto, publishedData, phoneOnly } from './helpers.js';

/** Console errors/warnings and uncaught errors of the test's page; the test fails if any. */
const test = base.extend<{ problems: string[] }>({
  problems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning')
          problems.push(`${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
      // Tests stay on loopback: the map frame (maps.google.com) gets an empty page.
      await page.route(
        (url) => !url.href.startsWith(BASE),
        (route) =>
          route.fulfill({
            contentType: 'text/html',
            body: '<!doctype html><title>Map</title><p>Map</p>',
          }),
      );
      await use(problems);
      expect(problems, 'console errors, warnings or page errors').toEqual([]);
    },
    { auto: true },
  ],
});

test.use({ baseURL: BASE });

/** The first property with at least three photos (the lightbox tests step through them). */
function richProperty(data: PageData): Property {
  const property = data.propertyList.find((p) => p.photos.length >= 3);
  if (!property) throw new Error('the demo catalogue has no property with 3 photos');
  return property;
}

/**
 * Opens the page of `richProperty` and waits for hydration. `alt(n)` is the lightbox's alt text of
 * photo n (1-based) and `current` the lightbox's current image.
 */
async function gotoRichProperty(page: Page) {
  await page.goto('/');
  const property = richProperty(await publishedData(page));
  await page.goto(`/stay/${encodeURIComponent(property.id)}`);
  await hydrated(page);
  const total = property.photos.length;
  const alt = (n: number) => `${property.name} – photo ${n} of ${total}`;
  return { total, alt, current: page.locator('.yarl__slide_current img') };
}

async function noHorizontalOverflow(page: Page): Promise<void> {
  const [scrollWidth, width] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

async function imageLoaded(page: Page, selector: string): Promise<void> {
  await expect
    .poll(() =>
      page
        .locator(selector)
        .first()
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    )
    .toBe(true);
}

test.describe('home', () => {
  test('hero heading over the five hero images, first one loaded eagerly', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await expect(page).toHaveTitle(/Stays In Chikmagalur/);
    const h1 = page.getByRole('heading', { level: 1 });
    await expect(h1).toContainText('Service Apartments');
    await expect(h1).toContainText('Chikmagalur');
    // 'Service Apartments' is drawn above 'Chikmagalur'.
    const [top1, top2] = await Promise.all(
      ['Service Apartments', 'Chikmagalur'].map(
        async (t) => (await h1.getByText(t, { exact: true }).boundingBox())!.y,
      ),
    );
    expect(top1!).toBeLessThan(top2!);

    const heroImages = page.locator('header img');
    await expect(heroImages).toHaveCount(5);
    for (let i = 0; i < 5; i++) {
      await expect(heroImages.nth(i)).toHaveAttribute('src', `/hero/hero${i}.jpg`);
      await expect(heroImages.nth(i)).toHaveAttribute('alt', '');
    }
    await expect(heroImages.first()).toHaveAttribute('fetchpriority', 'high');
    await imageLoaded(page, 'header img');
    await noHorizontalOverflow(page);
  });

  test('no script is fetched before the largest image has painted, and the CSP lets the inline loader run (PERF-6)', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { lcpImagePaint?: number; cspViolations: string[] };
      w.cspViolations = [];
      addEventListener('securitypolicyviolation', (e) =>
        w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element })[]) {
          if (entry.element?.getAttribute('fetchpriority') === 'high')
            w.lcpImagePaint ??= entry.startTime;
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto('/');
    const property = richProperty(await publishedData(page));
    for (const url of ['/', `/stay/${encodeURIComponent(property.id)}`]) {
      await page.goto(url);
      await hydrated(page);
      const { paint, scripts, violations } = await page.evaluate(() => {
        const w = window as unknown as { lcpImagePaint?: number; cspViolations: string[] };
        return {
          paint: w.lcpImagePaint,
          violations: w.cspViolations,
          scripts: performance
            .getEntriesByType('resource')
            .filter((r) => /\/(assets\/[^/]+|site-data\.[0-9a-f]+)\.js$/.test(r.name))
            .map((r) => ({ name: new URL(r.name).pathname, start: r.startTime })),
        };
      });
      expect(paint, `${url}: an LCP entry for the hero image`).toBeDefined();
      expect(violations, url).toEqual([]);
      // The entry, the data script and both app chunks, every one after the paint.
      for (const pattern of [
        /^\/assets\/index-/,
        /^\/site-data\./,
        /^\/assets\/react-dom-first-/,
        /^\/assets\/hydrate-/,
      ])
        expect(
          scripts.map((s) => s.name),
          url,
        ).toContainEqual(expect.stringMatching(pattern));
      for (const script of scripts)
        expect(script.start, `${url}: ${script.name}`).toBeGreaterThan(paint!);
    }
  });

  test('the hero fades to the next image by itself, and the pause button stops it', async ({
    page,
  }) => {
    await page.goto('/');
    await hydrated(page);
    const slides = page.locator('header img').locator('xpath=ancestor::picture/..');
    // Embla's fade drives each slide's opacity; the second one becomes fully visible after 3 s.
    await expect
      .poll(() => slides.nth(1).evaluate((el) => getComputedStyle(el).opacity), { timeout: 10_000 })
      .toBe('1');
    const pause = page.getByRole('button', { name: 'Pause slideshow' });
    await pause.click();
    await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
  });

  test('under prefers-reduced-motion the hero starts paused', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await hydrated(page);
    await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
  });

  test('each home section: its name and cards linking to /stay/{id} with home photos only', async ({
    page,
  }) => {
    await page.goto('/');
    await hydrated(page);
    const data = await publishedData(page);
    expect(data.homeSections.length).toBeGreaterThan(0);
    const sections = page.locator('main section');
    await expect(sections).toHaveCount(data.homeSections.length);
    for (const [i, section] of data.homeSections.entries()) {
      const el = sections.nth(i);
      await expect(el.getByRole('heading', { level: 2 })).toHaveText(section.name);
      const cards = el.locator('a[href^="/stay/"]');
      await expect(cards).toHaveCount(section.properties.length);
      for (const [j, id] of section.properties.entries()) {
        const property = data.propertyList.find((p) => p.id === id)!;
        const card = cards.nth(j);
        await expect(card).toHaveAttribute('href', `/stay/${encodeURIComponent(id)}`);
        await expect(card).toContainText(property.name);
        await expect(card).toContainText(`${property.bedCount} bed`);
        await expect(card).toContainText(`${property.bathCount} bath`);
        // PERF-25: a card further down gets its photos once the visitor scrolls near it.
        await card.scrollIntoViewIfNeeded();
        await expect
          .poll(() =>
            card.locator('img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src'))),
          )
          .toEqual(
            property.photos
              .filter((p) => p.home)
              .map((p) => `/imported-images/${encodeURIComponent(p.name)}`),
          );
      }
    }
    // The demo catalogue has photos not flagged home: they appear on no card.
    const hidden = data.propertyList.flatMap((p) =>
      p.photos.filter((ph) => !ph.home).map((ph) => ph.name),
    );
    expect(hidden.length).toBeGreaterThan(0);
    for (const name of hidden) {
      await expect(
        page.locator(`main section img[src="/imported-images/${encodeURIComponent(name)}"]`),
      ).toHaveCount(0);
    }
    await noHorizontalOverflow(page);
  });

  test('clicking a card opens its property page', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const card = page.locator('main a[href^="/stay/"]').first();
    const href = await card.getAttribute('href');
    await card.locator('h3').click();
    await expect(page).toHaveURL(new RegExp(`${href}/?$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('renders no admin control for a visitor', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await expect(page.getByRole('button', { name: 'Create Category' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Delete category / })).toHaveCount(0);
    await expect(page.getByText('Admin Tools')).toHaveCount(0);
    expect(await page.evaluate(() => document.body.classList.contains('admin'))).toBe(false);
  });
});

test.describe('property page', () => {
  test('title, header, hero, slider, map, facilities and description', async ({ page }) => {
    await page.goto('/');
    const property = richProperty(await publishedData(page));
    const response = await page.goto(`/stay/${encodeURIComponent(property.id)}`);
    expect(response?.status()).toBe(200);
    await hydrated(page);

    await expect(page).toHaveTitle(`${property.name} - Stays In Chikmagalur`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(property.name);
    await expect(page.getByRole('button', { name: 'Check Availability' })).toBeVisible();

    const best = property.photos.find((p) => p.best)!;
    const hero = page.locator('img[fetchpriority="high"]');
    await expect(hero).toHaveCount(1);
    await expect(hero).toHaveAttribute('src', `/imported-images/${encodeURIComponent(best.name)}`);
    expect(await hero.getAttribute('loading')).toBeNull();
    await imageLoaded(page, 'img[fetchpriority="high"]');
    // Not distorted: drawn at the photo's own aspect ratio (or cropped by object-fit: cover).
    const fit = await hero.evaluate((img: HTMLImageElement) => getComputedStyle(img).objectFit);
    const box = (await hero.boundingBox())!;
    const [w, h] = [
      Number(await hero.getAttribute('width')),
      Number(await hero.getAttribute('height')),
    ];
    if (fit !== 'cover') expect(Math.abs(box.width / box.height - w / h)).toBeLessThan(0.02);

    const slides = page.getByRole('region', { name: 'Photos' }).getByRole('button');
    await expect(slides).toHaveCount(property.photos.length);

    // PERF-2: the map's frame is not in the page until the visitor comes near it; a link to the
    // map holds its place (src/web/entry-server.test.tsx checks that link).
    const map = page.locator('iframe');
    const farBelow = await page
      .getByRole('link', { name: `Open the map of ${property.address}` })
      .evaluateAll((links) =>
        links.some((a) => a.getBoundingClientRect().top > window.innerHeight + 200),
      );
    if (farBelow) await expect(map).toHaveCount(0);
    await page.getByRole('heading', { name: 'Location' }).scrollIntoViewIfNeeded();
    await expect(map).toHaveAttribute(
      'src',
      `https://maps.google.com/maps?q=${encodeURIComponent(property.address)}&z=13&output=embed`,
    );
    await expect(map).toHaveAttribute('loading', 'lazy');
    await expect(map).toHaveAttribute('title', `Map of ${property.address}`);
    await expect(page.getByRole('heading', { name: 'Location' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Facilities' })).toBeVisible();
    for (const facility of property.facilities) {
      await expect(page.getByRole('listitem').filter({ hasText: facility }).first()).toBeVisible();
    }
    const firstLine = property.description
      .replace(/<[^>]*>/g, '')
      .split('\n')[0]!
      .trim();
    await expect(page.getByText(firstLine, { exact: false }).first()).toBeVisible();
    await noHorizontalOverflow(page);
  });

  test('the slider shows 4 photos across on landscape screens and 1 on portrait', async ({
    page,
  }) => {
    await page.goto('/');
    const data = await publishedData(page);
    const property = [...data.propertyList].sort((a, b) => b.photos.length - a.photos.length)[0]!;
    await page.goto(`/stay/${encodeURIComponent(property.id)}`);
    await hydrated(page);
    const region = page.getByRole('region', { name: 'Photos' });
    await region.hover();
    const { landscape, width, height, visible } = await region.evaluate((el) => {
      const buttons = [...el.querySelectorAll('button')];
      return {
        landscape: window.matchMedia('(orientation: landscape)').matches,
        width: el.clientWidth,
        height: buttons[0]!.getBoundingClientRect().height,
        visible: buttons.filter((b) => {
          const r = b.getBoundingClientRect();
          return r.width > 0 && r.left >= -1 && r.right <= window.innerWidth + 1;
        }).length,
      };
    });
    // Variable width: the height is what is fixed. Landscape: four 16:10 photos fill the width;
    // portrait: one 3:2 photo fills it (less the page margins).
    if (landscape) {
      expect(Math.abs((height * 1.6 * 4) / width - 1)).toBeLessThan(0.08);
      expect(visible).toBeGreaterThanOrEqual(3);
    } else {
      expect(Math.abs((height * 1.5) / width - 1)).toBeLessThan(0.12);
      expect(visible).toBeLessThanOrEqual(2);
    }
  });

  test('a slider photo opens the lightbox at its index; arrows step, Escape closes', async ({
    page,
  }) => {
    const { total, alt, current } = await gotoRichProperty(page);

    await openSliderPhoto(page, 2);
    await expect(current).toHaveAttribute('alt', alt(3));
    await imageLoaded(page, '.yarl__slide_current img');

    await page.keyboard.press('ArrowRight');
    await expect(current).toHaveAttribute('alt', alt(4 > total ? 1 : 4));
    for (const n of [3, 2, 1]) {
      await page.keyboard.press('ArrowLeft');
      await expect(current).toHaveAttribute('alt', alt(n));
    }
    // CONST-2: the lightbox loops, so left from the first photo shows the last.
    await page.keyboard.press('ArrowLeft');
    await expect(current).toHaveAttribute('alt', alt(total));

    await expect(page.getByRole('button', { name: 'Previous' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('.yarl__root')).toHaveCount(0);

    // Opens again, at the newly clicked photo.
    await openSliderPhoto(page, 0);
    await expect(current).toHaveAttribute('alt', alt(1));
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page.locator('.yarl__root')).toHaveCount(0);
  });

  test('on a touch screen the lightbox follows swipes, and a pull down or up closes it (PROP-5)', async ({
    page,
    isMobile,
  }) => {
    test.skip(!isMobile, 'touch gestures: the phone project has the touch screen');
    const { alt, current } = await gotoRichProperty(page);
    const { width, height } = page.viewportSize()!;
    // Real touch input through the DevTools protocol: the browser turns it into touch pointer events.
    const cdp = await page.context().newCDPSession(page);
    const drag = async (from: [number, number], to: [number, number]) => {
      const at = (t: number) => ({
        x: from[0] + (to[0] - from[0]) * t,
        y: from[1] + (to[1] - from[1]) * t,
      });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at(0)] });
      for (let step = 1; step <= 8; step++) {
        await page.waitForTimeout(16);
        await cdp.send('Input.dispatchTouchEvent', {
          type: 'touchMove',
          touchPoints: [at(step / 8)],
        });
      }
      // A finger that stops before lifting: a fast lift would start a fling, which the next tap
      // only stops (as on a real phone) instead of clicking.
      await page.waitForTimeout(150);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [at(1)] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    const open = async () => {
      await openSliderPhoto(page, 0, 'tap');
      await expect(current).toHaveAttribute('alt', alt(1));
      await imageLoaded(page, '.yarl__slide_current img');
    };

    await open();
    await drag([width * 0.8, height / 2], [width * 0.2, height / 2]);
    await expect(current).toHaveAttribute('alt', alt(2));
    await drag([width * 0.2, height / 2], [width * 0.8, height / 2]);
    await expect(current).toHaveAttribute('alt', alt(1));
    await drag([width / 2, height * 0.3], [width / 2, height * 0.7]);
    await expect(page.locator('.yarl__root')).toHaveCount(0);

    await open();
    await drag([width / 2, height * 0.7], [width / 2, height * 0.3]);
    await expect(page.locator('.yarl__root')).toHaveCount(0);
  });

  test('a photo that fails to load shows the error icon in the lightbox', async ({
    page,
    problems,
  }) => {
    await page.goto('/');
    const property = richProperty(await publishedData(page));
    const broken = property.photos[1]!;
    const stem = broken.name.slice(0, broken.name.indexOf('.'));
    await page.route(
      (url) =>
        url.pathname === `/imported-images/${broken.name}` ||
        url.pathname.startsWith(`/imported-images/v/${stem}-`),
      (route) => route.fulfill({ status: 404, body: '' }),
    );
    await page.goto(`/stay/${encodeURIComponent(property.id)}`);
    await hydrated(page);
    await openSliderPhoto(page, 1);
    await expect(page.locator('.yarl__slide_current .yarl__slide_error')).toBeVisible();
    await page.keyboard.press('Escape');
    // The 404s this test caused are expected.
    problems.splice(0, problems.length, ...problems.filter((p) => !p.includes('404')));
  });
});

test.describe('footer', () => {
  for (const path of ['/', '/admin', 'property']) {
    test(`columns and links on ${path}`, async ({ page }) => {
      await page.goto('/');
      const data = await publishedData(page);
      await page.goto(
        path === 'property' ? `/stay/${encodeURIComponent(data.propertyList[0]!.id)}` : path,
      );
      await hydrated(page);
      const footer = page.getByRole('contentinfo');
      for (const title of ['Category 1', 'Category 2']) {
        const column = footer.getByRole('navigation', { name: title });
        await expect(column.getByRole('heading', { name: title })).toBeVisible();
        await expect(column.getByRole('link', { name: 'Test' })).toBeVisible();
      }
      const about = footer.getByRole('navigation', { name: 'About Us' });
      const social = about.getByRole('link', { name: /Social Media/ });
      await expect(social).toHaveAttribute('href', data.site.socialUrl);
      await expect(social).toHaveAttribute('target', '_blank');
      await expect(social).toHaveAttribute('rel', /noopener/);
      await expect(about.getByRole('button', { name: 'Contact Us' })).toBeVisible();
      await expect(about.getByRole('button', { name: 'Office Address' })).toBeVisible();
      // DAY-20: every footer link and button is a tap target at least 44 px tall.
      for (const target of await footer.getByRole('navigation').locator('a, button').all()) {
        expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      }
    });
  }

  test('Contact Us and Office Address dialogs open and close (buttons, Escape, global functions)', async ({
    page,
  }) => {
    await page.goto('/');
    await hydrated(page);
    const data = await publishedData(page);
    const contact = page.getByRole('dialog', { name: 'Contact Us' });
    const office = page.getByRole('dialog', { name: 'Office Address' });
    await expect(contact).toBeHidden();

    await page.getByRole('button', { name: 'Contact Us' }).click();
    await expect(contact).toBeVisible();
    await expect(contact.getByRole('link', { name: data.site.email })).toHaveAttribute(
      'href',
      `mailto:${data.site.email}`,
    );
    await expect(contact.getByRole('link', { name: data.site.phone })).toHaveAttribute(
      'href',
      `tel:${data.site.phone.replace(/[^\d+]/g, '')}`,
    );
    await page.keyboard.press('Escape');
    await expect(contact).toBeHidden();

    await page.getByRole('button', { name: 'Office Address' }).click();
    await expect(office).toBeVisible();
    await expect(office).toContainText(data.site.officeAddress);
    await expect(office).toContainText(/third floor/i);
    await office.getByRole('button', { name: 'Close' }).click();
    await expect(office).toBeHidden();

    await page.evaluate(() => window.openDialog('contact-us'));
    await expect(contact).toBeVisible();
    await page.evaluate(() => window.closeDialog('contact-us'));
    await expect(contact).toBeHidden();
    await page.evaluate(() => window.openDialog('office-address'));
    await expect(office).toBeVisible();
    await page.evaluate(() => window.closeDialog('office-address'));
    await expect(office).toBeHidden();
  });
});

test.describe("route chunk failure (ROUTE-3): the app chunk holds every route's screen", () => {
  phoneOnly();
  /** Removes what the browser logs for the chunk a test makes fail; any other problem still fails the test. */
  function dropChunkFailureNoise(problems: string[]): void {
    problems.splice(
      0,
      problems.length,
      ...problems.filter(
        (p) => !/ERR_FAILED|hydrate-|Failed to fetch|dynamically imported/i.test(p),
      ),
    );
  }

  /** Counts loads of the top document. */
  function countLoads(page: Page): () => number {
    let loads = 0;
    page.on('load', () => (loads += 1));
    return () => loads;
  }

  test('an app chunk request that fails once: the page works, after one reload at most', async ({
    page,
    problems,
  }) => {
    // The chunk's first request is its <link rel=modulepreload>: the import fetches it again,
    // unless it joined the failing fetch, and then the page reloads.
    let failures = 0;
    await page.route(/\/assets\/hydrate-[^/]*\.js$/, (route) => {
      if (failures > 0) return route.continue();
      failures += 1;
      return route.abort();
    });
    const loads = countLoads(page);
    await page.goto('/');
    await hydrated(page);
    await expect(page.getByRole('button', { name: 'Pause slideshow' })).toBeVisible();
    expect(failures).toBe(1);
    expect([1, 2]).toContain(loads());
    dropChunkFailureNoise(problems);
  });

  test('an app chunk that fails during the first load reloads the page once, then the page works', async ({
    page,
    problems,
  }) => {
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });
    await page.route(/\/assets\/hydrate-[^/]*\.js$/, (route) =>
      navigations < 2 ? route.abort() : route.continue(),
    );
    const loads = countLoads(page);
    await page.goto('/');
    await expect.poll(loads).toBe(2);
    await hydrated(page);
    await expect(page.getByRole('button', { name: 'Pause slideshow' })).toBeVisible();
    expect(navigations).toBe(2);
    dropChunkFailureNoise(problems);
  });

  test('an app chunk that keeps failing reloads only once, never in a loop', async ({
    page,
    problems,
  }) => {
    await page.route(/\/assets\/hydrate-[^/]*\.js$/, (route) => route.abort());
    const loads = countLoads(page);
    await page.goto('/');
    await expect.poll(loads).toBe(2);
    await page.waitForTimeout(1500);
    expect(loads()).toBe(2);
    // The prerendered page stays readable.
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Chikmagalur');
    dropChunkFailureNoise(problems);
  });
});

test.describe('other pages', () => {
  phoneOnly();
  test('an unknown /stay/{id} answers 404 with a page linking home', async ({ page, problems }) => {
    const response = await page.goto('/stay/nope');
    expect(response?.status()).toBe(404);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page.getByRole('contentinfo')).toBeVisible();
    // Chromium logs the document's own 404 status; that one is the point of this test.
    problems.splice(0, problems.length, ...problems.filter((p) => !p.includes('404')));
    await page.getByRole('link', { name: 'See all stays' }).click();
    await expect(page).toHaveURL(`${BASE}/`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Chikmagalur');
  });

  test('/admin shows the title Admin Page and the footer', async ({ page }) => {
    const response = await page.goto('/admin');
    expect(response?.status()).toBe(200);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Page');
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });

  test('/adminlogin shows the title Admin Login, the two fields and Continue', async ({ page }) => {
    const response = await page.goto('/adminlogin');
    expect(response?.status()).toBe(200);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Login');
    await expect(page.getByLabel('Username')).toBeVisible();
    await expect(page.getByLabel('Password')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
    await noHorizontalOverflow(page);
  });
});
