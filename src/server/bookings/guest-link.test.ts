/**
 * The one guest-link check (BOOK-5): every page under /booking/{id}/{token}/ declares the same
 * route-level preHandler, so a wrong link answers 404 and a write from another site 403 on each of
 * them alike, before any handler reads the booking.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { BOOKING_PAGE, bookingPagePath } from '../../shared/bookings.js';
import { GUEST_REGISTER_PAGE } from '../../shared/register.js';
import { GUEST_REVIEW_PAGE, GUEST_REVIEW_WITHDRAW } from '../../shared/reviews.js';
import { makeTestApp } from '../../../test/test-helpers.js';

const ID = 'abcdefghjkmnpqrs';
const TOKEN = 'A'.repeat(22);
const fill = (pattern: string) =>
  pattern.replace(BOOKING_PAGE, bookingPagePath(ID, TOKEN)).replace(':file', 'x.pdf');

const PAGES: [method: 'GET' | 'POST', pattern: string][] = [
  ['GET', BOOKING_PAGE],
  ['GET', `${BOOKING_PAGE}/pay`],
  ['GET', `${BOOKING_PAGE}/status`],
  ['POST', `${BOOKING_PAGE}/withdraw`],
  ['GET', `${BOOKING_PAGE}/documents/:file`],
  ['POST', `${BOOKING_PAGE}/company`],
  ['GET', GUEST_REGISTER_PAGE],
  ['POST', GUEST_REGISTER_PAGE],
  ['GET', GUEST_REVIEW_PAGE],
  ['POST', GUEST_REVIEW_PAGE],
  ['POST', GUEST_REVIEW_WITHDRAW],
  ['POST', `${BOOKING_PAGE}/privacy`],
];

describe('BOOK-5: one guest-link check for every page under the link', async () => {
  const t = await makeTestApp();
  afterAll(() => t.cleanup());
  const form = { 'content-type': 'application/x-www-form-urlencoded' };

  it('answers a wrong id or token 404 on every page, writes included', async () => {
    for (const [method, pattern] of PAGES) {
      for (const url of [fill(pattern), fill(pattern).replace(TOKEN, 'short')]) {
        const res = await t.app.inject({ method, url, headers: form, payload: 'kind=access' });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
  });

  it('refuses a write sent from another site 403 before looking the link up', async () => {
    for (const [method, pattern] of PAGES.filter(([m]) => m === 'POST')) {
      const res = await t.app.inject({
        method,
        url: fill(pattern),
        headers: { ...form, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        payload: 'rating=5',
      });
      expect(res.statusCode, pattern).toBe(403);
      expect(res.body).toContain('Send the form from its own page.');
    }
  });
});
