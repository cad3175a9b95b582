import { describe, expect, it } from 'vitest';
import { testProperty } from '../../../test/factories.js';
import type { Property } from '../../shared/site-data.js';
import { quoteStay } from '../../shared/quote.js';
import { readPhone } from '../../shared/phone.js';
import { STAY_LIMITS } from '../../shared/stay-request.js';
import {
  REQUEST_NOT_SENT,
  bookingBody,
  callSummary,
  enquiryLinks,
  enquiryText,
  mailtoLink,
  priceText,
  requestFailure,
  stayLimitsText,
  telLink,
  validateContact,
  validateEnquiry,
  whatsappLink,
  type Contact,
  type Enquiry,
} from './enquiry.js';

const property = testProperty({
  id: 'coffee-view',
  name: 'Coffee View Residency',
  address: 'Kalasa Road',
});
const site = { phone: '+91 94480 12345', email: 'support@stays.example' };
const today = '2026-03-10';
const pageUrl = 'https://stays.example/stay/coffee-view';
const valid: Enquiry = { checkIn: '2026-03-12', checkOut: '2026-03-15', guests: '2', message: '' };

describe('validateEnquiry', () => {
  it('accepts a future stay of at least one night for 1 to 50 guests, from today on', () => {
    expect(validateEnquiry(valid, today, property)).toEqual({});
    expect(
      validateEnquiry(
        { ...valid, checkIn: today, checkOut: '2026-03-11', guests: '1' },
        today,
        property,
      ),
    ).toEqual({});
    expect(validateEnquiry({ ...valid, guests: '50' }, today, property)).toEqual({});
    expect(validateEnquiry({ ...valid, guests: ' 3 ' }, today, property)).toEqual({});
  });

  it('asks for missing dates', () => {
    expect(validateEnquiry({ ...valid, checkIn: '', checkOut: '' }, today, property)).toEqual({
      checkIn: 'Choose a check-in date.',
      checkOut: 'Choose a check-out date.',
    });
  });

  it('refuses a check-in in the past, naming the first allowed day', () => {
    expect(validateEnquiry({ ...valid, checkIn: '2026-03-09' }, today, property)).toEqual({
      checkIn: 'Check-in cannot be in the past: choose Tue 10 Mar 2026 or later.',
    });
  });

  it('refuses a check-out on or before check-in', () => {
    const same = validateEnquiry({ ...valid, checkOut: valid.checkIn }, today, property);
    const before = validateEnquiry({ ...valid, checkOut: '2026-03-11' }, today, property);
    expect(same).toEqual({ checkOut: 'Check-out must be after check-in: choose a later date.' });
    expect(before).toEqual(same);
  });

  it('refuses dates that do not exist or are not dates', () => {
    expect(
      validateEnquiry({ ...valid, checkIn: '2026-02-30', checkOut: 'tomorrow' }, today, property),
    ).toEqual({
      checkIn: 'Enter a real check-in date (year-month-day).',
      checkOut: 'Enter a real check-out date (year-month-day).',
    });
  });

  it('refuses guests outside 1 to 50 or not whole numbers', () => {
    for (const guests of ['0', '51', '', '2.5', '-1', 'two', '1e1', '1000']) {
      expect(validateEnquiry({ ...valid, guests }, today, property)).toEqual({
        guests: 'Enter a number of guests from 1 to 50.',
      });
    }
  });

  it('refuses a stay ending more than two years ahead, naming the last date', () => {
    expect(
      validateEnquiry({ ...valid, checkIn: '2028-03-09', checkOut: '2028-03-11' }, today, property),
    ).toEqual({
      checkOut: 'Stays can be asked for up to Fri 10 Mar 2028: choose an earlier date.',
    });
  });
});

