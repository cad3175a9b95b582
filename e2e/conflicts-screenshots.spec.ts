/**
 * The "Double booking" notice (CONFLICT-3) in real Chromium, desktop and phone, with the owner's
 * API answered by the test from the contract's shapes (page.route), so it runs without a channel:
 * Airbnb's booking over an accepted direct booking is said in the Admin Tools bar, at the top of
 * the Bookings inbox and on that booking's card, and in the property's Calendar dialog, with its
 * dates and both sides; axe finds nothing in either dialog (MOB-2). Screenshots for a person to
 * open: test-results/screenshots/{project}-conflict-*.png. The server side (finding, mailing and
 * ending conflicts) is src/server/nights/conflicts.test.ts.
 */
import { expect, test } from '@playwright/test';
import type { CalendarState } from '../src/shared/api-types.js';
import type { BookingList, OwnerBooking } from '../src/shared/bookings.js';
import type { ConflictList } from '../src/shared/conflicts.js';
import { testBooking } from '../test/booking-fixtures.js';
import { expectNoViolations } from './axe.js';
import { BASE, hydrated } from './helpers.js';
import { openWith, ownerOnStandIns, press } from './owner-helpers.js';

test.use({ baseURL: BASE, reducedMotion: 'reduce' });

test('a double booking is said in the bar, the inbox, its card and the Calendar dialog', async ({
  page,
  context,
}, testInfo) => {
  const { property, shot } = await ownerOnStandIns(page, context, testInfo, 'conflict');
  const booking: OwnerBooking = {
    ...testBooking({ status: 'accepted' }),
    propertyId: property.id,
    propertyName: property.name,
    createdAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    updatedAt: new Date(Date.now() - 3_600_000).toISOString(),
  };
  const conflicts: ConflictList = {
    conflicts: [
      {
        propertyId: property.id,
        from: '2026-03-21',
        to: '2026-03-23',
        sides: [
          { source: 'direct', label: 'Direct booking', reference: booking.reference },
          { source: 'feed', label: 'Airbnb' },
        ],
      },
    ],
  };
  const calendar: CalendarState = {
    feeds: [
      {
        id: 1,
        label: 'Airbnb',
        url: 'https://www.airbnb.co.in/calendar/ical/1.ics?s=secret',
        lastSyncAt: new Date(Date.now() - 5 * 60_000).toISOString(),
        lastError: null,
        bookings: 1,
        stale: false,
      },
    ],
    blocks: [],
    directBookings: [
      {
        id: booking.id,
        reference: booking.reference,
        status: 'accepted',
        start: booking.checkIn,
        end: booking.checkOut,
      },
    ],
    exportUrl: `${BASE}/calendar/${property.id}/secret.ics`,
  };
  await page.route('**/api/conflicts', (route) => route.fulfill({ json: conflicts }));
  await page.route('**/api/bookings?status=*', (route) =>
    route.fulfill({ json: { bookings: [booking], openCount: 0, total: 1 } satisfies BookingList }),
  );
  await page.route('**/api/calendar/*', (route) => route.fulfill({ json: calendar }));

  const sentence =
    `${property.name}: Sat 21 Mar 2026 to Mon 23 Mar 2026 (2 nights) are held ` +
    `by direct booking ${booking.reference} and Airbnb.`;

  await page.goto(`/stay/${encodeURIComponent(property.id)}`);
  await hydrated(page);
  const bar = page.getByRole('region', { name: 'Admin Tools' });
  const barNotice = bar.locator('[data-conflict-notice="bar"]');
  await expect(barNotice).toContainText(sentence);
  await barNotice.scrollIntoViewIfNeeded();
  await shot('bar');

  const inbox = page.getByRole('dialog', { name: 'Bookings' });
  await openWith(bar.getByRole('button', { name: 'Bookings', exact: true }), inbox);
  const top = inbox.locator('[data-conflict-notice="inbox"]');
  await expect(top).toContainText(sentence);
  await expect(top).toContainText('Cancel or move one of them');
  const card = inbox.getByRole('listitem').filter({ hasText: booking.reference });
  await expect(card.locator('[data-conflict-notice="card"]')).toContainText(sentence);
  await expectNoViolations(page, 'the Bookings inbox with a double booking', 'dialog');
  await shot('inbox');
  await press(inbox.getByRole('button', { name: 'Close' }));
  await expect(inbox).toBeHidden();

  const calendarDialog = page.getByRole('dialog', { name: /^Calendar: / });
  await openWith(
    page.getByRole('main').getByRole('button', { name: 'Calendar', exact: true }),
    calendarDialog,
  );
  await expect(calendarDialog.locator('[data-conflict-notice="calendar"]')).toContainText(sentence);
  await expect(calendarDialog.getByText(booking.reference).first()).toBeVisible();
  await expectNoViolations(page, 'the Calendar dialog with a double booking', 'dialog');
  await shot('calendar');
});
