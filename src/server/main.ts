/**
 * Starts the server: reads the configuration, listens on HOST:PORT, prepares DATA_DIR (owner
 * account, demo seed, first publish) and then prints the URL. Until the first publish is done the
 * public pages answer 404.
 */
import { loadConfig, type Config } from './config.js';
import { buildApp } from './app.js';
import { prepareDataDir } from './startup.js';

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  // A bad variable is the person's to fix: one line saying which and why, no stack trace.
  console.error(`Stays cannot start: ${(err as Error).message}`);
  process.exit(1);
}
const { app, ctx } = await buildApp(config, { logger: process.env.LOG_LEVEL !== 'silent' });
await app.listen({ port: config.port, host: config.host });
const port = (app.server.address() as { port: number }).port;
const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
// Without SITE_URL, canonical URLs and the sitemap name this server itself, on the port it got.
if (config.site.siteUrlIsDefault) config.site.siteUrl = `http://${shownHost}:${port}`;
await prepareDataDir(ctx, (line) => console.log(line));
console.log(`Stays is serving on http://${shownHost}:${port}/`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