describe('links', () => {
  it('builds the WhatsApp click-to-chat link from the digits of the phone', () => {
    expect(whatsappLink('+91 94480 12345', 'Hi & bye?\nOK')).toBe(
      'https://wa.me/919448012345?text=Hi%20%26%20bye%3F%0AOK',
    );
  });

  it('builds a mailto link with subject and a CRLF body', () => {
    expect(mailtoLink('support@stays.example', 'A & B', 'one\ntwo')).toBe(
      'mailto:support@stays.example?subject=A%20%26%20B&body=one%0D%0Atwo',
    );
    expect(mailtoLink('a?b@x.example', 's', 'b')).toBe('mailto:a%3Fb@x.example?subject=s&body=b');
  });

  it('builds a tel link keeping the plus of an international number', () => {
    expect(telLink('+91 94480 12345')).toBe('tel:+919448012345');
    expect(telLink('(0826) 222-333')).toBe('tel:0826222333');
  });

  it('gives no link while the enquiry is invalid', () => {
    expect(enquiryLinks({ ...valid, checkOut: '' }, property, site, today, pageUrl)).toBeNull();
    expect(
      enquiryLinks({ ...valid, checkIn: '2026-03-01' }, property, site, today, pageUrl),
    ).toBeNull();
    expect(enquiryLinks({ ...valid, guests: '0' }, property, site, today, pageUrl)).toBeNull();
  });

  it('prefills every link with all of the enquiry', () => {
    const e = { ...valid, message: '  We arrive late & have a dog.  ' };
    const text =
      'Hello, is Coffee View Residency available for these dates?\n' +
      'Check-in: Thu 12 Mar 2026\n' +
      'Check-out: Sun 15 Mar 2026 (3 nights)\n' +
      'Guests: 2\n' +
      'Message: We arrive late & have a dog.\n' +
      'https://stays.example/stay/coffee-view';
    expect(enquiryText(e, property, pageUrl)).toBe(text);
    expect(enquiryLinks(e, property, site, today, pageUrl)).toEqual({
      whatsapp:
        'https://wa.me/919448012345?text=' +
        'Hello%2C%20is%20Coffee%20View%20Residency%20available%20for%20these%20dates%3F%0A' +
        'Check-in%3A%20Thu%2012%20Mar%202026%0A' +
        'Check-out%3A%20Sun%2015%20Mar%202026%20(3%20nights)%0A' +
        'Guests%3A%202%0A' +
        'Message%3A%20We%20arrive%20late%20%26%20have%20a%20dog.%0A' +
        'https%3A%2F%2Fstays.example%2Fstay%2Fcoffee-view',
      email:
        'mailto:support@stays.example' +
        '?subject=Availability%3A%20Coffee%20View%20Residency%2C%20Thu%2012%20Mar%202026%20to%20Sun%2015%20Mar%202026' +
        '&body=Hello%2C%20is%20Coffee%20View%20Residency%20available%20for%20these%20dates%3F%0D%0A' +
        'Check-in%3A%20Thu%2012%20Mar%202026%0D%0A' +
        'Check-out%3A%20Sun%2015%20Mar%202026%20(3%20nights)%0D%0A' +
        'Guests%3A%202%0D%0A' +
        'Message%3A%20We%20arrive%20late%20%26%20have%20a%20dog.%0D%0A' +
        'https%3A%2F%2Fstays.example%2Fstay%2Fcoffee-view',
      phone: 'tel:+919448012345',
    });
  });

  it('says "1 night" and leaves out the message line when there is none', () => {
    const text = enquiryText({ ...valid, checkOut: '2026-03-13' }, property, pageUrl);
    expect(text).toContain('Check-out: Fri 13 Mar 2026 (1 night)\nGuests: 2\nhttps://');
    expect(text).not.toContain('Message');
  });

  it('leaves out the ways the site has no contact for', () => {
    expect(
      enquiryLinks(valid, property, { phone: '', email: 'a@b.example' }, today, pageUrl),
    ).toEqual({
      email: expect.stringMatching(/^mailto:a@b\.example\?subject=/),
    });
    expect(
      Object.keys(enquiryLinks(valid, property, { phone: '+91 1', email: ' ' }, today, pageUrl)!),
    ).toEqual(['whatsapp', 'phone']);
  });

  it('keeps hostile text inside the link parameters', () => {
    const hostile = { ...property, name: 'A&text=evil#x' };
    const links = enquiryLinks(
      { ...valid, message: '?body=x&cc=evil@x' },
      hostile,
      site,
      today,
      pageUrl,
    )!;
    const wa = new URL(links.whatsapp!);
    expect([...wa.searchParams.keys()]).toEqual(['text']);
    expect(wa.hash).toBe('');
    expect(wa.searchParams.get('text')).toContain('A&text=evil#x');
    const mail = new URL(links.email!);
    expect([...mail.searchParams.keys()]).toEqual(['subject', 'body']);
    expect(mail.searchParams.get('body')).toContain('?body=x&cc=evil@x');
  });
});

