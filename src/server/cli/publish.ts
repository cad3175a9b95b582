/**
 * `tsx src/server/cli/publish.ts`: publishes DATA_DIR's latest revision once to every target (the
 * local folder, and the bucket when PUBLISH_TARGET names one: CDN-1) and prints
 * `{ revision, pages, ms, dir, targets }` as JSON (no path of the bucket, no credential). Used by
 * the kill-during-publish test and by operators. Exits 1 with the reason when publishing fails.
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
