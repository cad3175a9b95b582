/**
 * GET /api/quote/{propertyId} (PRICE-6) through the real app: a real SQLite file, the catalogue
 * imported as the owner and published (run `node scripts/build.mjs` first), owner blocks through
 * the calendar API. The answer is the shared quoteStay's, figure for figure; bad input is 400
 * naming the field; a revision stored before the rate fields existed still loads and quotes
 * (DATA-7, PRICE-1).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, today, weekday } from '../../shared/calendar-dates.js';
import { quoteStay, type Quote } from '../../shared/quote.js';
import type { Property, SiteData } from '../../shared/site-data.js';
import { testCatalogue } from '../../../test/factories.js';
import { makeTestApp, type TestApp } from '../../../test/test-helpers.js';

let t: TestApp;
afterEach(async () => {
  await t?.cleanup();
});

const GSTIN = '29ABCDE1234F1ZW';

/** The first Monday at least two weeks from today (Asia/Kolkata), so weekends fall on known nights. */
function nextMonday(): string {
  let day = addDays(today(), 14);
  while (weekday(day) !== 1) day = addDays(day, 1);
  return day;
}

const rates: Partial<Property> = {
  nightlyRate: 4500,
  weekendRate: 5500,
  includedGuests: 2,
  extraGuestRate: 500,
  maxGuests: 4,
  cleaningFee: 800,
  weeklyDiscount: 10,
};

