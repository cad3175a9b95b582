/**
 * SAF-2 in real Chromium, on desktop and on the phone: the owner opens the preview of the first
 * revision (the demo seed), sees the banner, follows a property card and stays inside the preview;
 * axe finds no violation (MOB-2); a visitor without a session is refused. Nothing is changed.
 * Screenshots: test-results/screenshots/{project}-preview-{home|property}.png.
 */
import { expectNoViolations } from './axe.js';
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from './global-setup.js';
import { BASE, stayOffline, pastToday } from './helpers.js';

test.use({ baseURL: BASE, reducedMotion: 'reduce' });
test.describe.configure({ timeout: 120_000 });

async function logIn(page: Page): Promise<void> {
  await page.goto('/adminlogin');
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await pastToday(page);
}

test.beforeEach(async ({ page }) => {
  await stayOffline(page);
});

test('the owner previews revision 1 and stays inside the preview', async ({ page }, info) => {
  await logIn(page);
  await page.goto('/admin/preview/1/');
  const banner = page.getByRole('complementary', { name: 'Preview' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Preview of revision 1');
  await expect(banner).toContainText('not published');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await expectNoViolations(page, 'preview home');
  await page.screenshot({
    path: `test-results/screenshots/${info.project.name}-preview-home.png`,
    fullPage: true,
  });

  const card = page.locator('main a[href^="/admin/preview/1/stay/"]').first();
  const href = await card.getAttribute('href');
  await card.click();
  await page.waitForURL(`${BASE}${href}`);
  await expect(page.getByRole('complementary', { name: 'Preview' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoViolations(page, 'preview property page');
  await page.screenshot({
    path: `test-results/screenshots/${info.project.name}-preview-property.png`,
    fullPage: true,
  });

  await page.getByRole('link', { name: 'Back to the live site' }).click();
  await expect(page.getByRole('complementary', { name: 'Preview' })).toHaveCount(0);
});

test('a visitor without a session is refused', async ({ page }) => {
  const res = await page.goto('/admin/preview/1/');
  expect(res?.status()).toBe(401);
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/adminlogin');
});
