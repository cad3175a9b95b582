/**
 * The Calendar of every apartment (DAY-11, DAY-12) against the real server, on a 390 × 844 phone
 * in en-US and on a desktop: the owner bar's Calendar opens the month grid (apartments as rows,
 * their names kept in view while the nights scroll sideways in their own focusable region, nights
 * at least 44 px); the owner goes to a month ahead, selects a free night (DAY-13: Block or Add a
 * booking), adds a booking taken by phone (dates read `11 Dec 2026`), sees its bar with the
 * guest's name, and opens it; then blocks a free night of another apartment from the grid and sees
 * its Blocked bar. axe 0; screenshots in test-results/screenshots/. The booking is cancelled and
 * the block removed at the end.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Property } from '../src/shared/site-data.js';
import { addDays, formatDay, today } from '../src/shared/calendar-dates.js';
import { BASE, pastToday, publishedData, stayOffline } from './helpers.js';
import { expectNoViolations } from './axe.js';
import { E2E_ADMIN } from './global-setup.js';
import { press } from './owner-helpers.js';

test.use({ baseURL: BASE, timezoneId: 'Asia/Kolkata', locale: 'en-US' });

const shot = (page: Page, project: string, name: string) =>
  page.screenshot({ path: `test-results/screenshots/${project}-month-${name}.png` });

/** Whole months from today's month to the month of `day`. */
const monthsTo = (day: string) => {
  const [y0, m0] = today().split('-').map(Number) as [number, number];
  const [y1, m1] = day.split('-').map(Number) as [number, number];
  return (y1 - y0) * 12 + (m1 - m0);
};

