/**
 * STAY-1: one contract for a stay request. A table of requests is run through the enquiry
 * dialog's checks (components/enquiry.ts, with the phone reader the dialog loads) and through the
 * real server (`POST /api/bookings`, and `GET /api/quote` for the stay's own fields): each is
 * refused by both with the same first field and the same words, or taken by both. The property
 * takes 30 guests: 30 are taken, 31 refused, in the dialog and on the server alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCatalogue } from '../../test/factories.js';
import { makeTestApp, type TestApp } from '../../test/test-helpers.js';
import {
  validateContact,
  validateEnquiry,
  type Contact,
  type Enquiry,
} from '../web/components/enquiry.js';
import { addDays, today as propertyToday } from './calendar-dates.js';
import { readPhone } from './phone.js';
import type { Property } from './site-data.js';
import { STAY_LIMITS, lastStayDate } from './stay-request.js';

let t: TestApp;
const property: Partial<Property> = { nightlyRate: 4000, minNights: 2, maxGuests: 30 };

beforeAll(async () => {
  t = await makeTestApp({ CALENDAR_SYNC_MINUTES: '0' });
  await t.publishCatalogue(testCatalogue({ propertyList: [property] }));
});
afterAll(async () => {
  await t?.cleanup();
});

const today = propertyToday();
const day = (n: number) => addDays(today, n);

/** A request as the dialog's fields hold it. */
interface Asked {
  checkIn: string;
  checkOut: string;
  guests: string;
  message: string;
  name: string;
  phone: string;
  email: string;
}

const good: Asked = {
  checkIn: day(10),
  checkOut: day(12),
  guests: '2',
  message: 'We arrive late.',
  name: 'Asha Rao',
  phone: '94480 12345',
  email: 'asha@example.in',
};

/** [what the case is, the change to a good request, the refusal of both (undefined: taken)]. */
const CASES: [string, Partial<Asked>, { field: string; error: string } | undefined][] = [
  ['a good request', {}, undefined],
  ['30 guests on a 30-guest property', { guests: '30' }, undefined],
  [
    '31 guests on a 30-guest property',
    { guests: '31' },
    { field: 'guests', error: 'This property takes at most 30 guests.' },
  ],
  [
    '51 guests',
    { guests: '51' },
    { field: 'guests', error: 'Enter a number of guests from 1 to 50.' },
  ],
  [
    'no guests',
    { guests: '0' },
    { field: 'guests', error: 'Enter a number of guests from 1 to 50.' },
  ],
  ['no check-in', { checkIn: '' }, { field: 'checkIn', error: 'Choose a check-in date.' }],
  [
    'a check-in that is no date',
    { checkIn: '2026-02-30' },
    { field: 'checkIn', error: 'Enter a real check-in date (year-month-day).' },
  ],
  [
    'a check-in in the past',
    { checkIn: day(-1) },
    { field: 'checkIn', error: expect.stringMatching(/^Check-in cannot be in the past: choose /) },
  ],
  [
    'check-out on check-in',
    { checkOut: day(10) },
    { field: 'checkOut', error: 'Check-out must be after check-in: choose a later date.' },
  ],
  [
    'one night where two are the minimum',
    { checkOut: day(11) },
    { field: 'checkOut', error: expect.stringMatching(/^The minimum stay is 2 nights: choose /) },
  ],
  [
    'a stay past the last date',
    { checkIn: addDays(lastStayDate(today), -1), checkOut: addDays(lastStayDate(today), 1) },
    { field: 'checkOut', error: expect.stringMatching(/^Stays can be asked for up to /) },
  ],
  ['no name', { name: '  ' }, { field: 'name', error: 'Enter your name.' }],
  [
    'a name too long',
    { name: 'x'.repeat(STAY_LIMITS.name + 1) },
    { field: 'name', error: 'Enter a name of at most 100 characters.' },
  ],
  ...(['Asha\nPay at once', 'Asha\r\nRao', 'see https://pay.test', 'www.pay.test', 'a@b.test'].map(
    (name) =>
      [
        `the name ${JSON.stringify(name)}`,
        { name },
        {
          field: 'name',
          error: 'Give your name only, on one line: no link, web or e-mail address.',
        },
      ] as const,
  ) as [string, Partial<Asked>, { field: string; error: string }][]),
  [
    'no phone',
    { phone: '' },
    { field: 'phone', error: 'Enter a phone number the owner can call you on.' },
  ],
  ...(['12345', '+91 94480', 'call me', '1'.repeat(41)].map(
    (phone) =>
      [
        `the phone ${JSON.stringify(phone)}`,
        { phone },
        {
          field: 'phone',
          error:
            'This is not a phone number we can call: give it with its country code, e.g. +91 94480 12345.',
        },
      ] as const,
  ) as [string, Partial<Asked>, { field: string; error: string }][]),
  ['a phone with its country code', { phone: '+44 20 7946 0000' }, undefined],
  [
    'an e-mail that is not one',
    { email: 'asha@' },
    { field: 'email', error: 'Enter an e-mail address like name@example.com, or leave it empty.' },
  ],
  ['no e-mail', { email: '' }, undefined],
  [
    'a message too long',
    { message: 'x'.repeat(STAY_LIMITS.message + 1) },
    { field: 'message', error: 'The message can be at most 1,000 characters long.' },
  ],
];

