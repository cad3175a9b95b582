/**
 * Full-page screenshots of the home page and a property page, per project, for a person to open and
 * look at, saved as test-results/screenshots/{project}-{page}.png.
 * Every image, lazy ones included, is loaded first, so the pictures show the real page.
 */
import { expect, test, type Page } from '@playwright/test';
import { BASE, hydrated, publishedData, stayOffline } from './helpers.js';

test.use({ baseURL: BASE, reducedMotion: 'reduce' });

/**
 * Loads every image, lazy ones included, so the picture shows the whole page as a visitor sees it
 * scrolled. After hydration: home cards past the first six get their photos then (PERF-7,
 * decision 029), once near the screen (PERF-25), so each poll scrolls to the page's end, makes the
 * images present by then eager and waits until no card's photo box is empty; then back to the top.
 */
async function loadEverything(page: Page): Promise<void> {
  await hydrated(page);
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          window.scrollTo(0, document.documentElement.scrollHeight);
          for (const img of document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]'))
            img.loading = 'eager';
          const emptyCard = [...document.querySelectorAll('main section li > a')].some(
            (card) => !card.querySelector('img'),
          );
          return (
            !emptyCard && [...document.images].every((img) => img.complete && img.naturalWidth > 0)
          );
        }),
      {
        timeout: 30_000,
      },
    )
    .toBe(true);
  // Decoded too (decoding="async" paints an image only once it is decoded).
  await page.evaluate(() =>
    Promise.all([...document.images].map((img) => img.decode().catch(() => undefined))),
  );
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * A full-page picture. On a portrait phone Chromium's full-page capture stretches the viewport
 * behind the page's back, so the carousels are caught mid-measure; instead the viewport itself is
 * made as tall as the page (still portrait) and the page settles before the shot.
 */
async function fullPageShot(page: Page, path: string): Promise<void> {
  const viewport = page.viewportSize()!;
  if (viewport.height <= viewport.width) {
    await page.screenshot({ path, fullPage: true });
    return;
  }
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height });
  await page.waitForTimeout(500);
  await page.screenshot({ path });
  await page.setViewportSize(viewport);
}

test('home and property page screenshots', async ({ page }, testInfo) => {
  await stayOffline(page);
  const dir = 'test-results/screenshots';
  await page.goto('/');
  await loadEverything(page);
  await fullPageShot(page, `${dir}/${testInfo.project.name}-home.png`);

  const data = await publishedData(page);
  const property = data.propertyList.find((p) => p.photos.length >= 4) ?? data.propertyList[0]!;
  await page.goto(`/stay/${encodeURIComponent(property.id)}`);
  await loadEverything(page);
  await fullPageShot(page, `${dir}/${testInfo.project.name}-property.png`);
});
