/**
 * The 'Check Availability' enquiry dialog in real Chromium (ENQ-1..ENQ-6): it opens from the property
 * page's button with the property's name, enforces the date and guest rules with a message next to
 * each field, and offers the exact wa.me, mailto: and tel: links carrying the whole enquiry; the
 * price it shows is GET /api/quote's, line by line; Request to Book sends and says what happened.
 *
 * The browser's clock is fixed at Tue 10 Mar 2026, 09:30 in India, so "today" and every date in
 * the links are known, except for the price tests, which follow the server's real today.
 */
import { expectNoViolations } from './axe.js';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { addDays, formatDay, today, weekday } from '../src/shared/calendar-dates.js';
import { nightRate, quoteStay, type Quote } from '../src/shared/quote.js';
import type { Property, SiteInfo } from '../src/shared/site-data.js';
import { BASE, stayOffline, hydrated, publishedData, phoneOnly } from './helpers.js';
import { formatPaise } from '../src/shared/money.js';
import { PRIVACY_LINK_WORDS } from '../src/shared/privacy-notice.js';

/** The dialog's ways to send (WhatsApp, e-mail, call): its links but the request's privacy notice. */
const waysToSend = (dialog: Locator) =>
  dialog.getByRole('link').filter({ hasNotText: PRIVACY_LINK_WORDS });

test.use({ baseURL: BASE, timezoneId: 'Asia/Kolkata', locale: 'en-IN' });

async function openFirstProperty(
  page: Page,
): Promise<{ path: string; name: string; site: SiteInfo }> {
  await page.goto('/');
  const path = await page.locator('main a[href^="/stay/"]').first().getAttribute('href');
  expect(path).toBeTruthy();
  await page.goto(path!);
  await hydrated(page);
  const name = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
  const { site } = await publishedData(page);
  return { path: path!, name, site };
}

test.beforeEach(async ({ page }) => {
  await stayOffline(page);
  await page.clock.setFixedTime(new Date('2026-03-10T09:30:00+05:30'));
});

test('opens from Check Availability with the property name; focus moves in and returns on Escape', async ({
  page,
}) => {
  const { name } = await openFirstProperty(page);
  const button = page.getByRole('button', { name: 'Check Availability' });
  await button.click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(page.getByLabel('Check-in')).toBeFocused();
  await expect(page.getByLabel('Check-in')).toHaveAttribute('data-min', '2026-03-10');
  await expect(page.getByLabel('Guests')).toHaveValue('2');
  await expect(dialog.getByRole('link')).toHaveCount(0);
  await expect(dialog.getByText('Choose valid dates and the number of guests')).toBeVisible();

  // Tabbing never reaches the page behind the modal dialog (Chromium may step out to its own
  // controls after the last one: then no element of the page has focus).
  for (let i = 0; i < 16; i++) {
    await page.keyboard.press('Tab');
    const where = await page.evaluate(() => {
      const active = document.activeElement;
      if (!active || active === document.body) return 'browser';
      return active.closest('dialog[open]') ? 'dialog' : active.outerHTML.slice(0, 80);
    });
    expect(['dialog', 'browser'], `Tab ${i + 1} went to ${where}`).toContain(where);
  }

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();

  await button.press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});

test('shows a clear message next to each invalid field and no way to send until it is valid', async ({
  page,
}) => {
  await openFirstProperty(page);
  await page.getByRole('button', { name: 'Check Availability' }).click();
  const dialog = page.getByRole('dialog');
  const checkIn = page.getByLabel('Check-in');
  const checkOut = page.getByLabel('Check-out');
  const guests = page.getByLabel('Guests');

  async function expectError(field: typeof checkIn, message: string): Promise<void> {
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    const describedBy = await field.getAttribute('aria-describedby');
    expect(describedBy).toBeTruthy();
    await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(message);
    await expect(page.locator(`[id="${describedBy}"]`)).toBeVisible();
    await expect(dialog.getByRole('link')).toHaveCount(0);
  }

  await checkIn.fill('2026-03-09');
  await expectError(checkIn, 'Check-in cannot be in the past: choose Tue 10 Mar 2026 or later.');

  await checkIn.fill('2026-03-12');
  await expect(checkIn).not.toHaveAttribute('aria-invalid', 'true');
  await expect(checkIn).not.toHaveAttribute('aria-describedby', /.+/);
  await expect(checkOut).toHaveAttribute('data-min', '2026-03-13');

  await checkOut.focus();
  await guests.focus();
  await expectError(checkOut, 'Choose a check-out date.');

  await checkOut.fill('2026-03-12');
  await expectError(checkOut, 'Check-out must be after check-in: choose a later date.');
  await checkOut.fill('2026-03-11');
  await expectError(checkOut, 'Check-out must be after check-in: choose a later date.');

  await checkOut.fill('2026-03-13');
  await expect(checkOut).not.toHaveAttribute('aria-invalid', 'true');
  await expect(waysToSend(dialog)).toHaveCount(3);

  for (const bad of ['0', '51']) {
    await guests.fill(bad);
    await expectError(guests, 'Enter a number of guests from 1 to 50.');
  }
  await guests.fill('30');
  await expect(waysToSend(dialog)).toHaveCount(3);

  // Today is allowed; a check-in moved after the check-out makes the check-out wrong.
  await checkIn.fill('2026-03-10');
  await expect(checkIn).not.toHaveAttribute('aria-invalid', 'true');
  await checkIn.fill('2026-03-20');
  await expectError(checkOut, 'Check-out must be after check-in: choose a later date.');
});

