// @vitest-environment jsdom
/**
 * The Calendar dialog (AVL-1) against a real HTTP server on loopback that answers the owner
 * calendar API's shapes (AVL-9): feed status in plain words, stale marked, a refused field marked
 * invalid with the server's sentence and nothing lost, Sync Now saving first, Replace secret only
 * after confirmation, Copy. The real routes, in real Chromium, are e2e/availability.spec.ts.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarState } from '../../../shared/api-types.js';
import type { Conflict } from '../../../shared/conflicts.js';
import { CalendarDialog } from './calendar-dialog.js';
import type { CalendarTarget } from './use-calendar-dialog.js';
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

const path = '/api/calendar/coffee-view';
const state: CalendarState = {
  feeds: [
    {
      id: 1,
      label: 'Airbnb',
      url: 'https://www.airbnb.com/calendar/ical/1.ics?s=secret',
      lastSyncAt: '2026-03-10T05:12:00Z',
      lastError: null,
      bookings: 3,
      stale: false,
    },
    {
      id: 2,
      label: 'Booking.com',
      url: 'https://admin.booking.com/hotel/ical/2.ics',
      lastSyncAt: null,
      lastError: 'the address answered 404 at 10:42',
      bookings: 0,
      stale: true,
    },
  ],
  blocks: [{ start: '2026-04-01', end: '2026-04-03', note: 'Painting' }],
  directBookings: [
    { id: 'b1', reference: 'STY-7K2Q', status: 'accepted', start: '2026-04-10', end: '2026-04-12' },
  ],
  exportUrl: 'https://stays.example/calendar/coffee-view/abc123.ics',
};
const target: CalendarTarget = {
  propertyId: 'coffee-view',
  propertyName: 'Coffee View',
  opening: 1,
};

function open(
  options: {
    confirm?: boolean;
    copied?: string[];
    conflicts?: Conflict[];
    onNightsChanged?: () => void;
  } = {},
) {
  const view = render(
    <CalendarDialog
      target={target}
      conflicts={options.conflicts ?? []}
      {...(options.onNightsChanged ? { onNightsChanged: options.onNightsChanged } : {})}
      close={() => {}}
      env={{ base: server.base }}
      confirm={() => options.confirm ?? false}
      copy={async (text) => {
        options.copied?.push(text);
      }}
    />,
  );
  view.container.querySelector('dialog')!.setAttribute('open', '');
  return view;
}

describe('CalendarDialog', () => {
  it('shows each feed’s status in plain words, stale marked, and the blocks and export address', async () => {
    server.answers[path] = [{ status: 200, body: state }];
    open();
    // TIME-1: the sync's time in Asia/Kolkata (05:12 UTC), like the error's beside it.
    await screen.findByText('Last synced 10 Mar 2026, 10:42 · 3 bookings');
    expect(screen.getByText('Not synced yet')).toBeTruthy();
    expect(screen.getByText('Booking.com: the address answered 404 at 10:42')).toBeTruthy();
    expect(screen.getAllByText('Stale: no successful sync for 12 hours')).toHaveLength(1);
    expect((screen.getByLabelText('Note (optional)') as HTMLInputElement).value).toBe('Painting');
    expect((screen.getByLabelText('Export address') as HTMLInputElement).value).toBe(
      state.exportUrl,
    );
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('lists the direct bookings holding nights, and no such section without one (BOOK-6)', async () => {
    server.answers[path] = [{ status: 200, body: state }];
    const view = open();
    const section = await screen.findByRole('region', { name: 'Direct bookings' });
    expect(section.textContent).toContain(
      'STY-7K2Q · Fri 10 Apr 2026 to Sun 12 Apr 2026 · Accepted – advance due',
    );
    view.unmount();
    server.answers[path] = [{ status: 200, body: { ...state, directBookings: [] } }];
    open();
    await screen.findByText(/^Last synced/);
    expect(screen.queryByRole('region', { name: 'Direct bookings' })).toBeNull();
  });

  it('a refused field is marked with the server’s sentence and what was typed stays', async () => {
    server.answers[path] = [
      { status: 200, body: state },
      {
        status: 400,
        body: { error: 'feeds.2.url: must be an http or https address', field: 'feeds.2.url' },
      },
    ];
    open();
    await screen.findByText(/^Last synced/);
    fireEvent.click(screen.getByRole('button', { name: 'Add feed' }));
    const urls = screen.getAllByLabelText('Address (URL)');
    fireEvent.change(screen.getAllByLabelText('Label')[2]!, { target: { value: 'Vrbo' } });
    fireEvent.change(urls[2]!, { target: { value: 'ftp://example.com/x.ics' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    await screen.findByText('feeds.2.url: must be an http or https address');
    expect(urls[2]!.getAttribute('aria-invalid')).toBe('true');
    expect((urls[2] as HTMLInputElement).value).toBe('ftp://example.com/x.ics');
    const put = server.seen.find((r) => r.method === 'PUT')!;
    expect(JSON.parse(put.body.toString())).toEqual({
      feeds: [
        { label: 'Airbnb', url: state.feeds[0]!.url },
        { label: 'Booking.com', url: state.feeds[1]!.url },
        { label: 'Vrbo', url: 'ftp://example.com/x.ics' },
      ],
      blocks: state.blocks,
    });
  });

  it('Sync Now saves a change first, then syncs; the answer replaces what is shown', async () => {
    const synced: CalendarState = {
      ...state,
      feeds: [{ ...state.feeds[0]!, bookings: 4 }],
    };
    server.answers[path] = [
      { status: 200, body: state },
      { status: 200, body: { ...state, feeds: [state.feeds[0]!] } },
    ];
    server.answers[`${path}/sync`] = [{ status: 200, body: synced }];
    let changed = 0;
    open({ onNightsChanged: () => (changed += 1) });
    await screen.findByText(/^Last synced/);
    const booking = screen.getAllByRole('listitem')[1]!;
    fireEvent.click(within(booking).getByRole('button', { name: /^Remove/ }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sync Now' }));
    });
    await screen.findByText('Synced.');
    expect(server.seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET ${path}`,
      `PUT ${path}`,
      `POST ${path}/sync`,
    ]);
    expect(screen.getByText(/^Last synced .+ · 4 bookings$/)).toBeTruthy();
    // CONFLICT-3: the page asks for the conflicts again once the nights may have changed.
    expect(changed).toBe(1);
    expect(screen.getAllByLabelText('Label').map((i) => (i as HTMLInputElement).value)).toEqual([
      'Airbnb',
    ]);
  });

  it('Replace secret asks first; Copy copies the export address', async () => {
    const copied: string[] = [];
    server.answers[path] = [{ status: 200, body: state }];
    open({ confirm: false, copied });
    await screen.findByText(/^Last synced/);
    fireEvent.click(screen.getByRole('button', { name: 'Replace secret' }));
    expect(server.seen).toHaveLength(1);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    });
    await waitFor(() => expect(copied).toEqual([state.exportUrl]));
    expect(screen.getByText('Export address copied.')).toBeTruthy();
  });

  it("says this property's double bookings under the title, and no other property's (CONFLICT-3)", async () => {
    server.answers[path] = [{ status: 200, body: state }];
    const side = { source: 'feed' as const, label: 'Airbnb' };
    open({
      conflicts: [
        {
          propertyId: 'coffee-view',
          from: '2026-03-21',
          to: '2026-03-23',
          sides: [{ source: 'direct', label: 'Direct booking', reference: 'STY-7K2Q' }, side],
        },
        {
          propertyId: 'misty-hills',
          from: '2026-04-01',
          to: '2026-04-02',
          sides: [{ source: 'block', label: 'Blocked' }, side],
        },
      ],
    });
    await screen.findByText(/^Last synced/);
    const notice = document.querySelector('[data-conflict-notice="calendar"]')!;
    expect(
      within(notice as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Coffee View: Sat 21 Mar 2026 to Mon 23 Mar 2026 (2 nights) are held by direct booking STY-7K2Q and Airbnb.',
    ]);
  });
});
