/**
 * Full-page screenshots of the home page and a property page, per project (issue 2: "screenshots
 * ... that you opened and looked at"), saved as test-results/screenshots/{project}-{page}.png.
 * Every lazy image is scrolled into view and loaded first, so the pictures show the real page.
 */
import { expect, test, type Page } from '@playwright/test';
import type { PageData } from '../src/shared/site-data.js';

const BASE = process.env.E2E_BASE_URL ?? '';
test.use({ baseURL: BASE, reducedMotion: 'reduce' });

async function stayOffline(page: Page): Promise<void> {
  await page.route(
    (url) => !url.href.startsWith(BASE),
    (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Map</title>' }),
  );
}

async function loadEverything(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 100));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
  // Eager images loaded; lazy ones either loaded or never needed (e.g. slides clipped off-screen).
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.images].every((img) => (img.complete ? img.naturalWidth > 0 : img.loading === 'lazy')),
      ),
    )
    .toBe(true);
}

test('home and property page screenshots', async ({ page }, testInfo) => {
  await stayOffline(page);
  const dir = 'test-results/screenshots';
  await page.goto('/');
  await loadEverything(page);
  await page.screenshot({ path: `${dir}/${testInfo.project.name}-home.png`, fullPage: true });

  const data = await page.evaluate(() => (window as unknown as { __STAYS_DATA__: PageData }).__STAYS_DATA__);
  const property = data.propertyList.find((p) => p.photos.length >= 4) ?? data.propertyList[0]!;
  await page.goto(`/stay/${encodeURIComponent(property.id)}`);
  await loadEverything(page);
  await page.screenshot({ path: `${dir}/${testInfo.project.name}-property.png`, fullPage: true });
});
