/**
 * GST-5, GST-7 in real Chromium, against a server of its own started with GSTIN (the shared one
 * runs without GST): a guest gives a company's GST details with the booking page's plain form
 * (a wrong check character refused, then accepted); the owner accepts and marks the advance
 * received (a receipt voucher); the stay is moved to end today in the database (a browser test
 * cannot wait for a check-out) and the owner issues the invoice from its inbox card. The guest's page lists both
 * documents; the invoice page names the company, passes axe and is printed to PDF by Chromium.
 * A refused company form comes back with what was typed (GST-11); the invoice page does not
 * scroll sideways on a phone (GST-12). A second test cancels a paid booking from the inbox with
 * a partial refund (GST-9) and cancels the refund voucher from the Documents dialog with its
 * reason (GST-10), then reads the cancelled voucher's page. A third marks a 90-night stay exempt
 * under entry 12A (GST-6) and reads its bill of supply: no GST, axe-clean.
 * Screenshots: test-results/screenshots/{project}-gst-{booking|invoice|company-refused|
 * inbox-refund|documents-cancel|refund-voucher|bill-of-supply}.png, gst-invoice-print-a4.png (print styles) and
 * test-results/screenshots/gst-invoice-print.pdf (Chromium's print) and gst-invoice-download.pdf
 * (the server's PDF).
 */
import { pastToday } from './helpers.js';
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Page,
} from '@playwright/test';
import { addDays, today } from '../src/shared/calendar-dates.js';
import type { BookingCreated } from '../src/shared/bookings.js';
import { COLLECTION_NOTICES, PRIVACY_LINK_WORDS } from '../src/shared/privacy-notice.js';
import { spawnServer, type SpawnedServer } from '../scripts/spawn-server.js';
import { expectNoViolations } from './axe.js';
import { openWith } from './owner-helpers.js';

const OWNER = { username: 'owner', password: 'e2e-gst-correct-horse' };
const PROPERTY = 'mullayanagiri-foothills-retreat';

let server: SpawnedServer;
let api: APIRequestContext;

test.describe.configure({ timeout: 240_000 });

test.beforeAll(async () => {
  // Seeding and the first publish take long on a busy machine.
  test.setTimeout(300_000);
  server = await spawnServer({
    ADMIN_USERNAME: OWNER.username,
    ADMIN_PASSWORD: OWNER.password,
    BOOKING_REQUESTS_PER_HOUR: '1000',
    GSTIN: '29ABCDE1234F1ZW',
    GST_LEGAL_NAME: 'Malnad Stays LLP',
    GST_ADDRESS: 'Third Floor, Sri Ganesha Complex, IG Road, Chikmagalur, Karnataka 577101',
    INVOICE_SIGNATORY: 'R. Gowda, Partner',
  });
  api = await playwrightRequest.newContext({ baseURL: server.url });
  const login = await api.post('/api/login', {
    headers: { origin: server.url },
    data: OWNER,
  });
  expect(login.status()).toBe(200);
});

test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
});

// Every request not to this spec's server gets a small page: the test stays on loopback.
test.beforeEach(async ({ page }) => {
  await page.route(
    (url) => !url.href.startsWith(server.url),
    (route) => route.fulfill({ contentType: 'text/plain', body: 'offline' }),
  );
});

/** How far the page, and each table's region, scroll sideways (px; 0: not at all). */
function sidewaysScroll(page: Page) {
  return page.evaluate(() => ({
    page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    regions: [...document.querySelectorAll('[role="region"]')].map(
      (r) => r.scrollWidth - r.clientWidth,
    ),
  }));
}

async function logIn(page: Page) {
  await page.goto(`${server.url}/adminlogin`);
  await page.getByLabel('Username').fill(OWNER.username);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await pastToday(page);
}

async function owner(url: string) {
  const res = await api.post(url, { headers: { origin: server.url }, data: {} });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json() as Promise<Record<string, string>>;
}