test('the month of every apartment: a booking taken by phone on free nights, then its bar', async ({
  page,
}, info) => {
  const project = info.project.name;
  // Many steps (two axe runs, a month a click): room for a loaded machine.
  test.setTimeout(120_000);
  // Nights no other spec books (theirs are below 320 and from 500 on).
  const checkIn = addDays(today(), project === 'phone' ? 420 : 432);
  const name = `Phone Guest ${project}`;
  await stayOffline(page);
  await page.goto('/adminlogin');
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await pastToday(page);
  const data = await publishedData(page);
  const property: Property =
    data.propertyList.find((p) => p.nightlyRate !== undefined) ?? data.propertyList[0]!;
  // Longer than any minimum stay of the demo's seasons.
  const nights = Math.max(property.minNights ?? 1, 5);
  const checkOut = addDays(checkIn, nights);

  const bar = page.getByRole('navigation', { name: 'Owner' });
  await press(bar.getByRole('button', { name: 'Calendar' }));
  const dialog = page.getByRole('dialog', { name: 'Calendar' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/Tap a stay to see it/)).toBeVisible();
  const grid = dialog.getByRole('region', { name: /^Every apartment in / });
  // The grid scrolls in its own region; each night is at least 44 px; the names stay in view.
  const night = dialog.getByRole('button', { name: /^Free night of / }).first();
  const box = (await night.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(44);
  expect(box.height).toBeGreaterThanOrEqual(44);
  await expectNoViolations(page, 'the month grid', 'dialog');
  await shot(page, project, 'grid');
  await grid.evaluate((el) => (el.scrollLeft = 400));
  const rowName = dialog.getByRole('rowheader', { name: property.name });
  const gridBox = (await grid.boundingBox())!;
  const nameBox = (await rowName.boundingBox())!;
  expect(Math.abs(nameBox.x - gridBox.x)).toBeLessThan(3);

  for (let i = monthsTo(checkIn); i > 0; i -= 1) {
    await dialog.getByRole('button', { name: 'Next ›' }).click();
  }
  await expect(dialog.getByText(/Tap a stay to see it/)).toBeVisible();
  const free = dialog.getByRole('button', {
    name: `Free night of ${formatDay(checkIn)} at ${property.name}`,
  });
  await free.scrollIntoViewIfNeeded();
  await press(free);
  await expect(free).toHaveAttribute('aria-pressed', 'true');
  const selected = dialog.getByRole('region', { name: 'Selected nights' });
  await expect(selected.getByRole('button', { name: 'Block' })).toBeVisible();
  await expectNoViolations(page, 'a night selected', 'dialog');
  await shot(page, project, 'selected');
  // DAY-18: the grid's end in view, under the bar stuck to the dialog's bottom: the grid has room
  // below its last apartment, which is scrolled above the bar.
  await expect(grid.locator('[data-later]')).toHaveCount(0);
  await grid.evaluate((el) => {
    el.scrollIntoView({ block: 'end' });
    el.scrollTop = el.scrollHeight;
  });
  const lastBox = (await dialog.getByRole('rowheader').last().boundingBox())!;
  const barBox = (await selected.boundingBox())!;
  expect(lastBox.y + lastBox.height).toBeLessThanOrEqual(barBox.y + 1);
  await shot(page, project, 'selected-end');
  await press(selected.getByRole('button', { name: 'Add a booking' }));
  const form = dialog.getByRole('form', { name: 'Add a booking taken by phone' });
  await expect(form.getByLabel('Check-in', { exact: true })).toHaveValue(formatDay(checkIn));
  await form.getByLabel('Check-out', { exact: true }).fill(formatDay(checkOut));
  await form.getByLabel('Check-out', { exact: true }).blur();
  await form.getByLabel("Guest's name").fill(name);
  await form.getByLabel("Guest's phone").fill('094480 33333');
  await expect(form.getByRole('table', { name: /^Price of / })).toBeVisible();
  await expectNoViolations(page, 'a booking taken by phone', 'dialog');
  await shot(page, project, 'take');
  await press(form.getByRole('button', { name: 'Add booking' }));
  await expect(dialog.getByRole('heading', { name: /^Booked: STY-/ })).toBeVisible();
  await shot(page, project, 'taken');

  const stay = dialog.getByRole('button', {
    name: `${name}, ${formatDay(checkIn)} to ${formatDay(checkOut)}, Accepted, advance due`,
  });
  await expect(stay).toBeVisible();
  // DAY-13: a free night of another apartment blocked from the grid.
  const other = data.propertyList.find((p) => p.id !== property.id)!;
  await press(
    dialog.getByRole('button', { name: `Free night of ${formatDay(checkIn)} at ${other.name}` }),
  );
  await press(selected.getByRole('button', { name: 'Block' }));
  await expect(
    dialog.getByRole('heading', {
      name: `Blocked: ${formatDay(checkIn)} to ${formatDay(addDays(checkIn, 1))}`,
    }),
  ).toBeVisible();
  await expect(
    dialog.getByRole('button', {
      name: `Blocked, ${formatDay(checkIn)} to ${formatDay(addDays(checkIn, 1))}, Blocked`,
    }),
  ).toBeVisible();

  await stay.scrollIntoViewIfNeeded();
  await press(stay);
  await expect(dialog.getByRole('heading', { name })).toBeVisible();
  await shot(page, project, 'stay');
  // The guest's name stays in view beside the apartments' names, however far the bar began before.
  const names = await dialog.getByRole('rowheader', { name: property.name }).boundingBox();
  const words = await stay.locator('span').boundingBox();
  expect(words!.x).toBeGreaterThanOrEqual(names!.x + names!.width);
  await press(dialog.getByRole('button', { name: 'Open in Bookings' }));
  await expect(page.getByRole('dialog', { name: 'Bookings' })).toBeVisible();

  // Put back: the booking cancelled, its nights free again for the next run.
  const cancelled = await page.evaluate(async (guest) => {
    const list = (await (await fetch('/api/bookings?status=upcoming&limit=100')).json()) as {
      bookings: { id: string; name: string }[];
    };
    const id = list.bookings.find((b) => b.name === guest)?.id;
    const res = await fetch(`/api/bookings/${id}/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: '{}',
    });
    return res.status;
  }, name);
  expect(cancelled).toBe(200);
  const unblocked = await page.evaluate(
    async ({ id, night }) => {
      const calendar = (await (await fetch(`/api/calendar/${id}`)).json()) as {
        feeds: { label: string; url: string }[];
        blocks: { start: string; end: string; note: string }[];
      };
      const res = await fetch(`/api/calendar/${id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          feeds: calendar.feeds.map((f) => ({ label: f.label, url: f.url })),
          blocks: calendar.blocks.filter((b) => b.start !== night),
        }),
      });
      return res.status;
    },
    { id: other.id, night: checkIn },
  );
  expect(unblocked).toBe(200);
});