test('sends the whole enquiry through the exact wa.me, mailto: and tel: links', async ({
  page,
}) => {
  const { path, name, site } = await openFirstProperty(page);
  await page.getByRole('button', { name: 'Check Availability' }).click();
  const dialog = page.getByRole('dialog', { name });
  await page.getByLabel('Check-in').fill('2026-03-12');
  await page.getByLabel('Check-out').fill('2026-03-15');
  await page.getByLabel('Guests').fill('3');
  await page.getByLabel('Message (optional)').fill('Arriving by bus & late, about 10 pm?');

  const pageUrl = `${site.siteUrl.replace(/\/+$/, '')}${path}`;
  const text = [
    `Hello, is ${name} available for these dates?`,
    'Check-in: Thu 12 Mar 2026',
    'Check-out: Sun 15 Mar 2026 (3 nights)',
    'Guests: 3',
    'Message: Arriving by bus & late, about 10 pm?',
    pageUrl,
  ].join('\n');
  const subject = `Availability: ${name}, Thu 12 Mar 2026 to Sun 15 Mar 2026`;
  const digits = site.phone.replace(/\D/g, '');

  const whatsapp = dialog.getByRole('link', { name: 'Send on WhatsApp (opens in a new tab)' });
  await expect(whatsapp).toHaveAttribute(
    'href',
    `https://wa.me/${digits}?text=${encodeURIComponent(text)}`,
  );
  await expect(whatsapp).toHaveAttribute('target', '_blank');
  await expect(whatsapp).toHaveAttribute('rel', 'noopener noreferrer');

  await expect(dialog.getByRole('link', { name: 'Send by e-mail' })).toHaveAttribute(
    'href',
    `mailto:${site.email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(text.replace(/\n/g, '\r\n'))}`,
  );
  await expect(dialog.getByRole('link', { name: `Call ${site.phone}` })).toHaveAttribute(
    'href',
    `tel:+${digits}`,
  );

  // With the demo configuration the links are these literally.
  if (site.phone === '+91 94480 12345') {
    await expect(whatsapp).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\/919448012345\?text=Hello%2C%20is%20.+%0ACheck-in%3A%20Thu%2012%20Mar%202026%0ACheck-out%3A%20Sun%2015%20Mar%202026%20\(3%20nights\)%0AGuests%3A%203%0AMessage%3A%20Arriving%20by%20bus%20%26%20late%2C%20about%2010%20pm%3F%0Ahttp/,
    );
    await expect(dialog.getByRole('link', { name: /^Call / })).toHaveAttribute(
      'href',
      'tel:+919448012345',
    );
  }

  // What was typed survives closing and reopening.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Check Availability' }).click();
  await expect(page.getByLabel('Guests')).toHaveValue('3');
  await expect(waysToSend(dialog)).toHaveCount(3);
});

/**
 * ENQ-3..ENQ-6 against the real server, which prices with its own today: the browser's clock is
 * set back to the real time for these. The demo catalogue gives the Mullayanagiri retreat a
 * weekend rate, two seasons (Dasara, New Year), extra guests, a cleaning fee and a weekly
 * discount.
 */
