/**
 * `GET /api/access-log?from=YYYY-MM-DD&to=YYYY-MM-DD` (TEAM-7, owners: the `team` permission):
 * the entries of those days in Asia/Kolkata, both included, newest first. Without `from`, the
 * last 30 days; without `to`, today.
 */
import type { FastifyInstance } from 'fastify';
import { addDays, isCalendarDate, today } from '../../shared/calendar-dates.js';
import { zonedTimeToUtc, PROPERTY_TIME_ZONE } from '../../shared/instants.js';
import { TEAM_API, type AccessLogEntry } from '../../shared/team.js';
import type { AppContext } from '../context.js';
import { badRequest } from '../errors.js';
import type { AccessLog } from './service.js';

/** The instant a day (YYYY-MM-DD) starts in Asia/Kolkata, ISO. */
function dayStart(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(
    zonedTimeToUtc({ year, month, day, hour: 0, minute: 0, second: 0 }, PROPERTY_TIME_ZONE),
  ).toISOString();
}

export async function accessLogRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  log: AccessLog,
): Promise<void> {
  app.get<{ Querystring: { from?: string; to?: string } }>(
    TEAM_API.accessLog,
    { permission: 'team', config: { cache: 'no-store' } },
    async (req): Promise<{ entries: AccessLogEntry[] }> => {
      const to = req.query.to ?? today(ctx.clock());
      const from = req.query.from ?? addDays(to, -30);
      for (const [field, value] of [
        ['from', from],
        ['to', to],
      ] as const) {
        if (!isCalendarDate(value))
          throw badRequest(field, `${field} must be a date written YYYY-MM-DD.`);
      }
      if (from > to) throw badRequest('from', 'from must be on or before to.');
      return {
        entries: log.list(dayStart(from), dayStart(addDays(to, 1))).map(({ id: _id, ...e }) => e),
      };
    },
  );
}
