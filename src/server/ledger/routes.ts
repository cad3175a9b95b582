/**
 * The stay ledger's HTTP calls, behind the `bookingsList` permission (TEAM-1) (LEDGER-4, LEDGER-5):
 * - GET /api/bookings/{id}/events: a booking's events, oldest first; 404 naming `id` when the
 *   ledger has none.
 * - GET /api/stays?from=YYYY-MM-DD&to=YYYY-MM-DD[&propertyId=]: every stay and block with a
 *   night from `from` up to (not including) `to`, direct and feed, in any status (gone and
 *   cancelled ones too), each with its source, nights, status and first and last seen; 400
 *   naming the field for a bad date, a range not forward or longer than MAX_RANGE_NIGHTS, or a
 *   malformed property id. A direct stay carries its guest's name (`guestNames`, the bookings'
 *   own reading, given by the composition), which the month grid labels its bar with (DAY-11).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { badRequest, notFound } from '../errors.js';
import { API } from '../../shared/routes.js';
import { isCalendarDate, nights } from '../../shared/calendar-dates.js';
import { ID_RE } from '../../shared/site-data.js';
import type { BookingEventsAnswer, StaysAnswer } from '../../shared/ledger.js';
import type { LedgerService } from './service.js';

/** The longest range one `GET /api/stays` may ask for: two years and a little, in nights. */
const MAX_RANGE_NIGHTS = 750;

/** A night name from the query, or a 400 naming `field`. */
function dateOf(field: 'from' | 'to', value: unknown): string {
  if (typeof value !== 'string' || !isCalendarDate(value))
    throw badRequest(field, `${field} must be a date written YYYY-MM-DD.`);
  return value;
}

export async function ledgerRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  ledger: LedgerService,
  /** The guests' names of these bookings, by booking id (the ledger keeps no personal data). */
  guestNames: (bookingIds: string[]) => ReadonlyMap<string, string> = () => new Map(),
): Promise<void> {
  const noStore = { cache: 'no-store' as const };

  app.get<{ Params: { id: string } }>(
    API.bookingEvents,
    { permission: 'bookingsList', config: noStore },
    async (req): Promise<BookingEventsAnswer> => {
      const answer = ledger.eventsOf(req.params.id);
      if (answer.events.length === 0) throw notFound('id', 'There is no booking with this id.');
      return answer;
    },
  );

  app.get<{ Querystring: { from?: unknown; to?: unknown; propertyId?: unknown } }>(
    API.stays,
    { permission: 'bookingsList', config: noStore },
    async (req): Promise<StaysAnswer> => {
      const from = dateOf('from', req.query.from);
      const to = dateOf('to', req.query.to);
      if (to <= from) throw badRequest('to', 'to must be a day after from.');
      if (nights(from, to) > MAX_RANGE_NIGHTS)
        throw badRequest('to', `A range can be at most ${MAX_RANGE_NIGHTS} nights long.`);
      const { propertyId } = req.query;
      if (propertyId !== undefined && (typeof propertyId !== 'string' || !ID_RE.test(propertyId)))
        throw badRequest('propertyId', 'propertyId is not a property id.');
      const stays = ledger.stays(from, to, propertyId);
      const names = guestNames(stays.flatMap((s) => (s.bookingId ? [s.bookingId] : [])));
      return {
        from,
        to,
        ...(propertyId === undefined ? {} : { propertyId }),
        stays: stays.map((s) => {
          const guest = s.bookingId && names.get(s.bookingId);
          return guest ? { ...s, guest } : s;
        }),
      };
    },
  );
}
