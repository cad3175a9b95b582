/**
 * GET /api/quote/{propertyId}?checkIn=YYYY-MM-DD&checkOut=YYYY-MM-DD&guests=N (PRICE-6), public:
 * the quote of a stay at a property of the published catalogue, made by the same pure function the
 * pages use (src/shared/quote.ts), with the property's unavailable nights (the runs
 * GET /api/availability answers, AVL-7) and GST when GSTIN is set (PRICE-5): the site settings
 * the pages were rendered with, since the start renders them again when they change (UPGRADE-4).
 *
 * A stay the property cannot take (below the minimum stay, too many guests, an unavailable night,
 * check-in in the past, check-out not after check-in) is a 200 whose `problems` say why; a query
 * that is not a stay is 400 { error, field }: a missing parameter, and the stay contract's
 * `malformed` problems (STAY-1: a date not chosen, not real or more than 2 years ahead, guests not
 * a whole number from 1 to 50), in its words. An unknown property is 404. The
 * answer holds prices only: nothing of where a booking came from, no secret (SEC-2, AVL-3).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { today } from '../../shared/calendar-dates.js';
import { quoteStay } from '../../shared/quote.js';
import { API } from '../../shared/routes.js';
import { guestsOf, stayProblems } from '../../shared/stay-request.js';
import type { AppContext } from '../context.js';
import { unavailableRanges } from '../nights/nights.js';
import { badRequest, notFound, schemaRefusal } from '../errors.js';
import { publishedProperties as readPublished } from '../publish/published-properties.js';
import { publicSite } from '../publish/site-settings.js';

/** How long a browser or proxy may reuse a quote (PRICE-6: 60 s, as availability, AVL-7). */
const QUOTE_MAX_AGE_SECONDS = 60;
/** The query's shape (PRICE-6): its three parameters, as text. What they may hold is the stay contract's to say (STAY-1). */
const querySchema = z.object({
  checkIn: z.string({ error: 'is missing: give a date written YYYY-MM-DD' }),
  checkOut: z.string({ error: 'is missing: give a date written YYYY-MM-DD' }),
  guests: z.string({ error: 'is missing: give a whole number of guests' }),
});

export async function quoteRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const publishedProperties = readPublished(ctx);

  app.get<{ Params: { propertyId: string }; Querystring: Record<string, string | undefined> }>(
    API.quote,
    {
      permission: 'public',
      config: { cache: `public, max-age=${QUOTE_MAX_AGE_SECONDS}` as const },
    },
    async (req) => {
      const property = publishedProperties().get(req.params.propertyId);
      if (!property) throw notFound('propertyId', 'There is no property with this id.');
      const parsed = querySchema.safeParse(req.query);
      if (!parsed.success) throw schemaRefusal(parsed.error);
      const stay = { ...parsed.data, guests: guestsOf(parsed.data.guests) };
      const now = ctx.clock();
      // STAY-1: a query that is not a stay (a date that is not one, or too far ahead, guests
      // outside 1–50) is 400; any other problem is quoted, in `problems`.
      const malformed = stayProblems(property, stay, { today: today(now) }).find(
        (p) => p.malformed,
      );
      if (malformed) throw badRequest(malformed.field, malformed.error);
      return quoteStay(property, stay, {
        unavailable: unavailableRanges(ctx.db, property.id, now),
        settings: publicSite(ctx.config),
        today: today(now),
      });
    },
  );
}
