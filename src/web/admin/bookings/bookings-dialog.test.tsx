// @vitest-environment jsdom
/**
 * The Bookings dialog (INBOX-1..INBOX-5) against a real HTTP server on loopback that answers the
 * booking contract's shapes: what a card says (guest, contact links, dates, nights, guests, total,
 * status in words, age, mail problems), only the actions its state allows, Accept told by a
 * notification, Decline with its message, a 409 in plain words next to its booking, a 401 with the
 * way to log in again, the filter. The real routes, in real Chromium: e2e/bookings-inbox.spec.ts.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ENDED } from '../../api-fetch.js';
import type { Conflict } from '../../../shared/conflicts.js';
import { INBOX_PAGE } from './use-bookings-dialog.js';
import { BookingsDialog } from './bookings-dialog.js';
import { NOW, testBooking, testBookingList } from '../../../../test/booking-fixtures.js';
import { startScriptedServer, type ScriptedServer } from '../../../../test/test-server.js';

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  server.reset();
});

const OPEN = '/api/bookings?status=open&limit=10';
/** The inbox also asks for the messages waiting for the owner at each opening (MSG-5). */
const bookingCalls = () =>
  server.seen.map((r) => r.url).filter((url) => url !== '/api/messages/waiting');
const ACCEPT = '/api/bookings/b-request/accept';

function open(extra: { conflicts?: Conflict[]; onNightsChanged?: () => void } = {}) {
  const counts: number[] = [];
  const view = render(
    <BookingsDialog
      {...extra}
      opening={1}
      close={() => {}}
      onOpenCount={(n) => counts.push(n)}
      env={{ base: server.base }}
      now={() => NOW}
    />,
  );
  view.container.querySelector('dialog')!.setAttribute('open', '');
  return { ...view, counts };
}

/** The card of the booking whose guest heading is `name`. */
const card = (name: string) => screen.getByRole('listitem', { name });

