/**
 * The owner's day on a phone and a desktop (DAY-1..DAY-7, DAY-10), against the real server with
 * mail off: the owner logs in and lands on Today with the Bookings badge in the first viewport;
 * accepts a request and, the guest not mailed, follows Send on WhatsApp (its wa.me URL holds the
 * guest's page link, which opens the page); records a part payment and the balance (the receipt
 * vouchers' amounts and the card's balance); and a date field reads 11 Dec 2026 in an en-US
 * browser. axe 0 on each screen; screenshots at 390 × 844 in test-results/screenshots/.
 */
import { expect, test, type Page } from '@playwright/test';
import type { BookingCreated, BookingRequestBody } from '../src/shared/bookings.js';
import { addDays, today } from '../src/shared/calendar-dates.js';
import { BASE, hydrated, publishedData, stayOffline } from './helpers.js';
import { expectNoViolations } from './axe.js';
import { E2E_ADMIN } from './global-setup.js';
import { press } from './owner-helpers.js';

test.use({
  baseURL: BASE,
  timezoneId: 'Asia/Kolkata',
  locale: 'en-US',
  viewport: { width: 390, height: 844 },
});
test.describe.configure({ mode: 'serial' });

const shot = (page: Page, project: string, name: string) =>
  page.screenshot({ path: `test-results/screenshots/${project}-owner-day-${name}.png` });

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

async function login(page: Page) {
  await page.goto('/adminlogin');
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('logs in to Today, accepts with mail off and sends the link on WhatsApp, records a part payment and the balance', async ({
  page,
}, testInfo) => {
  const project = testInfo.project.name;
  const first = project === 'phone' ? 230 : 210;
  const name = `Day Guest ${project}`;
  await stayOffline(page);
  await page.goto('/');
  const data = await publishedData(page);
  const priced =
    data.propertyList.find((p) => p.nightlyRate !== undefined) ?? data.propertyList[0]!;
  await page.goto(`/stay/${priced.id}`);
  await requestAsGuest(page, {
    propertyId: priced.id,
    checkIn: addDays(today(), first),
    checkOut: addDays(today(), first + 2),
    guests: 2,
    name,
    phone: '098450 12345',
  });

  // DAY-6, DAY-10: after login, Today; the owner bar's Bookings badge in the first viewport.
  await login(page);
  const todayDialog = page.getByRole('dialog', { name: 'Today' });
  await expect(todayDialog).toBeVisible();
  await expect(
    todayDialog.getByRole('heading', { name: 'Requests waiting for your answer' }),
  ).toBeVisible();
  const ownerBar = page.getByRole('navigation', { name: 'Owner' });
  await expect(ownerBar.locator('[data-owner-badge]')).toBeInViewport();
  await expectNoViolations(page, 'Today', 'dialog');
  await shot(page, project, 'today');

  // DAY-1..DAY-3: the row opens the inbox; accept; mail off, so the card offers the link at once.
  await press(todayDialog.getByRole('button', { name: new RegExp(name) }).first());
  const inbox = page.getByRole('dialog', { name: 'Bookings' });
  await expect(inbox).toBeVisible();
  const card = inbox.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await press(card.getByRole('button', { name: /^Accept / }));
  await expect(
    card.getByText(
      'Accepted. The guest has not been told by mail: send them their booking page now.',
    ),
  ).toBeVisible();
  const wa = card.getByRole('link', { name: /^Send on WhatsApp/ });
  const href = (await wa.getAttribute('href'))!;
  expect(href).toMatch(/^https:\/\/wa\.me\/919845012345\?text=/);
  const text = decodeURIComponent(href.split('?text=')[1]!);
  const link = /(https?:\/\/\S+\/booking\/[a-z2-9]{16}\/[A-Za-z0-9_-]{22})/.exec(text)![1]!;
  expect(text).toContain(priced.name);
  await expectNoViolations(page, 'the inbox after an accept with mail off', 'dialog');
  await shot(page, project, 'accepted-mail-off');

  // DAY-4: a part payment, then the balance, under All (a confirmed booking leaves Open).
  await inbox.getByRole('radio', { name: /^All/ }).check({ force: true });
  await press(card.getByRole('button', { name: /^Record payment / }));
  const form = card.getByRole('form', { name: /^Record payment on / });
  await form.getByLabel('Amount, in rupees').fill('1,000');
  await expect(form.getByLabel('Day paid')).toHaveValue(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
  await press(form.getByRole('radio', { name: 'UPI' }));
  await form.getByLabel(/^Reference/).fill('UPI 4411');
  await expectNoViolations(page, 'Record payment', 'dialog');
  await shot(page, project, 'record-payment');
  await press(form.getByRole('button', { name: 'Continue' }));
  await expect(card.getByText(/^Record ₹1,000 paid by UPI on/)).toBeVisible();
  await press(card.getByRole('button', { name: 'Confirm payment' }));
  await expect(card.getByText('Paid ₹1,000')).toBeVisible();
  await expect(card.getByText('Confirmed')).toBeVisible();
  await press(card.getByRole('button', { name: /^Record payment / }));
  await press(card.getByRole('radio', { name: 'Cash' }));
  await press(card.getByRole('button', { name: 'Continue' }));
  await press(card.getByRole('button', { name: 'Confirm payment' }));
  await expect(card.getByText(/^Balance ₹0$/)).toBeVisible();
  await expect(
    card.getByRole('list', { name: /^Payments recorded on / }).getByRole('listitem'),
  ).toHaveCount(2);
  await shot(page, project, 'paid');

  // The link the owner sent opens the guest's page, which shows paid and the balance.
  await page.goto(new URL(link).pathname);
  await expect(page.getByText(/^Paid ₹[\d,]+ · balance ₹0$/)).toBeVisible();
});

test('a date field reads 11 Dec 2026 in an en-US browser', async ({ page }, testInfo) => {
  await stayOffline(page);
  await page.goto('/');
  const data = await publishedData(page);
  await page.goto(`/stay/${data.propertyList[0]!.id}`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Check Availability' }).click();
  const dialog = page.getByRole('dialog');
  const checkIn = dialog.getByLabel('Check-in');
  const year = Number(today().slice(0, 4)) + 1;
  await checkIn.fill(`11/12/${year}`);
  await checkIn.blur();
  await expect(checkIn).toHaveValue(`11 Dec ${year}`);
  await dialog.getByLabel('Check-out').fill(`${year}-12-14`);
  await dialog.getByLabel('Check-out').blur();
  await expect(dialog.getByLabel('Check-out')).toHaveValue(`14 Dec ${year}`);
  await shot(page, testInfo.project.name, 'enquiry');
});
