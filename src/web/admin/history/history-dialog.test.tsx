// @vitest-environment jsdom
import { cleanup, fireEvent, render, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_ENDED, type ApiResult } from '../../api-fetch.js';
import type { RevisionEntry } from '../../../shared/api-types.js';
import { HistoryDialog, type HistoryDialogProps } from './history-dialog.js';
import { formatInstant } from '../../../shared/instants.js';
import { REVISIONS_PAGE, listRevisions, restoreRevision } from './revisions-client.js';
import { startScriptedServer, type ScriptedServer } from '../../../../test/test-server.js';

let server: ScriptedServer;
const realFetch = globalThis.fetch;
beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) =>
    realFetch(`${server.base}${input}`, init),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Revisions `from` down to `to`, newest first, one minute apart. */
function entries(from: number, to: number) {
  const list = [];
  for (let n = from; n >= to; n -= 1) {
    list.push({
      revision: n,
      createdAt: new Date(Date.UTC(2026, 10, 22, 8, 35 + n)).toISOString(),
      author: 'owner',
      summary: `Change number ${n}`,
    });
  }
  return list;
}

function open(props: { confirm?: boolean; list?: HistoryDialogProps['list'] } = {}) {
  const alerts: string[] = [];
  const confirms: string[] = [];
  let reloads = 0;
  let closes = 0;
  const at = (opening: number) => (
    <HistoryDialog
      opening={opening}
      close={() => (closes += 1)}
      confirm={(m) => {
        confirms.push(m);
        return props.confirm ?? false;
      }}
      alert={(m) => alerts.push(m)}
      reload={() => (reloads += 1)}
      {...(props.list ? { list: props.list } : {})}
    />
  );
  const { rerender } = render(at(0));
  // As the bar does: the dialog opens (jsdom hides a closed dialog's content), then loads.
  document.getElementById('history')!.setAttribute('open', '');
  rerender(at(1));
  return {
    alerts,
    confirms,
    reloads: () => reloads,
    closes: () => closes,
    reopen: (n: number) => rerender(at(n)),
  };
}

const dialog = () => within(document.getElementById('history')!);
const rows = () => dialog().queryAllByRole('listitem');

describe('formatInstant (SAF-1)', () => {
  it('writes an ISO time in Asia/Kolkata as "22 Nov 2026, 14:05", whatever the zone it came in', () => {
    expect(formatInstant('2026-11-22T08:35:00.000Z')).toBe('22 Nov 2026, 14:05');
    expect(formatInstant('2026-11-22T20:00:00+02:00')).toBe('22 Nov 2026, 23:30');
    expect(formatInstant('2026-12-31T18:30:00Z')).toBe('1 Jan 2027, 00:00');
    expect(formatInstant('not a time')).toBe('not a time');
  });
});

