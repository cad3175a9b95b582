/**
 * OPS-4: the browser tests and `npm run bench` start the server with the same glibc malloc settings
 * as `npm start`, so the memory the bench reports is the memory the owner's server uses.
 */
import fs from 'node:fs';
import { expect, it } from 'vitest';
import { MALLOC_TUNABLES } from './spawn-server.js';

it('npm start sets the malloc settings that spawnServer uses', () => {
  const pkg = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    scripts: Record<string, string>;
  };
  expect(pkg.scripts.start).toContain(` GLIBC_TUNABLES=${MALLOC_TUNABLES} tsx src/server/main.ts`);
});
