// @vitest-environment jsdom
/**
 * The Calendar of every apartment (DAY-11, DAY-12) against a real HTTP server on loopback that
 * answers `/api/stays` and `/api/bookings/taken` as the app does: apartments as rows, a stay a bar
 * over its nights labelled with its guest or channel, double bookings one bar, gone stays left
 * out, past nights not offered; a stay opens its booking, a free night a booking taken by phone
 * (dates as `11 Dec 2026`), sent and the month loaded again; a refusal marks its field. The real
 * routes in real Chromium are e2e/month-calendar.spec.ts.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LedgerStay } from '../../../shared/ledger.js';
import { testProperty } from '../../../../test/factories.js';
import { startScriptedServer, type ScriptedServer } from '../../../../test/test-server.js';
import { MonthDialog } from './month-dialog.js';
import { MonthGrid } from './month-grid.js';
import { holdsNights, rowCells, selectNight } from './month-rows.js';

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  server.reset();
});

const december = '/api/stays?from=2026-12-01&to=2027-01-01';
const seen = '2026-11-01T00:00:00.000Z';
const stay = (
  s: Partial<LedgerStay> & Pick<LedgerStay, 'id' | 'source' | 'status'>,
): LedgerStay => ({
  propertyId: 'stay-1',
  checkIn: '2026-12-10',
  checkOut: '2026-12-13',
  nights: 3,
  firstSeenAt: seen,
  lastSeenAt: seen,
  ...s,
});
const stays: LedgerStay[] = [
  stay({
    id: 1,
    source: 'direct',
    status: 'confirmed',
    guest: 'Asha Rao',
    bookingId: 'b1',
    reference: 'STY-7K2Q',
  }),
  stay({
    id: 2,
    source: 'direct',
    status: 'requested',
    guest: 'Ravi Kumar',
    checkIn: '2026-12-12',
    checkOut: '2026-12-15',
    bookingId: 'b2',
  }),
  stay({
    id: 3,
    source: 'feed',
    status: 'current',
    propertyId: 'stay-2',
    feedLabel: 'Airbnb',
    checkIn: '2026-11-29',
    checkOut: '2026-12-03',
  }),
  stay({
    id: 4,
    source: 'block',
    status: 'blocked',
    propertyId: 'stay-2',
    note: 'Painting',
    checkIn: '2026-12-20',
    checkOut: '2026-12-22',
  }),
  stay({
    id: 5,
    source: 'direct',
    status: 'cancelled',
    guest: 'Gone Guest',
    propertyId: 'stay-2',
    checkIn: '2026-12-24',
    checkOut: '2026-12-26',
  }),
];
const properties = [
  testProperty({ nightlyRate: 4500, minNights: 1, advancePercent: 30 }),
  testProperty({ id: 'stay-2', name: 'Hill Top Cottage' }),
];

function open(
  calls: {
    bookings?: () => void;
    calendar?: (id: string) => void;
    nightsChanged?: () => void;
  } = {},
) {
  return shown(
    <MonthDialog
      opening={1}
      close={() => {}}
      properties={properties}
      settings={{}}
      today="2026-12-05"
      openBookings={calls.bookings ?? (() => {})}
      openCalendar={calls.calendar ?? (() => {})}
      {...(calls.nightsChanged ? { onNightsChanged: calls.nightsChanged } : {})}
      env={{ base: server.base }}
    />,
  );
}

/** The dialog rendered and shown (a closed <dialog> is hidden from the queries). */
function shown(ui: Parameters<typeof render>[0]) {
  const view = render(ui);
  view.container.querySelector('dialog')!.setAttribute('open', '');
  return view;
}

const row = (name: string) => screen.getByRole('rowheader', { name }).closest('tr')!;

