/**
 * BOOK-7 in real Chromium, on desktop and on the phone: a guest's request (made through the API,
 * as the enquiry dialog's Request to Book does) opens its booking page with no script; the guest
 * withdraws one request with the page's plain form; the owner accepts another and the page shows
 * the advance with its UPI link and QR code. axe finds no violation. Screenshots:
 * test-results/screenshots/{project}-booking-{requested|accepted|withdrawn}.png.
 */
import { expectNoViolations } from './axe.js';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { addDays, today } from '../src/shared/calendar-dates.js';
import type { BookingCreated } from '../src/shared/bookings.js';
import { E2E_ADMIN } from './global-setup.js';
import { BASE, stayOffline } from './helpers.js';

test.use({ baseURL: BASE, reducedMotion: 'reduce' });
test.describe.configure({ timeout: 120_000 });

/** A demo property with a nightly rate and a minimum stay of 2 nights. */
const PROPERTY = 'mullayanagiri-foothills-retreat';

/** A guest's request for `nights` from `from` days ahead; each project asks for its own dates. */
async function request(api: APIRequestContext, from: number): Promise<BookingCreated> {
  const res = await api.post('/api/bookings', {
    headers: { origin: BASE },
    data: {
      propertyId: PROPERTY,
      checkIn: addDays(today(), from),
      checkOut: addDays(today(), from + 3),
      guests: 2,
      name: 'Playwright Guest',
      phone: '+91 98450 55555',
      message: 'Arriving by bus.',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as BookingCreated;
}

test.beforeEach(async ({ page }) => {
  await stayOffline(page);
});

test('a guest withdraws a request; the owner accepts another and the page shows the UPI advance', async ({
  page,
  request: api,
}, info) => {
  const shot = (name: string) =>
    page.screenshot({
      path: `test-results/screenshots/${info.project.name}-booking-${name}.png`,
      fullPage: true,
    });
  const offset = info.project.name === 'phone' ? 200 : 220;

  const withdrawn = await request(api, offset);
  await page.goto(new URL(withdrawn.url).pathname);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Requested', { exact: true })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await expectNoViolations(page, 'requested booking page');
  await shot('requested');
  await page.getByRole('button', { name: 'Withdraw my request' }).click();
  await expect(page.getByText('Withdrawn', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Withdraw my request' })).toHaveCount(0);
  await shot('withdrawn');

  const accepted = await request(api, offset + 5);
  const login = await api.post('/api/login', {
    headers: { origin: BASE },
    data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password },
  });
  expect(login.status()).toBe(200);
  const accept = await api.post(`/api/bookings/${accepted.id}/accept`, {
    headers: { origin: BASE },
    data: {},
  });
  expect(accept.status(), await accept.text()).toBe(200);

  await page.goto(new URL(accepted.url).pathname);
  await expect(page.getByText('Accepted – advance due')).toBeVisible();
  const pay = page.getByRole('link', { name: /^Pay ₹[\d,]+ by UPI$/ });
  await expect(pay).toBeVisible();
  await expect(pay).toHaveAttribute(
    'href',
    /^upi:\/\/pay\?pa=stays%40okhdfcbank&pn=.+&am=\d+\.00&cu=INR&tn=STY-/,
  );
  const qr = page.getByRole('img', { name: /^UPI QR code for/ });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expectNoViolations(page, 'accepted booking page');
  await shot('accepted');
  // The nights are closed for the next guest.
  const availability = await api.get(`/api/availability/${PROPERTY}`);
  expect(JSON.stringify(await availability.json())).toContain(addDays(today(), offset + 5));
});
