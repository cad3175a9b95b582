// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAdmin } from '../admin-context.js';
import { useMay } from './may.js';
import { PERMISSION_NAMES } from '../../shared/permissions.js';
import { installDialogGlobals } from '../dialogs.js';
import {
  DATA_GLOBAL,
  PHOTO_NAME_RE,
  type PageData,
  type SiteData,
} from '../../shared/site-data.js';
import { createAdminActions, type AdminUi } from './admin-actions.js';
import { AdminBar } from './admin-bar.js';
import AdminRoot from './admin-root.js';
import { createDataStore } from './data-store.js';
import { DescriptionDialog } from './description/description-dialog.js';
import type { DescriptionDraft } from './description/use-description-dialog.js';
import { SESSION_ENDED } from '../api-fetch.js';
import { createFlushClient, type FlushClient } from './flush.js';
import { ManageImagesDialog } from './manage-images/manage-images-dialog.js';
import { startScriptedServer, type ScriptedServer } from '../../../test/test-server.js';
import { UPLOAD_LIMIT_BYTES, uploadFile } from './manage-images/upload.js';
import { testPageData } from '../../../test/test-site.js';
import { testBookingList } from '../../../test/booking-fixtures.js';
import { addDays, today } from '../../shared/calendar-dates.js';
import type { RegisterEntry } from '../../shared/register.js';

/** A foreign guest arriving on `day` whose Form III is due at `due` (ISO). */
function testForeignEntry(day: string, due: string): RegisterEntry {
  return {
    id: 'e1e1e1e1e1e1e1e1',
    bookingId: 'b-confirmed',
    reference: 'STY-9P4D',
    propertyId: 'coffee-view',
    propertyName: 'Coffee View',
    name: 'Jane Traveller',
    category: 'foreign',
    nationality: 'United Kingdom',
    address: '4 Canal Street, Manchester',
    phone: '+44 7911 123456',
    idType: 'passport',
    idLast4: '1726',
    arrival: day,
    departure: addDays(day, 3),
    arrivalTime: '15:30',
    source: 'guest',
    formIII: {
      surname: 'TRAVELLER',
      givenName: 'JANE',
      sex: 'female',
      dateOfBirth: '1988-04-17',
      passportNumber: 'ZX9081726',
      passportPlaceOfIssue: 'London, United Kingdom',
      passportIssued: '2021-06-01',
      passportExpiry: '2031-06-01',
      visaNumber: 'EVISA55501234',
      visaType: 'e-Tourist',
      visaIssued: '2026-01-05',
      visaExpiry: '2027-01-05',
      visaPlaceOfIssue: 'e-Visa, India',
      arrivalInIndia: day,
      arrivedFrom: 'London, United Kingdom',
      nextDestination: 'Mysuru, India',
      purpose: 'Tourism',
      contactInIndia: 'Priya Nair +91 98860 44444',
      due,
    },
  };
}

let server: ScriptedServer;
const realFetch = globalThis.fetch;
beforeAll(async () => {
  server = await startScriptedServer();
  // jsdom has no modal dialogs: like a browser, showModal opens and focuses the first button.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
    this.querySelector<HTMLElement>('button')?.focus();
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
  installDialogGlobals();
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
  vi.restoreAllMocks();
  delete (window as unknown as Record<string, unknown>)[DATA_GLOBAL];
});

const pageData = (): PageData => testPageData(5);

/** A screen stand-in that calls the AdminApi the way the real screens do. */
function Screen() {
  const admin = useAdmin();
  if (!admin) return <p>visitor</p>;
  return (
    <main>
      <button onClick={() => admin.openManageImages('misty-hills')}>hero image</button>
      <button onClick={() => admin.addPropertyToCategory('sec-1')}>Add property to Popular</button>
      <button onClick={() => admin.editDetail('misty-hills', 'name')}>Misty Hills</button>
    </main>
  );
}

