/**
 * The calendar's HTTP calls:
 * - GET  /api/availability/{propertyId}: public runs of unavailable nights (AVL-7);
 * - GET  /calendar/{propertyId}/{secret}.ics: the export feed (AVL-8), 404 for a wrong secret;
 * - GET  /api/calendar/{propertyId}, PUT (replace feeds and blocks), POST .../sync (sync now),
 *   POST .../secret (a new export secret): the owner's calendar (AVL-9), behind the session and
 *   Origin check every write has.
 * Refusals are thrown as ApiError (errors.ts: JSON { error, field }) and store nothing. Feed URLs and
 * the secret appear only in the owner's answers; the export path is redacted in the request log
 * (AVL-3).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AvailabilityAnswer, CalendarState } from '../../shared/api-types.js';
import { ID_RE } from '../../shared/site-data.js';
import type { AppContext } from '../context.js';
import { badRequest, notFound, schemaRefusal } from '../errors.js';
import { latestRevision } from '../store/revisions.js';
import { exportCalendar } from './availability.js';
import { exportedStays, unavailableRanges } from '../nights/nights.js';
import { heldStays } from '../nights/store.js';
import type { ConflictKeeper } from '../nights/conflicts.js';
import { today } from '../../shared/calendar-dates.js';
import { isCalendarDate } from '../../shared/calendar-dates.js';
import {
  calendarUpdatedAt,
  exportSecret,
  isExportSecret,
  listBlocks,
  listFeeds,
  replaceCalendar,
  replaceExportSecret,
} from './store.js';
import { isStale, type CalendarSync } from './sync.js';
import type { LedgerService } from '../ledger/service.js';
import { API, apiPath, EXPORT_FEED } from '../../shared/routes.js';

/** Longest a browser or proxy may reuse an availability answer (AVL-7: at most 60 s). */
const AVAILABILITY_MAX_AGE_SECONDS = 60;

const dateSchema = z.string().refine(isCalendarDate, 'must be a date written YYYY-MM-DD');

const feedUrlSchema = z
  .string()
  .trim()
  .max(2000, 'must be at most 2000 characters')
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a web address (https://...)' });
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      ctx.addIssue({ code: 'custom', message: 'must be an http or https address' });
    }
  });

/** The body of PUT /api/calendar/{propertyId}. Unknown keys (e.g. a feed's status) are ignored. */
const calendarInputSchema = z.object({
  feeds: z
    .array(
      z.object({
        label: z
          .string()
          .trim()
          .min(1, 'must not be empty')
          .max(60, 'must be at most 60 characters'),
        url: feedUrlSchema,
      }),
    )
    .max(20, 'at most 20 feeds'),
  blocks: z
    .array(
      z
        .object({
          start: dateSchema,
          end: dateSchema,
          note: z
            .string()
            .trim()
            .max(200, 'must be at most 200 characters')
            .nullish()
            .transform((v) => v ?? ''),
        })
        .refine((b) => b.end > b.start, { message: 'must be after start', path: ['end'] }),
    )
    .max(500, 'at most 500 blocks'),
});