/** The dialog's first refusal, in the order of its fields (as the server checks them). */
function dialogRefusal(a: Asked): { field: string; error: string } | undefined {
  const enquiry: Enquiry = {
    checkIn: a.checkIn,
    checkOut: a.checkOut,
    guests: a.guests,
    message: a.message,
  };
  const contact: Contact = { name: a.name, phone: a.phone, email: a.email, website: '' };
  const stay = validateEnquiry(enquiry, today, { minNights: 2, maxGuests: 30 });
  const details = validateContact(contact, a.message, readPhone);
  const errors: Record<string, string | undefined> = { ...stay, ...details };
  const field = ['checkIn', 'checkOut', 'guests', 'name', 'phone', 'email', 'message'].find(
    (f) => errors[f],
  );
  return field ? { field, error: errors[field]! } : undefined;
}

let address = 0;
async function serverRefusal(a: Asked) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    remoteAddress: `10.77.0.${(address += 1)}`,
    headers: { origin: 'http://localhost', 'content-type': 'application/json' },
    payload: JSON.stringify({
      propertyId: 'stay-1',
      checkIn: a.checkIn,
      checkOut: a.checkOut,
      guests: /^\d+$/.test(a.guests) ? Number(a.guests) : a.guests,
      name: a.name,
      phone: a.phone,
      email: a.email,
      message: a.message,
    }),
  });
  if (res.statusCode === 201) return undefined;
  expect(res.statusCode, res.body).toBe(400);
  return res.json() as { field: string; error: string };
}

/** GET /api/quote's word on the stay's own fields: a 400, or the first problem it quotes. */
async function quoteRefusal(a: Asked) {
  const query = new URLSearchParams({ checkIn: a.checkIn, checkOut: a.checkOut, guests: a.guests });
  const res = await t.app.inject({ method: 'GET', url: `/api/quote/stay-1?${query}` });
  if (res.statusCode === 400) return res.json() as { field: string; error: string };
  expect(res.statusCode, res.body).toBe(200);
  const problem = (res.json() as { problems: { field: string; error: string }[] }).problems[0];
  return problem && { field: problem.field, error: problem.error };
}

describe('STAY-1: the dialog and the server refuse the same requests in the same words', () => {
  it.each(CASES)('%s', async (_what, change, refusal) => {
    const asked = { ...good, ...change };
    const dialog = dialogRefusal(asked);
    expect(dialog).toEqual(refusal);
    expect(await serverRefusal(asked)).toEqual(dialog);
    if (!refusal || ['checkIn', 'checkOut', 'guests'].includes(refusal.field)) {
      expect(await quoteRefusal(asked)).toEqual(dialog);
    }
  });
});