const dialog = (id: string) => document.getElementById(id) as HTMLDialogElement;

/** The open requests the Bookings control counts, asked once as the page loads (INBOX-1). */
const COUNT_URL = '/api/bookings?status=open&limit=10';
/** The copy off the machine's state the bar asks as the page loads (BACKUP-4). */
const BACKUP_URL = '/api/backup-status';
/** The open double bookings the bar asks as the page loads (CONFLICT-3). */
const CONFLICTS_URL = '/api/conflicts';
/** Who is logged in and what their role may do, asked once as the page loads (TEAM-1). */
const SESSION_URL = '/api/session';
/** The register the Register control reads as the page loads, for its Form III alert (REG-6). */
const isRegisterLoad = (url: string) => url.startsWith('/api/register?');
/** What the page asks by itself as it loads, whatever the owner does. */
const background = (url: string) =>
  url === BACKUP_URL ||
  url === CONFLICTS_URL ||
  url === SESSION_URL ||
  isRegisterLoad(url) ||
  url === '/api/privacy/requests' ||
  url === '/api/privacy/breaches';
/** What the page sent besides that count, the backup state, the conflicts, the register and the privacy desk (PRIV-4). */
const sentBesidesCount = () => server.seen.filter((s) => s.url !== COUNT_URL && !background(s.url));