async function postJson(url: string, body: unknown, method: 'POST' | 'PUT' = 'POST') {
  const res = await t.app.inject({
    method,
    url,
    headers: { ...t.ownerHeaders, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

/** Imports the catalogue as the owner and publishes it, as the owner's tools do. */
async function importAndPublish(data: SiteData): Promise<void> {
  await postJson('/api/import', data);
  await postJson('/api/generate', {});
}

async function start(env: NodeJS.ProcessEnv = {}, property: Partial<Property> = rates) {
  t = await makeTestApp(env);
  await importAndPublish(testCatalogue({ propertyList: [property, {}] }));
}

function get(url: string) {
  return t.app.inject({ method: 'GET', url });
}

describe('GET /api/quote/{propertyId}', () => {
  it('answers the shared quote of the published property, cacheable for 60 s', async () => {
    await start();
    const checkIn = nextMonday();
    const checkOut = addDays(checkIn, 7);
    const res = await get(`/api/quote/stay-1?checkIn=${checkIn}&checkOut=${checkOut}&guests=3`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const quote = res.json() as Quote;
    // Mon … Sun: 5 weekday and 2 weekend nights, one extra guest, the weekly discount, the fee.
    expect(quote.lines).toEqual([
      { label: '5 weekday nights × ₹4,500', amountPaise: 2_250_000 },
      { label: '2 weekend nights × ₹5,500', amountPaise: 1_100_000 },
      { label: 'Extra guests (1 × ₹500 × 7 nights)', amountPaise: 350_000 },
      { label: 'Weekly discount (10%)', amountPaise: -370_000 },
      { label: 'Cleaning fee', amountPaise: 80_000 },
    ]);
    expect(quote).toMatchObject({
      propertyId: 'stay-1',
      checkIn,
      checkOut,
      guests: 3,
      subtotalPaise: 3_700_000,
      discountPaise: 370_000,
      feesPaise: 80_000,
      taxPaise: 0,
      totalPaise: 3_410_000,
      advancePaise: 1_023_000,
      currency: 'INR',
      available: true,
      problems: [],
    });
    // The same figures as the function the pages run, by construction.
    const property = { id: 'stay-1', ...rates } as Property;
    expect(quote).toEqual(
      quoteStay(property, { checkIn, checkOut, guests: 3 }, { settings: {}, today: today() }),
    );
  });

  it('adds GST with a GSTIN, and publishes the GSTIN in the pages’ site details', async () => {
    await start({ GSTIN, GST_LEGAL_NAME: 'Stays LLP', GST_ADDRESS: 'Chikmagalur' });
    const checkIn = nextMonday();
    const res = await get(
      `/api/quote/stay-1?checkIn=${checkIn}&checkOut=${addDays(checkIn, 2)}&guests=2`,
    );
    const quote = res.json() as Quote;
    // 2 × ₹4,500 at 5 %, the ₹800 fee at 5 %.
    expect(quote.taxPaise).toBe(45_000 + 4_000);
    expect(quote.lines.at(-1)).toEqual({ label: 'GST (5%)', amountPaise: 49_000 });
    const dir = t.ctx.publisher.currentDir()!;
    const script = fs.readdirSync(dir).find((f) => /^site-data\.[0-9a-f]+\.js$/.test(f))!;
    expect(fs.readFileSync(path.join(dir, script), 'utf8')).toContain(`"gstin":"${GSTIN}"`);
  });

  it('names what makes a stay impossible, and says nothing of where a booking came from', async () => {
    await start();
    const checkIn = nextMonday();
    await postJson(
      '/api/calendar/stay-1',
      {
        feeds: [],
        blocks: [
          { start: addDays(checkIn, 1), end: addDays(checkIn, 2), note: 'Mr Rao via Airbnb' },
        ],
      },
      'PUT',
    );
    const res = await get(
      `/api/quote/stay-1?checkIn=${checkIn}&checkOut=${addDays(checkIn, 3)}&guests=5`,
    );
    expect(res.statusCode).toBe(200);
    const quote = res.json() as Quote;
    expect(quote.available).toBe(false);
    expect(quote.problems).toEqual([
      { field: 'checkIn', error: 'Not available for these dates.' },
      { field: 'guests', error: 'This property takes at most 4 guests.' },
    ]);
    expect(res.body).not.toMatch(/Rao|Airbnb|note|block|feed/i);
    const backwards = await get(
      `/api/quote/stay-1?checkIn=${checkIn}&checkOut=${checkIn}&guests=2`,
    );
    expect((backwards.json() as Quote).problems).toEqual([
      { field: 'checkOut', error: 'Check-out must be after check-in: choose a later date.' },
    ]);
  });

  it('refuses a query that is not a stay with 400 naming the field, and an unknown property with 404', async () => {
    await start();
    const ok = nextMonday();
    const out = addDays(ok, 2);
    const farthest = addDays(today(), 730);
    for (const [query, field] of [
      [`checkIn=2026-02-30&checkOut=${out}&guests=2`, 'checkIn'],
      [`checkIn=tomorrow&checkOut=${out}&guests=2`, 'checkIn'],
      [`checkIn=${ok}&guests=2`, 'checkOut'],
      [`checkIn=${ok}&checkOut=${out}`, 'guests'],
      [`checkIn=${ok}&checkOut=${out}&guests=0`, 'guests'],
      [`checkIn=${ok}&checkOut=${out}&guests=51`, 'guests'],
      [`checkIn=${ok}&checkOut=${out}&guests=two`, 'guests'],
      [`checkIn=${ok}&checkOut=${out}&guests=1.5`, 'guests'],
      [`checkIn=${ok}&checkOut=${out}&guests=2&guests=3`, 'guests'],
      [`checkIn=${ok}&checkOut=${addDays(today(), 800)}&guests=2`, 'checkOut'],
      [`checkIn=${addDays(today(), 800)}&checkOut=${addDays(today(), 801)}&guests=2`, 'checkIn'],
    ]) {
      const res = await get(`/api/quote/stay-1?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ field, error: expect.any(String) });
    }
    // Up to two years ahead is fine.
    const far = await get(
      `/api/quote/stay-1?checkIn=${addDays(farthest, -3)}&checkOut=${farthest}&guests=2`,
    );
    expect(far.statusCode).toBe(200);
    for (const id of ['no-such-stay', '..%2F..', 'stay-1%00']) {
      const res = await get(`/api/quote/${id}?checkIn=${ok}&checkOut=${out}&guests=2`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toMatchObject({ field: 'propertyId' });
    }
  });

  it('quotes the published catalogue, not an import not yet published', async () => {
    await start();
    const data = testCatalogue({
      propertyList: [{ ...rates, nightlyRate: 9999 }, {}, { name: 'New Stay' }],
      revision: 1,
    });
    await postJson('/api/import', data);
    const checkIn = nextMonday();
    const query = `checkIn=${checkIn}&checkOut=${addDays(checkIn, 1)}&guests=2`;
    expect((await get(`/api/quote/stay-3?${query}`)).statusCode).toBe(404);
    expect(((await get(`/api/quote/stay-1?${query}`)).json() as Quote).subtotalPaise).toBe(450_000);
    await postJson('/api/generate', {});
    expect(((await get(`/api/quote/stay-1?${query}`)).json() as Quote).subtotalPaise).toBe(999_900);
    expect((await get(`/api/quote/stay-3?${query}`)).statusCode).toBe(200);
  });

  it('loads, quotes and re-imports a revision stored before the rate fields existed (DATA-7)', async () => {
    t = await makeTestApp();
    // A catalogue as the fourth session stored it: a flat nightly rate and none of PRICE-1's fields.
    const old = {
      propertyList: [
        {
          id: 'old-stay',
          name: 'Old Stay',
          address: 'IG Road',
          description: '<p>Old.</p>',
          facilities: ['Wi-Fi'],
          bedCount: 2,
          bathCount: 1,
          nightlyRate: 3000,
          minNights: 2,
          photos: [{ name: 'old-1.jpg', best: true, home: true }],
        },
      ],
      homeSections: [{ id: 'featured', name: 'Featured', properties: ['old-stay'] }],
    };
    t.ctx.db
      .prepare("INSERT INTO revisions (created_at, author, json) VALUES (?, 'old', ?)")
      .run('2026-11-20T10:00:00.000Z', JSON.stringify(old));
    await postJson('/api/generate', {});
    const checkIn = nextMonday();
    const res = await get(
      `/api/quote/old-stay?checkIn=${checkIn}&checkOut=${addDays(checkIn, 2)}&guests=6`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      lines: [{ label: '2 nights × ₹3,000', amountPaise: 600_000 }],
      totalPaise: 600_000,
      advancePaise: 180_000,
      available: true,
    });
    const tooShort = await get(
      `/api/quote/old-stay?checkIn=${checkIn}&checkOut=${addDays(checkIn, 1)}&guests=1`,
    );
    expect((tooShort.json() as Quote).problems[0]!.field).toBe('checkOut');
    // The owner's tools send it back as it is: it imports as the next revision.
    const back = await postJson('/api/import', { ...old, revision: 1 });
    expect(back.json()).toEqual({ revision: 2 });
  });
});