describe('BookingsDialog', () => {
  it('shows each booking newest first with the guest, contact links, stay, total, status and age', async () => {
    server.answers[OPEN] = [{ status: 200, body: testBookingList() }];
    open();
    const list = await screen.findByRole('list', { name: 'Bookings' });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Asha Rao', 'Meera Iyer', 'Vikram Shetty', 'Guest data erased']);

    const asha = card('Asha Rao');
    expect(within(asha).getByText('Requested')).toBeTruthy();
    expect(within(asha).getByText(/Coffee View · STY-7K2Q · asked/).textContent).toBe(
      'Coffee View · STY-7K2Q · asked 2 h ago',
    );
    expect(within(asha).getByText('Fri 20 Mar 2026 – Mon 23 Mar 2026')).toBeTruthy();
    expect(within(asha).getByText('3 nights, 2 guests')).toBeTruthy();
    expect(within(asha).getByText('₹13,500 · advance ₹4,050')).toBeTruthy();
    expect(within(asha).getByText('We arrive late, around 9 pm.')).toBeTruthy();
    const links = within(asha).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['WhatsApp Asha Rao', 'https://wa.me/919845012345'],
      ['Call +919845012345', 'tel:+919845012345'],
      ['E-mail asha@example.com', 'mailto:asha@example.com'],
    ]);
    expect(
      within(asha)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Accept STY-7K2Q', 'Decline STY-7K2Q']);

    const meera = card('Meera Iyer');
    expect(within(meera).getByText('Accepted – advance due')).toBeTruthy();
    expect(within(meera).getByText('1 day ago').closest('p')!.textContent).toBe(
      'Misty Hills · STY-H2RT · asked 1 day ago',
    );
    expect(
      within(within(meera).getByRole('list', { name: 'Mail not sent' })).getByRole('listitem')
        .textContent,
    ).toBe('Accepted mail to meera@example.org: not sent yet (SMTP refused), next try 10:42');
    expect(
      within(meera)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Cancel booking STY-H2RT']);

    const vikram = card('Vikram Shetty');
    expect(within(vikram).getByText('No price (no nightly rate)')).toBeTruthy();
    expect(
      within(vikram)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Cancel booking STY-9P4D']);
    expect(within(vikram).queryByRole('link', { name: /E-mail/ })).toBeNull();

    const erased = card('Guest data erased');
    expect(within(erased).queryAllByRole('button')).toEqual([]);
    expect(within(erased).queryAllByRole('link')).toEqual([]);
    expect(
      within(erased).getByText('You wrote: Sorry, the flat is being painted then.'),
    ).toBeTruthy();
    expect(within(erased).getByText('40 days ago').tagName).toBe('TIME');
    expect(screen.getByRole('radio', { name: 'Open (1)' })).toHaveProperty('checked', true);
  });

  it('Accept changes the card in place and a notification, read by a screen reader, tells it', async () => {
    server.answers[OPEN] = [{ status: 200, body: testBookingList() }];
    server.answers['/api/bookings/b-request/accept'] = [
      {
        status: 200,
        body: {
          booking: testBooking({
            status: 'accepted',
            guestMail: 'none',
            pageUrl: 'https://stays.example/booking/b-request/tok',
            money: {
              totalPaise: 1_350_000,
              paidPaise: 0,
              balancePaise: 1_350_000,
              balanceDue: '2026-03-20',
              payments: [],
            },
          }),
        },
      },
    ];
    let changed = 0;
    const { counts } = open({ onNightsChanged: () => (changed += 1) });
    await screen.findByRole('list', { name: 'Bookings' });
    expect(changed).toBe(0);
    await act(async () => {
      fireEvent.click(within(card('Asha Rao')).getByRole('button', { name: 'Accept STY-7K2Q' }));
    });
    const note = await screen.findByText(
      'Accepted STY-7K2Q – Asha Rao: the nights are closed on every calendar.',
    );
    expect(note.closest('[role="status"]')?.getAttribute('aria-live')).toBe('polite');
    expect(within(card('Asha Rao')).getByText('Accepted – advance due')).toBeTruthy();
    expect(
      within(card('Asha Rao'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Copy link of STY-7K2Q', 'Record payment STY-7K2Q', 'Cancel booking STY-7K2Q']);
    // DAY-2: mail off, so the card says the guest was not told and offers the link at once.
    expect(
      within(card('Asha Rao'))
        .getByText(
          'Accepted. The guest has not been told by mail: send them their booking page now.',
        )
        .getAttribute('role'),
    ).toBe('status');
    const wa = within(card('Asha Rao')).getByRole('link', { name: /^Send on WhatsApp/ });
    expect(wa.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/919845012345\?text=/);
    expect(decodeURIComponent(wa.getAttribute('href')!)).toContain(
      'https://stays.example/booking/b-request/tok',
    );
    expect(screen.getByRole('radio', { name: 'Open' })).toBeTruthy();
    expect(counts).toEqual([1, 0]);
    // CONFLICT-3: held nights changed, so the page asks for the conflicts again.
    expect(changed).toBe(1);
  });

  it('says a double booking at the top and on the card of the booking that is a side, not on the others (CONFLICT-3)', async () => {
    server.answers[OPEN] = [{ status: 200, body: testBookingList() }];
    open({
      conflicts: [
        {
          propertyId: 'coffee-view',
          from: '2026-03-15',
          to: '2026-03-16',
          sides: [
            { source: 'direct', label: 'Direct booking', reference: 'STY-9P4D' },
            { source: 'block', label: 'Blocked' },
          ],
        },
      ],
    });
    await screen.findByRole('list', { name: 'Bookings' });
    const sentence =
      'coffee-view: Sun 15 Mar 2026 to Mon 16 Mar 2026 (1 night) is held by direct booking STY-9P4D and your own block.';
    expect(document.querySelector('[data-conflict-notice="inbox"] li')?.textContent).toBe(sentence);
    expect(
      within(card('Vikram Shetty')).getByText(/is held by direct booking STY-9P4D/).textContent,
    ).toBe(sentence.replace('coffee-view', 'Coffee View'));
    for (const name of ['Asha Rao', 'Meera Iyer', 'Guest data erased'])
      expect(card(name).querySelector('[data-conflict-notice]')).toBeNull();
  });

  it('Decline asks for an optional message and sends it; Back sends nothing', async () => {
    server.answers[OPEN] = [{ status: 200, body: testBookingList() }];
    server.answers['/api/bookings/b-request/decline'] = [
      { status: 200, body: { booking: testBooking({ status: 'declined' }) } },
    ];
    open();
    await screen.findByRole('list', { name: 'Bookings' });
    const asha = card('Asha Rao');
    fireEvent.click(within(asha).getByRole('button', { name: 'Decline STY-7K2Q' }));
    fireEvent.click(within(asha).getByRole('button', { name: 'Back' }));
    fireEvent.click(within(asha).getByRole('button', { name: 'Decline STY-7K2Q' }));
    fireEvent.change(within(asha).getByLabelText('Message to the guest (optional)'), {
      target: { value: 'Sorry, those nights are taken.' },
    });
    await act(async () => {
      fireEvent.click(within(asha).getByRole('button', { name: 'Decline request' }));
    });
    await screen.findByText('Declined STY-7K2Q – Asha Rao.');
    expect(within(card('Asha Rao')).getByText('Declined')).toBeTruthy();
    expect(within(card('Asha Rao')).queryAllByRole('button')).toEqual([]);
    const posts = server.seen.filter((r) => r.method === 'POST');
    expect(posts.map((r) => [r.url, JSON.parse(r.body.toString())])).toEqual([
      ['/api/bookings/b-request/decline', { message: 'Sorry, those nights are taken.' }],
    ]);
  });

  it('a 409 is shown in plain words next to its booking, and the others stay as they were', async () => {
    const sentence = 'These nights are taken in the meantime: Airbnb holds them.';
    server.answers[OPEN] = [
      { status: 200, body: testBookingList() },
      { status: 200, body: testBookingList() },
    ];
    server.answers['/api/bookings/b-request/accept'] = [
      { status: 409, body: { error: sentence, field: 'checkIn' } },
    ];
    open();
    await screen.findByRole('list', { name: 'Bookings' });
    await act(async () => {
      fireEvent.click(within(card('Asha Rao')).getByRole('button', { name: 'Accept STY-7K2Q' }));
    });
    const alert = await within(card('Asha Rao')).findByRole('alert');
    expect(alert.textContent).toBe(sentence);
    expect(within(card('Meera Iyer')).queryByRole('alert')).toBeNull();
    // The list is loaded again, so the card shows the state the server has now.
    await waitFor(() => expect(bookingCalls()).toEqual([OPEN, ACCEPT, OPEN]));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Refresh' })).toHaveProperty('disabled', false),
    );
    expect(within(card('Asha Rao')).getByRole('alert').textContent).toBe(sentence);
    expect(within(card('Asha Rao')).getByText('Requested')).toBeTruthy();
  });

  it('a session ended says the one sentence with the login link (CLIENT-2); the filter asks the server for its bookings', async () => {
    server.answers[OPEN] = [
      { status: 401, body: { error: 'Log in as the owner.', field: 'session' } },
    ];
    server.answers['/api/bookings?status=past&limit=10'] = [
      { status: 200, body: { bookings: [], openCount: 0, total: 0 } },
    ];
    open();
    const login = await screen.findByRole('link', { name: 'Log in again' });
    expect(login.getAttribute('href')).toBe('/adminlogin');
    expect(login.closest('p')!.textContent).toBe(`${SESSION_ENDED} Log in again`);
    await act(async () => {
      fireEvent.click(screen.getByRole('radio', { name: 'Past' }));
    });
    await screen.findByText('No past bookings.');
    expect(bookingCalls()).toEqual([OPEN, '/api/bookings?status=past&limit=10']);
  });

  it('PERF-12: shows the first page, asks for the next with its cursor at each press, says how many the server holds; a change of filter starts again', async () => {
    const many = Array.from({ length: 25 }, (_, i) =>
      testBooking({ id: `b-${i}`, reference: `STY-${1000 + i}`, name: `Guest ${i}` }),
    );
    const page = (from: number, next?: string) => ({
      status: 200,
      body: {
        bookings: many.slice(from, from + INBOX_PAGE),
        openCount: 25,
        total: 25,
        ...(next ? { nextCursor: next } : {}),
      },
    });
    server.answers[OPEN] = [page(0, 'c1')];
    server.answers['/api/bookings?status=open&limit=10&cursor=c1'] = [page(10, 'c2')];
    server.answers['/api/bookings?status=open&limit=10&cursor=c2'] = [page(20)];
    server.answers['/api/bookings?status=all&limit=10'] = [page(0, 'c1')];
    open();
    const list = await screen.findByRole('list', { name: 'Bookings' });
    const names = () =>
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent);
    expect(names()).toEqual(many.slice(0, 10).map((b) => b.name));
    fireEvent.click(screen.getByRole('button', { name: 'Show 10 more (15 not shown)' }));
    await screen.findByRole('button', { name: 'Show 5 more (5 not shown)' });
    expect(names()).toEqual(many.slice(0, 20).map((b) => b.name));
    fireEvent.click(screen.getByRole('button', { name: 'Show 5 more (5 not shown)' }));
    await waitFor(() => expect(names()).toEqual(many.map((b) => b.name)));
    expect(screen.queryByRole('button', { name: /^Show \d+ more/ })).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('radio', { name: 'All' }));
    });
    await screen.findByRole('button', { name: 'Show 10 more (15 not shown)' });
    expect(
      within(screen.getByRole('list', { name: 'Bookings' })).getAllByRole('heading'),
    ).toHaveLength(INBOX_PAGE);
    expect(bookingCalls()).toEqual([
      OPEN,
      '/api/bookings?status=open&limit=10&cursor=c1',
      '/api/bookings?status=open&limit=10&cursor=c2',
      '/api/bookings?status=all&limit=10',
    ]);
  });

  it('GST-9: Cancel of a paid booking asks the refund, the whole advance to start with; a refund out of range is refused here and by the server', async () => {
    const paid = testBooking({
      status: 'confirmed',
      documents: [
        { id: 'd-rv', title: 'Receipt Voucher', number: 'STYR/25-26/0001', cancelled: false },
      ],
    });
    const CANCEL = '/api/bookings/b-request/cancel';
    const refused = 'The refund can be at most the advance received, 405000 paise.';
    server.answers[OPEN] = [{ status: 200, body: { openCount: 0, total: 1, bookings: [paid] } }];
    server.answers[CANCEL] = [
      { status: 400, body: { error: refused, field: 'refundPaise' } },
      { status: 200, body: { booking: { ...paid, status: 'cancelled' } } },
    ];
    open();
    await screen.findByRole('list', { name: 'Bookings' });
    const asha = () => card('Asha Rao');
    fireEvent.click(within(asha()).getByRole('button', { name: 'Cancel booking STY-7K2Q' }));
    const refund = within(asha()).getByLabelText('Refund to the guest, in rupees (₹0 to ₹4,050)');
    expect(refund).toHaveProperty('value', '4,050');
    expect(within(asha()).getByText(/^The whole advance goes back/)).toBeTruthy();
    fireEvent.change(within(asha()).getByLabelText(/^Message to the guest/), {
      target: { value: 'The flat is flooded.' },
    });
    fireEvent.change(refund, { target: { value: '5,000' } });
    expect(within(asha()).getByText('Write an amount from ₹0 to ₹4,050.')).toBeTruthy();
    fireEvent.click(within(asha()).getByRole('button', { name: 'Cancel booking' }));
    expect(within(asha()).getByRole('alert').textContent).toBe(
      'Write the refund in rupees, from ₹0 to ₹4,050 (the advance received).',
    );
    expect(server.seen.filter((r) => r.method === 'POST')).toEqual([]);

    fireEvent.change(refund, { target: { value: '1,500.50' } });
    expect(refund.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(refund.getAttribute('aria-describedby')!)!.textContent).toBe(
      '₹2,549.50 is kept and invoiced as cancellation charges; a refund voucher is issued for the rest. Check your cancellation policy.',
    );
    await act(async () => {
      fireEvent.click(within(asha()).getByRole('button', { name: 'Cancel booking' }));
    });
    expect((await within(asha()).findByRole('alert')).textContent).toBe(refused);
    expect(within(asha()).getByLabelText(/^Refund to the guest/)).toHaveProperty(
      'value',
      '1,500.50',
    );
    await act(async () => {
      fireEvent.click(within(asha()).getByRole('button', { name: 'Cancel booking' }));
    });
    await screen.findByText('Cancelled STY-7K2Q – Asha Rao: the nights are free again.');
    const posts = server.seen.filter((r) => r.method === 'POST');
    expect(posts.map((r) => [r.url, JSON.parse(r.body.toString())])).toEqual([
      [CANCEL, { message: 'The flat is flooded.', refundPaise: 150_050 }],
      [CANCEL, { message: 'The flat is flooded.', refundPaise: 150_050 }],
    ]);
  });

  it('GST-9: no refund is asked for a booking without a receipt voucher (not paid, or no GSTIN)', async () => {
    const confirmed = testBooking({ status: 'confirmed' });
    server.answers[OPEN] = [
      { status: 200, body: { openCount: 0, total: 1, bookings: [confirmed] } },
    ];
    open();
    await screen.findByRole('list', { name: 'Bookings' });
    fireEvent.click(
      within(card('Asha Rao')).getByRole('button', { name: 'Cancel booking STY-7K2Q' }),
    );
    expect(within(card('Asha Rao')).queryByLabelText(/^Refund to the guest/)).toBeNull();
  });
});
