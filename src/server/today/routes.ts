/** `GET /api/today` (DAY-10), behind the `bookingsList` permission (TEAM-1): the owner's day (service.ts). */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { todayOfOwner, type TodaySources } from './service.js';
import { TODAY_API, type TodayAnswer } from '../../shared/today.js';

export function todayRoutes(app: FastifyInstance, ctx: AppContext, sources: TodaySources): void {
  app.get(
    TODAY_API.today,
    { permission: 'bookingsList', config: { cache: 'no-store' as const } },
    async (): Promise<TodayAnswer> => todayOfOwner(sources),
  );
}
