/**
 * The guest's link (BOOK-5, BOOK-7): the one spelling of its path, which every page under it
 * (GST documents, the register's form, the review form, the privacy request) extends. No imports,
 * so that any shared module may build on it.
 */

/** Path of the guest's booking page (BOOK-7); `:token` is the page's secret (BOOK-5). */
export const BOOKING_PAGE = '/booking/:id/:token';

/**
 * The guest's page of booking `id` opened by `token`: BOOKING_PAGE filled in (BOOK-7). Both are
 * of URL-safe alphabets (BOOK-5); a preview passes a mask ("•••••") for the token, kept as is.
 */
export function bookingPagePath(id: string, token: string): string {
  return BOOKING_PAGE.replace(':id', id).replace(':token', token);
}
