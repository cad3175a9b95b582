/**
 * Availability in real Chromium (AVL-1, AVL-10, AVL-11), on desktop and phone:
 * - the guest's calendar (the home page's second property, ₹4,500 a night in the demo catalogue)
 *   refuses a taken night, allows a stay that ends on a taken check-in day, and shows the price
 *   (each free night's under its date, the stay's in the Price section) that the WhatsApp link
 *   carries; without availability it still works (AVL-12);
 * - the owner adds a feed (a loopback server serving an Airbnb-style .ics), syncs it, sees its
 *   status, and copies the export URL.
 *
 * They need the server's calendar routes (GET/PUT /api/calendar, sync, secret; GET
 * /api/availability) and CALENDAR_ALLOW_PRIVATE=true on the test server (global-setup.ts), as the
 * feed is on loopback.
 */
import { expectNoViolations } from './axe.js';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { addDays, formatDay, today } from '../src/shared/calendar-dates.js';
import { formatInstant, MINUTE_MS } from '../src/shared/instants.js';
import type { PageData } from '../src/shared/site-data.js';
import { E2E_ADMIN } from './global-setup.js';
import { BASE, hydrated, publishedData, stayOffline } from './helpers.js';

test.use({ baseURL: BASE, timezoneId: 'Asia/Kolkata', locale: 'en-IN' });

const RATE = 4500;
/** Today in India, where the server maps bookings to dates (AVL-6). */
const day = (n: number) => addDays(today(), n);

