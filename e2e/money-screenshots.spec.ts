/**
 * What the owner is told of money left hanging (PAY-10, PAY-11, BOOK-13), in real Chromium,
 * desktop and phone, with the owner's API answered by the test from the contract's shapes
 * (page.route): on the inbox's cards, a link not cancelled yet while Razorpay does not answer, a
 * cancelled booking the guest paid for anyway, an advance paid twice, a link cancelled; in the
 * "Double booking" notice, a conflict whose mail the mail server refused. axe finds nothing in the
 * inbox (MOB-2). Screenshots for a person to open: test-results/screenshots/{project}-money-*.png.
 * The server side: src/server/payments/payments.test.ts, src/server/nights/conflicts.test.ts.
 */
import { expect, test } from '@playwright/test';
import type { BookingList, OwnerBooking } from '../src/shared/bookings.js';
import type { ConflictList } from '../src/shared/conflicts.js';
import { testBooking } from '../test/booking-fixtures.js';
import { expectNoViolations } from './axe.js';
import { BASE, hydrated } from './helpers.js';
import { openWith, ownerOnStandIns } from './owner-helpers.js';

test.use({ baseURL: BASE, reducedMotion: 'reduce' });

const NOT_CANCELLED =
  'The payment link is not cancelled yet (Razorpay answered 503: Service unavailable); tried again by itself. Until then the guest can still pay through it.';
const CANCELLED_PAID =
  'The booking is cancelled, yet the guest paid through the payment link: refund the guest.';
const PAID_TWICE =
  'The advance was also marked received by hand: the guest has paid twice; refund one of the two.';
const MAIL_REFUSED =
  'You were not mailed about it: the mail to owner@stays.test could not be delivered (the mail server refused it (550)). Check the address the owner is mailed at and the mail settings of the server.';

test('the inbox says which payment links are still open or paid anyway; the notice says its mail was refused', async ({
  page,
  context,
}, testInfo) => {
  const { property, shot } = await ownerOnStandIns(page, context, testInfo, 'money');
  const paidAt = new Date(Date.now() - 20 * 60_000).toISOString();
  const at = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
  const base = { propertyId: property.id, propertyName: property.name };
  const bookings: OwnerBooking[] = [
    testBooking({
      ...base,
      id: 'b-hand',
      reference: 'STY-4HND',
      status: 'confirmed',
      createdAt: at(30),
      updatedAt: at(1),
      payment: { state: 'paid-by-hand', problem: NOT_CANCELLED },
    }),
    testBooking({
      ...base,
      id: 'b-cancelled',
      reference: 'STY-8CNL',
      status: 'cancelled',
      checkIn: '2026-04-02',
      checkOut: '2026-04-05',
      createdAt: at(28),
      updatedAt: at(2),
      payment: {
        state: 'needs-refund',
        amountPaise: 405_000,
        method: 'upi',
        paidAt,
        problem: CANCELLED_PAID,
      },
    }),
    testBooking({
      ...base,
      id: 'b-twice',
      reference: 'STY-2TWC',
      status: 'confirmed',
      checkIn: '2026-04-10',
      checkOut: '2026-04-13',
      createdAt: at(26),
      updatedAt: at(3),
      payment: {
        state: 'needs-refund',
        amountPaise: 405_000,
        method: 'card',
        paidAt,
        problem: PAID_TWICE,
      },
    }),
    testBooking({
      ...base,
      id: 'b-withdrawn-link',
      reference: 'STY-6LNK',
      status: 'cancelled',
      checkIn: '2026-04-20',
      checkOut: '2026-04-22',
      createdAt: at(24),
      updatedAt: at(4),
      payment: { state: 'link-cancelled' },
    }),
  ];
  const conflicts: ConflictList = {
    conflicts: [
      {
        propertyId: property.id,
        from: '2026-03-21',
        to: '2026-03-23',
        sides: [
          { source: 'block', label: 'Blocked' },
          { source: 'feed', label: 'Airbnb' },
        ],
        mailProblem: MAIL_REFUSED,
      },
    ],
  };
  await page.route('**/api/conflicts', (route) => route.fulfill({ json: conflicts }));
  await page.route('**/api/bookings?status=*', (route) =>
    route.fulfill({
      json: { bookings, openCount: 0, total: bookings.length } satisfies BookingList,
    }),
  );

  await page.goto(`/stay/${encodeURIComponent(property.id)}`);
  await hydrated(page);
  const bar = page.getByRole('region', { name: 'Admin Tools' });
  const barNotice = bar.locator('[data-conflict-notice="bar"]');
  await expect(barNotice.locator('[data-conflict-mail-problem]')).toHaveText(MAIL_REFUSED);
  await barNotice.scrollIntoViewIfNeeded();
  await shot('bar');

  const inbox = page.getByRole('dialog', { name: 'Bookings' });
  await openWith(bar.getByRole('button', { name: 'Bookings', exact: true }), inbox);
  await expect(inbox.locator('[data-conflict-notice="inbox"]')).toContainText(MAIL_REFUSED);
  const card = (reference: string) => inbox.getByRole('listitem').filter({ hasText: reference });
  await expect(card('STY-4HND')).toContainText(
    `Advance received (marked by hand). ${NOT_CANCELLED}`,
  );
  await expect(card('STY-8CNL')).toContainText(CANCELLED_PAID);
  await expect(card('STY-8CNL').getByRole('button', { name: /Refund/ })).toBeVisible();
  await expect(card('STY-2TWC')).toContainText(PAID_TWICE);
  await expect(card('STY-6LNK')).toContainText(
    'Payment link cancelled: the guest can no longer pay through it.',
  );
  await expectNoViolations(page, 'the Bookings inbox with money to settle', 'dialog');
  await shot('inbox');
  await card('STY-8CNL').scrollIntoViewIfNeeded();
  await shot('inbox-refund');
  await card('STY-6LNK').scrollIntoViewIfNeeded();
  await shot('inbox-cancelled-link');
  await card('STY-4HND').scrollIntoViewIfNeeded();
  await shot('inbox-link-open');
});
