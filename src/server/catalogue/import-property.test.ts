/**
 * HTTP-4, property-based (fast-check) through the real app and a real SQLite file: whatever JSON
 * the owner posts to POST /api/import (any JSON value, any text, or a valid catalogue broken at a
 * random place: a wrong type, a missing key, a huge string, odd unicode, a `__proto__`,
 * `constructor` or `prototype` key), the answer is never a 5xx, is always { error, field? } when
 * it is a refusal, and a refusal leaves the latest revision and its catalogue as they were.
 * Runs are bounded (a few hundred in all) so the file finishes in seconds.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCatalogue } from '../../../test/factories.js';
import { makeTestApp, type TestApp } from '../../../test/test-helpers.js';
import { API } from '../../shared/routes.js';
import { latestRevision, saveRevision } from '../store/revisions.js';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
  saveRevision(t.ctx.db, testCatalogue(), 'test', t.ctx.clock());
});
afterAll(async () => {
  await t.cleanup();
});

function revisionCount(): number {
  return (t.ctx.db.prepare('SELECT COUNT(*) AS n FROM revisions').get() as { n: number }).n;
}

/** Posts `body` (JSON text) as the owner and checks the property for its answer. */
async function postAndCheck(body: string): Promise<number> {
  const before = latestRevision(t.ctx.db);
  const count = revisionCount();
  const res = await t.app.inject({
    method: 'POST',
    url: API.importAlias,
    headers: { ...t.ownerHeaders, 'content-type': 'application/json' },
    payload: body,
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
  if (res.statusCode === 200) {
    expect(revisionCount()).toBe(count + 1);
    return res.statusCode;
  }
  const answer = res.json() as Record<string, unknown>;
  expect(typeof answer.error).toBe('string');
  expect(answer.error).not.toMatch(/Error|FST_|SQLITE|node_modules/);
  expect(revisionCount()).toBe(count);
  expect(latestRevision(t.ctx.db)).toEqual(before);
  return res.statusCode;
}

/** A path into a JSON value: object keys and array indexes. */
type Step = string | number;

/** Every path of `value` that leads to a value (the root excluded), depth first. */
function pathsOf(value: unknown, prefix: Step[] = []): Step[][] {
  if (value === null || typeof value !== 'object') return [];
  const entries: [Step, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : Object.entries(value as Record<string, unknown>);
  return entries.flatMap(([key, v]) => [[...prefix, key], ...pathsOf(v, [...prefix, key])]);
}

type Mutation =
  | { kind: 'replace'; with: unknown }
  | { kind: 'delete' }
  | { kind: 'string'; text: string }
  | { kind: 'proto'; key: string; with: unknown };

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('replace' as const), with: fc.jsonValue({ maxDepth: 2 }) }),
  fc.record({ kind: fc.constant('delete' as const) }),
  fc.record({
    kind: fc.constant('string' as const),
    text: fc.oneof(
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.string({ unit: 'grapheme', maxLength: 300 }),
      fc.integer({ min: 1_000, max: 300_000 }).map((n) => 'ঋ'.repeat(n)),
      fc.constantFrom('', ' ', '\u0000', '\uFEFF', '\uD800', '<script>alert(1)</script>', '../x'),
    ),
  }),
  fc.record({
    kind: fc.constant('proto' as const),
    key: fc.constantFrom(...PROTO_KEYS),
    with: fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant({ admin: true, prototype: {} })),
  }),
);

/**
 * The JSON text of `data` with `m` applied at `path`. A prototype key is written into the text
 * itself, since JSON.stringify never writes an own `__proto__` of an object literal.
 */
function mutate(data: unknown, path: Step[], m: Mutation): string {
  const copy = JSON.parse(JSON.stringify(data)) as Record<string, unknown>;
  const parentPath = path.slice(0, -1);
  const last = path[path.length - 1]!;
  let parent: Record<string | number, unknown> = copy;
  for (const step of parentPath) parent = parent[step] as Record<string | number, unknown>;
  const MARK = '"__stays_proto_mark__":0';
  switch (m.kind) {
    case 'replace':
      parent[last] = m.with;
      break;
    case 'delete':
      if (Array.isArray(parent)) parent.splice(last as number, 1);
      else delete parent[last];
      break;
    case 'string':
      parent[last] = m.text;
      break;
    case 'proto': {
      const target = parent[last];
      const holder =
        target !== null && typeof target === 'object' && !Array.isArray(target) ? target : parent;
      if (Array.isArray(holder)) return JSON.stringify(copy);
      (holder as Record<string, unknown>).__stays_proto_mark__ = 0;
      return JSON.stringify(copy).replace(
        MARK,
        `${JSON.stringify(m.key)}:${JSON.stringify(m.with)}`,
      );
    }
  }
  return JSON.stringify(copy);
}

describe('HTTP-4: no JSON posted to the import gives a 5xx or changes what a refusal keeps', () => {
  it('any JSON value', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        await postAndCheck(JSON.stringify(value) ?? 'null');
      }),
      { numRuns: 150 },
    );
  });

  it('any text sent as JSON', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 200 }), async (text) => {
        await postAndCheck(text);
      }),
      { numRuns: 80 },
    );
  });

  it('a valid catalogue broken at a random place', async () => {
    const paths = pathsOf(testCatalogue());
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        mutation,
        fc.boolean(),
        async (path, m, current) => {
          // Based on the latest revision half the time, so that a harmless mutation is stored.
          const base = testCatalogue({ revision: current ? latestRevision(t.ctx.db)!.id : 0 });
          statuses.add(await postAndCheck(mutate(base, path, m)));
        },
      ),
      { numRuns: 250 },
    );
    // Both sides of the property were tried: some mutations are harmless and stored.
    expect(statuses).toContain(200);
    expect(statuses).toContain(400);
  });

  it('refuses a prototype key anywhere, storing nothing', async () => {
    const base = testCatalogue({ revision: latestRevision(t.ctx.db)!.id });
    for (const key of PROTO_KEYS) {
      for (const path of [
        ['propertyList'],
        ['propertyList', 0],
        ['propertyList', 0, 'photos', 0],
      ]) {
        const count = revisionCount();
        await postAndCheck(mutate(base, path, { kind: 'proto', key, with: { admin: true } }));
        expect(revisionCount(), `${key} at ${path.join('.')}`).toBe(count);
      }
    }
  });
});
