/**
 * `tsx src/server/cli/publish.ts`: publishes DATA_DIR's latest revision once and prints
 * `{ revision, pages, ms, dir }` as JSON. Used by the kill-during-publish test and by operators.
 * Exits 1 with the reason when publishing fails.
 */
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';

const { app, ctx } = await buildApp(loadConfig());
try {
  console.log(JSON.stringify(await ctx.publisher.publish()));
  await app.close();
} catch (error) {
  console.error(`publish failed: ${(error as Error).message}`);
  process.exit(1);
}
