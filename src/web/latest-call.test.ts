// @vitest-environment jsdom
/**
 * The one way to drop a stale answer (CLIENT-3), over real HTTP on 127.0.0.1: a server that holds
 * each answer until the test lets it go, so a call can be overtaken by a later one, stopped, or
 * outlive its component; apiFetch's aborted call is seen closing its connection.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { renderHook } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API } from '../shared/routes.js';
import { apiFetch, type ApiResult } from './api-fetch.js';
import { latestCall, useLatestCall } from './latest-call.js';

/** Requests held, by property id, until `release(id)` answers them; `closed` records aborted ones. */
let held: Map<string, http.ServerResponse>;
let closed: string[];
let server: http.Server;
let base: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const id = decodeURIComponent(req.url!.split('/').pop()!);
    res.on('close', () => {
      if (!res.writableEnded) closed.push(id);
    });
    held.set(id, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  held = new Map();
  closed = [];
});

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};
function release(id: string) {
  const res = held.get(id)!;
  res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
  res.end(JSON.stringify({ unavailable: [id] }));
}
/** The availability of `id`, as the enquiry asks it. */
const ask = (id: string) => (signal: AbortSignal) =>
  apiFetch(API.availability, { base, params: { propertyId: id }, signal });
const shown = (r: ApiResult<unknown>) => (r.ok ? r.value : r.status);

describe('latestCall', () => {
  it('applies only the latest call’s answer; the call it replaced is aborted and its answer dropped', async () => {
    const latest = latestCall();
    const applied: unknown[] = [];
    latest.run(ask('first'), (r) => applied.push(shown(r)));
    await until(() => held.has('first'));
    latest.run(ask('second'), (r) => applied.push(shown(r)));
    await until(() => held.has('second'));
    await until(() => closed.includes('first'));
    release('second');
    await until(() => applied.length === 1);
    expect(applied).toEqual([{ unavailable: ['second'] }]);
  });

  it('drops the answer of a call that ignores its signal once a later one started', async () => {
    const latest = latestCall();
    const applied: string[] = [];
    let answerFirst!: (v: string) => void;
    latest.run(
      () => new Promise<string>((r) => (answerFirst = r)),
      (v) => applied.push(v),
    );
    latest.run(
      () => Promise.resolve('second'),
      (v) => applied.push(v),
    );
    await until(() => applied.length === 1);
    answerFirst('first');
    await new Promise((r) => setTimeout(r, 20));
    expect(applied).toEqual(['second']);
  });

  it('stop, or run’s own abort, drops the running call; a later run is applied again', async () => {
    const latest = latestCall();
    const applied: unknown[] = [];
    latest.run(ask('a'), (r) => applied.push(shown(r)));
    await until(() => held.has('a'));
    latest.stop();
    await until(() => closed.includes('a'));
    const abortB = latest.run(ask('b'), (r) => applied.push(shown(r)));
    await until(() => held.has('b'));
    abortB();
    await until(() => closed.includes('b'));
    latest.run(ask('c'), (r) => applied.push(shown(r)));
    await until(() => held.has('c'));
    release('c');
    await until(() => applied.length === 1);
    expect(applied).toEqual([{ unavailable: ['c'] }]);
  });
});

describe('latestCall, afterPaint (PERF-22)', () => {
  it('starts the call after the next frame, not during the task that asked; aborted before, never', async () => {
    const latest = latestCall();
    const applied: unknown[] = [];
    let framed = false;
    requestAnimationFrame(() => (framed = true));
    latest.run(
      (signal) => {
        // The frame asked for before the run has come and gone.
        expect(framed).toBe(true);
        return ask('later')(signal);
      },
      (r) => applied.push(shown(r)),
      { afterPaint: true },
    );
    expect(held.has('later')).toBe(false);
    await until(() => held.has('later'));
    release('later');
    await until(() => applied.length === 1);
    const abort = latest.run(ask('never'), (r) => applied.push(shown(r)), { afterPaint: true });
    abort();
    latest.run(ask('after'), (r) => applied.push(shown(r)), { afterPaint: true });
    await until(() => held.has('after'));
    release('after');
    await until(() => applied.length === 2);
    expect(held.has('never')).toBe(false);
    expect(applied).toEqual([{ unavailable: ['later'] }, { unavailable: ['after'] }]);
  });
});

describe('useLatestCall', () => {
  it('is the same for the component’s life and drops the answer once the component unmounts', async () => {
    const { result, rerender, unmount } = renderHook(() => useLatestCall());
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
    const applied: unknown[] = [];
    first.run(ask('gone'), (r) => applied.push(shown(r)));
    await until(() => held.has('gone'));
    unmount();
    await until(() => closed.includes('gone'));
    await new Promise((r) => setTimeout(r, 20));
    expect(applied).toEqual([]);
  });
});
