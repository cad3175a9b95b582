// @vitest-environment jsdom
/**
 * The Bookings dialog's state (INBOX-1..INBOX-5) against a real HTTP server on loopback that answers
 * the booking contract's shapes: the list newest first and the open count, the filter's query, an
 * action's answer in place with its notification, and the bad answers: 409 (kept next to the
 * booking, the list reloaded), 401 (log in again), no server at all, an answer that is not a list.
 */
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NETWORK_ERROR } from '../../api-fetch.js';
import { SESSION_ENDED } from '../../api-fetch.js';
import { useBookingsDialog } from './use-bookings-dialog.js';
import { testBooking, testBookingList } from '../../../../test/booking-fixtures.js';
import { startScriptedServer, type ScriptedServer } from '../../../../test/test-server.js';

let server: ScriptedServer;
/** A loopback address nothing listens on any more: the server is down. */
let down: string;
beforeAll(async () => {
  server = await startScriptedServer();
  const gone = await startScriptedServer();
  down = gone.base;
  await gone.close();
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  server.reset();
});

const OPEN = '/api/bookings?status=open&limit=10';
const ACCEPT = '/api/bookings/b-request/accept';

function mount(base = server.base, refreshMs?: number) {
  const notes: string[] = [];
  const counts: number[] = [];
  const hook = renderHook(
    ({ opening }) =>
      useBookingsDialog({
        opening,
        env: { base },
        notify: (t) => notes.push(t),
        onOpenCount: (n) => counts.push(n),
        ...(refreshMs ? { refreshMs } : {}),
      }),
    { initialProps: { opening: 0 } },
  );
  return { ...hook, notes, counts };
}

const requests = () => server.seen.map((r) => `${r.method} ${r.url}`);