test.describe('the price and the Request to Book', () => {
  phoneOnly();
  const PRICED = 'mullayanagiri-foothills-retreat';
  const day = (n: number) => addDays(today(), n);

  test.beforeEach(async ({ page }) => {
    await page.clock.setFixedTime(Date.now());
  });

  /** The phone screenshots are taken at 412 × 915, a tall Android phone, touch. */
  async function phoneSize(page: Page): Promise<void> {
    if (test.info().project.name === 'phone')
      await page.setViewportSize({ width: 412, height: 915 });
  }

  async function openPriced(page: Page): Promise<{ dialog: Locator; property: Property }> {
    await phoneSize(page);
    await page.goto(`/stay/${PRICED}`);
    await hydrated(page);
    const property = (await publishedData(page)).propertyList.find((p) => p.id === PRICED)!;
    expect(
      property.seasons?.length,
      'the demo catalogue gives this property seasons',
    ).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Check Availability' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('status').first()).toContainText(
      'The minimum stay is 2 nights (New Year: 3 nights). Up to 6 guests.',
    );
    // DAY-14: the dialog opens at its top, its title in view, on a phone too.
    await expect(dialog.getByRole('heading', { level: 2 })).toBeInViewport();
    expect(await dialog.evaluate((d) => d.scrollTop)).toBe(0);
    return { dialog, property };
  }

  async function choose(dialog: Locator, checkIn: string, checkOut: string, guests: number) {
    await dialog.getByLabel('Check-in').fill(checkIn);
    await dialog.getByLabel('Check-out').fill(checkOut);
    await dialog.getByLabel('Guests').fill(String(guests));
  }

  /** The Price section's rows, [label, amount], as shown. */
  async function shownLines(dialog: Locator): Promise<string[][]> {
    const rows = dialog.getByRole('region', { name: 'Price' }).locator('dl > div');
    return rows.evaluateAll((divs) =>
      divs.map((d) => [d.querySelector('dt')!.textContent!, d.querySelector('dd')!.textContent!]),
    );
  }

  /** Compares the dialog with GET /api/quote for the same stay, line by line and the total. */
  async function expectSameAsApi(
    page: Page,
    dialog: Locator,
    stay: { checkIn: string; checkOut: string; guests: number },
  ): Promise<Quote> {
    const res = await page.request.get(
      `/api/quote/${PRICED}?checkIn=${stay.checkIn}&checkOut=${stay.checkOut}&guests=${stay.guests}`,
    );
    expect(res.status(), await res.text()).toBe(200);
    const quote = (await res.json()) as Quote;
    expect(quote.problems).toEqual([]);
    await choose(dialog, stay.checkIn, stay.checkOut, stay.guests);
    const expected = [
      ...quote.lines.map((l) => [l.label, formatPaise(l.amountPaise)]),
      ['Total', formatPaise(quote.totalPaise)],
    ];
    await expect.poll(() => shownLines(dialog)).toEqual(expected);
    return quote;
  }

  test('the dialog shows the figures of GET /api/quote, off season and in season; the calendar and every way to send carry them', async ({
    page,
  }) => {
    const { dialog, property } = await openPriced(page);
    const seasonOf = (date: string) => nightRate(property, date)?.kind === 'season';

    // Off season: a week from a Thursday (two weekend nights), 5 guests (1 extra), weekly discount.
    let from = day(3);
    while (weekday(from) !== 4 || [0, 1, 2, 3, 4, 5, 6].some((i) => seasonOf(addDays(from, i))))
      from = addDays(from, 1);
    const week = { checkIn: from, checkOut: addDays(from, 7), guests: 5 };
    const quote = await expectSameAsApi(page, dialog, week);
    const labels = quote.lines.map((l) => l.label);
    expect(labels).toEqual([
      '5 weekday nights × ₹6,500',
      '2 weekend nights × ₹7,500',
      'Extra guests (1 × ₹800 × 7 nights)',
      'Weekly discount (10%)',
      'Cleaning fee',
    ]);
    const cell = (date: string) =>
      page.locator(`dialog td[data-day="${date}"]:not([data-outside]) button`);
    await expect(cell(addDays(from, 1))).toContainText('₹7,500');
    await expect(cell(addDays(from, 1))).toHaveAttribute(
      'aria-label',
      new RegExp(`^${Number(addDays(from, 1).slice(8))} ₹7,500 a night, `),
    );
    await cell(from).scrollIntoViewIfNeeded();
    await page.screenshot({
      path: `test-results/screenshots/${test.info().project.name}-enquiry-calendar-prices.png`,
    });
    const total = formatPaise(quote.totalPaise);
    const wa = await dialog.getByRole('link', { name: /WhatsApp/ }).getAttribute('href');
    expect(decodeURIComponent(wa!.split('?text=')[1]!)).toContain(
      `\nPrice: ${total} (5 weekday nights × ₹6,500: `,
    );
    expect(
      decodeURIComponent(
        (await dialog.getByRole('link', { name: 'Send by e-mail' }).getAttribute('href'))!,
      ),
    ).toContain(`Price: ${total} (`);
    await expect(dialog.getByText(/^Mention: /)).toHaveText(
      new RegExp(`, 5 guests, total ${total.replace(/[.₹]/g, '\\$&')}$`),
    );
    await dialog.getByRole('region', { name: 'Price' }).scrollIntoViewIfNeeded();
    await page.screenshot({
      path: `test-results/screenshots/${test.info().project.name}-enquiry-breakdown.png`,
    });

    // In season: the night before a season's first night, then three of its nights.
    let first = day(3);
    while (!seasonOf(first)) first = addDays(first, 1);
    const season = { checkIn: addDays(first, -1), checkOut: addDays(first, 3), guests: 2 };
    const inSeason = await expectSameAsApi(page, dialog, season);
    expect(inSeason.lines.map((l) => l.label)).toContainEqual(
      expect.stringMatching(/^(Dasara|New Year): 3 nights × ₹(9,000|12,000)$/),
    );
    await dialog.getByRole('region', { name: 'Price' }).scrollIntoViewIfNeeded();
    await page.screenshot({
      path: `test-results/screenshots/${test.info().project.name}-enquiry-season.png`,
    });

    // Too many guests: said next to the field, no price, no way to send.
    await dialog.getByLabel('Guests').fill('7');
    await expect(dialog.getByText('This property takes at most 6 guests.')).toBeVisible();
    await expect(dialog.getByRole('region', { name: 'Price' })).toHaveCount(0);
    await expect(dialog.getByRole('link')).toHaveCount(0);
  });

  test('Request to Book: the form, then "Request sent" with the booking page (answer of the contract, page.route)', async ({
    page,
  }) => {
    const { dialog, property } = await openPriced(page);
    const posted: unknown[] = [];
    await page.route('**/api/bookings', async (route) => {
      posted.push(route.request().postDataJSON());
      await route.fulfill({
        status: 201,
        contentType: 'application/json',
        body: JSON.stringify({
          id: 'b1',
          status: 'requested',
          url: `${BASE}/booking/b1/0123456789abcdef0123456789abcdef`,
        }),
      });
    });
    await choose(dialog, day(40), day(43), 3);
    await dialog.getByLabel('Message (optional)').fill('We arrive by bus.');
    const form = dialog.getByRole('region', { name: 'Request to book' });
    // DAY-14: the total, the advance and the balance's day before anything is sent.
    const quote = quoteStay(
      property,
      { checkIn: day(40), checkOut: day(43), guests: 3 },
      { settings: (await publishedData(page)).site, today: today() },
    );
    const money = form.locator('dl');
    // DAY-19: the total said once, as the price's last line above.
    await expect(money).not.toContainText('Total');
    await expect(dialog.getByText('Total', { exact: true })).toHaveCount(1);
    await expect(money).toContainText(
      `Advance, once the owner accepts${formatPaise(quote.advancePaise)}`,
    );
    await expect(money).toContainText(
      `Balance, due at check-in ${formatDay(day(40))}${formatPaise(quote.totalPaise - quote.advancePaise)}`,
    );
    await money.scrollIntoViewIfNeeded();
    await page.screenshot({
      path: `test-results/screenshots/${test.info().project.name}-enquiry-money.png`,
    });
    await form.getByLabel('Your name').fill('Asha Rao');
    // STAY-1: the dialog reads the phone as the server does (its own chunk) and refuses first.
    await form.getByLabel('Phone').fill('12345');
    await form.getByRole('button', { name: 'Request to book' }).click();
    await expect(form.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true');
    await expect(form).toContainText(
      'This is not a phone number we can call: give it with its country code, e.g. +91 94480 12345.',
    );
    await form.getByLabel('Phone').scrollIntoViewIfNeeded();
    await page.screenshot({
      path: `test-results/screenshots/${test.info().project.name}-enquiry-phone-refused.png`,
    });
    expect(posted).toHaveLength(0);
    await form.getByLabel('Phone').fill('94480 12345');
    // The honeypot is not in the tab order: Tab from the e-mail goes to the privacy notice's link
    // (PRIV-3), then to the button.
    await form.getByLabel('E-mail (optional)').focus();
    await page.keyboard.press('Tab');
    await expect(form.getByRole('link', { name: 'How we handle your data' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(form.getByRole('button', { name: 'Request to book' })).toBeFocused();
    await form.getByRole('button', { name: 'Request to book' }).scrollIntoViewIfNeeded();
    await page.screenshot({
      path: `test-results/screenshots/${test.info().project.name}-enquiry-request.png`,
    });
    await form.getByRole('button', { name: 'Request to book' }).click();
    await expect(dialog.getByRole('heading', { name: 'Request sent' })).toBeVisible();
    await expect(dialog.getByRole('status').filter({ hasText: 'Request sent' })).toBeFocused();
    await expect(dialog.getByRole('link', { name: 'Open your booking page' })).toHaveAttribute(
      'href',
      `${BASE}/booking/b1/0123456789abcdef0123456789abcdef`,
    );
    expect(posted).toEqual([
      {
        propertyId: PRICED,
        checkIn: day(40),
        checkOut: day(43),
        guests: 3,
        name: 'Asha Rao',
        phone: '94480 12345',
        message: 'We arrive by bus.',
      },
    ]);
    await page.screenshot({
      path: `test-results/screenshots/${test.info().project.name}-enquiry-request-sent.png`,
    });
    await expectNoViolations(page, 'the enquiry dialog, request sent', 'dialog');
  });

  test('Request to Book: a 409 is said at the dates; the server down is said plainly and nothing else breaks', async ({
    page,
  }) => {
    const { dialog } = await openPriced(page);
    let answer: 'taken' | 'down' = 'taken';
    await page.route('**/api/bookings', (route) =>
      answer === 'taken'
        ? route.fulfill({
            status: 409,
            contentType: 'application/json',
            body: JSON.stringify({ error: 'These nights are booked.', field: 'checkIn' }),
          })
        : route.abort('connectionrefused'),
    );
    await choose(dialog, day(50), day(53), 2);
    await dialog.getByLabel('Your name').fill('Asha Rao');
    await dialog.getByLabel('Phone').fill('94480 12345');
    await dialog.getByRole('button', { name: 'Request to book' }).click();
    await expect(dialog.getByLabel('Check-in')).toHaveAttribute('aria-invalid', 'true');
    await expect(
      dialog.getByText(
        'These dates are no longer available: choose other dates, or ask the owner.',
      ),
    ).toBeVisible();
    await expect(dialog.getByLabel('Check-in')).toBeFocused();

    answer = 'down';
    await choose(dialog, day(54), day(57), 2);
    await dialog.getByRole('button', { name: 'Request to book' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'The request could not be sent; nothing was booked. Try again, or use WhatsApp or a call.',
    );
    await expect(dialog.getByRole('link', { name: /WhatsApp/ })).toBeVisible();
    await expect(dialog.getByRole('region', { name: 'Price' })).toBeVisible();
  });

  test('Request to Book through the real POST /api/bookings (BOOK-1, the server half)', async ({
    page,
  }) => {
    const probe = await page.request.post('/api/bookings', {
      data: {},
      headers: { origin: BASE },
      failOnStatusCode: false,
    });
    test.skip(
      probe.status() === 404,
      'POST /api/bookings is not on this branch yet (the server half)',
    );
    const { dialog } = await openPriced(page);
    // Far ahead, and a different stay per project, so the two never ask for the same nights.
    const start = test.info().project.name === 'phone' ? 300 : 310;
    await choose(dialog, day(start), day(start + 3), 2);
    await dialog.getByLabel('Your name').fill('Asha Rao');
    await dialog.getByLabel('Phone').fill('94480 12345');
    await dialog.getByLabel('E-mail (optional)').fill('asha@example.in');
    await dialog.getByRole('button', { name: 'Request to book' }).click();
    await expect(dialog.getByRole('heading', { name: 'Request sent' })).toBeVisible();
    const href = await dialog
      .getByRole('link', { name: 'Open your booking page' })
      .getAttribute('href');
    expect(href).toMatch(/\/booking\/[^/]+\/[0-9A-Za-z_-]{16,}$/);
    const booking = await page.request.get(new URL(href!).pathname);
    expect(booking.status()).toBe(200);
    expect(await booking.text()).toContain('Requested');
  });
});
