/** Stub: routes of this module are built in their issue. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';

export async function apiRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  void app;
  void ctx;
}
