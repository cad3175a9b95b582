/**
 * The owner's list calls (PERF-12) against a real HTTP server on loopback that answers the booking
 * contract's shapes: a page asked with its limit and cursor, every page followed for a caller that
 * needs them all, the first N bookings past one page (the inbox's quiet refresh of a list grown by
 * Show more), a failure on a later page given as the answer, an answer without `total` not trusted.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BOOKINGS_LIMIT_MAX } from '../../../shared/bookings.js';
import { listBookings, listEveryBooking, listFirstBookings } from './bookings-api.js';
import { testBooking } from '../../../../test/booking-fixtures.js';
import { startScriptedServer, type ScriptedServer } from '../../../../test/test-server.js';

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());
afterEach(() => server.reset());

const ALL = `/api/bookings?status=all&limit=${BOOKINGS_LIMIT_MAX}`;
const booking = (i: number) => testBooking({ id: `b-${i}`, name: `Guest ${i}` });

describe('PERF-12: the owner’s list in pages', () => {
  it('asks for one page with its limit and cursor', async () => {
    server.answers['/api/bookings?status=open&limit=10&cursor=abc'] = [
      { status: 200, body: { bookings: [booking(1)], openCount: 3, total: 11 } },
    ];
    const r = await listBookings({ base: server.base }, 'open', { limit: 10, cursor: 'abc' });
    expect(r.ok && r.value).toEqual({ bookings: [booking(1)], openCount: 3, total: 11 });
  });

  it('listEveryBooking follows the cursors and answers every booking in order, without a cursor', async () => {
    server.answers[ALL] = [
      {
        status: 200,
        body: { bookings: [booking(1), booking(2)], openCount: 2, total: 3, nextCursor: 'c 1' },
      },
    ];
    server.answers[`${ALL}&cursor=c+1`] = [
      { status: 200, body: { bookings: [booking(3)], openCount: 2, total: 3 } },
    ];
    const r = await listEveryBooking({ base: server.base }, 'all');
    expect(r.ok && r.value.bookings.map((b) => b.id)).toEqual(['b-1', 'b-2', 'b-3']);
    expect(r.ok && r.value.nextCursor).toBeUndefined();
    expect(server.seen.map((s) => s.url)).toEqual([ALL, `${ALL}&cursor=c+1`]);
  });

  it('listFirstBookings asks pages of at most BOOKINGS_LIMIT_MAX until it has N, and keeps the cursor after them (INBOX-6)', async () => {
    const first = Array.from({ length: BOOKINGS_LIMIT_MAX }, (_, i) => booking(i));
    const second = Array.from({ length: 20 }, (_, i) => booking(BOOKINGS_LIMIT_MAX + i));
    server.answers[ALL] = [
      { status: 200, body: { bookings: first, openCount: 0, total: 300, nextCursor: 'p2' } },
    ];
    server.answers['/api/bookings?status=all&limit=20&cursor=p2'] = [
      { status: 200, body: { bookings: second, openCount: 0, total: 300, nextCursor: 'p3' } },
    ];
    const r = await listFirstBookings({ base: server.base }, 'all', BOOKINGS_LIMIT_MAX + 20);
    expect(r.ok && r.value.bookings.length).toBe(BOOKINGS_LIMIT_MAX + 20);
    expect(r.ok && r.value.bookings.at(-1)!.id).toBe(`b-${BOOKINGS_LIMIT_MAX + 19}`);
    expect(r.ok && r.value.nextCursor).toBe('p3');
    expect(r.ok && r.value.total).toBe(300);
    expect(server.seen.map((s) => s.url)).toEqual([
      ALL,
      '/api/bookings?status=all&limit=20&cursor=p2',
    ]);
  });

  it('listEveryBooking answers the failure of a later page, and an answer without its total is not trusted', async () => {
    server.answers[ALL] = [
      { status: 200, body: { bookings: [booking(1)], openCount: 1, total: 2, nextCursor: 'c1' } },
    ];
    server.answers[`${ALL}&cursor=c1`] = [
      { status: 400, body: { error: 'cursor is not one this list gave.', field: 'cursor' } },
    ];
    const failed = await listEveryBooking({ base: server.base }, 'all');
    expect(failed.ok).toBe(false);
    expect(!failed.ok && failed.status).toBe(400);
    server.answers['/api/bookings?status=all'] = [
      { status: 200, body: { bookings: [booking(1)], openCount: 1 } },
    ];
    expect((await listBookings({ base: server.base }, 'all', {})).ok).toBe(false);
  });
});
