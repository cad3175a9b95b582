/**
 * PRIV-3, PRIV-11, PRIV-12 in real Chromium, phone and desktop, on the shared server:
 * - the register form and the review form say what they collect and why above their button, with
 *   the link to /privacy (axe 0);
 * - a guest asks from the booking page to correct their name; the owner corrects it in the Privacy
 *   dialog's Correct form; the owner records a breach on the dialog's form and that the Board was
 *   told; every control of the form at least 44 px high (axe 0 in the dialog);
 * - a guest asks from the booking page for a summary of their data; the owner sends it from the
 *   Privacy dialog and the guest opens the summary's page from the link the mail carries (PRIV-4).
 * Screenshots: test-results/screenshots/{project}-privacy-{register,review,correct,breach-form,breach,summary}.png
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { addDays, today } from '../src/shared/calendar-dates.js';
import { COLLECTION_NOTICES, PRIVACY_LINK_WORDS } from '../src/shared/privacy-notice.js';
import { expectNoViolations } from './axe.js';
import { confirmedBooking, logInAsOwner, openWith, ownerApiForSpec } from './owner-helpers.js';
import { BASE } from './helpers.js';

const PROPERTY = 'mullayanagiri-foothills-retreat';
const owner = ownerApiForSpec();

test.describe.configure({ timeout: 90_000 });

const shot = (page: Page, name: string) =>
  page.screenshot({
    path: path.join(
      'test-results',
      'screenshots',
      `${test.info().project.name}-privacy-${name}.png`,
    ),
  });

/** The notice of `form` with its link, ending above `button`. */
async function noticeAbove(scope: Page, form: keyof typeof COLLECTION_NOTICES, button: Locator) {
  const notice = scope.locator('.privacy-notice', { hasText: COLLECTION_NOTICES[form] });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('link', { name: PRIVACY_LINK_WORDS })).toHaveAttribute(
    'href',
    '/privacy',
  );
  const n = (await notice.boundingBox())!;
  const b = (await button.boundingBox())!;
  expect(n.y + n.height).toBeLessThanOrEqual(b.y);
}

/** The guest sends a rights request of `kind` from the "Your data" form of their booking page. */
async function askFromBookingPage(page: Page, pagePath: string, kind: string, message: string) {
  await page.goto(`${BASE}${pagePath}`);
  const yourData = page.getByRole('form', { name: 'Your data' });
  await yourData.getByLabel('What you ask for').selectOption(kind);
  await yourData.getByLabel(/Anything we should know/).fill(message);
  await yourData.getByRole('button', { name: 'Send my request' }).click();
  await expect(page.getByRole('heading', { name: 'Your request is open' })).toBeVisible();
}

/** The owner logs in and opens the Privacy dialog from the Admin Tools bar; returns the dialog. */
async function ownersPrivacyDialog(page: Page): Promise<Locator> {
  await logInAsOwner(page);
  const dialog = page.getByRole('dialog', { name: 'Privacy' });
  // Pressed until it opens: a tap before the owner's tools are hydrated does nothing.
  await openWith(
    page.getByRole('region', { name: 'Admin Tools' }).getByRole('button', { name: /^Privacy/ }),
    dialog,
  );
  return dialog;
}

test('the register form and the review form say what they collect above their button', async ({
  page,
}, info) => {
  const phone = info.project.name === 'phone';
  const from = phone ? 700 : 710;
  const booking = await confirmedBooking(owner.api, {
    propertyId: PROPERTY,
    checkIn: addDays(today(), from),
    checkOut: addDays(today(), from + 2),
    guests: 2,
    name: 'Sharada Bhat',
    phone: '+91 98450 70707',
  });
  const pagePath = new URL(booking.url).pathname;
  await page.goto(`${BASE}${pagePath}`);
  await page.getByRole('link', { name: 'Fill in the guest register' }).click();
  const send = page.getByRole('button', { name: /^Send/ }).last();
  await noticeAbove(page, 'register', send);
  await expectNoViolations(page, 'the register form');
  await send.scrollIntoViewIfNeeded();
  await shot(page, 'register');

  // The stay ended days ago (dates moved in the database: the server's clock cannot be moved),
  // nights in the past no other spec books.
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, 'stays.sqlite3'));
  db.prepare('UPDATE bookings SET check_in = ?, check_out = ? WHERE id = ?').run(
    addDays(today(), phone ? -12 : -16),
    addDays(today(), phone ? -10 : -14),
    booking.id,
  );
  db.close();
  await page.goto(`${BASE}${pagePath}`);
  await page.getByRole('link', { name: 'Review your stay' }).click();
  const sendReview = page.getByRole('button', { name: 'Send my review' });
  await noticeAbove(page, 'review', sendReview);
  await expectNoViolations(page, 'the review form');
  await sendReview.scrollIntoViewIfNeeded();
  await shot(page, 'review');
});

