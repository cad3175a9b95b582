/**
 * PERF-9 (decision 031) in real Chromium against the shared server: a visitor's pages carry their
 * CSS inline and fetch no stylesheet, with the lightbox and the enquiry dialog open too; the
 * owner's page fetches the admin chunk's CSS file, once, and the Admin Tools bar already has its
 * styles at the moment it first appears (no flash of unstyled owner's tools). It logs in but saves
 * nothing, so it runs beside the owner specs that save (owner-lock.ts).
 */
import { expect, test } from '@playwright/test';
import { BASE, hydrated, openSliderPhoto, stayOffline } from './helpers.js';
import { ownerState } from './owner-helpers.js';

const cssPath = (url: string) => {
  const { pathname } = new URL(url);
  return pathname.endsWith('.css') ? pathname : undefined;
};

test('a visitor fetches no stylesheet; the owner fetches the admin CSS before the tools show', async ({
  browser,
}) => {
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await stayOffline(page);
  const fetched: string[] = [];
  page.on('request', (r) => {
    const css = cssPath(r.url());
    if (css) fetched.push(css);
  });
  await page.goto(`${BASE}/`);
  const stay = await page.locator('a[href^="/stay/"]').first().getAttribute('href');
  await page.goto(`${BASE}${stay}`);
  await hydrated(page);
  await openSliderPhoto(page, 0);
  await expect(page.locator('.yarl__slide_current img')).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Check Availability' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(fetched).toEqual([]);
  await visitor.close();

  const owner = await browser.newContext({ storageState: await ownerState(browser, BASE) });
  // The bar's background when React first puts it in the page, before anything else can run.
  await owner.addInitScript(() => {
    new MutationObserver((_records, observer) => {
      const bar = document.querySelector('[data-admin-bar]');
      if (!bar) return;
      observer.disconnect();
      document.documentElement.dataset.barAtFirst = getComputedStyle(bar).backgroundColor;
    }).observe(document, { childList: true, subtree: true });
  });
  const ownerPage = await owner.newPage();
  const ownerFetched: string[] = [];
  ownerPage.on('request', (r) => {
    const css = cssPath(r.url());
    if (css) ownerFetched.push(css);
  });
  await ownerPage.goto(`${BASE}${stay}`);
  const bar = ownerPage.getByRole('region', { name: 'Admin Tools' });
  await expect(bar).toBeVisible();
  const styled = await bar.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(styled).not.toBe('rgba(0, 0, 0, 0)');
  await expect(ownerPage.locator('html')).toHaveAttribute('data-bar-at-first', styled);
  expect(ownerFetched).toHaveLength(1);
  expect(ownerFetched[0]).toMatch(/^\/assets\/admin-root-[\w-]+\.css$/);
  await owner.close();
});
