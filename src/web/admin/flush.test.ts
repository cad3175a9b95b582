// @vitest-environment jsdom
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testCatalogue } from '../../../test/factories.js';
import { DATA_GLOBAL, type PageData } from '../../shared/site-data.js';
import { createDataStore } from './data-store.js';
import { onSessionEnded, SESSION_ENDED } from '../api-fetch.js';
import { createFlushClient, type FlushEnv, type Notice } from './flush.js';
import { startScriptedServer, type ScriptedServer } from '../../../test/test-server.js';
import { TEST_SITE } from '../../../test/test-site.js';

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());

function pageData(revision = 3): PageData {
  return {
    ...testCatalogue({
      revision,
      propertyList: [{ id: 'p1', name: 'One', photos: [] }],
      homeSections: [{ id: 's1', name: 'S', properties: ['p1'] }],
    }),
    photoSizes: { 'x.jpg': [1, 2] },
    site: TEST_SITE,
    publishedAt: '2026-01-01T00:00:00.000Z',
  };
}

/** A 409 as the server answers a stale import (catalogue/stale-answer.ts). */
const stale = {
  error:
    'Your change was not saved. This page shows revision 3, but revision 4 was saved by owner on 22 Nov 2026, 14:05 (from another tab or device). Reload the page to see it, then make your change again.',
  field: 'revision',
  based: 3,
  latest: 4,
  yourChanges: ["Renamed 'One' to 'Uno'", 'Home page photos of One changed'],
};

let alerts: string[];
let reloads: number;
let notices: Notice[];
let inits: RequestInit[];

function setup(data = pageData()) {
  delete (window as unknown as Record<string, unknown>)[DATA_GLOBAL];
  const store = createDataStore(data);
  const env: FlushEnv = {
    fetch: (input, init) => {
      inits.push(init ?? {});
      return fetch(`${server.base}${String(input)}`, init);
    },
    alert: (m) => alerts.push(m),
    reload: () => (reloads += 1),
    notify: (n) => notices.push(n),
  };
  return { store, client: createFlushClient(store, env) };
}

beforeEach(() => {
  server.reset();
  alerts = [];
  reloads = 0;
  notices = [];
  inits = [];
});

describe('importData (API-1, STORE-3)', () => {
  it('posts exactly propertyList, homeSections and revision as JSON and takes the answered revision', async () => {
    const { store, client } = setup();
    server.answers['/api/import.php'] = [{ status: 200, body: { revision: 4 } }];
    const r = await client.importData(store.get());
    expect(r).toEqual({ ok: true, status: 200, value: { revision: 4 } });
    expect(server.seen).toHaveLength(1);
    expect(server.seen[0]!.method).toBe('POST');
    expect(server.seen[0]!.contentType).toBe('application/json');
    expect(JSON.parse(server.seen[0]!.body.toString())).toEqual({
      propertyList: pageData().propertyList,
      homeSections: pageData().homeSections,
      revision: 3,
    });
    expect(store.get().revision).toBe(4);
    expect((window as unknown as Record<string, PageData>)[DATA_GLOBAL]!.revision).toBe(4);
    expect(inits[0]!.credentials).toBe('same-origin');
  });

  it('keeps the revision when the import is refused, and reports the server sentence', async () => {
    const { store, client } = setup();
    server.answers['/api/import.php'] = [
      { status: 400, body: { error: 'name is too long', field: 'propertyList.0.name' } },
    ];
    expect(await client.importData(store.get())).toEqual({
      ok: false,
      status: 400,
      error: 'name is too long',
      field: 'propertyList.0.name',
    });
    expect(store.get().revision).toBe(3);
  });
});

