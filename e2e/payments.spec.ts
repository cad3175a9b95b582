/**
 * PAY-2, PAY-5, PAY-9 in real Chromium, desktop and phone: a server of its own (spawnServer) with
 * RAZORPAY_* pointing at the Razorpay stand-in on loopback (test/razorpay-stand-in.ts). A guest
 * requests a stay; the owner accepts it in the inbox, whose card then says the payment link is
 * sent; the guest's page offers "Pay the advance"; a webhook signed here arrives and the open page
 * says Confirmed by itself (its script watches /status); the card says the advance is paid. And on
 * the shared test server (UPI_ID only, no Razorpay): the page offers the UPI link, QR code and the
 * UPI id, which Copy puts on the clipboard. axe finds no violation. Screenshots to open:
 * test-results/screenshots/{project}-payments-*.png.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { addDays, today } from '../src/shared/calendar-dates.js';
import type { BookingCreated } from '../src/shared/bookings.js';
import { spawnServer, type SpawnedServer } from '../scripts/spawn-server.js';
import {
  RAZORPAY_TEST_ENV,
  paidEvent,
  signed,
  startRazorpayStandIn,
  type RazorpayStandIn,
} from '../test/razorpay-stand-in.js';
import { expectNoViolations } from './axe.js';
import { E2E_ADMIN } from './global-setup.js';
import { BASE, hydrated } from './helpers.js';
import { openWith, ownerState, press } from './owner-helpers.js';

test.describe.configure({ timeout: 120_000 });
test.use({ reducedMotion: 'reduce', timezoneId: 'Asia/Kolkata' });

/** A demo property with a nightly rate. */
const PROPERTY = 'mullayanagiri-foothills-retreat';
const SHOTS = 'test-results/screenshots';

let server: SpawnedServer | undefined;
let rzp: RazorpayStandIn | undefined;

test.beforeAll(async ({ browserName: _browser }, info) => {
  // The server seeds and publishes the demo site before it answers.
  info.setTimeout(300_000);
  rzp = await startRazorpayStandIn();
  server = await spawnServer({
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    BOOKING_REQUESTS_PER_HOUR: '1000',
    CALENDAR_SYNC_MINUTES: '0',
    UPI_ID: 'stays@okhdfcbank',
    ...RAZORPAY_TEST_ENV,
    RAZORPAY_API_BASE: rzp.base,
  });
});

test.afterAll(async () => {
  await server?.stop();
  await rzp?.close();
});

