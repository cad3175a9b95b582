/**
 * OPS-4, OPS-10: the browser tests and `npm run bench` start the server with the same glibc malloc
 * settings and V8 flags as `npm start`, so the memory the bench reports is the memory the owner's
 * server uses; and the Node running the tests (20 or 24) accepts those flags, so `npm start` starts.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { expect, it } from 'vitest';
import { MALLOC_TUNABLES, SERVER_NODE_FLAGS } from './spawn-server.js';

it('npm start sets the malloc settings and V8 flags that spawnServer uses', () => {
  const pkg = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    scripts: Record<string, string>;
  };
  expect(pkg.scripts.start).toContain(
    ` GLIBC_TUNABLES=${MALLOC_TUNABLES} tsx ${SERVER_NODE_FLAGS.join(' ')} src/server/main.ts`,
  );
});

it('the running Node accepts the V8 flags, which cap a semi-space at 8 MB with them', () => {
  // V8's heap limit is the old generation's plus three semi-spaces (two of the young generation
  // and the new large-object space's share), so the cap shows in it; an unknown flag exits non-zero.
  const limitMb = (flags: string[]) => {
    const run = spawnSync(
      process.execPath,
      [
        ...flags,
        '--max-old-space-size=1024',
        '-p',
        'v8.getHeapStatistics().heap_size_limit / 2 ** 20',
      ],
      { encoding: 'utf8' },
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    return Number(run.stdout);
  };
  expect(limitMb(SERVER_NODE_FLAGS)).toBe(1024 + 3 * 8);
  expect(() => limitMb(['--max-semi-space-sise=16'])).toThrow();
});
