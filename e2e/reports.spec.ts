/**
 * FIG-9 in real Chromium against the shared server, phone (390 × 844, en-US) and desktop: a
 * confirmed stay next month; the owner opens Reports from the Admin Tools bar, picks the months
 * (written "Nov 2026", never an ISO month), sees the figures with their definitions, the two charts
 * as images with their text alternatives and the month table, switches to one apartment and to
 * "compare with last year"; axe 0 in the dialog. Screenshots:
 * test-results/screenshots/{project}-reports-{all,one,channels}.png.
 */
import { expect, test } from '@playwright/test';
import { addDays, formatMonth, today } from '../src/shared/calendar-dates.js';
import { monthStart } from '../src/shared/figures.js';
import { expectNoViolations } from './axe.js';
import { confirmedBooking, openWith, ownerApiForSpec } from './owner-helpers.js';
import { E2E_ADMIN } from './global-setup.js';
import { BASE, pastToday } from './helpers.js';

const PROPERTY = 'ig-road-town-studio';
const owner = ownerApiForSpec();

test.use({ baseURL: BASE, timezoneId: 'Asia/Kolkata', locale: 'en-US' });
test.describe.configure({ timeout: 120_000 });

test('the owner reads the figures of two months, one apartment, and last year beside them', async ({
  page,
}, info) => {
  const project = info.project.name;
  const shot = (name: string) =>
    page.screenshot({ path: `test-results/screenshots/${project}-reports-${name}.png` });
  const now = today();
  const next = monthStart(now, 1);
  // A stay of two nights early next month, other nights per project and per attempt: a retry
  // finds the nights of its first attempt booked (409) on the shared server.
  const first = addDays(next, (project === 'phone' ? 2 : 5) + 6 * info.retry);
  await confirmedBooking(owner.api, {
    propertyId: PROPERTY,
    checkIn: first,
    checkOut: addDays(first, 2),
    guests: 2,
    name: `Figures Guest ${project}`,
    phone: '+91 98450 66666',
  });

  await page.goto('/adminlogin');
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  // The owner lands on Today (DAY-10); its dialog is closed to reach the bar.
  await pastToday(page);
  const bar = page.getByRole('region', { name: 'Admin Tools' });
  const dialog = page.getByRole('dialog', { name: 'Reports' });
  await openWith(bar.getByRole('button', { name: 'Reports' }), dialog);

  await dialog.getByLabel('Nights', { exact: true }).selectOption('custom');
  await dialog.getByLabel('From', { exact: true }).selectOption(now.slice(0, 7));
  await dialog.getByLabel('To', { exact: true }).selectOption(next.slice(0, 7));
  // Months are named as the owner reads them.
  await expect(dialog.getByLabel('To', { exact: true }).locator('option:checked')).toHaveText(
    formatMonth(next.slice(0, 7)),
  );
  const table = dialog.getByRole('table', { name: 'By month' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('rowheader', { name: formatMonth(next.slice(0, 7)) })).toBeVisible();
  // On a phone each month is a card of its figures: the table never scrolls sideways.
  const byMonth = dialog.getByRole('region', { name: 'By month' });
  expect(await byMonth.evaluate((e) => e.scrollWidth - e.clientWidth)).toBe(0);
  await expect(dialog.getByText('Booked nights ÷ nights you could sell')).toBeVisible();
  const chart = dialog.getByRole('img', { name: /^Occupancy by month: / });
  await expect(chart).toHaveAttribute('aria-label', new RegExp(formatMonth(next.slice(0, 7))));
  // Nights by channel: each channel's booked nights and, beside them, the nights it took off sale.
  const channels = dialog.getByRole('img', { name: /^Nights by channel: / });
  await expect(channels).toHaveAttribute('aria-label', /Direct [1-9]\d* booked/);
  await expect(channels).toHaveAttribute('aria-label', /Booking\.com \d+ booked/);
  await channels.locator('..').screenshot({
    path: `test-results/screenshots/${test.info().project.name}-reports-channels.png`,
  });
  const booked = dialog
    .locator('dt', { hasText: /^Booked nights$/ })
    .locator('..')
    .locator('dd');
  await expect(booked.first()).toHaveText(/^\d+ \(\d+ direct, \d+ channels\)$/);
  const bookedAll = Number((await booked.first().textContent())!.split(' ')[0]);
  expect(bookedAll).toBeGreaterThanOrEqual(2);
  await expectNoViolations(page, 'Reports dialog', 'dialog');
  await shot('all');

  await dialog.getByLabel('Apartment', { exact: true }).selectOption(PROPERTY);
  await dialog.getByLabel('Compare with the same nights last year').check();
  await expect(dialog.getByText(/· last year/).first()).toBeVisible();
  await expect(booked.first()).toHaveText(/^\d+ \(\d+ direct/);
  const bookedOne = Number((await booked.first().textContent())!.split(' ')[0]);
  expect(bookedOne).toBeGreaterThanOrEqual(2);
  expect(bookedOne).toBeLessThanOrEqual(bookedAll);
  await expect(
    dialog.getByRole('link', { name: 'Download as a spreadsheet (CSV)' }),
  ).toHaveAttribute('href', new RegExp(`propertyId=${PROPERTY}`));
  await expectNoViolations(page, 'Reports dialog, one apartment', 'dialog');
  await shot('one');
});