/** Logs the request context in as the owner (its cookies then go with every call). */
async function login(request: APIRequestContext): Promise<void> {
  const res = await request.post('/api/login', {
    data: E2E_ADMIN,
    headers: { origin: BASE },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/**
 * The published data and the ids of the properties shown on the home page, in order, each once:
 * [1] gets the guest's booking, [2] and [3] the owner's feeds (desktop, phone); other specs use the
 * first and the last.
 */
async function published(page: Page): Promise<{ data: PageData; shown: string[] }> {
  await page.goto('/');
  const data = await publishedData(page);
  return { data, shown: [...new Set(data.homeSections.flatMap((s) => s.properties))] };
}

test.describe('guest', () => {
  let propertyId = '';

  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext({ baseURL: BASE });
    const page = await context.newPage();
    await stayOffline(page);
    const { data, shown } = await published(page);
    propertyId = shown[1]!;
    // The demo catalogue gives this property its nightly rate (AVL-2); a catalogue write here
    // would race admin.spec.ts's edits.
    expect(data.propertyList.find((p) => p.id === propertyId)?.nightlyRate).toBe(RATE);
    await login(context.request);
    // Another guest sleeps the nights day(3) and day(4), checking out on day(5).
    const put = await context.request.put(`/api/calendar/${propertyId}`, {
      data: { feeds: [], blocks: [{ start: day(3), end: day(5), note: 'Booked by phone' }] },
      headers: { origin: BASE },
    });
    expect(put.ok(), await put.text()).toBe(true);
    await context.close();
  });

  async function openDialog(page: Page) {
    await stayOffline(page);
    await page.goto(`/stay/${propertyId}`);
    await hydrated(page);
    await expect(page.locator('header').getByText(`from ₹4,500 / night`)).toBeVisible({
      timeout: 30_000,
    });
    await page.getByRole('button', { name: 'Check Availability' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Free nights can be chosen below.')).toBeVisible();
    return dialog;
  }
  // A night near a month's end is also in the next month's grid as a hidden outside day.
  const cell = (page: Page, date: string) =>
    page.locator(`dialog td[data-day="${date}"]:not([data-outside])`);

  test('a booked night cannot be chosen; a stay ending on the booked check-in day can', async ({
    page,
  }) => {
    const dialog = await openDialog(page);
    await expect(cell(page, day(3))).toHaveAttribute('data-disabled', 'true');
    await expect(cell(page, day(3)).getByRole('button')).toBeDisabled();
    await cell(page, day(1)).getByRole('button').click();
    await expect(dialog.getByLabel('Check-in')).toHaveValue(formatDay(day(1)));
    // Choosing a check-out: the other guest's check-in day is free, the night after is not.
    await expect(cell(page, day(4)).getByRole('button')).toBeDisabled();
    await cell(page, day(3)).getByRole('button').click();
    await expect(dialog.getByLabel('Check-out')).toHaveValue(formatDay(day(3)));
    await expect(dialog.getByRole('link', { name: /WhatsApp/ })).toBeVisible();

    // Typed dates over the taken nights: said, and no way to send.
    await dialog.getByLabel('Check-out').fill(day(6));
    await expect(dialog.getByText('Not available for these dates')).toBeVisible();
    await expect(dialog.getByRole('link')).toHaveCount(0);
    // A stay starting on the other guest's check-out day is fine.
    await dialog.getByLabel('Check-in').fill(day(5));
    await dialog.getByLabel('Check-out').fill(day(7));
    await expect(dialog.getByText('Not available for these dates')).toHaveCount(0);
    await expect(cell(page, day(5))).toHaveAttribute('aria-selected', 'true');
  });

  test('the price is shown and carried by the WhatsApp text (ENQ-3, ENQ-4)', async ({ page }) => {
    const dialog = await openDialog(page);
    // The calendar shows each free night's price under its date; a taken night shows none. Asked
    // before dates are typed: the grid then moves to the check-in's month, which near a month's
    // end no longer shows day(3).
    await expect(cell(page, day(5)).getByRole('button')).toContainText('₹4,500');
    await expect(cell(page, day(3)).getByRole('button')).not.toContainText('₹');
    await dialog.getByLabel('Check-in').fill(day(5));
    await dialog.getByLabel('Check-out').fill(day(8));
    const price = dialog.getByRole('region', { name: 'Price' });
    await expect(price.locator('dl > div')).toHaveText([
      '3 nights × ₹4,500₹13,500',
      'Total₹13,500',
    ]);
    const href = await dialog.getByRole('link', { name: /WhatsApp/ }).getAttribute('href');
    const text = decodeURIComponent(href!.split('?text=')[1]!);
    expect(text).toContain('Guests: 2\nPrice: ₹13,500 (3 nights × ₹4,500: ₹13,500)\n');
    await expect(dialog.getByText(/^Mention: .*, 2 guests, total ₹13,500$/)).toBeVisible();
    await page.screenshot({
      path: `test-results/screenshots/${test.info().project.name}-enquiry-calendar.png`,
    });
    await expectNoViolations(page, 'the enquiry dialog with prices', 'dialog');
  });

  test('when availability cannot be loaded the dialog says so and still offers the ways to send', async ({
    page,
  }) => {
    await stayOffline(page);
    await page.route(/\/api\/availability\//, (route) => route.abort('internetdisconnected'));
    await page.goto(`/stay/${propertyId}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Check Availability' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(/^Availability could not be checked just now/)).toBeVisible();
    await dialog.getByLabel('Check-in').fill(day(3));
    await dialog.getByLabel('Check-out').fill(day(4));
    await expect(dialog.getByRole('link', { name: /WhatsApp/ })).toBeVisible();
  });
});

test.describe('owner', () => {
  let feedServer: http.Server;
  let feedUrl = '';

  test.beforeAll(async () => {
    // An Airbnb-style export: one all-day reservation, day(10) to day(12).
    const compact = (d: string) => d.replaceAll('-', '');
    const ics = [
      'BEGIN:VCALENDAR',
      'PRODID:-//Airbnb Inc//Hosting Calendar 1.0//EN',
      'VERSION:2.0',
      'CALSCALE:GREGORIAN',
      'BEGIN:VEVENT',
      `DTSTAMP:${compact(today())}T000000Z`,
      `DTSTART;VALUE=DATE:${compact(day(10))}`,
      `DTEND;VALUE=DATE:${compact(day(12))}`,
      'SUMMARY:Reserved',
      'UID:1418fb94e984-e2e@airbnb.com',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    feedServer = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' });
      res.end(ics);
    });
    await new Promise<void>((r) => feedServer.listen(0, '127.0.0.1', r));
    feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/airbnb-e2e.ics`;
  });
  test.afterAll(async () => {
    await new Promise<void>((r) => feedServer.close(() => r()));
  });

  test('adds a feed, syncs it, sees its status and copies the export URL', async ({
    browser,
  }, info) => {
    const context = await browser.newContext({
      baseURL: BASE,
      // TIME-1: an owner whose browser is in another zone still reads the sync time in Kolkata's.
      timezoneId: 'America/New_York',
      ...(info.project.use.viewport ? { viewport: info.project.use.viewport } : {}),
      ...(info.project.use.isMobile ? { isMobile: true, hasTouch: true } : {}),
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE });
    await login(context.request);
    const page = await context.newPage();
    await stayOffline(page);
    const { shown } = await published(page);
    const propertyId = shown[info.project.name === 'phone' ? 3 : 2]!;
    const label = `Airbnb ${info.project.name}`;
    // Start from no feeds, so each project sees only its own.
    const reset = await context.request.put(`/api/calendar/${propertyId}`, {
      data: { feeds: [], blocks: [] },
      headers: { origin: BASE },
    });
    expect(reset.ok()).toBe(true);

    await page.goto(`/stay/${propertyId}`);
    await expect(page.getByRole('region', { name: 'Admin Tools' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Not set' }).first()).toBeVisible();
    await page.screenshot({
      path: `test-results/screenshots/${info.project.name}-owner-property.png`,
    });
    await page.getByRole('main').getByRole('button', { name: 'Calendar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /^Calendar: / });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Export address')).toHaveValue(/\/calendar\/.+\.ics$/);

    await dialog.getByRole('button', { name: 'Add feed' }).click();
    await dialog.getByLabel('Label').last().fill(label);
    await dialog.getByLabel('Address (URL)').last().fill(feedUrl);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Saved.');
    await expect(dialog.getByText('Not synced yet')).toBeVisible();

    const syncAsked = Date.now();
    await dialog.getByRole('button', { name: 'Sync Now' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Synced.', { timeout: 30_000 });
    const synced = Date.now();
    const lastSynced = dialog.getByText(/^Last synced .+ · 1 booking$/);
    await expect(lastSynced).toBeVisible();
    // The minute of the sync in Asia/Kolkata, "26 Nov 2026, 18:42", not New York's.
    const kolkata: string[] = [];
    for (let at = syncAsked; at < synced + MINUTE_MS; at += MINUTE_MS)
      kolkata.push(`Last synced ${formatInstant(at)} · 1 booking`);
    expect(kolkata).toContain(await lastSynced.textContent());
    await expect(dialog.getByText(/Stale/)).toHaveCount(0);

    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Export address copied.');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await dialog.getByLabel('Export address').inputValue());
    await page.screenshot({
      path: `test-results/screenshots/${info.project.name}-owner-calendar.png`,
    });
    await expectNoViolations(page, 'the Calendar dialog', 'dialog');

    // The synced booking is what guests see as taken.
    const answer = await context.request.get(`/api/availability/${propertyId}`);
    const body = (await answer.json()) as { unavailable: { start: string; end: string }[] };
    expect(body.unavailable).toContainEqual({ start: day(10), end: day(12) });
    await context.close();
  });
});
