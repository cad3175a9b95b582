/**
 * Starts the server (OPS-7): refuses a Node older than 24 with one line and exit 1, says when this
 * Node is past its end of life (RUNTIME-7), checks the environment (one line per bad variable,
 * exit 1), listens on HOST:PORT at once, then prepares DATA_DIR (owner account, demo seed, first
 * publish), saying how far it is, and ends with the address and, on a first start, the owner's
 * one-time password set apart (RUNTIME-9). Until the first publish is done pages answer 503
 * "starting" and /healthz 503. The log is one line per request; readable lines on a terminal,
 * JSON otherwise. SIGTERM or SIGINT: no new connections, requests in flight finish
 * (SHUTDOWN_GRACE_MS at most, then they are cut and the exit code is 1), then exit 0.
 */
// First: it exits on an older Node before a module that needs Node 24 is loaded.
import './node-check.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { buildApp } from './app.js';
import { prepareDataDir } from './startup.js';

/** How long requests in flight may take to finish after SIGTERM, ms. */
const SHUTDOWN_GRACE_MS = 10_000;

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error('Stays cannot start: fix these environment variables (see .env.example).');
  for (const line of err.problems) console.error(`  ${line}`);
  process.exit(1);
}

const terminal = process.stdout.isTTY === true;
const { app, ctx } = await buildApp(config, {
  logger:
    config.logLevel === 'silent'
      ? false
      : {
          level: config.logLevel,
          ...(terminal ? { stream: (await import('./terminal-log.js')).terminalLogStream() } : {}),
        },
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
let ownerLine: string | undefined;
try {
  await prepareDataDir(ctx, (line) => {
    // Said at once, in case the start stops before the end, and again below, set apart.
    if (line.startsWith('Owner account created: ')) ownerLine = line;
    console.log(line);
  });
} catch (err) {
  // Stopping mid-seed closes the database under it; the next start resumes the seed.
  if (!stopping) throw err;
}
if (!stopping) console.log(servingBanner(`http://${shownHost}:${port}/`, ownerLine, terminal));

/**
 * The last lines of a start (RUNTIME-9): the address and the owner's login, and on a first start
 * the one-time password, between two rules (bold on a terminal) so that they are found among the
 * log lines.
 */
function servingBanner(url: string, owner: string | undefined, bold: boolean): string {
  const lines = [`Stays is serving on ${url}`, `Owner's login: ${url}adminlogin`];
  if (owner) lines.push(owner);
  const rule = '─'.repeat(Math.min(72, Math.max(...lines.map((l) => l.length))));
  const body = lines.join('\n');
  return `${rule}\n${bold ? `\u001b[1m${body}\u001b[22m` : body}\n${rule}`;
}