describe('stay rules and price (AVL-10, PRICE-2, ENQ-3, ENQ-4)', () => {
  const priced: Property = { ...property, nightlyRate: 4500, minNights: 2 };
  const seasonal: Property = {
    ...priced,
    weekendRate: 5500,
    maxGuests: 4,
    cleaningFee: 500,
    seasons: [
      { name: 'Holi', from: '2026-03-20', to: '2026-03-22', nightlyRate: 9000, minNights: 3 },
    ],
  };
  const quoteOf = (p: Property, e: Enquiry = valid, gst = false) =>
    quoteStay(
      p,
      { checkIn: e.checkIn, checkOut: e.checkOut, guests: Number(e.guests) },
      { settings: gst ? { gstin: '29ABCDE1234F1ZW' } : {}, today },
    );

  it('refuses a stay shorter than the minimum, naming the first allowed check-out', () => {
    expect(validateEnquiry({ ...valid, checkOut: '2026-03-13' }, today, priced)).toEqual({
      checkOut: 'The minimum stay is 2 nights: choose Sat 14 Mar 2026 or later.',
    });
    expect(validateEnquiry({ ...valid, checkOut: '2026-03-14' }, today, priced)).toEqual({});
    expect(
      enquiryLinks({ ...valid, checkOut: '2026-03-13' }, priced, site, today, pageUrl),
    ).toBeNull();
  });

  it('takes the minimum stay of the check-in night’s season and the most guests', () => {
    const holi = { ...valid, checkIn: '2026-03-20', checkOut: '2026-03-22' };
    expect(validateEnquiry(holi, today, seasonal)).toEqual({
      checkOut: 'The minimum stay during Holi is 3 nights: choose Mon 23 Mar 2026 or later.',
    });
    expect(validateEnquiry({ ...holi, checkOut: '2026-03-23' }, today, seasonal)).toEqual({});
    expect(validateEnquiry({ ...valid, guests: '5' }, today, seasonal)).toEqual({
      guests: 'This property takes at most 4 guests.',
    });
    expect(validateEnquiry({ ...valid, guests: '4' }, today, seasonal)).toEqual({});
  });

  it('tells the limits before the guest picks', () => {
    expect(stayLimitsText(seasonal)).toBe(
      'The minimum stay is 2 nights (Holi: 3 nights). Up to 4 guests.',
    );
    expect(stayLimitsText({ minNights: 2 })).toBe('The minimum stay is 2 nights.');
    expect(stayLimitsText({ maxGuests: 1 })).toBe('Up to 1 guest.');
    expect(stayLimitsText({})).toBe('');
  });

  it('carries the quote’s total and lines in the WhatsApp and e-mail text and in the call summary', () => {
    const quote = quoteOf(seasonal);
    const text = enquiryText(valid, seasonal, pageUrl, quote);
    expect(text).toContain(
      'Guests: 2\nPrice: ₹16,000 (1 weekday night × ₹4,500: ₹4,500; 2 weekend nights × ₹5,500: ₹11,000; ' +
        'Cleaning fee: ₹500)\nhttps://',
    );
    const links = enquiryLinks(valid, seasonal, site, today, pageUrl, quote)!;
    expect(decodeURIComponent(links.whatsapp!.split('?text=')[1]!)).toBe(text);
    expect(decodeURIComponent(links.email!.split('&body=')[1]!)).toContain('Price: ₹16,000 (');
    expect(callSummary(valid, quote)).toBe(
      'Thu 12 Mar 2026 to Sun 15 Mar 2026, 2 guests, total ₹16,000',
    );
  });

  it('writes paise only when there are some, and GST as a line of its own', () => {
    const quote = quoteOf(
      { ...priced, nightlyRate: 4333, weeklyDiscount: 7 },
      { ...valid, checkOut: '2026-03-19' },
      true,
    );
    expect(priceText(quote)).toBe(
      '₹29,618.23 (7 nights × ₹4,333: ₹30,331; Weekly discount (7%): -₹2,123.17; GST (5%): ₹1,410.40)',
    );
  });

  it('names no price without a nightly rate', () => {
    expect(enquiryText(valid, property, pageUrl)).not.toMatch(/Price|₹/);
    expect(priceText(undefined)).toBeUndefined();
    expect(callSummary(valid)).toBe('Thu 12 Mar 2026 to Sun 15 Mar 2026, 2 guests');
  });
});

