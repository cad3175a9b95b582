/**
 * Bookings as the owner's API answers them (src/shared/bookings.ts's OwnerBooking), for the inbox's
 * tests and its screenshots: a request two hours old, an accepted booking with a mail that could not
 * be sent, a confirmed one, a declined one whose guest data was erased. Times are relative to `NOW`.
 */
import type { BookingList, OwnerBooking } from '../src/shared/bookings.js';

/** The clock the fixtures are written against: 10:00 in India on 10 March 2026. */
export const NOW = Date.parse('2026-03-10T04:30:00Z');
const ago = (hours: number) => new Date(NOW - hours * 3_600_000).toISOString();

/** One booking: a request two hours old unless `over` says otherwise. */
export function testBooking(over: Partial<OwnerBooking> = {}): OwnerBooking {
  return {
    id: 'b-request',
    reference: 'STY-7K2Q',
    propertyId: 'coffee-view',
    propertyName: 'Coffee View',
    checkIn: '2026-03-20',
    checkOut: '2026-03-23',
    nights: 3,
    guests: 2,
    name: 'Asha Rao',
    phone: '+919845012345',
    email: 'asha@example.com',
    message: 'We arrive late, around 9 pm.',
    status: 'requested',
    createdAt: ago(2),
    updatedAt: ago(2),
    totalPaise: 1_350_000,
    advancePaise: 405_000,
    mailProblems: [],
    ...over,
  };
}

/** Four bookings, oldest first (the inbox sorts them), and one open request. */
export function testBookingList(): BookingList {
  return {
    openCount: 1,
    total: 4,
    bookings: [
      testBooking({
        id: 'b-declined',
        reference: 'STY-3MWX',
        status: 'declined',
        name: undefined,
        phone: undefined,
        email: undefined,
        message: undefined,
        ownerMessage: 'Sorry, the flat is being painted then.',
        createdAt: ago(24 * 40),
        checkIn: '2026-01-10',
        checkOut: '2026-01-12',
        nights: 2,
      }),
      testBooking({
        id: 'b-confirmed',
        reference: 'STY-9P4D',
        status: 'confirmed',
        name: 'Vikram Shetty',
        phone: '+919900011122',
        email: undefined,
        message: undefined,
        createdAt: ago(24 * 3),
        checkIn: '2026-03-14',
        checkOut: '2026-03-16',
        nights: 2,
        guests: 4,
        totalPaise: undefined,
        advancePaise: undefined,
      }),
      testBooking({
        id: 'b-accepted',
        reference: 'STY-H2RT',
        status: 'accepted',
        name: 'Meera Iyer',
        phone: '+447700900123',
        email: 'meera@example.org',
        message: undefined,
        createdAt: ago(26),
        propertyName: 'Misty Hills',
        mailProblems: [
          'Accepted mail to meera@example.org: not sent yet (SMTP refused), next try 10:42',
        ],
      }),
      testBooking(),
    ],
  };
}
