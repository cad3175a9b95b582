/**
 * RUNTIME-6: no worker gets a secret in its environment. The feed-parse thread is started by the
 * real FeedReader with a stand-in entry that reports its `process.env` (test/env-report-worker.ts);
 * the image worker is the real process, its environment read from /proc. Both run while the
 * server's environment holds every secret the server knows and one it does not (an allow-list).
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { secretsIn, WORKER_SECRETS, withWorkerSecrets } from '../../test/worker-secrets.js';
import { DEFAULT_READER_LIMITS, FeedReader } from './calendar/feed-reader.js';
import { DEFAULT_LIMITS, ImageWorker } from './images/render-process.js';
import { workerEnv } from './worker-env.js';

const ENV_REPORT_WORKER = path.resolve(import.meta.dirname, '../../test/env-report-worker.ts');

describe('RUNTIME-6: the workers get no secret', () => {
  it('workerEnv keeps only the allowed variables, then adds what it is given', () => {
    const env = workerEnv(
      { GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' },
      { ...WORKER_SECRETS, PATH: '/usr/bin', LANG: 'C.UTF-8', VIPS_CONCURRENCY: '1', OTHER: 'x' },
    );
    expect(env).toEqual({
      PATH: '/usr/bin',
      LANG: 'C.UTF-8',
      VIPS_CONCURRENCY: '1',
      GLIBC_TUNABLES: 'glibc.malloc.arena_max=2',
    });
  });

  it('the feed-parse thread: its process.env holds no secret', async () => {
    const reader = new FeedReader(DEFAULT_READER_LIMITS, ENV_REPORT_WORKER);
    try {
      const env = await withWorkerSecrets(async () => {
        const err = await reader.read('BEGIN:VCALENDAR', Date.now()).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(Error);
        return JSON.parse((err as Error).message) as Record<string, string>;
      });
      expect(secretsIn(env)).toEqual([]);
      expect(env.PATH).toBe(process.env.PATH);
    } finally {
      await reader.stop();
    }
  });

  it('the image process: /proc/{pid}/environ holds no secret, and glibc’s malloc tunables', async () => {
    const jpeg = await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 120, b: 60 } },
    })
      .jpeg()
      .toBuffer();
    const w = new ImageWorker(DEFAULT_LIMITS);
    try {
      const environ = await withWorkerSecrets(async () => {
        await w.render({ kind: 'upload', bytes: jpeg, name: 'a.jpg' });
        return fs.readFileSync(`/proc/${w.pid}/environ`, 'utf8').split('\0').filter(Boolean);
      });
      const env = Object.fromEntries(
        environ.map((v) => [v.slice(0, v.indexOf('=')), v.slice(v.indexOf('=') + 1)]),
      );
      expect(secretsIn(env)).toEqual([]);
      expect(env.PATH).toBe(process.env.PATH);
      // glibc rewrites the variable in place as it reads it, so only its start is checked here;
      // that the tunables work is measured by the bench (bench/JOURNAL.md, "Server memory").
      expect(env.GLIBC_TUNABLES).toMatch(/^glibc\.malloc\./);
    } finally {
      w.stop();
    }
  });
});