describe('Request to Book (ENQ-5, ENQ-6)', () => {
  const contact: Contact = { name: ' Asha Rao ', phone: '094480 12345', email: '', website: '' };

  it('asks for a name, a phone the server can read, and an e-mail that looks like one when given', () => {
    const check = (c: Contact, message = '') => validateContact(c, message, readPhone);
    expect(check(contact)).toEqual({});
    expect(check({ ...contact, name: ' ', phone: '' })).toEqual({
      name: 'Enter your name.',
      phone: 'Enter a phone number the owner can call you on.',
    });
    expect(check({ ...contact, name: 'x'.repeat(STAY_LIMITS.name + 1) }).name).toBe(
      `Enter a name of at most ${STAY_LIMITS.name} characters.`,
    );
    expect(check({ ...contact, name: 'Asha https://x.test' }).name).toBe(
      'Give your name only, on one line: no link, web or e-mail address.',
    );
    for (const phone of ['12345', 'call me', '+91 94480 1234x', '+91 94480'])
      expect(check({ ...contact, phone }).phone).toMatch(/^This is not a phone number we can call/);
    expect(check({ ...contact, phone: '+44 (20) 7946-0000' })).toEqual({});
    for (const email of ['asha', 'asha@', 'a b@x.in', 'asha@x'])
      expect(check({ ...contact, email }).email).toMatch(/^Enter an e-mail address/);
    expect(check({ ...contact, email: 'asha@example.in' })).toEqual({});
    expect(check(contact, 'x'.repeat(STAY_LIMITS.message + 1)).message).toBe(
      'The message can be at most 1,000 characters long.',
    );
    // Before the phone reader has loaded, only a missing number is said.
    expect(validateContact({ ...contact, phone: '12345' }, '')).toEqual({});
  });

  it('builds the booking body, trimmed, with the optional fields only when given', () => {
    expect(bookingBody(valid, 'coffee-view', contact)).toEqual({
      propertyId: 'coffee-view',
      checkIn: '2026-03-12',
      checkOut: '2026-03-15',
      guests: 2,
      name: 'Asha Rao',
      phone: '094480 12345',
    });
    expect(
      bookingBody({ ...valid, message: ' Late ' }, 'p', {
        ...contact,
        email: ' a@b.in ',
        website: 'x',
      }),
    ).toMatchObject({ email: 'a@b.in', message: 'Late', website: 'x' });
  });

  it('puts each refusal where the guest looks for it', () => {
    expect(requestFailure({ status: 400, error: 'Enter a phone number.', field: 'phone' })).toEqual(
      {
        field: 'phone',
        error: 'Enter a phone number.',
      },
    );
    expect(requestFailure({ status: 400, error: 'Unknown field.', field: 'propertyId' })).toEqual({
      error: 'Unknown field.',
    });
    expect(requestFailure({ status: 409, error: 'Taken', field: 'checkIn' })).toEqual({
      field: 'checkIn',
      error: 'These dates are no longer available: choose other dates, or ask the owner.',
    });
    expect(requestFailure({ status: 429, error: 'Too many' }).error).toMatch(
      /^Too many requests .* use WhatsApp or a call\.$/,
    );
    for (const status of [0, 500, 502, 503])
      expect(requestFailure({ status, error: 'x' })).toEqual({ error: REQUEST_NOT_SENT });
    expect(REQUEST_NOT_SENT).toBe(
      'The request could not be sent; nothing was booked. Try again, or use WhatsApp or a call.',
    );
  });
});