describe('fullFlush (FLOW-4)', () => {
  it('imports, generates, alerts the two statuses exactly, then reloads', async () => {
    const { client } = setup();
    server.answers['/api/import.php'] = [{ status: 200, body: { revision: 4 } }];
    server.answers['/api/genproperties.php'] = [
      { status: 200, body: { revision: 4, pages: 9, ms: 10 } },
    ];
    expect(await client.fullFlush()).toBe(true);
    expect(server.seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'POST /api/import.php',
      'GET /api/genproperties.php',
    ]);
    expect(alerts).toEqual(['Result\nImport: 200\nGenerate Properties: 200']);
    expect(reloads).toBe(1);
    expect(inits.every((i) => i.credentials === 'same-origin')).toBe(true);
  });

  it('on 409 tells the server’s sentence, does not generate and does not reload', async () => {
    const { store, client } = setup();
    server.answers['/api/import.php'] = [{ status: 409, body: { ...stale, yourChanges: [] } }];
    expect(await client.fullFlush()).toBe(false);
    expect(server.seen.map((s) => s.url)).toEqual(['/api/import.php']);
    expect(alerts).toEqual([stale.error]);
    expect(notices).toEqual([{ message: stale.error }]);
    expect(reloads).toBe(0);
    expect(store.get().revision).toBe(3);
  });

  it('on 409 shows the server’s yourChanges after its sentence, and keeps them on the notice (SAF-6)', async () => {
    const { client } = setup();
    server.answers['/api/import.php'] = [{ status: 409, body: stale }];
    expect(await client.fullFlush()).toBe(false);
    expect(alerts).toEqual([`${stale.error}\n\nYour change was:\n${stale.yourChanges.join('\n')}`]);
    expect(notices).toEqual([{ message: stale.error, unsaved: stale.yourChanges }]);
    expect(server.seen.map((s) => s.url)).toEqual(['/api/import.php']);
  });

  it('a session ended alerts its one sentence, does not generate; the bar’s notice is apiFetch’s (CLIENT-2)', async () => {
    const { client } = setup();
    let ended = 0;
    const stop = onSessionEnded(() => (ended += 1));
    server.answers['/api/import.php'] = [
      { status: 401, body: { error: 'log in as the owner first', field: 'session' } },
    ];
    expect(await client.fullFlush()).toBe(false);
    stop();
    expect(server.seen.map((s) => s.url)).toEqual(['/api/import.php']);
    expect(alerts).toEqual([SESSION_ENDED]);
    expect(SESSION_ENDED).toContain('/adminlogin');
    expect(ended).toBe(1);
    expect(notices).toEqual([]);
    expect(reloads).toBe(0);
  });

  it('on a refused import shows the status and the reason, and publishes nothing', async () => {
    const { client } = setup();
    server.answers['/api/import.php'] = [
      { status: 400, body: { error: 'bedCount: too big', field: 'x' } },
    ];
    expect(await client.fullFlush()).toBe(false);
    expect(server.seen).toHaveLength(1);
    expect(alerts[0]).toBe('Result\nImport: 400\n\nNothing was saved: bedCount: too big');
    expect(reloads).toBe(0);
  });

  it('still alerts and reloads when generating fails, with the reason', async () => {
    const { client } = setup();
    server.answers['/api/import.php'] = [{ status: 200, body: { revision: 4 } }];
    server.answers['/api/genproperties.php'] = [{ status: 500, body: { error: 'render failed' } }];
    expect(await client.fullFlush()).toBe(true);
    expect(alerts).toEqual(['Result\nImport: 200\nGenerate Properties: 500\n\nrender failed']);
    expect(reloads).toBe(1);
  });

  it('reports an unreachable server without throwing', async () => {
    const store = createDataStore(pageData());
    const offline = createFlushClient(store, {
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
      alert: (m) => alerts.push(m),
      reload: () => (reloads += 1),
    });
    expect(await offline.fullFlush()).toBe(false);
    expect(alerts[0]).toMatch(
      /^Result\nImport: no answer from the server\n\nNothing was saved: The server could not be reached/,
    );
    expect(reloads).toBe(0);
  });
});

describe('silentFlush (FLOW-5: after upload and delete)', () => {
  it('imports then generates with no alert and no reload', async () => {
    const { store, client } = setup();
    server.answers['/api/import.php'] = [{ status: 200, body: { revision: 10 } }];
    server.answers['/api/genproperties.php'] = [{ status: 200, body: {} }];
    expect(await client.silentFlush()).toBe(true);
    expect(server.seen.map((s) => s.url)).toEqual(['/api/import.php', '/api/genproperties.php']);
    expect(alerts).toEqual([]);
    expect(reloads).toBe(0);
    expect(store.get().revision).toBe(10);
  });

  it('tells the owner when a call failed', async () => {
    const { client } = setup();
    server.answers['/api/import.php'] = [{ status: 401, body: { error: 'x', field: 'session' } }];
    expect(await client.silentFlush()).toBe(false);
    expect(alerts).toEqual([SESSION_ENDED]);
    expect(server.seen).toHaveLength(1);
  });

  it('runs flushes one after another, each import carrying the revision the previous one answered', async () => {
    const { client } = setup();
    server.answers['/api/import.php'] = [
      { status: 200, body: { revision: 4 } },
      { status: 200, body: { revision: 5 } },
    ];
    server.answers['/api/genproperties.php'] = [
      { status: 200, body: {} },
      { status: 200, body: {} },
    ];
    await Promise.all([client.silentFlush(), client.silentFlush()]);
    expect(server.seen.map((s) => s.url)).toEqual([
      '/api/import.php',
      '/api/genproperties.php',
      '/api/import.php',
      '/api/genproperties.php',
    ]);
    expect(JSON.parse(server.seen[0]!.body.toString()).revision).toBe(3);
    expect(JSON.parse(server.seen[2]!.body.toString()).revision).toBe(4);
  });
});

describe('flushWithoutImporting (FLOW-6)', () => {
  it('only generates, alerts its status exactly, then reloads', async () => {
    const { client } = setup();
    server.answers['/api/genproperties.php'] = [{ status: 200, body: {} }];
    await client.flushWithoutImporting();
    expect(server.seen.map((s) => `${s.method} ${s.url}`)).toEqual(['GET /api/genproperties.php']);
    expect(alerts).toEqual(['Result\nGenerate Properties: 200']);
    expect(reloads).toBe(1);
  });

  it('on 401 says to log in again and does not reload', async () => {
    const { client } = setup();
    server.answers['/api/genproperties.php'] = [
      { status: 401, body: { error: 'x', field: 'session' } },
    ];
    await client.flushWithoutImporting();
    expect(alerts).toEqual([SESSION_ENDED]);
    expect(reloads).toBe(0);
  });
});
