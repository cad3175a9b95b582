/**
 * Starts the server (OPS-7): says when this Node is past its end of life (one line, RUNTIME-2),
 * checks the environment (one line per bad variable, exit 1), listens
 * on HOST:PORT at once, then prepares DATA_DIR (owner account, demo seed, first publish) and prints
 * the URL. Until the first publish is done pages answer 503 "starting" and /healthz 503.
 * SIGTERM or SIGINT: no new connections, requests in flight finish (SHUTDOWN_GRACE_MS at most,
 * then they are cut and the exit code is 1), then exit 0.
 */
import { ConfigError, loadConfig, type Config } from './config.js';
import { buildApp } from './app.js';
import { endOfLifeNotice } from './node-support.js';
import { prepareDataDir } from './startup.js';
import { systemClock } from '../shared/instants.js';

/** How long requests in flight may take to finish after SIGTERM, ms. */
const SHUTDOWN_GRACE_MS = 10_000;

// RUNTIME-2: one line, first, when this Node gets no more security fixes.
const notice = endOfLifeNotice(process.versions.node, systemClock());
if (notice) console.warn(notice);

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error('Stays cannot start: fix these environment variables (see .env.example).');
  for (const line of err.problems) console.error(`  ${line}`);
  process.exit(1);
}

const { app, ctx } = await buildApp(config, {
  logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
});

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(
      `${signal}: finishing the requests in flight (${SHUTDOWN_GRACE_MS / 1000} s at most), then stopping.`,
    );
    const cut = setTimeout(() => {
      console.error(`Requests still running ${SHUTDOWN_GRACE_MS / 1000} s after ${signal}: cut.`);
      app.server.closeAllConnections();
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    cut.unref();
    // close() waits for every connection to end, and a keep-alive one whose request finishes
    // after it began would stay open: idle connections are closed until the process exits.
    setInterval(() => app.server.closeIdleConnections(), 100).unref();
    void app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: config.port, host: config.host });
const port = (app.server.address() as { port: number }).port;
const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
// Without SITE_URL, canonical URLs and the sitemap name this server itself, on the port it got.
if (config.site.siteUrlIsDefault) config.site.siteUrl = `http://${shownHost}:${port}`;
console.log(
  `Listening on http://${shownHost}:${port}/ (pages answer 503 until the site is published)`,
);
try {
  await prepareDataDir(ctx, (line) => console.log(line));
} catch (err) {
  // Stopping mid-seed closes the database under it; the next start resumes the seed.
  if (!stopping) throw err;
}
if (!stopping) console.log(`Stays is serving on http://${shownHost}:${port}/`);
