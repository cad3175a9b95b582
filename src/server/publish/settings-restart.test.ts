/**
 * UPGRADE-1 and UPGRADE-4 through the real app on one DATA_DIR restarted with other settings (a
 * real SQLite file, the real SSR build: run `node scripts/build.mjs` first): GSTIN set or cleared
 * and a restart, and the page (its data script run through the dialog's own quote), GET
 * /api/quote and the booking stored by POST /api/bookings give one total; the pages of the old
 * settings are not served meanwhile.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays, today } from '../../shared/calendar-dates.js';
import { quoteStay, type Quote } from '../../shared/quote.js';
import { DATA_GLOBAL, type PageData } from '../../shared/site-data.js';
import { testCatalogue } from '../../../test/factories.js';
import { dataScriptOf } from '../../../test/test-helpers.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { prepareDataDir } from '../startup.js';
import { saveRevision } from '../store/revisions.js';

const GST_ENV = {
  GSTIN: '29ABCDE1234F1ZW',
  GST_LEGAL_NAME: 'Stays In Chikmagalur LLP',
  GST_ADDRESS: 'IG Road, Chikmagalur 577101',
};
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stays-settings-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Builds the app on `dataDir` with `env`, as main.ts does before it prepares DATA_DIR. */
async function start(env: Record<string, string>) {
  return buildApp(
    loadConfig({
      DATA_DIR: dataDir,
      SITE_URL: 'http://localhost',
      ADMIN_USERNAME: 'owner',
      ADMIN_PASSWORD: 'estate-bungalow-with-a-view',
      CALENDAR_SYNC_MINUTES: '0',
      ...env,
    }),
  );
}

/** The total the property page's dialog shows: its data script run, then the shared quote on it. */
async function pageTotal(
  app: Awaited<ReturnType<typeof start>>['app'],
  stay: { checkIn: string; checkOut: string; guests: number },
): Promise<Quote> {
  const page = await app.inject({ url: '/stay/stay-1' });
  expect(page.statusCode).toBe(200);
  const script = await app.inject({ url: dataScriptOf(page.body) });
  const sandbox = { window: {} as Record<string, unknown> };
  vm.runInNewContext(script.body, sandbox);
  const data = sandbox.window[DATA_GLOBAL] as PageData;
  return quoteStay(data.propertyList[0]!, stay, { settings: data.site, today: today() });
}

describe('UPGRADE-4: one price after a settings change', () => {
  it('GSTIN set, then cleared, each with a restart: the page, GET /api/quote and the stored booking give the same total', async () => {
    const first = await start({});
    saveRevision(
      first.ctx.db,
      testCatalogue({
        propertyList: [{ name: 'Coffee View Suite', nightlyRate: 4500, cleaningFee: 800 }],
      }),
      'test',
      first.ctx.clock(),
    );
    await prepareDataDir(first.ctx, () => undefined);
    const stay = { checkIn: addDays(today(), 10), checkOut: addDays(today(), 13), guests: 2 };
    const without = await pageTotal(first.app, stay);
    expect(without.taxPaise).toBe(0);
    await first.app.close();

    for (const [env, taxed] of [
      [GST_ENV, true],
      [{}, false],
    ] as const) {
      const { app, ctx } = await start(env);
      // The pages of the other settings are not served before the start renders them again.
      expect((await app.inject({ url: '/stay/stay-1' })).statusCode).toBe(503);
      const lines: string[] = [];
      await prepareDataDir(ctx, (line) => lines.push(line));
      expect(lines).toContainEqual(
        expect.stringMatching(/^Published revision 1 again, rendered with this configuration/),
      );

      const onPage = await pageTotal(app, stay);
      expect(onPage.taxPaise > 0).toBe(taxed);
      const quoted = await app.inject({
        url: `/api/quote/stay-1?checkIn=${stay.checkIn}&checkOut=${stay.checkOut}&guests=2`,
      });
      expect(quoted.json<Quote>().totalPaise).toBe(onPage.totalPaise);
      const booked = await app.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: { origin: 'http://localhost', 'content-type': 'application/json' },
        payload: JSON.stringify({
          propertyId: 'stay-1',
          ...stay,
          name: 'Asha Rao',
          phone: '094480 11111',
        }),
      });
      expect(booked.statusCode, booked.body).toBe(201);
      const stored = ctx.db
        .prepare('SELECT quote_json FROM bookings WHERE id = ?')
        .get(booked.json<{ id: string }>().id) as { quote_json: string };
      expect((JSON.parse(stored.quote_json) as Quote).totalPaise).toBe(onPage.totalPaise);
      expect(onPage.totalPaise - without.totalPaise).toBe(onPage.taxPaise);
      await app.close();
    }
  }, 120_000);
});