describe('useBookingsDialog', () => {
  it('loads the open requests with the page, newest first, and reports their number', async () => {
    server.answers[OPEN] = [{ status: 200, body: testBookingList() }];
    const { result, counts } = mount();
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.bookings!.map((b) => b.id)).toEqual([
      'b-request',
      'b-accepted',
      'b-confirmed',
      'b-declined',
    ]);
    expect(result.current.openCount).toBe(1);
    expect(counts).toEqual([1]);
    expect(requests()).toEqual([`GET ${OPEN}`]);
  });

  it('asks again quietly while the tab is visible: a new request shows and the count follows; a failed try changes nothing (INBOX-6)', async () => {
    // A server of its own: a try still on its way when the test ends must not reach the next
    // test's server (seen on a loaded machine: the next test counted a fourth request).
    const polled = await startScriptedServer();
    try {
      const later = testBookingList();
      later.bookings.push(testBooking({ id: 'b-new', reference: 'STY-9NEW' }));
      later.openCount = 2;
      polled.answers[OPEN] = [
        { status: 200, body: testBookingList() },
        { status: 200, body: later },
      ];
      const { result, counts, unmount } = mount(polled.base, 150);
      await waitFor(() => expect(counts).toEqual([1, 2]));
      expect(result.current.bookings!.map((b) => b.id)).toContain('b-new');
      expect(result.current.openCount).toBe(2);
      expect(result.current.loading).toBe(false);
      // The next tries are answered 500 (unscripted): the list and the count stay as they were.
      await waitFor(() => expect(polled.seen.length).toBeGreaterThanOrEqual(4));
      expect(result.current.bookings!.map((b) => b.id)).toContain('b-new');
      expect(result.current.loadError).toBeNull();
      expect(counts).toEqual([1, 2]);
      unmount();
    } finally {
      await polled.close();
    }
  });

  it('a new filter and each opening load again, with the filter as the status', async () => {
    server.answers[OPEN] = [{ status: 200, body: testBookingList() }];
    server.answers['/api/bookings?status=upcoming&limit=10'] = [
      { status: 200, body: { bookings: [], openCount: 3, total: 0 } },
      { status: 200, body: { bookings: [], openCount: 4, total: 0 } },
    ];
    const { result, rerender, counts } = mount();
    await waitFor(() => expect(result.current.loading).toBe(false));
    act(() => result.current.setFilter('upcoming'));
    await waitFor(() => expect(result.current.bookings).toEqual([]));
    rerender({ opening: 1 });
    await waitFor(() => expect(result.current.openCount).toBe(4));
    expect(requests()).toEqual([
      `GET ${OPEN}`,
      'GET /api/bookings?status=upcoming&limit=10',
      'GET /api/bookings?status=upcoming&limit=10',
    ]);
    expect(counts).toEqual([1, 3, 4]);
  });

  it('Accept: the answer replaces the booking in place, the count drops, a notification tells it', async () => {
    const accepted = testBooking({ status: 'accepted' });
    server.answers[OPEN] = [{ status: 200, body: testBookingList() }];
    server.answers[ACCEPT] = [{ status: 200, body: { booking: accepted } }];
    const { result, notes, counts } = mount();
    await waitFor(() => expect(result.current.loading).toBe(false));
    act(() => result.current.act(result.current.bookings![0]!, 'accept'));
    expect(result.current.pending).toEqual({ 'b-request': 'accept' });
    await waitFor(() => expect(result.current.pending).toEqual({}));
    expect(result.current.bookings![0]!.status).toBe('accepted');
    expect(result.current.bookings).toHaveLength(4);
    expect(result.current.openCount).toBe(0);
    expect(counts).toEqual([1, 0]);
    expect(notes).toEqual([
      'Accepted STY-7K2Q – Asha Rao: the nights are closed on every calendar.',
    ]);
    const post = server.seen.find((r) => r.method === 'POST')!;
    expect(post.url).toBe(ACCEPT);
    expect(JSON.parse(post.body.toString())).toEqual({});
  });

  it('a 409 stays next to its booking in the server’s words and the list is loaded again', async () => {
    const sentence = 'These nights are taken in the meantime: Airbnb holds them.';
    const list = testBookingList();
    server.answers[OPEN] = [
      { status: 200, body: list },
      { status: 200, body: list },
    ];
    server.answers[ACCEPT] = [{ status: 409, body: { error: sentence, field: 'checkIn' } }];
    const { result, notes } = mount();
    await waitFor(() => expect(result.current.loading).toBe(false));
    act(() => result.current.act(result.current.bookings![0]!, 'accept'));
    await waitFor(() =>
      expect(result.current.problems['b-request']).toEqual({
        ok: false,
        status: 409,
        error: sentence,
        field: 'checkIn',
      }),
    );
    await waitFor(() =>
      expect(requests()).toEqual([`GET ${OPEN}`, `POST ${ACCEPT}`, `GET ${OPEN}`]),
    );
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.problems['b-request']?.error).toBe(sentence);
    expect(result.current.bookings![0]!.status).toBe('requested');
    expect(notes).toEqual([]);
  });

  it('Decline sends the message; Cancel without one is not sent; a refusal keeps the message', async () => {
    server.answers[OPEN] = [{ status: 200, body: testBookingList() }];
    server.answers['/api/bookings/b-request/decline'] = [
      { status: 200, body: { booking: testBooking({ status: 'declined' }) } },
    ];
    server.answers['/api/bookings/b-accepted/cancel'] = [
      { status: 401, body: { error: 'Log in as the owner.', field: 'session' } },
    ];
    const { result, notes } = mount();
    await waitFor(() => expect(result.current.loading).toBe(false));
    const [request, accepted] = result.current.bookings!;

    act(() => result.current.compose(request!, 'decline'));
    act(() => result.current.setMessage('  Sorry, we are full.  '));
    act(() => result.current.send());
    await waitFor(() => expect(notes).toEqual(['Declined STY-7K2Q – Asha Rao.']));
    expect(result.current.composing).toBeNull();

    act(() => result.current.compose(accepted!, 'cancel'));
    act(() => result.current.send());
    expect(result.current.problems['b-accepted']?.error).toBe(
      'Write the guest why the booking is cancelled.',
    );
    act(() => result.current.setMessage('A pipe burst.'));
    act(() => result.current.send());
    await waitFor(() =>
      expect(result.current.problems['b-accepted']).toMatchObject({
        error: SESSION_ENDED,
        sessionEnded: true,
      }),
    );
    expect(result.current.composing).toEqual({
      id: 'b-accepted',
      action: 'cancel',
      message: 'A pipe burst.',
    });
    const posts = server.seen.filter((r) => r.method === 'POST');
    expect(posts.map((r) => [r.url, JSON.parse(r.body.toString())])).toEqual([
      ['/api/bookings/b-request/decline', { message: 'Sorry, we are full.' }],
      ['/api/bookings/b-accepted/cancel', { message: 'A pipe burst.' }],
    ]);
    expect(result.current.bookings![1]!.status).toBe('accepted');
  });

  it('a 401, an answer that is not a list, and no server at all are said in plain words', async () => {
    server.answers[OPEN] = [
      { status: 401, body: { error: 'Log in as the owner.', field: 'session' } },
      { status: 200, body: { bookings: 'none' } },
    ];
    const first = mount();
    await waitFor(() =>
      expect(first.result.current.loadError).toMatchObject({
        error: SESSION_ENDED,
        sessionEnded: true,
      }),
    );
    expect(first.result.current.bookings).toBeNull();
    act(() => first.result.current.refresh());
    await waitFor(() =>
      expect(first.result.current.loadError?.error).toBe(
        'The server gave an answer this page cannot read.',
      ),
    );
    expect(first.counts).toEqual([]);

    const offline = mount(down);
    await waitFor(() =>
      expect(offline.result.current.loadError).toEqual({
        ok: false,
        status: 0,
        error: NETWORK_ERROR,
      }),
    );
  });

  it('an action with no server to answer keeps the booking as it was and says so next to it', async () => {
    const own = await startScriptedServer();
    own.answers[OPEN] = [{ status: 200, body: testBookingList() }];
    const { result } = mount(own.base);
    await waitFor(() => expect(result.current.loading).toBe(false));
    await own.close();
    act(() => result.current.act(result.current.bookings![0]!, 'accept'));
    await waitFor(() =>
      expect(result.current.problems['b-request']).toEqual({
        ok: false,
        status: 0,
        error: NETWORK_ERROR,
      }),
    );
    expect(result.current.bookings![0]!.status).toBe('requested');
    expect(result.current.openCount).toBe(1);
  });
});
