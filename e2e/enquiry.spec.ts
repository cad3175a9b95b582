/**
 * The 'Check Availability' enquiry dialog in real Chromium (ENQ-1, ENQ-2): it opens from the property
 * page's button with the property's name, enforces the date and guest rules with a message next to
 * each field, and offers the exact wa.me, mailto: and tel: links carrying the whole enquiry.
 *
 * The browser's clock is fixed at Tue 10 Mar 2026, 09:30 in India, so "today" and every date in
 * the links are known.
 */
import { expect, test, type Page } from '@playwright/test';
import type { SiteInfo } from '../src/shared/site-data.js';
import { BASE, stayOffline, hydrated } from './helpers.js';

test.use({ baseURL: BASE, timezoneId: 'Asia/Kolkata', locale: 'en-IN' });

async function openFirstProperty(
  page: Page,
): Promise<{ path: string; name: string; site: SiteInfo }> {
  await page.goto('/');
  const path = await page.locator('main a[href^="/stay/"]').first().getAttribute('href');
  expect(path).toBeTruthy();
  await page.goto(path!);
  await hydrated(page);
  const name = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
  const site = await page.evaluate(
    () => (window as unknown as { __STAYS_DATA__: { site: SiteInfo } }).__STAYS_DATA__.site,
  );
  return { path: path!, name, site };
}

test.beforeEach(async ({ page }) => {
  await stayOffline(page);
  await page.clock.setFixedTime(new Date('2026-03-10T09:30:00+05:30'));
});

test('opens from Check Availability with the property name; focus moves in and returns on Escape', async ({
  page,
}) => {
  const { name } = await openFirstProperty(page);
  const button = page.getByRole('button', { name: 'Check Availability' });
  await button.click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(page.getByLabel('Check-in')).toBeFocused();
  await expect(page.getByLabel('Check-in')).toHaveAttribute('min', '2026-03-10');
  await expect(page.getByLabel('Guests')).toHaveValue('2');
  await expect(dialog.getByRole('link')).toHaveCount(0);
  await expect(dialog.getByText('Choose valid dates and the number of guests')).toBeVisible();

  // Tabbing never reaches the page behind the modal dialog (Chromium may step out to its own
  // controls after the last one: then no element of the page has focus).
  for (let i = 0; i < 16; i++) {
    await page.keyboard.press('Tab');
    const where = await page.evaluate(() => {
      const active = document.activeElement;
      if (!active || active === document.body) return 'browser';
      return active.closest('dialog[open]') ? 'dialog' : active.outerHTML.slice(0, 80);
    });
    expect(['dialog', 'browser'], `Tab ${i + 1} went to ${where}`).toContain(where);
  }

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();

  await button.press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});

test('shows a clear message next to each invalid field and no way to send until it is valid', async ({
  page,
}) => {
  await openFirstProperty(page);
  await page.getByRole('button', { name: 'Check Availability' }).click();
  const dialog = page.getByRole('dialog');
  const checkIn = page.getByLabel('Check-in');
  const checkOut = page.getByLabel('Check-out');
  const guests = page.getByLabel('Guests');

  async function expectError(field: typeof checkIn, message: string): Promise<void> {
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    const describedBy = await field.getAttribute('aria-describedby');
    expect(describedBy).toBeTruthy();
    await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(message);
    await expect(page.locator(`[id="${describedBy}"]`)).toBeVisible();
    await expect(dialog.getByRole('link')).toHaveCount(0);
  }

  await checkIn.fill('2026-03-09');
  await expectError(checkIn, 'Check-in cannot be in the past: choose Tue 10 Mar 2026 or later.');

  await checkIn.fill('2026-03-12');
  await expect(checkIn).not.toHaveAttribute('aria-invalid', 'true');
  await expect(checkIn).not.toHaveAttribute('aria-describedby', /.+/);
  await expect(checkOut).toHaveAttribute('min', '2026-03-13');

  await checkOut.focus();
  await guests.focus();
  await expectError(checkOut, 'Choose a check-out date.');

  await checkOut.fill('2026-03-12');
  await expectError(checkOut, 'Check-out must be after check-in: choose a later date.');
  await checkOut.fill('2026-03-11');
  await expectError(checkOut, 'Check-out must be after check-in: choose a later date.');

  await checkOut.fill('2026-03-13');
  await expect(checkOut).not.toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByRole('link')).toHaveCount(3);

  for (const bad of ['0', '21']) {
    await guests.fill(bad);
    await expectError(guests, 'Enter a number of guests from 1 to 20.');
  }
  await guests.fill('20');
  await expect(dialog.getByRole('link')).toHaveCount(3);

  // Today is allowed; a check-in moved after the check-out makes the check-out wrong.
  await checkIn.fill('2026-03-10');
  await expect(checkIn).not.toHaveAttribute('aria-invalid', 'true');
  await checkIn.fill('2026-03-20');
  await expectError(checkOut, 'Check-out must be after check-in: choose a later date.');
});