test('a company invoice: the guest’s form, the receipt voucher, the invoice page and its print', async ({
  page,
}, info) => {
  const shots = path.join('test-results', 'screenshots');
  const from = info.project.name === 'phone' ? 30 : 40;
  const res = await api.post('/api/bookings', {
    headers: { origin: server.url },
    data: {
      propertyId: PROPERTY,
      checkIn: addDays(today(), from),
      checkOut: addDays(today(), from + 3),
      guests: 2,
      name: 'Meera Iyer',
      phone: '+91 98450 55555',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const booking = (await res.json()) as BookingCreated;
  const pagePath = new URL(booking.url).pathname;

  await page.goto(`${server.url}${pagePath}`);
  const form = page.getByRole('form', { name: 'GST invoice for a company' });
  // PRIV-3, PRIV-12: what the form collects and why, with the link, above its button.
  const notice = form.getByText(COLLECTION_NOTICES.company);
  await expect(notice).toBeVisible();
  await expect(form.getByRole('link', { name: PRIVACY_LINK_WORDS })).toHaveAttribute(
    'href',
    '/privacy',
  );
  expect(
    (await notice.boundingBox())!.y + (await notice.boundingBox())!.height,
  ).toBeLessThanOrEqual(
    (await form.getByRole('button', { name: 'Save company details' }).boundingBox())!.y,
  );
  const fill = async (gstin: string) => {
    await form.getByLabel('Legal name').fill('Coffee Board Traders Pvt Ltd');
    await form.getByLabel('GSTIN').fill(gstin);
    await form.getByLabel('Billing address').fill('12 Fort Street, Mumbai, Maharashtra 400001');
    await form.getByRole('button', { name: 'Save company details' }).click();
  };
  await fill('27AAPFU0939F1ZW'); // a wrong check character
  // GST-11: the refused form comes back with what was typed and the field named.
  await expect(form.getByText('This GSTIN has a wrong check character')).toBeVisible();
  await expect(form.getByLabel('GSTIN')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('GSTIN')).toHaveValue('27AAPFU0939F1ZW');
  await expect(form.getByLabel('Legal name')).toHaveValue('Coffee Board Traders Pvt Ltd');
  await expect(form.getByLabel('Billing address')).toHaveValue(
    '12 Fort Street, Mumbai, Maharashtra 400001',
  );
  await expect(page.getByRole('alert')).toContainText('correct the GSTIN below');
  await expectNoViolations(page, 'booking page with a refused company form');
  await page.screenshot({
    path: path.join(shots, `${info.project.name}-gst-company-refused.png`),
    fullPage: true,
  });
  await form.getByLabel('GSTIN').fill('27AAPFU0939F1ZV');
  await form.getByRole('button', { name: 'Save company details' }).click();
  await expect(page.getByRole('status')).toContainText('Your company’s details are saved');

  await owner(`/api/bookings/${booking.id}/accept`);
  await owner(`/api/bookings/${booking.id}/paid`);
  // The stay ends today: the invoice can be issued (the server's clock cannot be moved).
  const db = new Database(path.join(server.dataDir, 'stays.sqlite3'));
  db.prepare('UPDATE bookings SET check_in = ?, check_out = ? WHERE id = ?').run(
    addDays(today(), -3),
    today(),
    booking.id,
  );
  db.close();
  // The owner issues the invoice from the booking's inbox card.
  await logIn(page);
  const bar = page.getByRole('region', { name: 'Admin Tools' });
  const inbox = page.getByRole('dialog', { name: 'Bookings' });
  await openWith(bar.getByRole('button', { name: /^Bookings/ }), inbox);
  await inbox.getByText('All', { exact: true }).click();
  const card = inbox
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Meera Iyer' }) });
  await expect(card.getByRole('link', { name: /^Receipt Voucher STYR\/\S+$/ })).toBeVisible();
  await card.getByRole('button', { name: /^Issue invoice/ }).click();
  const invoiceLink = card.getByRole('link', { name: /^Tax Invoice STY\/\S+$/ });
  await expect(invoiceLink).toBeVisible();
  await expect(card.getByRole('button', { name: /^Issue invoice/ })).toHaveCount(0);
  const invoice = { number: (await invoiceLink.textContent())!.replace('Tax Invoice ', '') };
  await page.screenshot({ path: path.join(shots, `${info.project.name}-gst-inbox-card.png`) });

  await page.goto(`${server.url}${pagePath}`);
  const docs = page.getByRole('region', { name: 'Receipts and invoices' });
  await expect(docs.getByRole('link', { name: /^Receipt Voucher STYR\/\S+$/ })).toBeVisible();
  await expect(page.getByRole('form', { name: 'GST invoice for a company' })).toHaveCount(0);
  await expectNoViolations(page, 'booking page with documents');
  await page.screenshot({
    path: path.join(shots, `${info.project.name}-gst-booking.png`),
    fullPage: true,
  });

  await docs.getByRole('link', { name: `Tax Invoice ${invoice.number}`, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tax Invoice' })).toBeVisible();
  const invoiceId = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByText('Coffee Board Traders Pvt Ltd')).toBeVisible();
  await expect(page.getByText('GSTIN: 27AAPFU0939F1ZV')).toBeVisible();
  await expect(page.getByText('Less: advance received (receipt voucher STYR/')).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await expect(page.locator('script')).toHaveCount(0);
  await expectNoViolations(page, 'tax invoice page');
  // GST-12: on a phone (390 px) as on a desktop, nothing scrolls sideways, the page nor a table.
  expect(await sidewaysScroll(page)).toEqual({ page: 0, regions: [0, 0, 0] });
  await page.screenshot({
    path: path.join(shots, `${info.project.name}-gst-invoice.png`),
    fullPage: true,
  });
  if (info.project.name === 'desktop') {
    await page.emulateMedia({ media: 'print' });
    // Printed, the tables stay tables (the phone's stacked rows are for narrow screens only).
    expect(
      await page.locator('table').evaluateAll((ts) => ts.map((t) => getComputedStyle(t).display)),
    ).toEqual(['table', 'table', 'table']);
    await page.pdf({ path: path.join(shots, 'gst-invoice-print.pdf'), format: 'A4' });
    // The print styles at an A4 page's width (210 mm less 2 × 12 mm margins, at 96 dpi), to look at.
    const viewport = page.viewportSize()!;
    await page.setViewportSize({ width: 703, height: 1000 });
    await page.screenshot({ path: path.join(shots, 'gst-invoice-print-a4.png'), fullPage: true });
    await page.setViewportSize(viewport);
    await page.emulateMedia({ media: 'screen' });
  }
  const pdf = await page.request.get(`${page.url()}.pdf`);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  if (info.project.name === 'desktop') {
    fs.writeFileSync(path.join(shots, 'gst-invoice-download.pdf'), await pdf.body());
  }

  // GST-5: the receipt voucher's page and a credit note's page pass axe as the invoice's does.
  await page.goto(`${server.url}${pagePath}`);
  await docs.getByRole('link', { name: /^Receipt Voucher STYR\/\S+$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Receipt Voucher' })).toBeVisible();
  await expectNoViolations(page, 'receipt voucher page');
  const credit = await api.post(`/api/documents/${invoiceId}/credit-note`, {
    headers: { origin: server.url },
    data: { amountPaise: 50_000, reason: 'A discount agreed after the stay' },
  });
  expect(credit.status(), await credit.text()).toBe(201);
  await page.goto(`${server.url}/api/documents/${((await credit.json()) as { id: string }).id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Credit Note' })).toBeVisible();
  await expect(page.getByText(new RegExp(`^${invoice.number} of `))).toBeVisible();
  await expectNoViolations(page, 'credit note page');

  // The owner's Documents list: this month's receipt voucher and invoice, filtered by type.
  await page.goto(`${server.url}/`);
  const dialog = page.getByRole('dialog', { name: 'Documents' });
  await openWith(bar.getByRole('button', { name: 'Documents' }), dialog);
  await expect(
    dialog.getByRole('link', { name: `Tax Invoice ${invoice.number}`, exact: true }),
  ).toBeVisible();
  await dialog.getByLabel('Type').selectOption('receipt-voucher');
  await expect(
    dialog.getByRole('link', { name: `Tax Invoice ${invoice.number}`, exact: true }),
  ).toHaveCount(0);
  await expect(
    dialog.getByRole('link', { name: /^Receipt Voucher STYR\/\S+$/ }).first(),
  ).toBeVisible();
  await expectNoViolations(page, 'Documents dialog', 'dialog');
  await page.screenshot({
    path: path.join(shots, `${info.project.name}-gst-documents-dialog.png`),
  });
});

test('the owner’s corrections: a cancel with a partial refund, then Cancel document with its reason', async ({
  page,
}, info) => {
  const shots = path.join('test-results', 'screenshots');
  const from = info.project.name === 'phone' ? 50 : 60;
  const name = `Ravi Kumar ${info.project.name}`;
  const res = await api.post('/api/bookings', {
    headers: { origin: server.url },
    data: {
      propertyId: PROPERTY,
      checkIn: addDays(today(), from),
      checkOut: addDays(today(), from + 2),
      guests: 2,
      name,
      phone: '+91 98450 66666',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const booking = (await res.json()) as BookingCreated;
  await owner(`/api/bookings/${booking.id}/accept`);
  await owner(`/api/bookings/${booking.id}/paid`);

  await logIn(page);
  const bar = page.getByRole('region', { name: 'Admin Tools' });
  const inbox = page.getByRole('dialog', { name: 'Bookings' });
  await openWith(bar.getByRole('button', { name: /^Bookings/ }), inbox);
  await inbox.getByText('Upcoming', { exact: true }).click();
  const card = inbox.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await card.getByRole('button', { name: /^Cancel booking STY-/ }).click();
  // GST-9: the refund starts at the whole advance; the owner keeps part of it.
  const refund = card.getByLabel(/^Refund to the guest, in rupees \(₹0 to ₹[\d,.]+\)$/);
  const advance = (await refund.inputValue()).replace(/,/g, '');
  expect(Number(advance)).toBeGreaterThan(1000);
  await card.getByLabel(/^Message to the guest/).fill('The road to the property is closed.');
  await refund.fill('1,000');
  await expect(card.getByText(/is kept and invoiced as cancellation charges/)).toBeVisible();
  await card.getByRole('button', { name: 'Cancel booking' }).scrollIntoViewIfNeeded();
  await expectNoViolations(page, 'inbox cancel with refund', 'dialog');
  await page.screenshot({ path: path.join(shots, `${info.project.name}-gst-inbox-refund.png`) });
  await card.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(card.getByText('Cancelled', { exact: true })).toBeVisible();
  const refundLink = card.getByRole('link', { name: /^Refund Voucher STYV\/\S+$/ });
  await expect(refundLink).toBeVisible();
  const keptLink = card.getByRole('link', { name: /^Tax Invoice STY\/\S+$/ });
  await expect(keptLink).toBeVisible();
  const refundNumber = (await refundLink.textContent())!.replace('Refund Voucher ', '');
  await inbox.getByRole('button', { name: 'Close' }).click();

  // GST-10: the refund voucher is cancelled from the Documents dialog, with its reason.
  const dialog = page.getByRole('dialog', { name: 'Documents' });
  await openWith(bar.getByRole('button', { name: 'Documents' }), dialog);
  const docName = `Refund Voucher ${refundNumber}`;
  await dialog.getByRole('button', { name: `Cancel document ${docName}`, exact: true }).click();
  const form = dialog.getByRole('form', { name: `Cancel ${docName}` });
  await form.getByLabel('Why is it cancelled?').fill('Refund amount typed wrongly');
  await form.scrollIntoViewIfNeeded();
  await expectNoViolations(page, 'Documents dialog, cancel step', 'dialog');
  await page.screenshot({
    path: path.join(shots, `${info.project.name}-gst-documents-cancel.png`),
  });
  await form.getByRole('button', { name: 'Cancel document' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'is cancelled' })).toHaveText(
    `${docName} is cancelled; its number is not used again.`,
  );
  await expect(
    dialog.getByRole('button', { name: `Cancel document ${docName}`, exact: true }),
  ).toHaveCount(0);
  const list = await api.get(`/api/documents?month=${today().slice(0, 7)}&type=refund-voucher`);
  const cancelled = (
    (await list.json()) as { documents: { number: string; status: string }[] }
  ).documents.find((d) => d.number === refundNumber);
  expect(cancelled?.status).toBe('cancelled');

  // The cancelled refund voucher's page: marked cancelled with the reason, axe-clean, and on a
  // phone as on a desktop without sideways scroll (GST-5, GST-12).
  const voucherPage = page.waitForEvent('popup');
  await dialog.getByRole('link', { name: docName, exact: true }).click();
  const voucher = await voucherPage;
  await expect(voucher.getByRole('heading', { level: 1, name: 'Refund Voucher' })).toBeVisible();
  await expect(voucher.getByText('Refund amount typed wrongly')).toBeVisible();
  expect(await sidewaysScroll(voucher)).toEqual({ page: 0, regions: [0, 0, 0] });
  await expectNoViolations(voucher, 'cancelled refund voucher page');
  await voucher.screenshot({
    path: path.join(shots, `${info.project.name}-gst-refund-voucher.png`),
    fullPage: true,
  });
});

test('a stay exempt under entry 12A: its bill of supply page has no GST and passes axe', async ({
  page,
}, info) => {
  const shots = path.join('test-results', 'screenshots');
  // 90 nights at ₹2,200 for 4 guests: ₹66,000 a 30 nights, at most ₹20,000 a guest (entry 12A).
  const from = info.project.name === 'phone' ? 100 : 200;
  const res = await api.post('/api/bookings', {
    headers: { origin: server.url },
    data: {
      propertyId: 'ig-road-town-studio',
      checkIn: addDays(today(), from),
      checkOut: addDays(today(), from + 90),
      guests: 4,
      name: `Long Stay ${info.project.name}`,
      phone: '+91 98450 77777',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const booking = (await res.json()) as BookingCreated;
  // GST-6: the site flags the stay; the owner decides and marks it exempt.
  const list = (await (await api.get('/api/bookings?status=all')).json()) as {
    bookings: { id: string; gstExemptionPossible?: boolean }[];
  };
  expect(list.bookings.find((b) => b.id === booking.id)?.gstExemptionPossible).toBe(true);
  await owner(`/api/bookings/${booking.id}/exempt`);
  await owner(`/api/bookings/${booking.id}/accept`);
  await owner(`/api/bookings/${booking.id}/paid`);
  // The stay ends today: its bill can be issued (the server's clock cannot be moved).
  const db = new Database(path.join(server.dataDir, 'stays.sqlite3'));
  db.prepare('UPDATE bookings SET check_in = ?, check_out = ? WHERE id = ?').run(
    addDays(today(), -90),
    today(),
    booking.id,
  );
  db.close();
  const bill = await owner(`/api/bookings/${booking.id}/invoice`);
  expect(bill.type).toBe('bill-of-supply');
  expect(bill.number).toMatch(/^STYB\/\d\d-\d\d\/\d{4}$/);

  // The guest's copy, from the booking page's address.
  await page.goto(`${server.url}${new URL(booking.url).pathname}/documents/${bill.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bill of Supply' })).toBeVisible();
  await expect(page.getByText(bill.number!, { exact: true }).first()).toBeVisible();
  await expect(
    page.getByText(/^Exempt: accommodation of at least 90 continuous days/),
  ).toBeVisible();
  await expect(page.getByText('CGST')).toHaveCount(0);
  await expect(page.locator('script')).toHaveCount(0);
  await expectNoViolations(page, 'bill of supply page');
  expect((await sidewaysScroll(page)).page).toBe(0);
  await page.screenshot({
    path: path.join(shots, `${info.project.name}-gst-bill-of-supply.png`),
    fullPage: true,
  });
});