describe('AdminRoot', () => {
  it('provides the AdminApi to the page and renders the admin bar after it', () => {
    render(
      <AdminRoot data={pageData()}>
        <Screen />
      </AdminRoot>,
    );
    const bar = screen.getByRole('region', { name: 'Admin Tools' });
    expect(within(bar).getByRole('heading', { name: 'Admin Tools' })).toBeTruthy();
    for (const name of ['Import And Flush Changes', 'Flush Without Importing', 'Log Out']) {
      expect(within(bar).getByRole('button', { name })).toBeTruthy();
    }
    expect(
      screen.getByRole('main').compareDocumentPosition(bar) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(dialog('manage-images').open).toBe(false);
    expect(dialog('select-property').open).toBe(false);
  });

  it('the Bookings control shows the open requests as the page loads and opens the inbox (INBOX-1)', async () => {
    const list = testBookingList();
    server.answers[COUNT_URL] = [
      { status: 200, body: { ...list, openCount: 3 } },
      { status: 200, body: { ...list, openCount: 2 } },
    ];
    render(
      <AdminRoot data={pageData()}>
        <Screen />
      </AdminRoot>,
    );
    const bar = screen.getByRole('region', { name: 'Admin Tools' });
    const control = await within(bar).findByRole('button', { name: 'Bookings 3 open' });
    expect(dialog('bookings').open).toBe(false);
    fireEvent.click(control);
    expect(dialog('bookings').open).toBe(true);
    await within(bar).findByRole('button', { name: 'Bookings 2 open' });
    expect(within(dialog('bookings')).getAllByRole('heading', { level: 3 })).toHaveLength(4);
    const sent = server.seen.filter((s) => !background(s.url)).map((s) => `${s.method} ${s.url}`);
    // The inbox asks for the messages waiting for the owner at its opening (MSG-5).
    expect(sent.filter((s) => s !== 'GET /api/messages/waiting')).toEqual([
      `GET ${COUNT_URL}`,
      `GET ${COUNT_URL}`,
    ]);
    expect(sent).toContain('GET /api/messages/waiting');
  });

  it("opening a dialog does not render the page's screens again (PERF-21)", async () => {
    server.answers[SESSION_URL] = [
      {
        status: 200,
        // A role without the privacy desk: its control going away shows the answer was read.
        body: {
          username: 'manager',
          role: 'manager',
          permissions: PERMISSION_NAMES.filter((p) => p !== 'privacy'),
        },
      },
    ];
    const rendered = vi.fn();
    // A screen that reads the AdminApi and the role's `may`, as the home and property pages do.
    function CountingScreen() {
      rendered();
      const admin = useAdmin();
      const may = useMay();
      return <p>{admin && may('content') ? 'owner' : 'visitor'}</p>;
    }
    render(
      <AdminRoot data={pageData()}>
        <CountingScreen />
      </AdminRoot>,
    );
    const bar = screen.getByRole('region', { name: 'Admin Tools' });
    await waitFor(() => expect(within(bar).queryByRole('button', { name: /^Privacy/ })).toBeNull());
    const before = rendered.mock.calls.length;
    fireEvent.click(within(bar).getByRole('button', { name: 'History' }));
    expect(dialog('history').open).toBe(true);
    const ownerBar = screen.getByRole('navigation', { name: 'Owner' });
    fireEvent.click(within(ownerBar).getByRole('button', { name: /^Bookings/ }));
    expect(dialog('bookings').open).toBe(true);
    expect(rendered).toHaveBeenCalledTimes(before);
    // The opening's calls reach the server before the next test scripts its answers.
    await waitFor(() =>
      expect(server.seen.map((s) => s.url)).toEqual(
        expect.arrayContaining([COUNT_URL, CONFLICTS_URL, BACKUP_URL, '/api/messages/waiting']),
      ),
    );
    await waitFor(() => expect(server.seen.filter((s) => s.url === COUNT_URL)).toHaveLength(2));
  });

  it('a session ended on any call puts the one sentence on the bar, once, with its login link (CLIENT-2)', async () => {
    const ended = { status: 401, body: { error: 'log in as the owner first', field: 'session' } };
    server.answers[COUNT_URL] = [ended];
    server.answers[CONFLICTS_URL] = [ended];
    render(
      <AdminRoot data={pageData()}>
        <Screen />
      </AdminRoot>,
    );
    const bar = screen.getByRole('region', { name: 'Admin Tools' });
    const login = await within(bar).findByRole('link', { name: 'Log in again' });
    expect(login.getAttribute('href')).toBe('/adminlogin');
    expect(login.closest('p')!.textContent).toBe(`${SESSION_ENDED} Log in again`);
    await waitFor(() =>
      expect(server.seen.map((s) => s.url)).toEqual(
        expect.arrayContaining([COUNT_URL, CONFLICTS_URL]),
      ),
    );
    // Told by two calls, said once (the closed inbox keeps its own, out of sight).
    expect(within(bar).getAllByRole('link', { name: 'Log in again' })).toHaveLength(1);
  });

  it('every dialog opens by its name through one registry: History opens and loads at each opening (CLIENT-4)', async () => {
    const revisions = (n: number) => ({
      status: 200,
      body: {
        revisions: [
          {
            revision: n,
            createdAt: '2026-11-22T08:35:00.000Z',
            author: 'owner',
            summary: `Change ${n}`,
          },
        ],
      },
    });
    server.answers['/api/revisions?limit=20'] = [revisions(7), revisions(8)];
    render(
      <AdminRoot data={pageData()}>
        <Screen />
      </AdminRoot>,
    );
    const bar = screen.getByRole('region', { name: 'Admin Tools' });
    expect(dialog('history').open).toBe(false);
    fireEvent.click(within(bar).getByRole('button', { name: 'History' }));
    expect(dialog('history').open).toBe(true);
    await within(dialog('history')).findByText('Change 7');
    act(() => dialog('history').close());
    fireEvent.click(within(bar).getByRole('button', { name: 'History' }));
    await within(dialog('history')).findByText('Change 8');
    expect(server.seen.filter((s) => s.url.startsWith('/api/revisions'))).toHaveLength(2);
  });

  it('says an open double booking in the bar as the page loads, with its dates and both sides (CONFLICT-3)', async () => {
    server.answers[CONFLICTS_URL] = [
      {
        status: 200,
        body: {
          conflicts: [
            {
              propertyId: 'misty-hills',
              from: '2026-03-21',
              to: '2026-03-22',
              sides: [
                { source: 'direct', label: 'Direct booking', reference: 'STY-7K2Q' },
                { source: 'feed', label: 'Airbnb' },
              ],
            },
          ],
        },
      },
    ];
    render(
      <AdminRoot data={pageData()}>
        <Screen />
      </AdminRoot>,
    );
    const bar = screen.getByRole('region', { name: 'Admin Tools' });
    const notice = () => bar.querySelector('[data-conflict-notice="bar"]');
    await waitFor(() => expect(notice()).not.toBeNull());
    expect(notice()!.textContent).toBe(
      '⚠ Double booking' +
        'Misty Hills: Sat 21 Mar 2026 to Sun 22 Mar 2026 (1 night) is held by direct booking STY-7K2Q and Airbnb.' +
        'Cancel or move one of them (in Bookings, in the channel, or in the Calendar dialog); the notice goes by itself once only one holds the nights.',
    );
  });

  it('the Register control, the Bookings count and the booking’s inbox card say when a Form III is due; the dialog opens the worksheet and marks it submitted (REG-5, REG-6)', async () => {
    const day = today();
    const url = `/api/register?from=${addDays(day, -31)}&to=${addDays(day, 1)}`;
    const entry = testForeignEntry(day, new Date(Date.now() + 4.5 * 3_600_000).toISOString());
    const submitted = {
      ...entry,
      formIII: {
        ...entry.formIII!,
        submittedAt: new Date().toISOString(),
        portalReference: 'FRO-1',
      },
    };
    server.answers[url] = [
      { status: 200, body: { entries: [entry], missing: [] } },
      { status: 200, body: { entries: [entry], missing: [] } },
      { status: 200, body: { entries: [submitted], missing: [] } },
    ];
    server.answers[`/api/register/${entry.id}/submitted`] = [
      {
        status: 200,
        body: { id: entry.id, submittedAt: new Date().toISOString(), portalReference: 'FRO-1' },
      },
    ];
    render(
      <AdminRoot data={pageData()}>
        <Screen />
      </AdminRoot>,
    );
    const bar = screen.getByRole('region', { name: 'Admin Tools' });
    const control = await within(bar).findByRole('button', {
      name: 'Register Form III due in 5 h',
    });
    // The Bookings count says it too, and so does the booking's card in the inbox, alone.
    const list = testBookingList();
    server.answers[COUNT_URL] = [
      { status: 200, body: list },
      { status: 200, body: list },
    ];
    const bookings = within(bar).getByRole('button', { name: /^Bookings.*Form III due in 5 h$/ });
    fireEvent.click(bookings);
    const inbox = dialog('bookings');
    const card = (await within(inbox).findByRole('heading', { name: 'Vikram Shetty' })).closest(
      'li',
    )!;
    expect(within(card).getByText('Form III due in 5 h: report it from Register.')).toBeTruthy();
    expect(within(inbox).getAllByText(/^Form III /)).toHaveLength(1);
    fireEvent.click(control);
    const d = dialog('register');
    expect(d.open).toBe(true);
    const sheet = await within(d).findByRole('region', { name: /^Form III: Jane Traveller/ });
    const rows = within(sheet)
      .getAllByRole('row')
      .map((r) => r.querySelector('th')!.textContent);
    expect(rows.slice(0, 4)).toEqual(['Surname', 'Given name', 'Sex', 'Date of birth']);
    expect(within(sheet).getByRole('row', { name: /Date of birth/ }).textContent).toContain(
      '17/04/1988',
    );
    expect(within(sheet).getAllByRole('button', { name: /^Copy / })).toHaveLength(rows.length);
    expect(within(d).getByRole('heading', { name: 'Arrivals (1)' })).toBeTruthy();
    fireEvent.change(within(sheet).getByLabelText('Portal’s reference'), {
      target: { value: 'FRO-1' },
    });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Mark submitted' }));
    await waitFor(() => expect(within(d).queryByRole('region', { name: /^Form III:/ })).toBeNull());
    expect(within(bar).getByRole('button', { name: 'Register' })).toBeTruthy();
    const post = server.seen.find((s) => s.method === 'POST');
    expect(post?.url).toBe(`/api/register/${entry.id}/submitted`);
    expect(JSON.parse(post!.body.toString())).toEqual({ portalReference: 'FRO-1' });
  });

  it('opens Manage Images with each photo, and Show/Hide On Home changes memory only, reopening the dialog', async () => {
    const data = pageData();
    (window as unknown as Record<string, PageData>)[DATA_GLOBAL] = data;
    render(
      <AdminRoot data={data}>
        <Screen />
      </AdminRoot>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'hero image' }));
    const d = dialog('manage-images');
    expect(d.open).toBe(true);
    const items = within(d).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('img').getAttribute('src')).toBe('/imported-images/a1.jpg');
    expect(within(items[0]!).getByRole('button', { name: 'Make Hero' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(within(items[1]!).getByRole('button', { name: 'Make Hero' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(within(d).getAllByRole('button', { name: 'Delete photo' })).toHaveLength(2);
    expect(within(d).getByRole('button', { name: 'Upload Image' })).toBeTruthy();

    const close = vi.spyOn(window, 'closeDialog');
    const toggle = within(items[1]!).getByRole('button', { name: 'Show On Home' });
    toggle.focus();
    act(() => fireEvent.click(toggle));
    expect(close).toHaveBeenCalledWith('manage-images');
    expect(d.open).toBe(true);
    const again = within(dialog('manage-images')).getAllByRole('listitem')[1]!;
    expect(within(again).getByRole('button', { name: 'Hide On Home' })).toBe(
      document.activeElement,
    );
    const global = (window as unknown as Record<string, PageData>)[DATA_GLOBAL]!;
    expect(global.propertyList[0]!.photos[1]!.home).toBe(true);
    expect(data.propertyList[0]!.photos[1]!.home).toBe(false);
    await new Promise((r) => setTimeout(r, 20));
    expect(sentBesidesCount()).toEqual([]);
  });

  it('opens Select Property with one button per property, labelled with its name', () => {
    render(
      <AdminRoot data={pageData()}>
        <Screen />
      </AdminRoot>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add property to Popular' }));
    const d = dialog('select-property');
    expect(d.open).toBe(true);
    expect(within(d).getByRole('heading').textContent).toBe('Select Property for Popular');
    expect(
      within(within(d).getByRole('list'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Misty Hills', 'Lake View']);
  });

  it('a cancelled prompt sends nothing', async () => {
    vi.spyOn(window, 'prompt').mockReturnValue(null);
    render(
      <AdminRoot data={pageData()}>
        <Screen />
      </AdminRoot>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Misty Hills' }));
    expect(window.prompt).toHaveBeenCalledWith('New name for Misty Hills:', 'Misty Hills');
    await new Promise((r) => setTimeout(r, 20));
    expect(sentBesidesCount()).toEqual([]);
  });
});

/** Real actions and flush client over the scripted server, recording what the owner is shown. */
function harness() {
  const store = createDataStore(pageData(), {} as Window);
  const alerts: string[] = [];
  let reloads = 0;
  const flush = createFlushClient(store, {
    alert: (m) => alerts.push(m),
    reload: () => (reloads += 1),
  });
  const opened: string[] = [];
  const ui: AdminUi = {
    prompt: () => null,
    confirm: () => false,
    alert: (m) => alerts.push(m),
    showManageImages: (id) => opened.push(id),
    showSelectProperty: () => undefined,
    showTextEditor: () => undefined,
    showCalendar: () => undefined,
    showRates: () => undefined,
  };
  return {
    store,
    flush,
    alerts,
    opened,
    reloads: () => reloads,
    actions: createAdminActions({ store, flush, ui }),
  };
}

const importedBody = (): SiteData =>
  JSON.parse(server.seen.find((s) => s.url === '/api/import.php')!.body.toString()) as SiteData;

describe('DescriptionDialog', () => {
  function Harnessed({ h, initial }: { h: ReturnType<typeof harness>; initial: DescriptionDraft }) {
    return (
      <DescriptionDialog actions={h.actions} target={initial} opening={1} close={() => undefined} />
    );
  }

  it('Save sends the text with its line breaks through the full flush', async () => {
    const h = harness();
    server.answers['/api/import.php'] = [{ status: 200, body: { revision: 6 } }];
    server.answers['/api/genproperties.php'] = [{ status: 200, body: {} }];
    const text = 'Line one\nLine two\n\nLine four';
    render(
      <Harnessed
        h={h}
        initial={{ propertyId: 'misty-hills', propertyName: 'Misty Hills', text }}
      />,
    );
    expect(
      (screen.getByLabelText('New description', { selector: 'textarea' }) as HTMLTextAreaElement)
        .value,
    ).toBe(text);
    fireEvent.click(screen.getByRole('button', { name: 'Save', hidden: true }));
    await waitFor(() => expect(h.reloads()).toBe(1));
    expect(importedBody().propertyList[0]!.description).toBe(text);
    expect(h.alerts).toEqual(['Result\nImport: 200\nGenerate Properties: 200']);
  });

  it('Cancel and a blank text send nothing', async () => {
    const h = harness();
    const close = vi.fn();
    const { rerender } = render(
      <DescriptionDialog
        actions={h.actions}
        target={{ propertyId: 'misty-hills', propertyName: 'Misty Hills', text: 'changed' }}
        opening={1}
        close={close}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel', hidden: true }));
    expect(close).toHaveBeenCalledTimes(1);
    // Opened again, it starts from the text it is opened with.
    rerender(
      <DescriptionDialog
        actions={h.actions}
        target={{ propertyId: 'misty-hills', propertyName: 'Misty Hills', text: '  \n ' }}
        opening={2}
        close={close}
      />,
    );
    expect(
      (screen.getByLabelText('New description', { selector: 'textarea' }) as HTMLTextAreaElement)
        .value,
    ).toBe('  \n ');
    fireEvent.click(screen.getByRole('button', { name: 'Save', hidden: true }));
    await new Promise((r) => setTimeout(r, 20));
    expect(server.seen).toEqual([]);
  });
});

describe('ManageImagesDialog upload', () => {
  const upload: typeof uploadFile = (file, name, onProgress) =>
    uploadFile(file, name, onProgress, server.base);

  function renderDialog(h: ReturnType<typeof harness>, alerts: string[]) {
    render(
      <ManageImagesDialog
        store={h.store}
        actions={h.actions}
        propertyId="lake-view"
        alert={(m) => alerts.push(m)}
        close={() => undefined}
        upload={upload}
      />,
    );
    return document.querySelector<HTMLInputElement>('input[type=file]')!;
  }

  it('uploads several files as multipart field "file" under unique names, then appends them and flushes silently', async () => {
    const h = harness();
    const alerts: string[] = [];
    server.answers['/api/upload.php'] = [
      { status: 200, body: { name: 'x', width: 1, height: 1 } },
      { status: 200, body: { name: 'y', width: 1, height: 1 } },
    ];
    server.answers['/api/import.php'] = [{ status: 200, body: { revision: 6 } }];
    server.answers['/api/genproperties.php'] = [{ status: 200, body: {} }];
    const input = renderDialog(h, alerts);
    expect(input.multiple).toBe(true);
    expect(input.accept).toBe('image/*');
    const files = [
      new File([new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3])], 'phone-photo-12mp.jpg', {
        type: 'image/jpeg',
      }),
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'portrait.rotated.png', {
        type: 'image/png',
      }),
    ];
    fireEvent.change(input, { target: { files } });
    expect(screen.getByLabelText('Uploading phone-photo-12mp.jpg')).toBeTruthy();
    expect(screen.getByLabelText('Uploading portrait.rotated.png')).toBeTruthy();
    await waitFor(() => expect(server.seen.map((s) => s.url)).toContain('/api/genproperties.php'));

    const uploads = server.seen.filter((s) => s.url === '/api/upload.php');
    expect(uploads).toHaveLength(2);
    const names = uploads.map(
      (u) => /name="file"; filename="([^"]+)"/.exec(u.body.toString())?.[1],
    );
    expect(names[0]).toMatch(/^[0-9a-f-]{36}\.jpg$/);
    expect(names[1]).toMatch(/^[0-9a-f-]{36}\.rotated\.png$/);
    names.forEach((n) => expect(n).toMatch(PHOTO_NAME_RE));
    expect(uploads[0]!.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(importedBody().propertyList[1]!.photos).toEqual([
      { name: names[0], best: false, home: true },
      { name: names[1], best: false, home: true },
    ]);
    expect(h.opened).toEqual(['lake-view']);
    expect(alerts).toEqual([]);
    expect(h.alerts).toEqual([]);
    expect(h.reloads()).toBe(0);
  });

  it('does not send a file over the 25 MB limit, says so on its row, and sends the others (PHO-3)', async () => {
    const h = harness();
    const alerts: string[] = [];
    server.answers['/api/upload.php'] = [{ status: 200, body: { name: 'x', width: 1, height: 1 } }];
    server.answers['/api/import.php'] = [{ status: 200, body: { revision: 6 } }];
    server.answers['/api/genproperties.php'] = [{ status: 200, body: {} }];
    const input = renderDialog(h, alerts);
    const big = new File([new Uint8Array(UPLOAD_LIMIT_BYTES + 1)], 'huge-scan.jpg', {
      type: 'image/jpeg',
    });
    const small = new File([new Uint8Array([0xff, 0xd8, 0xff, 1])], 'fine.jpg', {
      type: 'image/jpeg',
    });
    fireEvent.change(input, { target: { files: [big, small] } });
    await waitFor(() => expect(server.seen.map((s) => s.url)).toContain('/api/genproperties.php'));
    expect(server.seen.filter((s) => s.url === '/api/upload.php')).toHaveLength(1);
    expect(importedBody().propertyList[1]!.photos).toHaveLength(1);
    const refusal = 'This file is too large (25 MB): a photo can be at most 25 MB.';
    expect(screen.getByRole('list', { name: 'Uploads', hidden: true }).textContent).toContain(
      `Not uploaded: ${refusal}`,
    );
    expect(alerts).toEqual([`These photos were not uploaded:\nhuge-scan.jpg: ${refusal}`]);
  });

  it('does not add a photo the server refused, and says why', async () => {
    const h = harness();
    const alerts: string[] = [];
    server.answers['/api/upload.php'] = [
      { status: 415, body: { error: 'not an image', field: 'file' } },
      { status: 200, body: {} },
    ];
    server.answers['/api/import.php'] = [{ status: 200, body: { revision: 6 } }];
    server.answers['/api/genproperties.php'] = [{ status: 200, body: {} }];
    const input = renderDialog(h, alerts);
    fireEvent.change(input, {
      target: {
        files: [
          new File(['<svg/>'], 'evil.svg'),
          new File([new Uint8Array([0xff, 0xd8])], 'ok.jpg'),
        ],
      },
    });
    await waitFor(() => expect(server.seen.map((s) => s.url)).toContain('/api/genproperties.php'));
    expect(alerts).toEqual(['These photos were not uploaded:\nevil.svg: not an image']);
    expect(importedBody().propertyList[1]!.photos.map((p) => p.name)).toEqual([
      expect.stringMatching(/\.jpg$/),
    ]);
    expect(await screen.findByText('Not uploaded: not an image')).toBeTruthy();
  });

  it('a session ended stops the uploads, alerts the one sentence and sends no import', async () => {
    const h = harness();
    const alerts: string[] = [];
    server.answers['/api/upload.php'] = [
      { status: 401, body: { error: 'log in as the owner first', field: 'session' } },
    ];
    const input = renderDialog(h, alerts);
    fireEvent.change(input, {
      target: { files: [new File(['a'], 'a.jpg'), new File(['b'], 'b.jpg')] },
    });
    await waitFor(() => expect(alerts).toEqual([SESSION_ENDED]));
    await new Promise((r) => setTimeout(r, 20));
    expect(server.seen.map((s) => s.url)).toEqual(['/api/upload.php']);
  });
});

describe('AdminBar', () => {
  function renderBar(flush: FlushClient, assign = vi.fn()) {
    render(
      <AdminBar
        flush={flush}
        notice={{ message: SESSION_ENDED, sessionEnded: true }}
        alert={() => undefined}
        assign={assign}
        openHistory={() => undefined}
        reload={() => undefined}
        dismiss={() => undefined}
      />,
    );
    return assign;
  }

  it('Log Out posts /api/logout with the session cookie, then goes home', async () => {
    server.answers['/api/logout'] = [{ status: 204 }];
    const calls: RequestInit[] = [];
    vi.stubGlobal('fetch', (input: string, init: RequestInit) => {
      calls.push(init);
      return realFetch(`${server.base}${input}`, init);
    });
    const assign = renderBar(harness().flush);
    fireEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(server.seen.map((s) => `${s.method} ${s.url}`)).toEqual(['POST /api/logout']);
    expect(calls[0]!.credentials).toBe('same-origin');
  });

  it('shows the last problem with a link to log in again', () => {
    renderBar(harness().flush);
    expect(screen.getByRole('status').textContent).toBe(`${SESSION_ENDED} Log in again`);
    expect(screen.getByRole('link', { name: 'Log in again' }).getAttribute('href')).toBe(
      '/adminlogin',
    );
  });

  it('shows a change refused as stale with Reload Page, and after the reload with Dismiss (SAF-6)', () => {
    const reload = vi.fn();
    const dismiss = vi.fn();
    const lines = ['Set the description of "Misty Hills" to:\nLine one\nLine two'];
    const bar = (reloaded: boolean) => (
      <AdminBar
        flush={harness().flush}
        notice={{ message: 'Your change was not saved', unsaved: lines, reloaded }}
        alert={() => undefined}
        assign={() => undefined}
        openHistory={() => undefined}
        reload={reload}
        dismiss={dismiss}
      />
    );
    const { rerender } = render(bar(false));
    const list = screen.getByRole('list', { name: 'Your change, not saved' });
    expect(within(list).getByRole('listitem').textContent).toBe(lines[0]);
    fireEvent.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(reload).toHaveBeenCalledTimes(1);
    rerender(bar(true));
    expect(screen.queryByRole('button', { name: 'Reload Page' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(dismiss).toHaveBeenCalledTimes(1);
  });

  it('History opens the History dialog', () => {
    const openHistory = vi.fn();
    render(
      <AdminBar
        flush={harness().flush}
        notice={null}
        alert={() => undefined}
        assign={() => undefined}
        openHistory={openHistory}
        reload={() => undefined}
        dismiss={() => undefined}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'History' }));
    expect(openHistory).toHaveBeenCalledTimes(1);
  });

  it('Flush Without Importing only generates, alerts its status and reloads', async () => {
    const h = harness();
    server.answers['/api/genproperties.php'] = [{ status: 200, body: {} }];
    renderBar(h.flush);
    fireEvent.click(screen.getByRole('button', { name: 'Flush Without Importing' }));
    await waitFor(() => expect(h.reloads()).toBe(1));
    expect(h.alerts).toEqual(['Result\nGenerate Properties: 200']);
    expect(server.seen.map((s) => s.url)).toEqual(['/api/genproperties.php']);
  });
});
