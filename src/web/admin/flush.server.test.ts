// @vitest-environment jsdom
/**
 * The flush client against the real server app (real SQLite in a temp DATA_DIR): what the page
 * sends is what the server accepts, the answered revision chains edits, and the two refusals the
 * owner must understand (409 stale, 401 no session) stop the flush.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testCatalogue } from '../../../test/factories.js';
import { createSection, setDetail } from '../../shared/catalogue.js';
import type { PageData } from '../../shared/site-data.js';
import { latestRevision } from '../../server/store/revisions.js';
import { makeTestApp, type TestApp } from '../../../test/test-helpers.js';
import { createDataStore } from './data-store.js';
import { onSessionEnded, SESSION_ENDED } from '../api-fetch.js';
import { createFlushClient, type Notice } from './flush.js';
import { TEST_SITE } from '../../../test/test-site.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(() => t.cleanup());

/** fetch through app.inject, as the owner's page (or, with `anonymous`, a page without session). */
function injectFetch(anonymous = false): typeof fetch {
  return (async (input: string, init: RequestInit = {}) => {
    const headers = { ...t.ownerHeaders, ...(init.headers as Record<string, string>) };
    if (anonymous) delete (headers as Record<string, string>).cookie;
    const res = await t.app.inject({
      method: (init.method ?? 'GET') as 'GET' | 'POST',
      url: input,
      headers,
      ...(init.body === undefined ? {} : { payload: init.body as string }),
    });
    return new Response(res.body === '' ? null : res.body, { status: res.statusCode });
  }) as typeof fetch;
}

function pageData(revision: number): PageData {
  return {
    ...testCatalogue({
      revision,
      propertyList: [
        {
          id: 'misty-hills',
          name: 'Misty Hills',
          address: 'Kalasa Road',
          description: 'One\nTwo',
          facilities: ['Wi-Fi'],
          photos: [],
        },
      ],
      homeSections: [{ id: 'sec-1', name: 'Popular', properties: ['misty-hills'] }],
    }),
    photoSizes: { 'x.jpg': [1, 1] },
    site: TEST_SITE,
    publishedAt: '2026-01-01T00:00:00.000Z',
  };
}

describe('flush client against the real server', () => {
  it('the page data is accepted as sent, and each answer chains the next edit', async () => {
    const alerts: string[] = [];
    const store = createDataStore(pageData(0), {} as Window);
    const client = createFlushClient(store, { fetch: injectFetch(), alert: (m) => alerts.push(m) });
    expect(await client.importData(store.get())).toMatchObject({ ok: true, status: 200 });
    const first = store.get().revision;
    expect(first).toBeGreaterThan(0);

    store.set(setDetail(store.get(), 'misty-hills', 'name', 'Misty Hills Cottage'));
    store.set(createSection(store.get(), 'Weekend', 'sec-2'));
    expect(await client.importData(store.get())).toEqual({
      ok: true,
      status: 200,
      value: { revision: store.get().revision },
    });
    expect(store.get().revision).toBeGreaterThan(first);
    const stored = latestRevision(t.ctx.db)!.data;
    expect(stored.propertyList[0]!.name).toBe('Misty Hills Cottage');
    expect(stored.propertyList[0]!.description).toBe('One\nTwo');
    expect(stored.homeSections.map((s) => s.name)).toEqual(['Popular', 'Weekend']);
    expect(alerts).toEqual([]);
  });

  it('a page loaded before someone else published gets 409: the server’s sentence and its words for the change (SAF-6), nothing stored or generated', async () => {
    const start = createDataStore(pageData(0), {} as Window);
    await createFlushClient(start, { fetch: injectFetch() }).importData(start.get());
    const based = start.get().revision;
    const mine = createDataStore(pageData(based), {} as Window);
    const theirs = createDataStore(pageData(based), {} as Window);
    const alerts: string[] = [];
    const notices: Notice[] = [];
    const reloads: number[] = [];
    const other = createFlushClient(theirs, { fetch: injectFetch() });
    const me = createFlushClient(mine, {
      fetch: injectFetch(),
      alert: (m) => alerts.push(m),
      reload: () => reloads.push(1),
      notify: (n) => notices.push(n),
    });
    await other.importData(theirs.get());
    const latest = latestRevision(t.ctx.db)!.id;
    mine.set(setDetail(mine.get(), 'misty-hills', 'name', 'Mine'));
    expect(await me.fullFlush()).toBe(false);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatch(
      new RegExp(
        `^Your change was not saved\\. This page shows revision ${based}, but revision ${latest} was saved by .+Reload the page.+\\n\\nYour change was:\\nRenamed 'Misty Hills' to 'Mine'$`,
        's',
      ),
    );
    expect(notices).toEqual([
      {
        message: alerts[0]!.split('\n')[0],
        unsaved: ["Renamed 'Misty Hills' to 'Mine'"],
      },
    ]);
    expect(reloads).toEqual([]);
    expect(latestRevision(t.ctx.db)!.id).toBe(latest);
    expect(latestRevision(t.ctx.db)!.data.propertyList[0]!.name).toBe('Misty Hills');
  });

  it('without a session (a forged admin-key cookie) import and generate say the one sentence and the bar is told (CLIENT-2)', async () => {
    const store = createDataStore(pageData(0), {} as Window);
    const alerts: string[] = [];
    let ended = 0;
    const stop = onSessionEnded(() => (ended += 1));
    const client = createFlushClient(store, {
      fetch: injectFetch(true),
      alert: (m) => alerts.push(m),
      reload: () => alerts.push('reload'),
    });
    expect(await client.fullFlush()).toBe(false);
    await client.flushWithoutImporting();
    stop();
    expect(alerts).toEqual([SESSION_ENDED, SESSION_ENDED]);
    expect(ended).toBe(2);
    expect(latestRevision(t.ctx.db)).toBeUndefined();
  });
});
