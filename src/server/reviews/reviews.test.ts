/**
 * Verified reviews through the real app (real SQLite file, the catalogue imported and published:
 * run `npm run build` first), a real SMTP server and a moved clock: the booking page's link from
 * check-out day, the guest's form and each refusal naming its field, one review per booking (409),
 * the REVIEW_DAYS window (410), publication 72 hours after arrival (not before), Publish now, hide
 * only for a reason of the fixed list (400 naming `reason`) with the reason mailed to the guest,
 * the owner's reply, withdrawal removing the review at the next publish, a review holding
 * <script> shown as text, the average over published reviews only, and no guest's full name,
 * e-mail, phone or booking id in a published file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, today } from '../../shared/calendar-dates.js';
import type { BookingCreated } from '../../shared/bookings.js';
import type { OwnerReview, ReviewList } from '../../shared/reviews.js';
import { testCatalogue } from '../../../test/factories.js';
import { listFiles, makeTestApp, type TestApp } from '../../../test/test-helpers.js';
import { startSmtpServer, type SmtpServer } from '../../../test/test-smtp-server.js';

let t: TestApp | undefined;
let smtp: SmtpServer | undefined;
let clock = Date.now();
let log = '';
afterEach(async () => {
  await t?.cleanup();
  await smtp?.close().catch(() => undefined);
  t = undefined;
  smtp = undefined;
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const START = () => Date.parse(`${today()}T03:30:00Z`);
const day = (n: number) => addDays(today(START()), n);
const GUEST = { name: 'Booker Person', phone: '+91 98450 22222', email: 'booker@guest.test' };
const TEXT = 'A quiet flat with a view of the coffee estate; the host met us at the gate.';

async function start(env: NodeJS.ProcessEnv = {}) {
  clock = START();
  log = '';
  smtp = await startSmtpServer();
  const logStream = new PassThrough();
  logStream.on('data', (c: Buffer) => (log += c.toString('utf8')));
  t = await makeTestApp(
    {
      CALENDAR_SYNC_MINUTES: '0',
      NOTIFY_EMAIL: 'owner@stays.test',
      SMTP_URL: smtp.url(),
      MAIL_FROM: 'bookings@stays.test',
      ...env,
    },
    { clock: () => clock, logStream },
  );
  const catalogue = testCatalogue({
    propertyList: [{ nightlyRate: 4000, advancePercent: 25, maxGuests: 4 }],
  });
  await t!.publishCatalogue(catalogue);
}

function owner(method: 'GET' | 'POST', url: string, body?: unknown) {
  return t!.app.inject({
    method,
    url,
    headers: {
      ...t!.ownerHeaders,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

let ip = 0;
/** A stay of nights `from`..`from + 2` days after the start, accepted and paid: its id and page path. */
async function confirmedBooking(from: number) {
  const res = await t!.app.inject({
    method: 'POST',
    url: '/api/bookings',
    remoteAddress: `10.3.0.${(ip += 1)}`,
    headers: { origin: 'http://localhost', 'content-type': 'application/json' },
    payload: JSON.stringify({
      propertyId: 'stay-1',
      checkIn: day(from),
      checkOut: day(from + 2),
      guests: 2,
      ...GUEST,
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

function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

function postReview(page: string, fields: Record<string, string>, origin = 'http://localhost') {
  return t!.app.inject({
    method: 'POST',
    url: `${page}/review`,
    headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
    payload: form(fields),
  });
}

const good = (over: Record<string, string> = {}) => ({
  rating: '5',
  text: TEXT,
  displayName: 'Booker P.',
  consent: 'yes',
  ...over,
});

async function reviews(): Promise<OwnerReview[]> {
  const res = await owner('GET', '/api/reviews');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as ReviewList).reviews;
}

/** The published property page, as a visitor gets it. */
async function propertyPage(): Promise<string> {
  const res = await t!.app.inject({ method: 'GET', url: '/stay/stay-1' });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** Every published file's text (pages and the data script). */
function publishedText(): string {
  const dir = t!.ctx.publisher.currentDir()!;
  return listFiles(dir)
    .filter((f) => /\.(html|js|xml|txt)$/.test(f) && !f.startsWith('assets'))
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .join('\n');
}

/** Waits (at most 10 s) until the SMTP server has a message whose subject matches. */
async function mailMatching(re: RegExp) {
  const until = Date.now() + 10_000;
  for (;;) {
    const m = smtp!.received.find((x) => re.test(x.subject));
    if (m || Date.now() > until) return m;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('REV-1, REV-2: the guest’s form', () => {
  it('opens on check-out day from the booking page, refuses bad input naming the field, takes one review per booking', async () => {
    await start();
    const { page } = await confirmedBooking(3);
    // Before check-out: no link, and the form says when it opens.
    let res = await t!.app.inject({ method: 'GET', url: page });
    expect(res.body).not.toContain(`${page}/review`);
    res = await t!.app.inject({ method: 'GET', url: `${page}/review` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('from your check-out day');
    expect((await postReview(page, good())).statusCode).toBe(409);

    clock += 5 * DAY;
    // Days later the owner's session has ended (SESS-3, TIME-5): they log in again.
    t!.logIn();
    res = await t!.app.inject({ method: 'GET', url: page });
    expect(res.body).toContain(`href="${page}/review"`);
    res = await t!.app.inject({ method: 'GET', url: `${page}/review` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).not.toContain('<script');
    expect(res.body).toContain('value="Booker P."');

    for (const [over, field] of [
      [{ rating: '' }, 'rating'],
      [{ rating: '6' }, 'rating'],
      [{ rating: '4.5' }, 'rating'],
      [{ text: 'Too short.' }, 'text'],
      [{ text: 'x'.repeat(2001) }, 'text'],
      [{ displayName: '  ' }, 'displayName'],
      [{ displayName: 'n'.repeat(41) }, 'displayName'],
      [{ consent: '' }, 'consent'],
    ] as const) {
      const r = await postReview(page, good(over));
      expect(r.statusCode, JSON.stringify(over)).toBe(400);
      expect(r.body).toContain(`href="#${field}"`);
      expect(r.body).toContain(`id="${field}-error"`);
    }
    // The form comes back as typed.
    const refused = await postReview(page, good({ consent: '', text: `${TEXT} <b>bold</b>` }));
    expect(refused.body).toContain('&#60;b&#62;bold&#60;/b&#62;');
    expect(refused.body).toContain('value="5" id="rating" checked');
    expect(await reviews()).toEqual([]);

    expect((await postReview(page, good(), 'https://evil.example')).statusCode).toBe(403);
    const sent = await postReview(page, good({ rating: '4' }));
    expect(sent.statusCode, sent.body).toBe(303);
    expect(sent.headers.location).toBe(`${page}/review`);
    const second = await postReview(page, good({ rating: '1' }));
    expect(second.statusCode).toBe(409);
    const [review, ...others] = await reviews();
    expect(others).toEqual([]);
    expect(review).toMatchObject({
      rating: 4,
      text: TEXT,
      displayName: 'Booker P.',
      status: 'pending',
    });
    expect(Date.parse(review!.publishAt) - Date.parse(review!.receivedAt)).toBe(72 * HOUR);

    // REV-2: the log names ids, never the page's token or the guest's words.
    const token = page.split('/').at(-1)!;
    expect(log).toContain('review received');
    expect(log).toContain('/review');
    expect(log).not.toContain(token);
    expect(log).not.toContain('coffee estate');
    expect(log).not.toContain('Booker P.');

    // A wrong token is the 404 of any other page under the link.
    res = await t!.app.inject({ method: 'GET', url: `${page.slice(0, -3)}AAA/review` });
    expect(res.statusCode).toBe(404);
  });

  it('closes REVIEW_DAYS after check-out (410) and refuses a stay not confirmed', async () => {
    await start({ REVIEW_DAYS: '10' });
    const { page } = await confirmedBooking(3);
    clock = START() + (5 + 10) * DAY;
    t!.logIn();
    expect((await postReview(page, good())).statusCode).toBe(303);
    const late = await confirmedBooking(20);
    clock = START() + (22 + 11) * DAY;
    t!.logIn();
    const res = await postReview(late.page, good());
    expect(res.statusCode).toBe(410);
    expect(res.body).toContain('up to 10 days after check-out');
    expect((await t!.app.inject({ method: 'GET', url: `${late.page}/review` })).statusCode).toBe(
      410,
    );
    expect((await t!.app.inject({ method: 'GET', url: late.page })).body).not.toContain(
      `${late.page}/review`,
    );
  });
});

describe('REV-3..REV-6: moderation by rule, and what the pages show', () => {
  it('publishes after 72 hours, not before; shows <script> as text; hides only for a listed reason, mailing it; withdrawal removes it at the next publish', async () => {
    await start();
    const a = await confirmedBooking(3);
    const b = await confirmedBooking(6);
    const c = await confirmedBooking(9);
    clock = START() + 12 * DAY;
    t!.logIn();
    const hostile = `<script>alert("x")</script> ${TEXT}`;
    expect((await postReview(a.page, good({ rating: '5', text: hostile }))).statusCode).toBe(303);
    expect(
      (await postReview(b.page, good({ rating: '1', displayName: 'Second G.' }))).statusCode,
    ).toBe(303);
    const [rb, ra] = await reviews();
    expect(ra!.bookingId).toBe(a.id);

    clock += 72 * HOUR - 60_000;
    t!.logIn();
    await t!.runReviews();
    expect((await reviews()).map((r) => r.status)).toEqual(['pending', 'pending']);
    expect(await propertyPage()).not.toContain('Verified direct stay');

    // Moderation: only a reason of the list, named `reason` otherwise.
    for (const reason of [undefined, '', 'dislike', 'ABUSIVE']) {
      const res = await owner('POST', `/api/reviews/${rb!.id}/hide`, { reason });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'reason' });
    }
    expect(
      (await owner('POST', `/api/reviews/${rb!.id}/hide`, { reason: 'spam' })).statusCode,
    ).toBe(200);
    const mail = await mailMatching(/was not published/);
    expect(mail?.to).toContain(GUEST.email);
    expect(mail?.body).toContain('it is spam or advertising');

    // A third review arrives later; the first two's 72 hours pass.
    expect(
      (await postReview(c.page, good({ rating: '3', displayName: 'Third G.' }))).statusCode,
    ).toBe(303);
    clock += 60_000;
    await t!.runReviews();
    const statuses = Object.fromEntries((await reviews()).map((r) => [r.bookingId, r.status]));
    expect(statuses).toEqual({ [a.id]: 'published', [b.id]: 'hidden', [c.id]: 'pending' });
    let html = await propertyPage();
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('5.0 · 1 review from guests who booked directly');
    expect(html).toContain('aria-label="5 out of 5"');
    expect(html).toContain('Verified direct stay');
    expect(html).not.toContain('Second G.');
    expect(html).not.toContain('Third G.');
    expect(html).not.toContain('aggregateRating');
    // The home page's business-wide figure.
    const home = await t!.app.inject({ method: 'GET', url: '/' });
    expect(home.body).toContain('5.0 · 1 review from guests who booked directly');

    // Publish now and the owner's reply; the average counts published reviews only.
    const rc = (await reviews()).find((r) => r.bookingId === c.id)!;
    expect((await owner('POST', `/api/reviews/${rc.id}/publish`, {})).statusCode).toBe(200);
    expect(
      (await owner('POST', `/api/reviews/${rc.id}/reply`, { text: 'Thank you, come again.' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await owner('POST', `/api/reviews/${rc.id}/reply`, { text: 'x'.repeat(1001) })).json(),
    ).toMatchObject({ field: 'text' });
    await t!.runReviews();
    html = await propertyPage();
    expect(html).toContain('4.0 · 2 reviews from guests who booked directly');
    expect(html).toContain('Thank you, come again.');
    expect(html).toContain('Third G.');

    // No guest's full name, e-mail, phone or booking id in any published file.
    const files = publishedText();
    for (const secret of [GUEST.name, GUEST.email, '98450', a.id, b.id, c.id])
      expect(files).not.toContain(secret);

    // Withdrawal: the guest's button, then the next publish drops the review.
    const w = await t!.app.inject({
      method: 'POST',
      url: `${c.page}/review/withdraw`,
      headers: { origin: 'http://localhost', 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(w.statusCode).toBe(303);
    await t!.runReviews();
    html = await propertyPage();
    expect(html).not.toContain('Third G.');
    expect(html).toContain('5.0 · 1 review from guests who booked directly');
    const page = await t!.app.inject({ method: 'GET', url: `${c.page}/review` });
    expect(page.body).toContain('You withdrew this review');
    // Withdrawn: not published again, and no second review.
    expect((await owner('POST', `/api/reviews/${rc.id}/publish`, {})).statusCode).toBe(409);
    expect((await postReview(c.page, good())).statusCode).toBe(409);
  });

  it('keeps the owner’s calls behind the session', async () => {
    await start();
    for (const [method, url] of [
      ['GET', '/api/reviews'],
      ['POST', '/api/reviews/AAAAAAAAAAAAAAAA/publish'],
      ['POST', '/api/reviews/AAAAAAAAAAAAAAAA/hide'],
      ['POST', '/api/reviews/AAAAAAAAAAAAAAAA/reply'],
    ] as const) {
      const res = await t!.app.inject({
        method,
        url,
        headers: { origin: 'http://localhost', 'content-type': 'application/json' },
        ...(method === 'POST' ? { payload: '{}' } : {}),
      });
      expect(res.statusCode, url).toBe(401);
    }
    expect((await owner('POST', '/api/reviews/AAAAAAAAAAAAAAAA/publish', {})).statusCode).toBe(404);
  });
});