/** Every request off `base` gets a small page: the test stays on loopback. */
async function fence(page: Page, base: string): Promise<void> {
  await page.route(
    (url) => !url.href.startsWith(base),
    (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>x</title>' }),
  );
}

/** A guest's request through the API (as the enquiry dialog sends it). */
async function requestStay(
  page: Page,
  base: string,
  from: number,
  name: string,
): Promise<BookingCreated> {
  const res = await page.request.post(`${base}/api/bookings`, {
    headers: { origin: base },
    data: {
      propertyId: PROPERTY,
      checkIn: addDays(today(), from),
      checkOut: addDays(today(), from + 3),
      guests: 2,
      name,
      phone: '+91 98450 55555',
      email: 'guest@example.com',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as BookingCreated;
}

async function ownerPage(browser: Browser, base: string) {
  const context = await browser.newContext({
    baseURL: base,
    storageState: await ownerState(browser, base),
    timezoneId: 'Asia/Kolkata',
  });
  const page = await context.newPage();
  await fence(page, base);
  return { context, page };
}

test('with Razorpay: the owner accepts, the guest page offers Pay the advance, a signed webhook confirms it', async ({
  page,
  browser,
}, info) => {
  const base = server!.url;
  const project = info.project.name;
  await fence(page, base);
  const name = `Razorpay Guest ${project}`;
  const created = await requestStay(page, base, project === 'phone' ? 60 : 80, name);
  const guestPath = new URL(created.url).pathname;

  const owner = await ownerPage(browser, base);
  try {
    const p = owner.page;
    await p.goto('/');
    await hydrated(p);
    const control = p
      .getByRole('region', { name: 'Admin Tools' })
      .getByRole('button', { name: /^Bookings \d+ open$/ });
    const dialog = p.getByRole('dialog', { name: 'Bookings' });
    await openWith(control, dialog);
    const card = dialog.getByRole('listitem').filter({ has: p.getByRole('heading', { name }) });
    await press(card.getByRole('button', { name: /^Accept / }));
    await expect(card.getByText('Accepted – advance due')).toBeVisible();
    // The link is made after the accept; the card says so once the inbox loads again.
    await expect.poll(() => rzp!.links.length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(rzp!.problems).toEqual([]);
    // An accepted booking is listed under Upcoming, no longer under Open.
    await dialog.getByRole('radio', { name: /^Upcoming/ }).check({ force: true });
    await expect(async () => {
      await press(dialog.getByRole('button', { name: 'Refresh' }));
      await expect(card.getByText('Payment link sent to the guest; not paid yet.')).toBeVisible({
        timeout: 1000,
      });
    }).toPass({ timeout: 20_000 });
    await expect(card.getByRole('link', { name: /^Open the payment link/ })).toHaveAttribute(
      'href',
      /^https:\/\/rzp\.io\//,
    );
    await expectNoViolations(p, 'inbox with a payment link', 'dialog');
    await card.screenshot({ path: `${SHOTS}/${project}-payments-inbox-link.png` });

    await page.goto(`${base}${guestPath}`);
    await expect(page.getByText('Accepted – advance due')).toBeVisible();
    const pay = page.getByRole('link', { name: /^Pay the advance of ₹[\d,]+$/ });
    await expect(pay).toHaveAttribute('href', `${guestPath}/pay`);
    await expect(page.getByRole('heading', { name: 'Or pay by UPI' })).toBeVisible();
    await expectNoViolations(page, 'booking page with Razorpay');
    await page.screenshot({
      path: `${SHOTS}/${project}-payments-page-razorpay.png`,
      fullPage: true,
    });

    const reference = (await page.locator('.bk-ref').textContent())!.replace(/^.* /, '');
    const link = rzp!.links.find((l) => l.reference_id.startsWith(`${reference}-`))!;
    expect(rzp!.problems).toEqual([]);
    const { payload, signature } = signed(paidEvent(link, rzp!.pay(link)));
    const hook = await page.request.post(`${base}/api/payments/razorpay/webhook`, {
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature },
      data: payload,
    });
    expect(hook.status(), await hook.text()).toBe(200);
    // The open page follows by itself (PAY-9): no reload by the test.
    await expect(page.locator('.bk-status')).toHaveText('Confirmed', { timeout: 15_000 });
    await expect(pay).toHaveCount(0);
    await expectNoViolations(page, 'confirmed booking page');
    await page.screenshot({
      path: `${SHOTS}/${project}-payments-page-confirmed.png`,
      fullPage: true,
    });

    await press(dialog.getByRole('button', { name: 'Refresh' }));
    await expect(card.getByText(/^Advance paid: ₹[\d,]+ by UPI, /)).toBeVisible();
    await expect(card.getByText('Confirmed', { exact: true })).toBeVisible();
    await card.screenshot({ path: `${SHOTS}/${project}-payments-inbox-paid.png` });
  } finally {
    await owner.context.close();
  }
});

test('without Razorpay: the UPI link, its QR code and the UPI id with Copy', async ({
  page,
  context,
}, info) => {
  const project = info.project.name;
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE });
  await fence(page, BASE);
  const created = await requestStay(page, BASE, project === 'phone' ? 260 : 280, 'UPI Guest');
  const login = await page.request.post(`${BASE}/api/login`, {
    headers: { origin: BASE },
    data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password },
  });
  expect(login.status()).toBe(200);
  const accept = await page.request.post(`${BASE}/api/bookings/${created.id}/accept`, {
    headers: { origin: BASE },
    data: {},
  });
  expect(accept.status(), await accept.text()).toBe(200);

  await page.goto(`${BASE}${new URL(created.url).pathname}`);
  await expect(page.getByRole('link', { name: /^Pay the advance/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Pay ₹[\d,]+ by UPI$/ })).toHaveAttribute(
    'href',
    /^upi:\/\/pay\?pa=stays%40okhdfcbank&pn=.+&tr=STY-\w{4}&am=\d+\.00&cu=INR&tn=STY-/,
  );
  await expect(page.getByText('stays@okhdfcbank', { exact: true })).toBeVisible();
  await expect(
    page.getByText(/To pay from another phone, open its UPI app, choose Scan/),
  ).toBeVisible();
  const copy = page.getByRole('button', { name: 'Copy the UPI id' });
  await press(copy);
  await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('stays@okhdfcbank');
  await expectNoViolations(page, 'booking page with UPI only');
  await page.screenshot({ path: `${SHOTS}/${project}-payments-page-upi.png`, fullPage: true });
});