describe('HistoryDialog (SAF-1)', () => {
  it('lists revisions newest first with time, author and summary; the newest is current', async () => {
    server.answers[`/api/revisions?limit=${REVISIONS_PAGE}`] = [
      { status: 200, body: { revisions: entries(3, 1) } },
    ];
    open();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows()[0]!.textContent).toContain('Revision 3');
    expect(rows()[0]!.textContent).toContain('22 Nov 2026, 14:08');
    expect(rows()[0]!.textContent).toContain('owner');
    expect(rows()[0]!.textContent).toContain('Change number 3');
    expect(within(rows()[0]!).queryByRole('button', { name: /^Restore/ })).toBeNull();
    expect(within(rows()[0]!).getByText('Current version')).toBeTruthy();
    const preview = within(rows()[1]!).getByRole('link', { name: 'Preview revision 2' });
    expect(preview.getAttribute('href')).toBe('/admin/preview/2/');
    expect(preview.getAttribute('target')).toBe('_blank');
    expect(
      dialog().getByRole('button', { name: 'No Older Revisions' }).getAttribute('aria-disabled'),
    ).toBe('true');
    expect(server.seen.map((s) => s.url)).toEqual([`/api/revisions?limit=${REVISIONS_PAGE}`]);
  });

  it("'Older' asks for the revisions before the last one shown and appends them", async () => {
    server.answers[`/api/revisions?limit=${REVISIONS_PAGE}`] = [
      { status: 200, body: { revisions: entries(45, 26) } },
    ];
    server.answers[`/api/revisions?limit=${REVISIONS_PAGE}&before=26`] = [
      { status: 200, body: { revisions: entries(25, 21) } },
    ];
    open();
    await waitFor(() => expect(rows()).toHaveLength(REVISIONS_PAGE));
    fireEvent.click(dialog().getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(rows()).toHaveLength(REVISIONS_PAGE + 5));
    expect(rows().map((r) => r.getAttribute('data-revision'))).toEqual(
      entries(45, 21).map((e) => String(e.revision)),
    );
    expect(dialog().getByRole('button', { name: 'No Older Revisions' })).toBeTruthy();
  });

  it('is framed by AdminDialog: named by its heading, Older then Close in the footer', async () => {
    server.answers[`/api/revisions?limit=${REVISIONS_PAGE}`] = [
      { status: 200, body: { revisions: entries(3, 1) } },
    ];
    const h = open();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const el = document.getElementById('history')!;
    expect(document.getElementById(el.getAttribute('aria-labelledby')!)!.textContent).toBe(
      'History',
    );
    const footer = dialog().getByRole('button', { name: 'Close' }).parentElement!;
    expect([...footer.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      'No Older Revisions',
      'Close',
    ]);
    fireEvent.click(dialog().getByRole('button', { name: 'Close' }));
    expect(h.closes()).toBe(1);
  });

  it('Restore asks first; cancelled, nothing is sent; confirmed, it restores, says so and reloads', async () => {
    server.answers[`/api/revisions?limit=${REVISIONS_PAGE}`] = [
      { status: 200, body: { revisions: entries(3, 1) } },
    ];
    const cancelled = open({ confirm: false });
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(dialog().getByRole('button', { name: 'Restore revision 2' }));
    expect(cancelled.confirms).toHaveLength(1);
    expect(cancelled.confirms[0]).toContain('Restore revision 2 of 22 Nov 2026, 14:07?');
    expect(cancelled.confirms[0]).toContain('can be undone');
    await new Promise((r) => setTimeout(r, 50));
    expect(server.seen.map((s) => s.method)).toEqual(['GET']);
    cleanup();

    server.reset();
    server.answers[`/api/revisions?limit=${REVISIONS_PAGE}`] = [
      { status: 200, body: { revisions: entries(3, 1) } },
    ];
    server.answers['/api/revisions/1/restore'] = [{ status: 200, body: { revision: 4 } }];
    const confirmed = open({ confirm: true });
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(dialog().getByRole('button', { name: 'Restore revision 1' }));
    await waitFor(() => expect(confirmed.reloads()).toBe(1));
    expect(server.seen.map((s) => `${s.method} ${s.url}`).at(-1)).toBe(
      'POST /api/revisions/1/restore',
    );
    expect(confirmed.alerts).toEqual(['Revision 1 was restored and published as revision 4.']);
  });

  it('reopened while the first load is on its way, it shows the newer answer only (CLIENT-3)', async () => {
    const answers: ((r: ApiResult<RevisionEntry[]>) => void)[] = [];
    const asked: boolean[] = [];
    const h = open({
      list: (_before, signal) =>
        new Promise((resolve) => {
          answers.push(resolve);
          signal?.addEventListener('abort', () => asked.push(true));
        }),
    });
    h.reopen(2);
    await waitFor(() => expect(answers).toHaveLength(2));
    expect(asked).toEqual([true]);
    answers[1]!({ ok: true, status: 200, value: entries(9, 8) });
    await waitFor(() => expect(rows()).toHaveLength(2));
    answers[0]!({ ok: true, status: 200, value: entries(3, 1) });
    await new Promise((r) => setTimeout(r, 50));
    expect(rows().map((r) => r.getAttribute('data-revision'))).toEqual(['9', '8']);
  });

  it('a refused restore is told and nothing reloads; a failed list offers Try Again', async () => {
    server.answers[`/api/revisions?limit=${REVISIONS_PAGE}`] = [
      { status: 500, body: { error: 'disk full' } },
      { status: 200, body: { revisions: entries(2, 1) } },
    ];
    server.answers['/api/revisions/1/restore'] = [
      { status: 404, body: { error: 'There is no revision 1 (or it is no longer kept).' } },
    ];
    const h = open({ confirm: true });
    await waitFor(() =>
      expect(dialog().getByRole('alert').textContent).toContain(
        'The history could not be loaded: disk full',
      ),
    );
    fireEvent.click(dialog().getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(dialog().getByRole('button', { name: 'Restore revision 1' }));
    await waitFor(() => expect(h.alerts).toHaveLength(1));
    expect(h.alerts[0]).toBe(
      'Revision 1 was not restored: There is no revision 1 (or it is no longer kept).',
    );
    expect(h.reloads()).toBe(0);
  });
});

describe('revisions client', () => {
  it('a session ended is the one sentence (CLIENT-2); an answer of the wrong shape is not trusted', async () => {
    server.answers[`/api/revisions?limit=${REVISIONS_PAGE}`] = [
      { status: 401, body: { error: 'log in as the owner first', field: 'session' } },
      { status: 200, body: { revisions: [{ revision: '1' }] } },
    ];
    server.answers['/api/revisions/7/restore'] = [{ status: 200, body: {} }];
    expect(await listRevisions()).toEqual({
      ok: false,
      status: 401,
      error: SESSION_ENDED,
      field: 'session',
      sessionEnded: true,
    });
    expect(await listRevisions()).toMatchObject({ ok: false, error: /cannot read/ });
    expect(await restoreRevision(7)).toMatchObject({ ok: false, error: /cannot read/ });
  });

  it('an unreachable server is a sentence, not an exception', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await listRevisions(5)).toMatchObject({
      ok: false,
      status: 0,
      error: /could not be reached/,
    });
  });
});