/** The request-log form of a request to the export feed: the secret is replaced. */
function redactedRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: req.url.replace(/^(\/calendar\/[^/?#]*\/).*$/s, '$1[secret].ics'),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

export async function calendarRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  conflicts: ConflictKeeper,
  /** The stay ledger (LEDGER-3): blocks and removed feeds are remembered there. */
  ledger: Pick<LedgerService, 'calendarSaved'>,
  /** The feeds' sync (its timed runs are the job runner's, compose.ts); "Sync now" here. */
  sync: Pick<CalendarSync, 'syncProperty' | 'lastSyncAt'>,
): Promise<void> {
  const noStore = { cache: 'no-store' as const };

  let known: { revision: number; ids: Set<string> } = { revision: -1, ids: new Set() };
  /** True when the property is in the latest revision's catalogue. */
  function propertyExists(id: string): boolean {
    if (!ID_RE.test(id)) return false;
    const max = (
      ctx.db.prepare('SELECT MAX(id) AS id FROM revisions').get() as { id: number | null }
    ).id;
    if (max === null) return false;
    if (known.revision !== max) {
      const latest = latestRevision(ctx.db);
      known = {
        revision: max,
        ids: new Set(latest?.data.propertyList.map((p) => p.id) ?? []),
      };
    }
    return known.ids.has(id);
  }

  function ownerCalendar(propertyId: string): CalendarState {
    const now = ctx.clock();
    const secret = exportSecret(ctx.db, propertyId, now);
    return {
      feeds: listFeeds(ctx.db, propertyId).map((recorded) => {
        // DLG-3: a sync that was no news is remembered by the sync, not written.
        const f = { ...recorded, lastSyncAt: sync.lastSyncAt(recorded) };
        return {
          id: f.id,
          label: f.label,
          url: f.url,
          lastSyncAt: f.lastSyncAt,
          lastError: f.lastError,
          bookings: f.bookings,
          stale: isStale(f, now),
        };
      }),
      blocks: listBlocks(ctx.db, propertyId),
      // BOOK-6: accepted and confirmed direct bookings, by reference (the inbox has the guest).
      directBookings: heldStays(ctx.db, propertyId, today(now)).map((b) => ({
        id: b.id,
        reference: b.reference,
        status: b.status,
        start: b.start,
        end: b.end,
      })),
      exportUrl: `${ctx.config.site.siteUrl}${apiPath(EXPORT_FEED, { propertyId, file: `${secret}.ics` })}`,
    };
  }

  type Params = { Params: { propertyId: string } };

  const NO_PROPERTY = 'There is no property with this id.';

  /** Throws 400 naming the property id when it is not in the catalogue (AVL-9). */
  function refuseUnknown(propertyId: string): void {
    if (!propertyExists(propertyId)) throw badRequest('propertyId', NO_PROPERTY);
  }

  const availabilityCache = { cache: `public, max-age=${AVAILABILITY_MAX_AGE_SECONDS}` as const };
  app.get<Params>(
    API.availability,
    { permission: 'public', config: availabilityCache },
    async (req) => {
      const { propertyId } = req.params;
      if (!propertyExists(propertyId)) throw notFound('propertyId', NO_PROPERTY);
      return {
        propertyId,
        updatedAt: calendarUpdatedAt(ctx.db, propertyId) ?? new Date(ctx.clock()).toISOString(),
        unavailable: unavailableRanges(ctx.db, propertyId, ctx.clock()),
      } satisfies AvailabilityAnswer;
    },
  );

  app.get<{ Params: { propertyId: string; file: string } }>(
    EXPORT_FEED,
    { logSerializers: { req: redactedRequest }, config: noStore },
    async (req, reply) => {
      const { propertyId, file } = req.params;
      const secret = file.endsWith('.ics') ? file.slice(0, -4) : '';
      if (!propertyExists(propertyId) || !isExportSecret(ctx.db, propertyId, secret)) {
        return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      }
      const host = new URL(ctx.config.site.siteUrl).hostname;
      const now = ctx.clock();
      const { runs, direct } = exportedStays(ctx.db, propertyId, now);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('x-robots-tag', 'noindex')
        .header('referrer-policy', 'no-referrer')
        .send(exportCalendar(propertyId, runs, host, now, direct));
    },
  );

  // Any other path under /calendar/ may still carry a secret mistyped by a channel: 404, unlogged.
  app.get(
    '/calendar/*',
    { logSerializers: { req: redactedRequest }, config: noStore },
    async (_req, reply) => reply.code(404).type('text/plain; charset=utf-8').send('Not found'),
  );

  app.get<Params>(API.calendar, { permission: 'calendar', config: noStore }, async (req) => {
    refuseUnknown(req.params.propertyId);
    return ownerCalendar(req.params.propertyId);
  });

  app.put<Params>(API.calendar, { permission: 'calendar', config: noStore }, async (req) => {
    const { propertyId } = req.params;
    refuseUnknown(propertyId);
    const parsed = calendarInputSchema.safeParse(req.body);
    if (!parsed.success) throw schemaRefusal(parsed.error);
    const { feeds, blocks } = parsed.data;
    // CONFLICT-1: blocks (and feeds removed with their bookings) change held nights.
    await conflicts.exclusive(propertyId, () =>
      ctx.db
        .transaction(() => {
          replaceCalendar(ctx.db, propertyId, feeds, blocks, ctx.clock());
          const feedIds = listFeeds(ctx.db, propertyId).map((f) => f.id);
          ledger.calendarSaved(propertyId, feedIds, blocks, req.owner ?? 'owner');
          conflicts.changed(propertyId);
        })
        .immediate(),
    );
    return ownerCalendar(propertyId);
  });

  app.post<Params>(API.calendarSync, { permission: 'calendar', config: noStore }, async (req) => {
    const { propertyId } = req.params;
    refuseUnknown(propertyId);
    await sync.syncProperty(propertyId);
    return ownerCalendar(propertyId);
  });

  app.post<Params>(API.calendarSecret, { permission: 'calendar', config: noStore }, async (req) => {
    const { propertyId } = req.params;
    refuseUnknown(propertyId);
    replaceExportSecret(ctx.db, propertyId, ctx.clock());
    return ownerCalendar(propertyId);
  });
}
