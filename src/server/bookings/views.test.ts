/**
 * SHAPE-1..SHAPE-3: the projections of the one booking shape. The guest's view and a guest mail
 * never carry what the guest typed but the checked name (the guest's view not even that), at the
 * type level (a second declaration adding `phone` to the guest's view fails `tsc`) and at run
 * time; the owner's view carries it while it is kept and nothing once erased.
 */
import { describe, expect, it } from 'vitest';
import type { Booking, GuestBookingView, OwnerBooking } from '../../shared/bookings.js';
import { forGuest, forMail, forOwner, stayOf, valueBeforeTax, type MailBooking } from './views.js';

/** The guest's own data: what the page, reachable by its link alone, must never show (BOOK-7). */
type GuestData = 'name' | 'phone' | 'email' | 'message';
/** `true` only when T has none of the keys K. */
type Lacks<T, K extends PropertyKey> = [Extract<keyof T, K>] extends [never] ? true : false;
/** `true` only when T has every key K. */
type Has<T, K extends PropertyKey> = [Exclude<K, keyof T>] extends [never] ? true : false;

// Type-level guards: these lines stop compiling when a view gains (or loses) the guest's data.
const guestViewLacksGuestData: Lacks<GuestBookingView, GuestData> = true;
const guestFactsLackGuestData: Lacks<ReturnType<typeof forGuest>, GuestData> = true;
const ownerViewHasGuestData: Has<OwnerBooking, GuestData> = true;
const mailMayHaveGuestData: Has<MailBooking, GuestData> = true;

const booking: Booking = {
  id: 'abcdefghijkmnpqr',
  reference: 'STY-7K2Q',
  propertyId: 'coffee-view',
  propertyName: 'Coffee View Residency',
  checkIn: '2026-12-04',
  checkOut: '2026-12-07',
  guests: 2,
  name: 'Asha Rao',
  phone: '+919448011111',
  email: 'asha@guest.test',
  message: 'We arrive late.',
  status: 'accepted',
  ownerMessage: 'See you soon.',
  quote: {
    lines: [
      { label: '3 nights × ₹4,500', amountPaise: 1_350_000 },
      { label: 'GST (5%)', amountPaise: 67_500 },
    ],
    totalPaise: 1_417_500,
    advancePaise: 425_300,
    gst: [
      {
        percent: 5,
        nights: 3,
        nightsPaise: 1_350_000,
        feesPaise: 0,
        taxablePaise: 1_350_000,
        cgstPaise: 33_750,
        sgstPaise: 33_750,
        taxPaise: 67_500,
      },
    ],
  },
  createdAt: Date.parse('2026-11-26T10:00:00.000Z'),
  updatedAt: Date.parse('2026-11-26T11:00:00.000Z'),
};

const erased: Booking = {
  ...booking,
  name: undefined,
  phone: undefined,
  email: undefined,
  message: undefined,
  ownerMessage: undefined,
  erasedAt: Date.parse('2027-01-01T00:00:00.000Z'),
};

describe('one booking shape, projected for each reader (SHAPE-1..SHAPE-3)', () => {
  it('holds the type-level guards', () => {
    expect([
      guestViewLacksGuestData,
      guestFactsLackGuestData,
      ownerViewHasGuestData,
      mailMayHaveGuestData,
    ]).toEqual([true, true, true, true]);
  });

  it('tells the same stay to every reader', () => {
    const stay = {
      reference: 'STY-7K2Q',
      propertyName: 'Coffee View Residency',
      checkIn: '2026-12-04',
      checkOut: '2026-12-07',
      nights: 3,
      guests: 2,
    };
    expect(stayOf(booking)).toEqual(stay);
    expect(forOwner(booking)).toMatchObject(stay);
    expect(forMail(booking, 'guest')).toMatchObject(stay);
    const { propertyName: _name, ...guestStay } = stay;
    expect(forGuest(booking)).toMatchObject(guestStay);
  });

  it('shows the guest none of their own data, whatever the booking holds', () => {
    const view = forGuest(booking);
    for (const key of ['name', 'phone', 'email', 'message', 'propertyName', 'erasedAt', 'id']) {
      expect(view).not.toHaveProperty(key);
    }
    expect(view.quote).toEqual({
      lines: booking.quote!.lines,
      totalPaise: 1_417_500,
      advancePaise: 425_300,
    });
    expect(view.ownerMessage).toBe('See you soon.');
  });

  it('gives a guest mail the checked name only, the owner the contact details and message (MAIL-3)', () => {
    const toGuest = forMail(booking, 'guest');
    expect(toGuest.name).toBe('Asha Rao');
    for (const key of ['phone', 'email', 'message']) expect(toGuest).not.toHaveProperty(key);
    expect(forMail(booking, 'owner')).toMatchObject({
      name: 'Asha Rao',
      phone: '+919448011111',
      email: 'asha@guest.test',
      message: 'We arrive late.',
      totalPaise: 1_417_500,
      advancePaise: 425_300,
    });
  });

  it('gives the owner the phone as people write it, and nothing of the guest once erased (BOOK-9)', () => {
    expect(forOwner(booking)).toMatchObject({
      phone: '+919448011111',
      phoneDisplay: '+91 94480 11111',
      totalPaise: 1_417_500,
    });
    const after = forOwner(erased);
    for (const key of ['name', 'phone', 'phoneDisplay', 'email', 'message', 'ownerMessage']) {
      expect(after).not.toHaveProperty(key);
    }
    expect(after).not.toHaveProperty('erasedAt');
    expect(forMail(erased, 'owner')).not.toHaveProperty('phone');
  });

  it("answers the booking's instants (Unix ms inside) as the ISO 8601 text the owner's API always gave (SHAPE-7)", () => {
    expect(forOwner(booking)).toMatchObject({
      createdAt: '2026-11-26T10:00:00.000Z',
      updatedAt: '2026-11-26T11:00:00.000Z',
    });
  });

  it('tells no price for a booking without a quote, and the value before tax for one with GST (GST-6)', () => {
    const unpriced: Booking = { ...booking, quote: undefined };
    expect(forOwner(unpriced)).not.toHaveProperty('totalPaise');
    expect(forGuest(unpriced)).not.toHaveProperty('quote');
    expect(valueBeforeTax(unpriced)).toBeUndefined();
    expect(valueBeforeTax(booking)).toBe(1_350_000);
    expect(forOwner(booking).gstExemptionPossible).toBeUndefined();
  });
});
