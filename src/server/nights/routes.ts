/**
 * `GET /api/conflicts` (CONFLICT-2): the open double bookings of every property, for the owner
 * only (the `calendar` permission: session, role and Origin), `no-store`. The answer is `ConflictList`
 * (src/shared/conflicts.ts): `{ conflicts: [{ propertyId, from, to, sides }] }`, no guest data.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import type { ConflictList } from '../../shared/conflicts.js';
import { API } from '../../shared/routes.js';
import type { ConflictKeeper } from './conflicts.js';

export async function conflictRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  conflicts: ConflictKeeper,
): Promise<void> {
  app.get(
    API.conflicts,
    { permission: 'calendar', config: { cache: 'no-store' } },
    async (): Promise<ConflictList> => {
      return { conflicts: conflicts.list() };
    },
  );
}