describe('selectNight', () => {
  const free = () => false;
  it('selects a night, stretches to a later or earlier one, clears the one night tapped again', () => {
    const one = selectNight(null, 'a', '2026-12-15', free);
    expect(one).toEqual({ propertyId: 'a', from: '2026-12-15', to: '2026-12-16' });
    const three = selectNight(one, 'a', '2026-12-17', free);
    expect(three).toEqual({ propertyId: 'a', from: '2026-12-15', to: '2026-12-18' });
    expect(selectNight(three, 'a', '2026-12-13', free)).toEqual({
      propertyId: 'a',
      from: '2026-12-13',
      to: '2026-12-18',
    });
    // Inside a longer selection: that night alone; another apartment: a new selection.
    expect(selectNight(three, 'a', '2026-12-16', free)?.from).toBe('2026-12-16');
    expect(selectNight(three, 'b', '2026-12-16', free)?.propertyId).toBe('b');
    expect(selectNight(one, 'a', '2026-12-15', free)).toBeNull();
  });

  it('starts again rather than stretch over a held night', () => {
    const held = (id: string, from: string, to: string) => holdsNights(stays, id, from, to);
    const early = selectNight(null, 'stay-1', '2026-12-06', held);
    // Asha Rao holds 10 to 13 December.
    expect(selectNight(early, 'stay-1', '2026-12-16', held)).toEqual({
      propertyId: 'stay-1',
      from: '2026-12-16',
      to: '2026-12-17',
    });
    // A cancelled stay holds nothing: Gone Guest's 24 to 26 December are free.
    expect(holdsNights(stays, 'stay-2', '2026-12-24', '2026-12-26')).toBe(false);
  });
});

describe('rowCells', () => {
  it('covers every night once: free nights and bars clipped to the month', () => {
    const days = ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04'];
    const cells = rowCells(days, [stays[2]!]);
    expect(cells).toEqual([
      { type: 'bar', start: '2026-12-01', span: 2, stays: [stays[2]] },
      { type: 'free', night: '2026-12-03' },
      { type: 'free', night: '2026-12-04' },
    ]);
  });
});

describe('MonthGrid', () => {
  it('draws first the nights in view from today, the rest a frame later (DAY-17)', async () => {
    const days = Array.from({ length: 31 }, (_, i) => `2026-12-${String(i + 1).padStart(2, '0')}`);
    render(
      <MonthGrid
        properties={properties}
        days={days}
        stays={stays}
        today="2026-12-05"
        selection={null}
        openStay={() => {}}
        selectNight={() => {}}
      />,
    );
    // jsdom's window is 1024 px wide: 24 nights of 44 px and one cut at the edge, from today.
    const hill = () => row('Hill Top Cottage');
    const named = (night: string) => ({ name: `Free night of ${night} at Hill Top Cottage` });
    expect(within(hill()).getByRole('button', named('5 Dec 2026'))).toBeTruthy();
    expect(within(hill()).queryByRole('button', named('31 Dec 2026'))).toBeNull();
    // Every heading is drawn from the start: an empty one is a header without text (axe).
    expect(screen.getByRole('columnheader', { name: '31 Dec 2026' }).textContent).toBe('Thu\n31');
    expect(hill().querySelectorAll('td[data-later]')).toHaveLength(2);
    // Every column keeps its place: the row's cells still span the 31 nights.
    const span = (tr: HTMLElement) =>
      [...tr.querySelectorAll('td')].reduce((sum, td) => sum + td.colSpan, 0);
    expect(span(hill())).toBe(31);
    expect(await within(hill()).findByRole('button', named('31 Dec 2026'))).toBeTruthy();
    expect(document.querySelector('[data-later]')).toBeNull();
    expect(span(hill())).toBe(31);
  });

  it('draws the rows below the first screenful a frame later, counted from the start', async () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ id: `apt-${i}`, name: `Flat ${i + 1}` }));
    render(
      <MonthGrid
        properties={many}
        days={['2026-12-05', '2026-12-06']}
        stays={[]}
        today="2026-12-05"
        selection={null}
        openStay={() => {}}
        selectNight={() => {}}
      />,
    );
    // jsdom's window is 768 px tall: 62% of it over 48 px rows is 10 rows.
    const table = screen.getByRole('table');
    expect(table.getAttribute('aria-rowcount')).toBe('31');
    expect(screen.getAllByRole('rowheader')).toHaveLength(10);
    expect(screen.getByRole('rowheader', { name: 'Flat 10' }).closest('tr')!.ariaRowIndex).toBe(
      '11',
    );
    const spacer = table.querySelector('tr[data-later]')!;
    expect(spacer.getAttribute('aria-hidden')).toBe('true');
    expect(await screen.findByRole('rowheader', { name: 'Flat 30' })).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(31);
    expect(table.querySelector('[data-later]')).toBeNull();
  });
});

