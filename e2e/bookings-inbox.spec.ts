/**
 * The owner's inbox end to end (INBOX-1..INBOX-5, with the server's BOOK rows), desktop and phone:
 * a guest's request stored by `POST /api/bookings` (sent from a visitor's page, as the enquiry
 * dialog sends it), counted on the Bookings control, listed in the inbox with the guest's contact
 * links, accepted there with a notification, and its nights closed in `/api/availability`, to the
 * next guest's request, in the export feed and in the Calendar dialog; a second request declined
 * with a message; the accepted card's History (LEDGER-4).
 *
 * Needs the server's bookings (src/server/bookings/): written against the booking contract
 * (src/shared/bookings.ts) before the server half was merged. Each project books its own nights,
 * far enough ahead to meet no other spec's, on the home page's last property.
 */
import { expect, test, type Page } from '@playwright/test';
import type { BookingCreated, BookingRequestBody } from '../src/shared/bookings.js';
import { addDays, formatDate, today } from '../src/shared/calendar-dates.js';
import type { AvailabilityAnswer } from '../src/shared/api-types.js';
import { BASE, hydrated, publishedData, stayOffline } from './helpers.js';
import { expectNoViolations } from './axe.js';
import { openWith, ownerState, press } from './owner-helpers.js';

test.use({ baseURL: BASE, timezoneId: 'Asia/Kolkata', locale: 'en-IN' });

/** A guest sends a request from the property's page, as the enquiry dialog does (same origin). */
async function requestAsGuest(page: Page, body: BookingRequestBody): Promise<BookingCreated> {
  const answer = await page.evaluate(async (b) => {
    const res = await fetch('/api/bookings', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(b),
    });
    return { status: res.status, body: (await res.json()) as unknown };
  }, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as BookingCreated;
}

