/**
 * PRIV-2, PRIV-3, PRIV-8 in real Chromium, phone and desktop: the privacy page in English and
 * Kannada (each naming the other, axe 0, no script, no cookie), and the collection notice above
 * the enquiry dialog's Send request with its link to /privacy (axe 0 in the dialog).
 * Screenshots: test-results/screenshots/{project}-privacy-{en|kn}.png, -privacy-enquiry.png.
 */
import { expect, test } from '@playwright/test';
import { addDays, today } from '../src/shared/calendar-dates.js';
import { expectNoViolations } from './axe.js';
import { BASE, hydrated, stayOffline } from './helpers.js';

test.use({ baseURL: BASE, timezoneId: 'Asia/Kolkata', locale: 'en-US' });

const shot = (name: string) =>
  `test-results/screenshots/${test.info().project.name}-privacy-${name}.png`;

test.beforeEach(async ({ page }) => {
  await stayOffline(page);
});

for (const [lang, url, heading, other] of [
  ['en', '/privacy', 'Privacy: how we handle your data', 'ಕನ್ನಡದಲ್ಲಿ ಓದಿ'],
  ['kn', '/kn/privacy', 'ಗೌಪ್ಯತೆ: ನಿಮ್ಮ ಮಾಹಿತಿಯನ್ನು ನಾವು ಹೇಗೆ ನಿರ್ವಹಿಸುತ್ತೇವೆ', 'Read in English'],
] as const) {
  test(`the privacy page in ${lang}: the other language, the table, the form; axe 0, no script, no cookie`, async ({
    page,
    context,
  }) => {
    const res = await page.goto(url);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', lang === 'en' ? 'en-IN' : 'kn');
    await expect(page.locator('link[rel="alternate"][hreflang="kn"]')).toHaveCount(1);
    await expect(page.getByRole('link', { name: other })).toBeVisible();
    await expect(page.locator('section.class')).toHaveCount(11);
    await expect(
      page.locator('form[action="/api/privacy/requests"] button[type="submit"]'),
    ).toBeVisible();
    expect(await page.locator('script').count()).toBe(0);
    expect(await context.cookies()).toEqual([]);
    await expectNoViolations(page, url);
    await page.screenshot({ path: shot(lang), fullPage: true });
  });
}

test('the footer links the privacy page', async ({ page }) => {
  await page.goto('/');
  await page.locator('footer').getByRole('link', { name: 'Privacy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
});

test('the enquiry dialog says what it collects and why above Request to book, with the link', async ({
  page,
}) => {
  await page.clock.setFixedTime(Date.now());
  await page.goto('/stay/mullayanagiri-foothills-retreat');
  await hydrated(page);
  await page.getByRole('button', { name: 'Check Availability' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Check-in').fill(addDays(today(), 40));
  await dialog.getByLabel('Check-out').fill(addDays(today(), 43));
  await dialog.getByLabel('Guests').fill('2');
  const form = dialog.getByRole('region', { name: 'Request to book' });
  const notice = form.getByText('only to answer this request and look after your stay');
  await expect(notice).toBeVisible();
  await expect(form.getByRole('link', { name: 'How we handle your data' })).toHaveAttribute(
    'href',
    '/privacy',
  );
  // Above the button: the notice ends before the button starts.
  const n = (await notice.boundingBox())!;
  const b = (await form.getByRole('button', { name: 'Request to book' }).boundingBox())!;
  expect(n.y + n.height).toBeLessThanOrEqual(b.y);
  await form.getByRole('button', { name: 'Request to book' }).scrollIntoViewIfNeeded();
  await expectNoViolations(page, 'the enquiry dialog', 'dialog');
  await page.screenshot({ path: shot('enquiry') });
});
