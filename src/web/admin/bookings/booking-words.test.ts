/**
 * What the inbox says about a booking (INBOX-2, INBOX-3): contact links, and the actions each
 * state allows (the server's table, BOOK-4).
 */
import { describe, expect, it } from 'vitest';
import { allowedActions } from '../../../shared/bookings.js';
import { telUrl, whatsappUrl } from './booking-words.js';
import { rupeesText } from '../../../shared/money.js';
import { readPaise } from '../../../shared/read-paise.js';

describe('booking words', () => {
  it('WhatsApp takes the digits only; tel: keeps the plus', () => {
    expect(whatsappUrl('+91 98450-12345')).toBe('https://wa.me/919845012345');
    expect(telUrl('+91 98450-12345')).toBe('tel:+919845012345');
  });

  it('only requests are accepted or declined; only accepted bookings are paid; closed states allow nothing', () => {
    expect(allowedActions('requested')).toEqual(['accept', 'decline']);
    expect(allowedActions('accepted')).toEqual(['paid', 'cancel']);
    expect(allowedActions('confirmed')).toEqual(['cancel']);
    for (const closed of ['declined', 'cancelled', 'withdrawn', 'expired'] as const)
      expect(allowedActions(closed)).toEqual([]);
  });

  it('GST-9: a refund is typed in rupees and read back in whole paise; anything else is refused', () => {
    expect(rupeesText(405_000)).toBe('4,050');
    expect(rupeesText(45_050)).toBe('450.50');
    expect(rupeesText(12_345_600)).toBe('1,23,456');
    for (const [text, paise] of [
      ['4,050', 405_000],
      ['₹ 4050.5', 405_050],
      ['  0 ', 0],
      ['1,23,456.07', 12_345_607],
    ] as const)
      expect(readPaise(text), text).toBe(paise);
    for (const text of ['', ' ', '-5', '4.505', 'four', '1e3', '4.'])
      expect(readPaise(text), text).toBeUndefined();
    for (const paise of [0, 1, 99, 405_000, 45_050])
      expect(readPaise(rupeesText(paise))).toBe(paise);
  });
});
