/**
 * Starts the server: reads the configuration, prepares DATA_DIR (owner account, demo seed, first
 * publish), listens on HOST:PORT and prints the URL.
 */
import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { prepareDataDir } from './startup.js';

const config = loadConfig();
const { app, ctx } = await buildApp(config, { logger: process.env.LOG_LEVEL !== 'silent' });
await prepareDataDir(ctx, (line) => console.log(line));
await app.listen({ port: config.port, host: config.host });
const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
console.log(`Stays is serving on http://${shownHost}:${app.server.address() && typeof app.server.address() === 'object' ? (app.server.address() as { port: number }).port : config.port}/`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