test('a guest’s request is accepted from the inbox and its nights close; another is declined', async ({
  browser,
  page,
  context,
}, testInfo) => {
  const project = testInfo.project.name;
  // Nights of this project only: 150 days ahead on the desktop, 170 on the phone.
  const first = project === 'phone' ? 170 : 150;
  const checkIn = addDays(today(), first);
  const checkOut = addDays(today(), first + 3);
  const name = `Inbox Guest ${project}`;

  await stayOffline(page);
  await page.goto('/');
  const data = await publishedData(page);
  const shown = [...new Set(data.homeSections.flatMap((s) => s.properties))];
  const propertyId = shown[shown.length - 1]!;
  await page.goto(`/stay/${propertyId}`);
  const created = await requestAsGuest(page, {
    propertyId,
    checkIn,
    checkOut,
    guests: 2,
    name,
    phone: '098450 12345',
    email: `inbox-${project}@example.com`,
    message: 'We arrive late.',
  });
  expect(created.status).toBe('requested');
  // A second guest asks for other nights; the owner declines that one.
  const declinedName = `Declined Guest ${project}`;
  await requestAsGuest(page, {
    propertyId,
    checkIn: addDays(checkOut, 5),
    checkOut: addDays(checkOut, 7),
    guests: 1,
    name: declinedName,
    phone: '098450 54321',
  });
  await context.close();

  const owner = await browser.newContext({
    baseURL: BASE,
    storageState: await ownerState(browser, BASE),
    timezoneId: 'Asia/Kolkata',
  });
  try {
    const p = await owner.newPage();
    await stayOffline(p);
    await p.goto('/');
    await hydrated(p);
    const bar = p.getByRole('region', { name: 'Admin Tools' });
    const control = bar.getByRole('button', { name: /^Bookings \d+ open$/ });
    const dialog = p.getByRole('dialog', { name: 'Bookings' });
    await openWith(control, dialog);
    const card = dialog.getByRole('listitem').filter({ has: p.getByRole('heading', { name }) });
    await expect(card.getByText('Requested')).toBeVisible();
    await expect(card.getByText('3 nights, 2 guests')).toBeVisible();
    await expect(card.getByRole('link', { name: `WhatsApp ${name}` })).toHaveAttribute(
      'href',
      'https://wa.me/919845012345',
    );
    await expect(card.getByRole('link', { name: 'Call +91 98450 12345' })).toHaveAttribute(
      'href',
      'tel:+919845012345',
    );
    await expect(card.getByRole('link', { name: /^E-mail / })).toHaveAttribute(
      'href',
      `mailto:inbox-${project}@example.com`,
    );
    await expect(card.getByText(/asked (just now|\d+ min ago)/)).toBeVisible();

    await press(card.getByRole('button', { name: /^Accept / }));
    await expect(dialog.locator('[role="status"][aria-live="polite"]')).toContainText(
      `– ${name}: the nights are closed on every calendar.`,
    );
    await expect(card.getByText('Accepted – advance due')).toBeVisible();
    await expect(card.getByRole('button', { name: /^Record payment / })).toBeVisible();
    await p.screenshot({ path: `test-results/screenshots/${project}-inbox-accepted.png` });
    // LEDGER-4: the card's History, asked when opened, tells the request and the accept.
    await card.getByText('History', { exact: true }).click();
    const timeline = card.getByRole('list', { name: 'What happened to this booking' });
    await expect(timeline.getByRole('listitem')).toHaveCount(2);
    await expect(timeline.getByRole('listitem').nth(0)).toContainText('Requested · by the guest');
    await expect(timeline.getByRole('listitem').nth(1)).toContainText(/^.*Accepted · by /);
    await timeline.scrollIntoViewIfNeeded();
    await p.screenshot({ path: `test-results/screenshots/${project}-inbox-history.png` });

    const availability = await p.request.get(`/api/availability/${propertyId}`);
    const { unavailable } = (await availability.json()) as AvailabilityAnswer;
    expect(unavailable.some((r) => r.start <= checkIn && checkOut <= r.end)).toBe(true);

    // BOOK-6: the next guest cannot ask for those nights, and the export feed the channels read
    // closes them as "Booked (direct)", without the guest's name.
    const next = await p.evaluate(
      async (b) => {
        const res = await fetch('/api/bookings', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(b),
        });
        return { status: res.status, body: (await res.json()) as { field?: string } };
      },
      { propertyId, checkIn, checkOut, guests: 2, name: 'Next Guest', phone: '098450 11111' },
    );
    expect(next.status).toBe(409);
    expect(next.body.field).toBe('checkIn');
    const feed = await p.evaluate(async (id) => {
      const calendar = (await (await fetch(`/api/calendar/${id}`)).json()) as { exportUrl: string };
      return (await fetch(new URL(calendar.exportUrl).pathname)).text();
    }, propertyId);
    const unfolded = feed.replace(/\r?\n[ \t]/g, '');
    expect(unfolded).toContain(`DTSTART;VALUE=DATE:${checkIn.replaceAll('-', '')}`);
    expect(unfolded).toContain(`DTEND;VALUE=DATE:${checkOut.replaceAll('-', '')}`);
    expect(unfolded).toContain('SUMMARY:Booked (direct)');
    expect(unfolded).not.toContain(name);

    // Decline, with a message to the guest: the card says so and offers nothing more than the
    // guest's page link (DAY-1: the page tells the guest too).
    const declined = dialog
      .getByRole('listitem')
      .filter({ has: p.getByRole('heading', { name: declinedName }) });
    await press(declined.getByRole('button', { name: /^Decline / }));
    await declined
      .getByLabel('Message to the guest (optional)')
      .fill('Sorry, we are closed for repairs then.');
    await press(declined.getByRole('button', { name: 'Decline request' }));
    await expect(declined.getByText('Declined', { exact: true })).toBeVisible();
    await expect(declined.getByRole('button')).toHaveText([/^Copy link/]);

    // BOOK-6: the property's Calendar dialog lists the accepted booking under "Direct bookings",
    // by its dates and status and without the guest's name; the section passes axe.
    await p.goto(`/stay/${propertyId}`);
    await hydrated(p);
    const calendarButton = p
      .getByRole('main')
      .getByRole('button', { name: 'Calendar', exact: true });
    const calendar = p.getByRole('dialog', { name: /^Calendar: / });
    await openWith(calendarButton, calendar);
    const direct = calendar.getByRole('region', { name: 'Direct bookings' });
    const row = direct
      .getByRole('listitem')
      .filter({ hasText: `${formatDate(checkIn)} to ${formatDate(checkOut)}` });
    await expect(row).toContainText(/^STY-\w+ · .* · Accepted – advance due$/);
    await expect(direct).not.toContainText(name);
    await direct.scrollIntoViewIfNeeded();
    await p.screenshot({
      path: `test-results/screenshots/${project}-calendar-direct-bookings.png`,
    });
    await expectNoViolations(p, 'the Calendar dialog with a direct booking', 'dialog');
  } finally {
    await owner.close();
  }
});
