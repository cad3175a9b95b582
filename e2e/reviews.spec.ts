/**
 * REV-1, REV-3, REV-5, REV-8 in real Chromium against the shared server: a confirmed stay that
 * ended today (its dates moved in the server's database: the server's clock cannot be moved) links
 * the review form from its booking page; the guest writes a review holding `<script>`, the owner
 * publishes it from the Reviews dialog, and it appears on the prerendered property page as text,
 * with the summary, the newest three and the rest in the disclosure. axe on the form, the dialog
 * and the property page. Screenshots: test-results/screenshots/{project}-reviews-{form,sent,dialog,section,section-open}.png
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { addDays, today } from '../src/shared/calendar-dates.js';
import { expectNoViolations } from './axe.js';
import { confirmedBooking, logInAsOwner, openWith, ownerApiForSpec } from './owner-helpers.js';
import { BASE } from './helpers.js';

const PROPERTY = 'ig-road-town-studio';
const TEXT =
  'Walked to the IG Road cafés every morning <script>alert(1)</script> and slept well: a quiet, spotless studio.';

const owner = ownerApiForSpec();

test.describe.configure({ timeout: 120_000 });

test('a guest reviews the stay; after Publish now it shows on the property page', async ({
  page,
  context,
}, info) => {
  const shots = path.join('test-results', 'screenshots');
  const project = info.project.name;
  const from = project === 'phone' ? 640 : 650;
  // Each project's guest and words of its own: both projects publish reviews of the same property
  // on the shared server, and a page published for the other must not pass for this one's.
  const guest =
    project === 'phone'
      ? { name: 'Ravi Kumar Shetty', shown: 'Ravi S.' }
      : { name: 'Rohan Kumar Shetty', shown: 'Rohan S.' };
  const text = TEXT.replace('studio.', `studio (${project}).`);
  const booking = await confirmedBooking(owner.api, {
    propertyId: PROPERTY,
    checkIn: addDays(today(), from),
    checkOut: addDays(today(), from + 2),
    guests: 2,
    name: guest.name,
    phone: '+91 98450 77777',
    email: 'ravi@guest.test',
  });
  // The stay ended today, and three older reviews of the property were published before.
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, 'stays.sqlite3'));
  db.prepare('UPDATE bookings SET check_in = ?, check_out = ? WHERE id = ?').run(
    addDays(today(), -2),
    today(),
    booking.id,
  );
  const insert = db.prepare(
    `INSERT OR IGNORE INTO reviews (id, booking_id, property_id, check_out, rating, text,
       display_name, status, received_at, publish_at, published_at, changed_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'published', ?, ?, ?, ?)`,
  );
  const names =
    project === 'phone'
      ? ['Meera I.', 'Arjun N.', 'Sofia L.']
      : ['Kiran M.', 'Latha P.', 'Joseph D.'];
  for (const [i, rating, name, days] of [
    [1, 5, names[0]!, 200],
    [2, 3, names[1]!, 120],
    [3, 4, names[2]!, 60],
  ] as const) {
    const at = new Date(Date.now() - days * 86_400_000).toISOString();
    insert.run(
      `e2e-${project}-${i}`.padEnd(16, 'x'),
      `e2e-${project}-${i}`,
      PROPERTY,
      addDays(today(), -days - 3),
      rating,
      `An earlier guest’s words about the studio, number ${i}: clean, central and well run.`,
      name,
      at,
      at,
      at,
      at,
    );
  }
  db.close();

  // The guest follows the booking page's link to the form (no script on it).
  const pagePath = new URL(booking.url).pathname;
  await page.goto(`${BASE}${pagePath}`);
  await page.getByRole('link', { name: 'Review your stay' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Review your stay' })).toBeVisible();
  await expect(page.locator('script')).toHaveCount(0);
  await expect(page.getByLabel('Name shown with your review')).toHaveValue(guest.shown);
  await page.getByRole('radio', { name: /4 out of 5/ }).check();
  await page.getByLabel('Your review', { exact: true }).fill(text);
  await expectNoViolations(page, 'the review form');
  await page.screenshot({ path: path.join(shots, `${project}-reviews-form.png`), fullPage: true });
  // Without consent: refused, the form as typed, the field named.
  await page.getByRole('button', { name: 'Send my review' }).click();
  await expect(page.getByRole('alert')).toContainText('the consent to publish');
  await expect(page.getByLabel('Your review', { exact: true })).toHaveValue(text);
  await expect(page.getByRole('radio', { name: /4 out of 5/ })).toBeChecked();
  await page.getByLabel(/I agree that my review/).check();
  await page.getByRole('button', { name: 'Send my review' }).click();
  await expect(page.getByRole('status')).toContainText('It will be published on the property page');
  await expect(page.getByRole('button', { name: 'Withdraw my review' })).toBeVisible();
  await expectNoViolations(page, 'the review received');
  await page.screenshot({ path: path.join(shots, `${project}-reviews-sent.png`), fullPage: true });

  // The owner publishes it at once from the Reviews dialog.
  await logInAsOwner(page);
  const bar = page.getByRole('region', { name: 'Admin Tools' });
  const dialog = page.getByRole('dialog', { name: 'Reviews' });
  await openWith(bar.getByRole('button', { name: 'Reviews' }), dialog);
  const card = dialog.getByRole('listitem').filter({ hasText: guest.shown }).first();
  await expect(card).toContainText('<script>alert(1)</script>');
  await expect(card).toContainText('Publishes by itself');
  await expectNoViolations(page, 'Reviews dialog', 'dialog');
  await page.screenshot({ path: path.join(shots, `${project}-reviews-dialog.png`) });
  await card.getByRole('button', { name: 'Publish now' }).click();
  await expect(dialog.getByText(`${guest.shown}’s review is published`)).toBeVisible();

  // A visitor's property page, once the served revision is published again.
  await context.clearCookies();
  let alerts = 0;
  page.on('dialog', (d) => {
    alerts += 1;
    void d.dismiss();
  });
  const section = page.getByRole('region', { name: 'Reviews' });
  await expect(async () => {
    await page.goto(`${BASE}/stay/${PROPERTY}`);
    // .first(): a retry of this test finds the review its first try published too.
    await expect(section.getByText(text).first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(section).toContainText(/\d\.\d · \d+ reviews from guests who booked directly, /);
  await expect(section.getByText(text).first()).toBeVisible();
  await expect(section.getByRole('img', { name: '4 out of 5' }).first()).toBeVisible();
  await expect(section.getByText('Verified direct stay').first()).toBeVisible();
  const more = section.locator('details');
  await expect(more).not.toHaveAttribute('open');
  await expect(page.getByText(guest.name)).toHaveCount(0);
  expect(await page.content()).not.toContain('aggregateRating');
  await expectNoViolations(page, 'property page with reviews');
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: path.join(shots, `${project}-reviews-section.png`) });
  const summary = more.locator('summary');
  await expect(summary).toHaveText(/^Show \d+ more reviews?$/, { useInnerText: true });
  await summary.click();
  await expect(more).toHaveAttribute('open');
  // The summary's words follow its state without script: the other state's words are not shown.
  await expect(summary).toHaveText(/^Hide the (\d+ )?older reviews?$/, { useInnerText: true });
  await expect(summary.getByText(/^Show /)).toBeHidden();
  await expect(more.getByText(names[0]!)).toBeVisible();
  await expectNoViolations(page, 'property page with every review shown');
  await section.screenshot({ path: path.join(shots, `${project}-reviews-section-open.png`) });
  expect(alerts).toBe(0);
});
