/**
 * The phone rule of a stay request (STAY-1, BOOK-1): libphonenumber-js with its "min" metadata
 * (lengths and leading digits per country), India when no country code is given. The server and
 * the enquiry dialog read a number with this one function; the dialog loads it only with the
 * Request to Book form (its metadata is about 29 KB gzip), the server at start.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** The number in E.164 ("+919448012345"), or undefined when libphonenumber-js does not read it as valid. */
export function readPhone(typed: string): string | undefined {
  const phone = parsePhoneNumberFromString(typed, 'IN');
  return phone?.isValid() ? phone.number : undefined;
}
