/**
 * The owner's Rates dialog in real Chromium against the real server, on the desktop and on the
 * phone (390 × 844, touch: RATES-5): the owner opens Rates on a property page, sets a weekend rate
 * and a one-year season, sees the preview quote of a week's stay, saves (import and publish, the
 * full flush), and the published property then carries those rates and GET /api/quote/{id} quotes
 * the same stay with the very lines and total the preview showed (RATES-1..RATES-4, PRICE-6).
 * Saves test-results/screenshots/{project}-rates.png, -rates-season.png and -rates-preview.png.
 *
 * It edits the home page's last property (in the order the home page first shows them), which no
 * other spec edits or prices, and puts its rates back at the end through the import API. One
 * project at a time (owner-lock.ts).
 */
import { expectNoViolations } from './axe.js';
import { expect, test, type Page } from '@playwright/test';
import { addDays, today, weekday } from '../src/shared/calendar-dates.js';
import type { Quote } from '../src/shared/quote.js';
import type { Property } from '../src/shared/site-data.js';
import { publishedData } from './helpers.js';
import { NativeDialogs, ownerState, press, restoreProperty, visit } from './owner-helpers.js';
import { releaseOwnerLock, takeOwnerLock } from './owner-lock.js';
import { formatPaise } from '../src/shared/money.js';

test.describe.configure({ mode: 'serial' });
// A save imports and publishes: slow on a busy 2-core machine.
test.setTimeout(240_000);
test.use({ timezoneId: 'Asia/Kolkata', locale: 'en-IN' });

const baseURL = process.env.E2E_BASE_URL ?? '';
const RESULT_OK = 'Result\nImport: 200\nGenerate Properties: 200';
const SCREENSHOTS = 'test-results/screenshots';

let state: Awaited<ReturnType<typeof ownerState>>;
let target: Property;

/** The first Monday at least two weeks from today in India, so the week's nights are known. */
function nextMonday(): string {
  let day = addDays(today(), 14);
  while (weekday(day) !== 1) day = addDays(day, 1);
  return day;
}

test.beforeAll(async ({ browser }, info) => {
  await takeOwnerLock(info);
  state = await ownerState(browser, baseURL);
  const data = await visit(browser, baseURL, '/', publishedData);
  const shown = [...new Set(data.homeSections.flatMap((s) => s.properties))];
  target = data.propertyList.find((p) => p.id === shown.at(-1))!;
  expect(target.nightlyRate, 'the demo catalogue prices this property').toBeGreaterThan(0);
});

test.afterAll(async ({ browser }) => {
  try {
    if (!target) return;
    const context = await browser.newContext({ baseURL, storageState: state });
    const page = await context.newPage();
    await page.goto(`/stay/${target.id}`);
    // Back to the property as it was, its rates gone.
    await restoreProperty(page, target.id, () => target);
    await context.close();
  } finally {
    releaseOwnerLock();
  }
});

/** The preview's rows as "label amount" pairs. */
const previewRows = (page: Page) =>
  page
    .getByRole('table', { name: 'Quote of this stay' })
    .getByRole('row')
    .evaluateAll((rows) =>
      rows.map((r) => [r.querySelector('th')!.textContent, r.querySelector('td')!.textContent]),
    );

test('the owner sets a weekend rate and a season, previews, saves, and the published quote agrees (RATES-1..RATES-5)', async ({
  browser,
}, info) => {
  const context = await browser.newContext({ baseURL, storageState: state });
  const page = await context.newPage();
  const dialogs = new NativeDialogs(page);
  await page.goto(`/stay/${target.id}`);
  await expect(page.getByRole('region', { name: 'Admin Tools' })).toBeVisible();

  await press(page.getByRole('button', { name: 'Rates', exact: true }));
  const dialog = page.getByRole('dialog', { name: `Rates: ${target.name}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Nightly rate', { exact: true })).toHaveValue(
    String(target.nightlyRate),
  );

  // A Monday-to-Monday week: Wednesday and Thursday nights are the season's, Friday and Saturday
  // the weekend's, the other three the weekday rate's.
  const checkIn = nextMonday();
  const checkOut = addDays(checkIn, 7);
  const rate = target.nightlyRate!;
  await dialog.getByLabel('Weekend rate').fill('abc');
  await expect(
    dialog.getByText('The weekend rate must be a whole number of rupees from 1 to 10000000.'),
  ).toBeVisible();
  await dialog.getByLabel('Weekend rate').fill(String(rate + 800));
  await press(dialog.getByRole('button', { name: 'Add season' }));
  const season = dialog.getByRole('list', { name: 'Seasons' }).getByRole('listitem');
  await season.getByLabel('Name').fill('Coffee festival');
  await press(season.getByLabel('One year only'));
  await season.getByLabel('First night').fill(addDays(checkIn, 2));
  await season.getByLabel('Last night').fill(addDays(checkIn, 3));
  await season.getByLabel('Nightly rate').fill(String(rate * 2));
  await dialog.getByLabel('Check-in').fill(checkIn);
  await dialog.getByLabel('Check-out').fill(checkOut);
  await dialog.getByLabel('Number of guests').fill('2');

  const each = (n: number) => formatPaise(n * 100);
  const rows = await previewRows(page);
  expect(rows.slice(0, 3)).toEqual([
    ['3 weekday nights × ' + each(rate), each(3 * rate)],
    ['Coffee festival: 2 nights × ' + each(2 * rate), each(4 * rate)],
    ['2 weekend nights × ' + each(rate + 800), each(2 * (rate + 800))],
  ]);
  const previewTotal = rows.find(([label]) => label === 'Total')![1];

  // RATES-5: a numeric keypad for every number, big enough controls, nothing wider than the screen.
  for (const input of await dialog.locator('input:not([type])').all()) {
    const label = await input.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent);
    if (label !== 'Name')
      await expect(input, String(label)).toHaveAttribute('inputmode', 'numeric');
  }
  for (const button of await dialog.getByRole('button').all()) {
    expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
  expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  await expectNoViolations(page, 'the Rates dialog', 'dialog');

  await dialog.getByRole('heading', { name: 'Nightly rates' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}/${info.project.name}-rates.png` });
  await season.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}/${info.project.name}-rates-season.png` });
  await page.getByRole('table', { name: 'Quote of this stay' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}/${info.project.name}-rates-preview.png` });

  const reloaded = page.waitForEvent('load', { timeout: 120_000 });
  await press(dialog.getByRole('button', { name: 'Save and publish' }));
  await reloaded;
  expect(dialogs.alerts()).toEqual([RESULT_OK]);
  await context.close();

  // As published, for a visitor: the rates are the property's, and the server quotes the same.
  const [published, quote] = await visit(browser, baseURL, `/stay/${target.id}`, async (p) => {
    const res = await p.request.get(
      `/api/quote/${target.id}?checkIn=${checkIn}&checkOut=${checkOut}&guests=2`,
    );
    expect(res.status()).toBe(200);
    return [await publishedData(p), (await res.json()) as Quote] as const;
  });
  const property = published.propertyList.find((p) => p.id === target.id)!;
  expect(property.weekendRate).toBe(rate + 800);
  expect(property.seasons).toEqual([
    {
      name: 'Coffee festival',
      from: addDays(checkIn, 2),
      to: addDays(checkIn, 3),
      nightlyRate: rate * 2,
    },
  ]);
  expect(quote.lines.map((l) => [l.label, formatPaise(l.amountPaise)])).toEqual(
    rows.filter(([label]) => label !== 'Total' && label !== 'Advance when accepted'),
  );
  expect(formatPaise(quote.totalPaise)).toBe(previewTotal);
});
