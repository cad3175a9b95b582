/**
 * GST documents through the real app (real SQLite file, the catalogue imported and published: run
 * `node scripts/build.mjs` first), the clock moved: accept → advance → receipt voucher; check-out
 * → invoice adjusting the advance; cancel with a partial refund → invoice for the amount kept and
 * refund voucher; a reduction after the invoice → credit note naming it; a company's GSTIN on a
 * B2B invoice; an exempt stay's bill of supply; Cancel document; erasure of guest data leaves the
 * documents alone; each page's particulars and its PDF's text read back (pdf-parse).
 */
import fs from 'node:fs';
import path from 'node:path';
import { PDFParse } from 'pdf-parse';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, today } from '../../shared/calendar-dates.js';
import type { BookingCreated, BookingList } from '../../shared/bookings.js';
import type { DocumentList } from '../../shared/gst-documents.js';
import type { Property } from '../../shared/site-data.js';
import { testCatalogue } from '../../../test/factories.js';
import { makeTestApp, type TestApp } from '../../../test/test-helpers.js';
import { startSmtpServer } from '../../../test/test-smtp-server.js';
import { checkHtml, VNU_TIMEOUT_MS } from '../../../test/vnu.js';
import { getDocument, setCompany, stayFacts } from './store.js';

const GSTIN = '29ABCDE1234F1ZW';
const GST_ENV = {
  GSTIN,
  GST_LEGAL_NAME: 'Malnad Stays LLP',
  GST_ADDRESS: 'IG Road, Chikmagalur, Karnataka 577101',
  INVOICE_SIGNATORY: 'R. Gowda',
};

let t: TestApp;
let clock = Date.now();
afterEach(async () => {
  await t?.cleanup();
});

/** ₹4,500 a night (5 %), a ₹800 cleaning fee, 30 % advance. */
const rates: Partial<Property> = {
  nightlyRate: 4500,
  minNights: 1,
  maxGuests: 4,
  cleaningFee: 800,
  advancePercent: 30,
};

const day = (n: number) => addDays(today(clock), n);

async function start(
  env: NodeJS.ProcessEnv = GST_ENV,
  property: Partial<Property> = rates,
  from = Date.now(),
) {
  clock = from;
  t = await makeTestApp({ CALENDAR_SYNC_MINUTES: '0', ...env }, { clock: () => clock });
  await t.publishCatalogue(testCatalogue({ propertyList: [property] }));
}

function owner(method: 'GET' | 'POST', url: string, body?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: {
      ...t.ownerHeaders,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

let ip = 0;
/** A guest's request, accepted and paid: the booking's id and guest page path. */
async function paidBooking(checkIn = day(10), checkOut = day(12), guests = 2) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    remoteAddress: `10.0.1.${(ip += 1)}`,
    headers: { origin: 'http://localhost', 'content-type': 'application/json' },
    payload: JSON.stringify({
      propertyId: 'stay-1',
      checkIn,
      checkOut,
      guests,
      name: 'Asha Rao',
      phone: '094480 11111',
    }),
  });
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json() as BookingCreated;
  for (const action of ['accept', 'paid']) {
    const r = await owner('POST', `/api/bookings/${created.id}/${action}`, {});
    expect(r.statusCode, r.body).toBe(200);
  }
  return { id: created.id, page: new URL(created.url).pathname };
}

async function documents(month = today(clock).slice(0, 7), type = '') {
  const res = await owner('GET', `/api/documents?month=${month}${type ? `&type=${type}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as DocumentList).documents;
}

const fy = () => {
  const d = today(clock);
  const y = Number(d.slice(0, 4)) - (d.slice(5) < '04-01' ? 1 : 0);
  return `${y % 100}-${(y + 1) % 100}`.replace(/^(\d)-/, '0$1-');
};