describe('MonthDialog', () => {
  it('draws every apartment’s month with its stays as bars, by state', async () => {
    server.answers[december] = [
      { status: 200, body: { from: '2026-12-01', to: '2027-01-01', stays } },
    ];
    open();
    const asha = await screen.findByRole(
      'button',
      { name: /^Asha Rao, 10 Dec 2026 to 13 Dec 2026, Confirmed$/ },
      { timeout: 5000 },
    );
    expect(screen.getByRole('heading', { name: 'Dec 2026' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader')).toHaveLength(32);
    // A double booking is one bar over both stays' nights, 10 to 14 December.
    const bar = asha.closest('td')!;
    expect(bar.colSpan).toBe(5);
    expect(within(bar).getByRole('button', { name: /^Ravi Kumar, .*Request$/ })).toBeTruthy();
    const hill = row('Hill Top Cottage');
    // The nights before today are drawn a frame after those in view (DAY-17).
    expect(
      (
        await within(hill).findByRole('button', {
          name: /^Airbnb, 29 Nov 2026 to 3 Dec 2026, Channel$/,
        })
      ).closest('td')!.colSpan,
    ).toBe(2);
    expect(within(hill).getByRole('button', { name: /^Blocked: Painting/ })).toBeTruthy();
    expect(within(hill).queryByText('Gone Guest')).toBeNull();
    // Nights before today cannot be booked; today's can.
    expect(within(hill).queryByRole('button', { name: /Free night of 4 Dec 2026/ })).toBeNull();
    expect(
      within(hill).getByRole('button', {
        name: 'Free night of 5 Dec 2026 at Hill Top Cottage',
      }),
    ).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Every apartment in Dec 2026' }).tabIndex).toBe(0);
  });

  it('opens a direct stay’s booking, a channel stay’s apartment calendar', async () => {
    server.answers[december] = [
      { status: 200, body: { from: '2026-12-01', to: '2027-01-01', stays } },
    ];
    const bookings = vi.fn();
    const calendar = vi.fn();
    open({ bookings, calendar });
    fireEvent.click(await screen.findByRole('button', { name: /^Asha Rao,/ }));
    expect(
      screen.getByText(
        /Coffee View Suite, 10 Dec 2026 to 13 Dec 2026 \(3 nights\) · Confirmed · STY-7K2Q/,
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open in Bookings' }));
    expect(bookings).toHaveBeenCalledOnce();
    fireEvent.click(await screen.findByRole('button', { name: /^Airbnb,/ }));
    fireEvent.click(
      screen.getByRole('button', { name: 'Open Hill Top Cottage’s calendar'.replace('’', "'") }),
    );
    expect(calendar).toHaveBeenCalledWith('stay-2');
  });

  it('takes a booking by phone from a free night, priced, and loads the month again', async () => {
    server.answers[december] = [
      { status: 200, body: { from: '2026-12-01', to: '2027-01-01', stays } },
      { status: 200, body: { from: '2026-12-01', to: '2027-01-01', stays } },
    ];
    server.answers['/api/bookings/taken'] = [
      { status: 400, body: { error: 'This is not a phone number we can call.', field: 'phone' } },
      {
        status: 201,
        body: { id: 'b9', reference: 'STY-PHON', status: 'accepted', url: 'http://x/booking/b9/t' },
      },
    ];
    const nightsChanged = vi.fn();
    open({ nightsChanged });
    const night = await screen.findByRole('button', {
      name: 'Free night of 15 Dec 2026 at Coffee View Suite',
    });
    fireEvent.click(night);
    expect(night.getAttribute('aria-pressed')).toBe('true');
    const selected = screen.getByRole('region', { name: 'Selected nights' });
    expect(selected.textContent).toContain(
      '1 night at Coffee View Suite 15 Dec 2026 to 16 Dec 2026',
    );
    fireEvent.click(within(selected).getByRole('button', { name: 'Add a booking' }));
    const form = screen.getByRole('form', { name: 'Add a booking taken by phone' });
    expect((within(form).getByLabelText('Check-in') as HTMLInputElement).value).toBe('15 Dec 2026');
    expect((within(form).getByLabelText('Check-out') as HTMLInputElement).value).toBe(
      '16 Dec 2026',
    );
    // The one quote: one night at ₹4,500, 30 % advance.
    expect(
      within(form).getByRole('table', { name: /Price of 15 Dec 2026 to 16 Dec 2026/ }).textContent,
    ).toContain('4,500');
    fireEvent.change(within(form).getByLabelText("Guest's name"), {
      target: { value: 'Meera Shetty' },
    });
    fireEvent.change(within(form).getByLabelText("Guest's phone"), { target: { value: '12' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add booking' }));
    await within(form).findByText('This is not a phone number we can call.');
    expect(within(form).getByLabelText("Guest's phone").getAttribute('aria-invalid')).toBe('true');
    expect((within(form).getByLabelText("Guest's name") as HTMLInputElement).value).toBe(
      'Meera Shetty',
    );

    fireEvent.change(within(form).getByLabelText("Guest's phone"), {
      target: { value: '094480 22222' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Add booking' }));
    await screen.findByRole('heading', { name: 'Booked: STY-PHON' });
    const sent = server.seen.filter((r) => r.url === '/api/bookings/taken').at(-1)!;
    expect(JSON.parse(sent.body.toString())).toEqual({
      propertyId: 'stay-1',
      checkIn: '2026-12-15',
      checkOut: '2026-12-16',
      guests: 2,
      name: 'Meera Shetty',
      phone: '094480 22222',
    });
    expect(nightsChanged).toHaveBeenCalledOnce();
    await waitFor(() => expect(server.seen.filter((r) => r.url === december)).toHaveLength(2));
  });

  it('blocks the nights selected: the apartment’s calendar saved with one block more', async () => {
    server.answers[december] = [
      { status: 200, body: { from: '2026-12-01', to: '2027-01-01', stays } },
      { status: 200, body: { from: '2026-12-01', to: '2027-01-01', stays } },
    ];
    const feed = {
      id: 7,
      label: 'Airbnb',
      url: 'https://www.airbnb.co.in/calendar/ical/1.ics?s=x',
      lastSyncAt: null,
      lastError: null,
      bookings: 0,
      stale: false,
    };
    const calendar = {
      feeds: [feed],
      blocks: [{ start: '2026-12-28', end: '2026-12-30', note: 'Painting' }],
      directBookings: [],
      exportUrl: 'http://x/calendar/stay-2/s.ics',
    };
    server.answers['/api/calendar/stay-2'] = [
      { status: 200, body: calendar },
      { status: 200, body: calendar },
    ];
    const nightsChanged = vi.fn();
    open({ nightsChanged });
    const hill = () => row('Hill Top Cottage');
    fireEvent.click(
      await within(hill()).findByRole('button', {
        name: 'Free night of 15 Dec 2026 at Hill Top Cottage',
      }),
    );
    fireEvent.click(
      within(hill()).getByRole('button', { name: 'Free night of 17 Dec 2026 at Hill Top Cottage' }),
    );
    expect(
      within(hill())
        .getByRole('button', { name: 'Free night of 16 Dec 2026 at Hill Top Cottage' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    const selected = screen.getByRole('region', { name: 'Selected nights' });
    expect(selected.textContent).toContain(
      '3 nights at Hill Top Cottage 15 Dec 2026 to 18 Dec 2026',
    );
    fireEvent.click(within(selected).getByRole('button', { name: 'Block' }));
    await screen.findByRole('heading', { name: 'Blocked: 15 Dec 2026 to 18 Dec 2026' });
    const put = server.seen.find((r) => r.method === 'PUT')!;
    expect(put.url).toBe('/api/calendar/stay-2');
    expect(JSON.parse(put.body.toString())).toEqual({
      feeds: [{ label: feed.label, url: feed.url }],
      blocks: [
        { start: '2026-12-28', end: '2026-12-30', note: 'Painting' },
        { start: '2026-12-15', end: '2026-12-18', note: '' },
      ],
    });
    expect(screen.queryByRole('region', { name: 'Selected nights' })).toBeNull();
    expect(nightsChanged).toHaveBeenCalledOnce();
    await waitFor(() => expect(server.seen.filter((r) => r.url === december)).toHaveLength(2));
  });

  it('moves a month on and says a refusal', async () => {
    server.answers[december] = [
      { status: 200, body: { from: '2026-12-01', to: '2027-01-01', stays: [] } },
    ];
    server.answers['/api/stays?from=2027-01-01&to=2027-02-01'] = [
      { status: 500, body: { error: 'The ledger could not be read.' } },
    ];
    open();
    await screen.findByText(/Tap a stay to see it/);
    fireEvent.click(screen.getByRole('button', { name: 'Next ›' }));
    expect(screen.getByRole('heading', { name: 'Jan 2027' })).toBeTruthy();
    await screen.findByText('The ledger could not be read.');
  });
});
