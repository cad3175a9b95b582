/**
 * GET /api/quote/{propertyId}?checkIn=YYYY-MM-DD&checkOut=YYYY-MM-DD&guests=N (PRICE-6), public:
 * the quote of a stay at a property of the published catalogue, made by the same pure function the
 * pages use (src/shared/quote.ts), with the property's unavailable nights (the runs
 * GET /api/availability answers, AVL-7) and GST when GSTIN is set (PRICE-5): the site settings
 * the pages were rendered with, since the start renders them again when they change (UPGRADE-4).
 *
 * A stay the property cannot take (below the minimum stay, too many guests, an unavailable night,
 * check-in in the past, check-out not after check-in) is a 200 whose `problems` say why; a query
 * that is not a stay is 400 { error, field }: a date not YYYY-MM-DD or more than 2 years ahead,
 * guests not a whole number from 1 to 50, a missing parameter. An unknown property is 404. The
 * answer holds prices only: nothing of where a booking came from, no secret (SEC-2, AVL-3).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { addDays, dateOf, isCalendarDate, today } from '../../shared/calendar-dates.js';
import { LIMITS } from '../../shared/property-fields.js';
import { quoteStay } from '../../shared/quote.js';
import { API } from '../../shared/routes.js';
import type { AppContext } from '../context.js';
import { unavailableRanges } from '../calendar/availability.js';
import { badRequest, notFound } from '../errors.js';
import { publishedProperties as readPublished } from '../publish/published-properties.js';
import { publicSite } from '../publish/site-settings.js';

/** How long a browser or proxy may reuse a quote (PRICE-6: 60 s, as availability, AVL-7). */
const QUOTE_MAX_AGE_SECONDS = 60;
/** How far ahead a quote may be asked for, in years (PRICE-6). */
const YEARS_AHEAD = 2;

const dateParam = (name: string) =>
  z
    .string({ error: `${name} is missing: give a date written YYYY-MM-DD` })
    .refine(isCalendarDate, { error: `${name} must be a date written YYYY-MM-DD` });

const querySchema = z.object({
  checkIn: dateParam('checkIn'),
  checkOut: dateParam('checkOut'),
  guests: z
    .string({ error: 'guests is missing: give a whole number of guests' })
    .regex(/^\d{1,3}$/, { error: `guests must be a whole number from 1 to ${LIMITS.guests}` })
    .transform(Number)
    .refine((n) => n >= 1 && n <= LIMITS.guests, {
      error: `guests must be a whole number from 1 to ${LIMITS.guests}`,
    }),
});

/** The last date a quote or a booking request may name: the same day YEARS_AHEAD years from today (Asia/Kolkata). */
export function lastQuotableDate(now: number): string {
  const [y, m, d] = today(now).split('-').map(Number) as [number, number, number];
  // 29 February two years on is 1 March.
  return addDays(dateOf(y + YEARS_AHEAD, m, 1), d - 1);
}

export async function quoteRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const publishedProperties = readPublished(ctx);

  app.get<{ Params: { propertyId: string }; Querystring: Record<string, string | undefined> }>(
    API.quote,
    async (req, reply) => {
      const property = publishedProperties().get(req.params.propertyId);
      if (!property) throw notFound('propertyId', 'There is no property with this id.');
      const parsed = querySchema.safeParse(req.query);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw badRequest(String(issue.path[0]), issue.message);
      }
      const stay = parsed.data;
      const now = Date.now();
      const last = lastQuotableDate(now);
      for (const field of ['checkIn', 'checkOut'] as const) {
        if (stay[field] > last) {
          throw badRequest(
            field,
            `${field} can be at most ${YEARS_AHEAD} years ahead (${last} at the latest)`,
          );
        }
      }
      void reply.header('cache-control', `public, max-age=${QUOTE_MAX_AGE_SECONDS}`);
      return quoteStay(property, stay, {
        unavailable: unavailableRanges(ctx.db, property.id, now),
        settings: publicSite(ctx.config),
        today: today(now),
      });
    },
  );
}
