/**
 * Starts one server on a fresh DATA_DIR and stops it, so that the demo seed's renders are kept in
 * RENDER_CACHE (config.ts) before the test suites start their many servers side by side:
 * without it, the first servers of a run would all render the same 35 photos at once (decision
 * 055). `npm test` runs it beside the static checks; a failure here only makes the run slower.
 */
import { spawnServer } from './spawn-server.js';

if (!process.env.RENDER_CACHE) throw new Error('RENDER_CACHE is not set');
const server = await spawnServer({}, 600_000);
await server.stop();
