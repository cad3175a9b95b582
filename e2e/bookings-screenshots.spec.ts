/**
 * The owner's inbox (INBOX-1..INBOX-5) in real Chromium, desktop and phone, with the booking API
 * answered by the test from the contract's shapes (page.route), so it runs without the server's
 * bookings: the Bookings control with its count, the dialog's cards, an Accept told by a
 * notification that goes after 5 s, a Cancel refused with 409 shown next to its booking, axe on the
 * open dialog (MOB-2). Screenshots for a person to open: test-results/screenshots/{project}-inbox*.png.
 * The real routes end to end: e2e/bookings-inbox.spec.ts.
 */
import { expectNoViolations } from './axe.js';
import { expect, test } from '@playwright/test';
import type { OwnerBooking } from '../src/shared/bookings.js';
import { NOW, testBooking, testBookingList } from '../test/booking-fixtures.js';
import { BASE, hydrated, stayOffline } from './helpers.js';
import { press } from './owner-helpers.js';

test.use({ baseURL: BASE, reducedMotion: 'reduce' });

/** The fixtures' times moved to now, so their ages read as written ("2 h ago"). */
function fresh(b: OwnerBooking): OwnerBooking {
  const shift = Date.now() - NOW;
  const moved = (iso: string) => new Date(Date.parse(iso) + shift).toISOString();
  return { ...b, createdAt: moved(b.createdAt), updatedAt: moved(b.updatedAt) };
}

test('the inbox: cards, Accept with its notification, a 409 next to its booking', async ({
  page,
  context,
}, testInfo) => {
  const dir = 'test-results/screenshots';
  const list = testBookingList();
  list.bookings = list.bookings.map(fresh);
  const posted: string[] = [];
  await stayOffline(page);
  await context.addCookies([{ name: 'admin-key', value: 'x', url: BASE }]);
  await page.route('**/api/bookings?status=*', (route) => route.fulfill({ json: list }));
  await page.route('**/api/bookings/*/*', (route) => {
    const url = new URL(route.request().url()).pathname;
    posted.push(`${url} ${route.request().postData() ?? ''}`);
    if (url.endsWith('/b-request/accept')) {
      const booking = fresh(testBooking({ status: 'accepted' }));
      list.bookings = list.bookings.map((b) => (b.id === booking.id ? booking : b));
      list.openCount = 0;
      return route.fulfill({ json: { booking } });
    }
    return route.fulfill({
      status: 409,
      json: {
        error:
          'This booking is Cancelled: only a booking that is Accepted – advance due or Confirmed can be cancelled.',
        field: 'status',
      },
    });
  });

  await page.goto('/');
  await hydrated(page);
  const bar = page.getByRole('region', { name: 'Admin Tools' });
  const control = bar.getByRole('button', { name: 'Bookings 1 open' });
  await control.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${dir}/${testInfo.project.name}-inbox-control.png` });
  await press(control);
  const dialog = page.getByRole('dialog', { name: 'Bookings' });
  await expect(dialog.getByRole('heading', { level: 3 })).toHaveText([
    'Asha Rao',
    'Meera Iyer',
    'Vikram Shetty',
    'Guest data erased',
  ]);
  await expect(dialog.getByText('asked 2 h ago', { exact: false })).toBeVisible();
  await expectNoViolations(page, 'the Bookings inbox', 'dialog');
  await page.screenshot({ path: `${dir}/${testInfo.project.name}-inbox.png` });

  const asha = dialog.getByRole('listitem').filter({ hasText: 'STY-7K2Q' });
  await press(asha.getByRole('button', { name: 'Accept STY-7K2Q' }));
  const note = dialog.locator('[role="status"][aria-live="polite"]');
  await expect(note).toHaveText(
    'Accepted STY-7K2Q – Asha Rao: the nights are closed on every calendar.',
  );
  await expect(asha.getByText('Accepted – advance due')).toBeVisible();

  const meera = dialog.getByRole('listitem').filter({ hasText: 'STY-H2RT' });
  await press(meera.getByRole('button', { name: 'Cancel booking STY-H2RT' }));
  await meera
    .getByLabel('Message to the guest: why the booking is cancelled')
    .fill('A pipe burst.');
  await press(meera.getByRole('button', { name: 'Cancel booking' }));
  await expect(meera.getByRole('alert')).toContainText('This booking is Cancelled');
  await page.screenshot({ path: `${dir}/${testInfo.project.name}-inbox-acted.png` });
  await expect(note).toBeEmpty({ timeout: 7_000 });
  expect(posted).toEqual([
    '/api/bookings/b-request/accept {}',
    '/api/bookings/b-accepted/cancel {"message":"A pipe burst."}',
  ]);
  await press(dialog.getByRole('button', { name: 'Close' }));
  await expect(bar.getByRole('button', { name: 'Bookings', exact: true })).toBeVisible();
});
