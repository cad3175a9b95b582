/**
 * Builds the Fastify app (DESIGN.md): testable with `app.inject`, listened on by main.ts.
 * Route modules each own one concern; this file only wires them together.
 */
import fs from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import type { Config } from './config.js';
import { dataPaths, type AppContext } from './context.js';
import { openDb } from './store/db.js';
import { createPublisher } from './publish/publisher.js';
import { apiRoutes } from './routes/api.js';
import { imageRoutes } from './routes/images.js';
import { authRoutes } from './routes/auth.js';
import { pageRoutes } from './routes/pages.js';

/** Import bodies larger than this are refused with 413 (issue 3). */
const BODY_LIMIT_BYTES = 5 * 1024 * 1024;

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
}

/** Creates DATA_DIR's folders, opens the database and registers every route. Does not listen. */
export async function buildApp(config: Config, opts: { logger?: boolean } = {}): Promise<BuiltApp> {
  const paths = dataPaths(config.dataDir);
  for (const dir of [paths.root, paths.originals, paths.images, paths.site]) {
    fs.mkdirSync(dir, { recursive: true });
  }
  const db = openDb(paths.root);
  const ctxBase = { config, db, paths };
  const ctx: AppContext = { ...ctxBase, publisher: createPublisher(ctxBase) };

  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
  });
  await app.register(cookie);
  await app.register(async (scope) => apiRoutes(scope, ctx));
  await app.register(async (scope) => authRoutes(scope, ctx));
  await app.register(async (scope) => imageRoutes(scope, ctx));
  await app.register(async (scope) => pageRoutes(scope, ctx));
  app.addHook('onClose', async () => {
    db.close();
  });
  return { app, ctx };
}