test('sends the whole enquiry through the exact wa.me, mailto: and tel: links', async ({
  page,
}) => {
  const { path, name, site } = await openFirstProperty(page);
  await page.getByRole('button', { name: 'Check Availability' }).click();
  const dialog = page.getByRole('dialog', { name });
  await page.getByLabel('Check-in').fill('2026-03-12');
  await page.getByLabel('Check-out').fill('2026-03-15');
  await page.getByLabel('Guests').fill('3');
  await page.getByLabel('Message (optional)').fill('Arriving by bus & late, about 10 pm?');

  const pageUrl = `${site.siteUrl.replace(/\/+$/, '')}${path}`;
  const text = [
    `Hello, is ${name} available for these dates?`,
    'Check-in: Thu 12 Mar 2026',
    'Check-out: Sun 15 Mar 2026 (3 nights)',
    'Guests: 3',
    'Message: Arriving by bus & late, about 10 pm?',
    pageUrl,
  ].join('\n');
  const subject = `Availability: ${name}, Thu 12 Mar 2026 to Sun 15 Mar 2026`;
  const digits = site.phone.replace(/\D/g, '');

  const whatsapp = dialog.getByRole('link', { name: 'Send on WhatsApp (opens in a new tab)' });
  await expect(whatsapp).toHaveAttribute(
    'href',
    `https://wa.me/${digits}?text=${encodeURIComponent(text)}`,
  );
  await expect(whatsapp).toHaveAttribute('target', '_blank');
  await expect(whatsapp).toHaveAttribute('rel', 'noopener noreferrer');

  await expect(dialog.getByRole('link', { name: 'Send by e-mail' })).toHaveAttribute(
    'href',
    `mailto:${site.email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(text.replace(/\n/g, '\r\n'))}`,
  );
  await expect(dialog.getByRole('link', { name: `Call ${site.phone}` })).toHaveAttribute(
    'href',
    `tel:+${digits}`,
  );

  // With the demo configuration the links are these literally.
  if (site.phone === '+91 94480 12345') {
    await expect(whatsapp).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\/919448012345\?text=Hello%2C%20is%20.+%0ACheck-in%3A%20Thu%2012%20Mar%202026%0ACheck-out%3A%20Sun%2015%20Mar%202026%20\(3%20nights\)%0AGuests%3A%203%0AMessage%3A%20Arriving%20by%20bus%20%26%20late%2C%20about%2010%20pm%3F%0Ahttp/,
    );
    await expect(dialog.getByRole('link', { name: /^Call / })).toHaveAttribute(
      'href',
      'tel:+919448012345',
    );
  }

  // What was typed survives closing and reopening.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Check Availability' }).click();
  await expect(page.getByLabel('Guests')).toHaveValue('3');
  await expect(dialog.getByRole('link')).toHaveCount(3);
});