test('the owner corrects a guest’s name, records a breach and that the Board was told', async ({
  page,
}, info) => {
  const project = info.project.name;
  const from = project === 'phone' ? 670 : 680;
  const booking = await confirmedBooking(owner.api, {
    propertyId: PROPERTY,
    checkIn: addDays(today(), from),
    checkOut: addDays(today(), from + 2),
    guests: 2,
    name: 'Shrinivas Kamat',
    phone: '+91 98450 72727',
    email: `shrinivas.${project}@privacy.test`,
  });
  const pagePath = new URL(booking.url).pathname;
  await askFromBookingPage(
    page,
    pagePath,
    'correction',
    `My name is Shreenivas, with ee (${project})`,
  );
  const dialog = await ownersPrivacyDialog(page);
  const card = dialog.getByRole('listitem').filter({ hasText: `with ee (${project})` });
  await expect(card).toBeVisible();
  await card.getByLabel('Name', { exact: true }).fill('Shreenivas Kamat');
  await card.getByRole('button', { name: 'Correct', exact: true }).scrollIntoViewIfNeeded();
  await shot(page, 'correct');
  await card.getByRole('button', { name: 'Correct', exact: true }).click();
  await expect(dialog.getByText('Corrected; the guest is mailed what changed.')).toBeVisible();
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, 'stays.sqlite3'), {
    readonly: true,
  });
  const row = () =>
    db.prepare('SELECT name, reference FROM bookings WHERE id = ?').get(booking.id) as {
      name: string;
      reference: string;
    };
  await expect.poll(() => row().name).toBe('Shreenivas Kamat');
  const { reference } = row();
  db.close();

  await dialog.getByRole('button', { name: 'Record a breach' }).click();
  const form = dialog.getByRole('form', { name: 'Record a breach' });
  const what = `A printed arrivals list was left at the bus stand (${project})`;
  await form.getByLabel('What happened, where and how').fill(what);
  await form.getByLabel(/What data it touched/).fill('names and phones of one booking');
  await form.getByLabel('Booking references, separated by spaces').fill(reference);
  await form.getByLabel('What you have done about it').fill('The list was found and shredded');
  for (const control of await form.locator('input:not([type=radio]), button').all()) {
    if (!(await control.isVisible())) continue;
    const box = (await control.boundingBox())!;
    expect(
      box.height,
      await control.evaluate((e) => e.outerHTML.slice(0, 80)),
    ).toBeGreaterThanOrEqual(44);
  }
  await expectNoViolations(page, 'the breach form', 'dialog');
  await form.scrollIntoViewIfNeeded();
  await shot(page, 'breach-form');
  await form.getByRole('button', { name: 'Record the breach' }).click();
  await expect(form).toHaveCount(0);
  const breach = dialog.getByRole('listitem').filter({ hasText: what });
  await expect(breach.getByText('Board not told yet')).toBeVisible();
  await expect(breach.getByText('Data touched: names and phones of one booking')).toBeVisible();
  await breach.getByRole('button', { name: 'I told the Board just now' }).click();
  await expect(
    breach.getByText(/^Board told \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d$/),
  ).toBeVisible();
  await expect(breach.getByRole('button', { name: 'I told the Board just now' })).toHaveCount(0);
  await expectNoViolations(page, 'the Privacy dialog with a breach', 'dialog');
  await breach.scrollIntoViewIfNeeded();
  await shot(page, 'breach');
});

test('a guest asks for a summary from the booking page; the owner sends it and the guest opens it', async ({
  page,
}, info) => {
  const project = info.project.name;
  const from = project === 'phone' ? 690 : 694;
  const email = `kaveri.${project}@privacy.test`;
  const booking = await confirmedBooking(owner.api, {
    propertyId: PROPERTY,
    checkIn: addDays(today(), from),
    checkOut: addDays(today(), from + 2),
    guests: 2,
    name: 'Kaveri Hegde',
    phone: '+91 98450 73737',
    email,
  });
  const pagePath = new URL(booking.url).pathname;
  const asked = `What do you hold about me? (${project})`;
  await askFromBookingPage(page, pagePath, 'access', asked);
  const dialog = await ownersPrivacyDialog(page);
  const card = dialog.getByRole('listitem').filter({ hasText: asked });
  await card.getByRole('button', { name: 'Send a summary' }).click();
  await expect(dialog.getByText('Answered; the guest is mailed.')).toBeVisible();
  await expect(card.getByText(/^Answered /)).toBeVisible();

  // The mail the outbox holds for the guest names the summary's link.
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, 'stays.sqlite3'), {
    readonly: true,
  });
  const link = () =>
    (
      db
        .prepare('SELECT text_body FROM mail_outbox WHERE recipient = ? ORDER BY id DESC')
        .all(email) as { text_body: string }[]
    )
      .map((m) => /https?:\/\/\S+\/privacy\/summary\/[\w-]+/.exec(m.text_body)?.[0])
      .find(Boolean);
  await expect.poll(link).toBeTruthy();
  const summaryPath = new URL(link()!).pathname;
  const { reference } = db
    .prepare('SELECT reference FROM bookings WHERE id = ?')
    .get(booking.id) as {
    reference: string;
  };
  db.close();
  await page.goto(`${BASE}${summaryPath}`);
  await expect(page.getByRole('heading', { name: /^Your data at / })).toBeVisible();
  await expect(page.getByText(reference).first()).toBeVisible();
  await expect(page.getByText('Kaveri Hegde').first()).toBeVisible();
  await expectNoViolations(page, 'the summary page');
  await shot(page, 'summary');
});