async function pdfText(url: string): Promise<string> {
  const res = await owner('GET', url);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

describe('GST-2: receipt voucher, tax invoice, balance', () => {
  it('issues a receipt voucher for the advance, then the invoice at check-out adjusting it', async () => {
    await start();
    const { id } = await paidBooking();
    // 2 nights × ₹4,500 + ₹800 fee = ₹9,800 taxable at 5 %: ₹245 + ₹245; total ₹10,290; advance
    // 30 % rounded up to the rupee: ₹3,087.
    const [voucher] = await documents();
    expect(voucher).toMatchObject({
      type: 'receipt-voucher',
      number: `STYR/${fy()}/0001`,
      bookingId: id,
      totalPaise: 308_700,
      status: 'issued',
    });
    expect(voucher!.cgstPaise).toBe(voucher!.sgstPaise);
    expect(voucher!.taxablePaise + voucher!.cgstPaise + voucher!.sgstPaise).toBe(308_700);

    // The owner's inbox card links the booking's documents.
    const inbox = (await owner('GET', '/api/bookings')).json() as BookingList;
    expect(inbox.bookings[0]!.documents).toEqual([
      { id: voucher!.id, title: 'Receipt Voucher', number: voucher!.number, cancelled: false },
    ]);

    const page = await owner('GET', `/api/documents/${voucher!.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.body).toContain('<h1>Receipt Voucher</h1>');
    expect(page.body).toContain('29-Karnataka');
    expect(page.body).not.toContain('<script');

    // Before the check-out day: 409.
    const early = await owner('POST', `/api/bookings/${id}/invoice`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ field: 'checkOut' });

    clock += 12 * 24 * 3600 * 1000;
    // Days later the owner's session has ended (SESS-3, TIME-5): they log in again.
    t.logIn();
    const issued = await owner('POST', `/api/bookings/${id}/invoice`);
    expect(issued.statusCode, issued.body).toBe(201);
    expect(issued.json()).toMatchObject({ type: 'tax-invoice', number: `STY/${fy()}/0001` });
    expect((await owner('POST', `/api/bookings/${id}/invoice`)).statusCode).toBe(409);

    const invoice = getDocument(t.ctx.db, (issued.json() as { id: string }).id)!;
    expect(invoice.totalPaise).toBe(1_029_000);
    expect(invoice.cgstPaise).toBe(24_500);
    expect(invoice.sgstPaise).toBe(24_500);
    expect(invoice.body.advance).toEqual({ paise: 308_700, vouchers: [`STYR/${fy()}/0001`] });
    expect(invoice.body.balancePaise).toBe(1_029_000 - 308_700);
    expect(invoice.body.recipient.name).toBe('Asha Rao');
    expect(invoice.body.amountInWords).toBe('Ten Thousand Two Hundred Ninety Rupees Only');
    const html = (await owner('GET', `/api/documents/${invoice.id}`)).body;
    for (const text of [
      '<h1>Tax Invoice</h1>',
      `GSTIN: ${GSTIN}`,
      'Malnad Stays LLP',
      '996311',
      '29-Karnataka',
      'Reverse charge',
      `Less: advance received (receipt voucher STYR/${fy()}/0001)`,
      'Balance due',
      '₹7,203.00',
      'R. Gowda',
      'Amount in words: Ten Thousand Two Hundred Ninety Rupees Only',
    ]) {
      expect(html).toContain(text);
    }

    const text = await pdfText(`/api/documents/${invoice.id}.pdf`);
    for (const s of [
      'Tax Invoice',
      GSTIN,
      '996311',
      '29-Karnataka',
      `STY/${fy()}/0001`,
      '₹10,290.00',
      '₹7,203.00',
      `STYR/${fy()}/0001`,
    ]) {
      expect(text).toContain(s);
    }
  });

  it('issues the invoice by itself the day after check-out, and never twice', async () => {
    await start();
    const { id } = await paidBooking(day(1), day(3));
    clock += 3 * 24 * 3600 * 1000; // the check-out day: drafted, not issued yet
    t.logIn();
    expect(t.gst.issueDue()).toBe(0);
    clock += 24 * 3600 * 1000;
    t.logIn();
    expect(t.gst.issueDue()).toBe(1);
    expect(t.gst.issueDue()).toBe(0);
    const months = new Set([today(clock).slice(0, 7), day(-4).slice(0, 7)]);
    const all = (await Promise.all([...months].map((m) => documents(m)))).flat();
    expect(all.filter((d) => d.type === 'tax-invoice' && d.bookingId === id)).toHaveLength(1);
  });
});

describe('GST-4: cancellation and credit notes', () => {
  it('invoices the amount kept and gives a refund voucher for the part returned', async () => {
    await start();
    const { id } = await paidBooking();
    const tooMuch = await owner('POST', `/api/bookings/${id}/cancel`, { refundPaise: 308_701 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({ field: 'refundPaise' });
    for (const refundPaise of [-1, 1.5, '2000', null]) {
      const bad = await owner('POST', `/api/bookings/${id}/cancel`, { refundPaise });
      expect(bad.statusCode, String(refundPaise)).toBe(400);
      expect(bad.json()).toMatchObject({ field: 'refundPaise' });
    }
    const notCancel = await owner('POST', `/api/bookings/${id}/paid`, { refundPaise: 0 });
    expect(notCancel.statusCode).toBe(400);
    expect(notCancel.json()).toMatchObject({ field: 'refundPaise' });
    const list = (await owner('GET', '/api/bookings')).json() as BookingList;
    expect(list.bookings[0]!.status).toBe('confirmed'); // rolled back

    const res = await owner('POST', `/api/bookings/${id}/cancel`, { refundPaise: 200_000 });
    expect(res.statusCode, res.body).toBe(200);
    const docs = await documents();
    const kept = docs.find((d) => d.type === 'tax-invoice')!;
    const refund = docs.find((d) => d.type === 'refund-voucher')!;
    expect(kept.totalPaise).toBe(108_700);
    expect(kept.cgstPaise).toBe(kept.sgstPaise);
    expect(refund).toMatchObject({ number: `STYV/${fy()}/0001`, totalPaise: 200_000 });
    const voucher = docs.find((d) => d.type === 'receipt-voucher')!;
    expect(refund.refersTo).toBe(voucher.id);
    const html = (await owner('GET', `/api/documents/${refund.id}`)).body;
    expect(html).toContain('<h1>Refund Voucher</h1>');
    expect(html).toContain(`Against receipt voucher`);
    expect(html).toContain(voucher.number);
  });

  it('reduces an invoice by a credit note naming it, and cancels a document keeping its number', async () => {
    await start();
    const { id } = await paidBooking(day(1), day(3));
    clock += 3 * 24 * 3600 * 1000;
    t.logIn();
    const invoice = (await owner('POST', `/api/bookings/${id}/invoice`)).json() as {
      id: string;
      number: string;
    };
    const bad = await owner('POST', `/api/documents/${invoice.id}/credit-note`, {
      amountPaise: 99_999_999,
      reason: 'x',
    });
    expect(bad.statusCode).toBe(400);
    const note = await owner('POST', `/api/documents/${invoice.id}/credit-note`, {
      amountPaise: 52_500,
      reason: 'Heater did not work one night',
    });
    expect(note.statusCode, note.body).toBe(201);
    const credit = getDocument(t.ctx.db, (note.json() as { id: string }).id)!;
    expect(credit.number).toBe(`STYC/${fy()}/0001`);
    expect(credit.body.refersTo).toMatchObject({ number: invoice.number, type: 'tax-invoice' });
    expect(credit.taxablePaise).toBe(50_000);
    expect(credit.cgstPaise).toBe(1_250);
    const html = (await owner('GET', `/api/documents/${credit.id}`)).body;
    expect(html).toContain('<h1>Credit Note</h1>');
    expect(html).toContain(`Against invoice`);

    expect((await owner('POST', `/api/documents/${invoice.id}/cancel`, {})).statusCode).toBe(400);
    const cancelled = await owner('POST', `/api/documents/${invoice.id}/cancel`, {
      reason: 'Issued to the wrong company',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(
      (await owner('POST', `/api/documents/${invoice.id}/cancel`, { reason: 'again' })).statusCode,
    ).toBe(409);
    // A new invoice gets the next number: a cancelled number is never used again.
    const again = (await owner('POST', `/api/bookings/${id}/invoice`)).json() as { number: string };
    expect(again.number).toBe(`STY/${fy()}/0002`);
    const page = (await owner('GET', `/api/documents/${invoice.id}`)).body;
    expect(page).toContain('Issued to the wrong company');
    expect(() => t.ctx.db.prepare('DELETE FROM gst_documents').run()).toThrow(/never deleted/);
    expect(() => t.ctx.db.prepare("UPDATE gst_documents SET number = 'X'").run()).toThrow(
      /as issued/,
    );
  });
});

/** The company form's fields in a booking page: each one's value, and its error's id when marked invalid. */
function formFields(html: string) {
  const fields: Record<string, { value: string; invalid?: string }> = {};
  for (const m of html.matchAll(/<(input|textarea)\b([^>]*)>([^<]*)/g)) {
    const attr = (name: string) => new RegExp(` ${name}="([^"]*)"`).exec(m[2]!)?.[1];
    const name = attr('name');
    if (!name || !['legalName', 'gstin', 'address'].includes(name)) continue;
    fields[name] = {
      value: m[1] === 'textarea' ? m[3]! : (attr('value') ?? ''),
      ...(attr('aria-invalid') === 'true' ? { invalid: attr('aria-describedby')! } : {}),
    };
  }
  return fields;
}

describe('GST-7: a company invoice, GST-6: an exempt stay', () => {
  it('puts the company a guest gives on the B2B invoice, refusing a GSTIN with a wrong check character', async () => {
    await start();
    const { id, page } = await paidBooking(day(1), day(3));
    const post = (form: Record<string, string>, origin = 'http://localhost') =>
      t.app.inject({
        method: 'POST',
        url: `${page}/company`,
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(form).toString(),
      });
    const company = {
      legalName: 'Coffee Board Traders Pvt Ltd',
      gstin: '27AAPFU0939F1ZV',
      address: 'Fort, Mumbai 400001',
    };
    const stayCompany = () => stayFacts(t.ctx.db, id).company;
    // GST-11: a refused form comes back as the page, holding what was typed, naming the field.
    const typo = await post({ ...company, gstin: '27aapfu0939f1zw' });
    expect(typo.statusCode).toBe(400);
    expect(typo.headers['cache-control']).toBe('no-store');
    expect(typo.headers['x-robots-tag']).toBe('noindex, nofollow');
    const typed = formFields(typo.body);
    expect(typed.legalName).toEqual({ value: company.legalName });
    expect(typed.gstin).toEqual({ value: '27AAPFU0939F1ZW', invalid: 'bk-company-gstin-error' });
    expect(typed.address).toEqual({ value: company.address });
    expect(typo.body).toContain(
      'id="bk-company-gstin-error">This GSTIN has a wrong check character (the 15th): check it for a typing mistake.</p>',
    );
    expect(typo.body).toContain(
      'role="alert" data-kind="error">Your company’s details are not saved yet: correct the GSTIN below.</p>',
    );
    const noAddress = await post({ ...company, address: '  ' });
    expect(noAddress.statusCode).toBe(400);
    expect(formFields(noAddress.body)).toEqual({
      legalName: { value: company.legalName },
      gstin: { value: company.gstin },
      address: { value: '', invalid: 'bk-company-address-error' },
    });
    expect(noAddress.body).toContain('correct the billing address below');
    // CSV-2: a legal name that a spreadsheet would run as a formula is refused, in words.
    const formula = await post({ ...company, legalName: '=HYPERLINK("http://x.test","Pay")' });
    expect(formula.statusCode).toBe(400);
    expect(formFields(formula.body).legalName).toEqual({
      value: '=HYPERLINK(&quot;http://x.test&quot;,&quot;Pay&quot;)',
      invalid: 'bk-company-legalName-error',
    });
    expect(formula.body).toContain(
      'A legal name cannot start with =, +, -, @ or a tab: write it as on the GST registration.',
    );
    expect(formula.body).toContain('correct the legal name below');
    expect(noAddress.body).toContain('>Save company details</button>');
    expect(stayCompany()).toBeUndefined();
    expect((await post(company, 'https://evil.example')).statusCode).toBe(403);
    const ok = await post(company);
    expect(ok.headers.location).toBe(`${page}?notice=company`);

    clock += 3 * 24 * 3600 * 1000;
    t.logIn();
    const invoice = (await owner('POST', `/api/bookings/${id}/invoice`)).json() as { id: string };
    const doc = getDocument(t.ctx.db, invoice.id)!;
    expect(doc.recipientGstin).toBe('27AAPFU0939F1ZV');
    expect(doc.body.recipient).toMatchObject({
      legalName: company.legalName,
      gstin: company.gstin,
    });
    // Place of supply stays the property's state (IGST Act s.12(3)): CGST + SGST.
    expect(doc.body.placeOfSupply).toBe('29-Karnataka');
    expect(doc.cgstPaise).toBeGreaterThan(0);
    // The form is closed once the invoice is issued; a late post is told so on the page.
    const late = await post({ ...company, legalName: 'Another Company Ltd' });
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain('the invoice is issued already');
    expect(late.body).not.toContain('name="gstin"');
    expect(stayCompany()?.legalName).toBe(company.legalName);
  });

  it(
    'flags a long stay that may be exempt, and bills it without GST once marked: its page passes the Nu HTML Checker, its PDF reads back',
    { timeout: VNU_TIMEOUT_MS + 30_000 },
    async () => {
      await start(GST_ENV, { ...rates, nightlyRate: 600, cleaningFee: 0 });
      const { id } = await paidBooking(day(1), day(91), 1);
      const list = (await owner('GET', '/api/bookings')).json() as BookingList;
      expect(list.bookings[0]!.gstExemptionPossible).toBe(true);
      const before = list.bookings[0]!.totalPaise!;
      expect((await owner('POST', `/api/bookings/${id}/exempt`)).statusCode).toBe(200);
      // The booking's price loses its GST: the inbox and the bill of supply agree.
      const after = ((await owner('GET', '/api/bookings')).json() as BookingList).bookings[0]!;
      expect(after.totalPaise).toBe(90 * 60_000);
      expect(before).toBeGreaterThan(after.totalPaise!);
      clock += 91 * 24 * 3600 * 1000;
      t.logIn();
      const res = await owner('POST', `/api/bookings/${id}/invoice`);
      expect(res.json()).toMatchObject({ type: 'bill-of-supply', number: `STYB/${fy()}/0001` });
      const doc = getDocument(t.ctx.db, (res.json() as { id: string }).id)!;
      expect(doc.cgstPaise + doc.sgstPaise).toBe(0);
      expect(doc.totalPaise).toBe(90 * 60_000);
      expect((await owner('POST', `/api/bookings/${id}/exempt`)).statusCode).toBe(409);

      // GST-5: the bill of supply's page and PDF, as every other document's.
      const page = await owner('GET', `/api/documents/${doc.id}`);
      expect(page.body).toContain('<h1>Bill of Supply</h1>');
      expect(page.body).toContain('entry 12A');
      expect(page.body).not.toContain('CGST');
      const file = path.join(t.dataDir, 'bill-of-supply.html');
      fs.writeFileSync(file, page.body);
      const errors = (await checkHtml([file]))
        .filter((m) => m.type !== 'info')
        .map((m) => `${m.lastLine ?? '?'} ${m.message}`);
      expect(errors).toEqual([]);
      const text = await pdfText(`/api/documents/${doc.id}.pdf`);
      for (const s of [
        'Bill of Supply',
        GSTIN,
        '996311',
        '29-Karnataka',
        `STYB/${fy()}/0001`,
        'entry 12A',
      ]) {
        expect(text).toContain(s);
      }
    },
  );
});

describe('GST-2: documents outlive the erasure of guest data', () => {
  it('keeps the guest name on documents when the booking’s personal data is erased', async () => {
    await start({ ...GST_ENV, GUEST_DATA_DAYS: '1' });
    const { id } = await paidBooking(day(1), day(2));
    clock += 5 * 24 * 3600 * 1000;
    t.logIn();
    t.gst.issueDue();
    expect(t.bookings.eraseOld()).toBe(1);
    const list = (await owner('GET', '/api/bookings')).json() as BookingList;
    expect(list.bookings.find((b) => b.id === id)!.name).toBeUndefined();
    const docs = t.ctx.db.prepare('SELECT id FROM gst_documents WHERE booking_id = ?').all(id) as {
      id: string;
    }[];
    expect(docs).toHaveLength(2);
    for (const d of docs) expect(getDocument(t.ctx.db, d.id)!.body.recipient.name).toBe('Asha Rao');
  });
});

const DAY_MS = 24 * 3600 * 1000;
/** 1 December 2026, 10:00 IST. */
const DECEMBER = Date.parse('2026-12-01T04:30:00Z');
const FIXTURE = path.join(
  path.dirname(new URL(import.meta.url).pathname),
  'fixtures',
  'gstr1-2026-12.csv',
);

/**
 * A month of every kind of document (2026-12): a B2C stay invoiced with its advance, a company's
 * stay invoiced and reduced by a credit note, a cancellation with a partial refund, an advance
 * for January, a cancelled invoice reissued.
 */
async function december() {
  await start(GST_ENV, rates, DECEMBER);
  const a = await paidBooking('2026-12-05', '2026-12-07');
  const b = await paidBooking('2026-12-10', '2026-12-13', 3);
  await t.app.inject({
    method: 'POST',
    url: `${b.page}/company`,
    headers: { origin: 'http://localhost', 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      legalName: 'Coffee Board Traders Pvt Ltd',
      gstin: '27AAPFU0939F1ZV',
      address: 'Fort, Mumbai 400001',
    }).toString(),
  });
  const c = await paidBooking('2026-12-20', '2026-12-22');
  await owner('POST', `/api/bookings/${c.id}/cancel`, { refundPaise: 150_000 });
  clock = DECEMBER + 6 * DAY_MS; // 7 December
  t.logIn();
  const invoiceA = (await owner('POST', `/api/bookings/${a.id}/invoice`)).json() as { id: string };
  await owner('POST', `/api/documents/${invoiceA.id}/cancel`, { reason: 'Wrong guest name' });
  await owner('POST', `/api/bookings/${a.id}/invoice`);
  clock = DECEMBER + 19 * DAY_MS; // 20 December
  t.logIn();
  await paidBooking('2027-01-05', '2027-01-08');
  const invoiceB = (await owner('POST', `/api/bookings/${b.id}/invoice`)).json() as { id: string };
  await owner('POST', `/api/documents/${invoiceB.id}/credit-note`, {
    amountPaise: 52_500,
    reason: 'Heater did not work one night',
  });
}

describe('GST-8: GSTR-1', () => {
  it('gives each section of a month as the offline tool’s CSV, as the expected file', async () => {
    await december();
    let all = '';
    for (const section of ['b2b', 'b2cs', 'cdnr', 'cdnur', 'at', 'atadj', 'hsn', 'doc']) {
      const res = await owner('GET', `/api/gst/gstr1?period=2026-12&section=${section}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      all += `# ${section}\r\n${res.body}`;
    }
    const b2b = await owner('GET', '/api/gst/gstr1?period=2026-12&section=hsn&supply=b2b');
    all += `# hsn b2b\r\n${b2b.body}`;
    if (process.env.UPDATE_FIXTURES) fs.writeFileSync(FIXTURE, all);
    expect(all).toBe(fs.readFileSync(FIXTURE, 'utf8'));
    for (const [query, field] of [
      ['period=2026-13&section=b2b', 'period'],
      ['period=2026-12&section=b2cl', 'section'],
      ['period=2026-12&section=hsn&supply=all', 'supply'],
    ]) {
      const res = await owner('GET', `/api/gst/gstr1?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field });
    }
  });
});

describe('CSV-1: the formula guard in GSTR-1', () => {
  it('writes a legal name saved as =HYPERLINK(...) as text in b2b and cdnr, never as a live formula', async () => {
    await start(GST_ENV, rates, DECEMBER);
    const b = await paidBooking('2026-12-02', '2026-12-04');
    // Saved before the company form refused such names (CSV-2), straight into the store.
    setCompany(
      t.ctx.db,
      b.id,
      { legalName: '=HYPERLINK("http://x.test","Pay")', gstin: '27AAPFU0939F1ZV', address: 'Fort' },
      clock,
    );
    clock = DECEMBER + 4 * DAY_MS;
    t.logIn();
    const invoice = (await owner('POST', `/api/bookings/${b.id}/invoice`)).json() as { id: string };
    await owner('POST', `/api/documents/${invoice.id}/credit-note`, {
      amountPaise: 10_000,
      reason: 'Late check-in',
    });
    for (const section of ['b2b', 'cdnr']) {
      const body = (await owner('GET', `/api/gst/gstr1?period=2026-12&section=${section}`)).body;
      const row = body.split('\r\n')[1]!;
      expect(row, section).toMatch(
        /^27AAPFU0939F1ZV,"'=HYPERLINK\(""http:\/\/x\.test"",""Pay""\)",STY/,
      );
    }
  });
});

describe('GST-5: document pages', () => {
  it(
    'each type of document page has no error from the Nu HTML Checker',
    { timeout: VNU_TIMEOUT_MS + 30_000 },
    async () => {
      await december();
      const { documents: docs } = (
        await owner('GET', '/api/documents?month=2026-12')
      ).json() as DocumentList;
      expect(new Set(docs.map((d) => d.type))).toEqual(
        new Set(['receipt-voucher', 'tax-invoice', 'refund-voucher', 'credit-note']),
      );
      const dir = fs.mkdtempSync(path.join(t.dataDir, 'pages-'));
      const files: string[] = [];
      for (const doc of docs) {
        const res = await owner('GET', `/api/documents/${doc.id}`);
        const file = path.join(dir, `${doc.number.replace(/\//g, '-')}.html`);
        fs.writeFileSync(file, res.body);
        files.push(file);
      }
      const errors = (await checkHtml(files))
        .filter((m) => m.type !== 'info')
        .map((m) => `${path.basename(m.url ?? '?')}:${m.lastLine ?? '?'} ${m.message}`);
      expect(errors).toEqual([]);
    },
  );
});

describe('GST-5: the guest opens the documents from the mail', () => {
  it('the confirmed mail links the receipt voucher, the invoice mail the invoice; each link opens it', async () => {
    const smtp = await startSmtpServer();
    try {
      await start({ ...GST_ENV, SMTP_URL: smtp.url(), MAIL_FROM: 'bookings@stays.test' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/bookings',
        remoteAddress: '10.0.9.1',
        headers: { origin: 'http://localhost', 'content-type': 'application/json' },
        payload: JSON.stringify({
          propertyId: 'stay-1',
          checkIn: day(10),
          checkOut: day(12),
          guests: 2,
          name: 'Asha Rao',
          phone: '094480 11111',
          email: 'asha@example.test',
        }),
      });
      expect(res.statusCode, res.body).toBe(201);
      const { id } = res.json() as BookingCreated;
      for (const action of ['accept', 'paid']) {
        expect((await owner('POST', `/api/bookings/${id}/${action}`, {})).statusCode).toBe(200);
      }
      clock += 12 * 24 * 3600 * 1000;
      t.logIn();
      expect((await owner('POST', `/api/bookings/${id}/invoice`)).statusCode).toBe(201);

      const mailOf = (kind: string) =>
        t.ctx.db
          .prepare('SELECT text_body AS text FROM mail_outbox WHERE kind = ? AND booking_id = ?')
          .all(kind, id) as { text: string }[];
      const opened = async (kind: string, title: string) => {
        const [mail] = mailOf(kind);
        expect(mail, kind).toBeDefined();
        const link = new RegExp(`${title} (\\S+): (\\S+/documents/\\S+)`).exec(mail!.text);
        expect(link, mail!.text).not.toBeNull();
        const page = await t.app.inject({ method: 'GET', url: new URL(link![2]!).pathname });
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain(`<h1>${title}</h1>`);
        expect(page.body).toContain(link![1]!);
      };
      await opened('guest-confirmed', 'Receipt Voucher');
      await opened('guest-invoice', 'Tax Invoice');
      expect(mailOf('guest-invoice')).toHaveLength(1);
    } finally {
      await t?.cleanup();
      await smtp.close();
    }
  });
});
