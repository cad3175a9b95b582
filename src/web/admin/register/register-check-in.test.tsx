// @vitest-environment jsdom
/**
 * The Register dialog's check-in form (REG-4, REG-11) against a real HTTP server on loopback
 * answering the register API's shapes: the owner records a walk-in foreign national with the
 * guest form's fields (the Form III part appears once "Foreign national" is chosen); the server's
 * 400 naming a field is shown beside that field, marked and focused, with the words sent back;
 * after the 201 the particulars empty, the stay stays, and the register is read again. A Form
 * III still owed for a stay that has ended shows as overdue (FORM_III_LOOKBACK_DAYS). The same
 * form against the real server, in real Chromium: e2e/guest-register.spec.ts.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays, today, formatDay } from '../../../shared/calendar-dates.js';
import type { RegisterEntry } from '../../../shared/register.js';
import { startScriptedServer, type ScriptedServer } from '../../../../test/test-server.js';
import { RegisterDialog } from './register-dialog.js';
import {
  FORM_III_LOOKBACK_DAYS,
  formIIIAlert,
  formIIIAlertsByBooking,
  useRegisterDialog,
} from './use-register-dialog.js';

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  server.reset();
});

const day = today();
const LIST = `/api/register?from=${addDays(day, -FORM_III_LOOKBACK_DAYS)}&to=${addDays(day, 1)}`;
const PROPERTIES = [
  { id: 'coffee-view', name: 'Coffee View' },
  { id: 'misty-hills', name: 'Misty Hills' },
];

function Harness() {
  const state = useRegisterDialog(1, { base: server.base });
  return <RegisterDialog state={state} properties={PROPERTIES} close={() => {}} />;
}

function open() {
  const view = render(<Harness />);
  view.container.querySelector('dialog')!.setAttribute('open', '');
  return view;
}

/** An owner's entry as the server answers it. */
function entry(over: Partial<RegisterEntry>): RegisterEntry {
  return {
    id: 'e2e2e2e2e2e2e2e2',
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
    departure: addDays(day, 2),
    arrivalTime: '14:00',
    source: 'owner',
    ...over,
  };
}

describe('REG-4, REG-11: the owner records an adult at check-in', () => {
  it('sends the guest form’s fields, shows a refusal beside its field, then records and reloads', async () => {
    const recorded = entry({});
    server.answers[LIST] = [
      { status: 200, body: { entries: [], missing: [] } },
      { status: 200, body: { entries: [recorded], missing: [] } },
    ];
    server.answers['/api/register'] = [
      {
        status: 400,
        body: {
          error: `The passport must be valid after check-out (${addDays(day, 2).split('-').reverse().join('/')}).`,
          field: 'passportExpiry',
        },
      },
      { status: 201, body: { entry: recorded } },
    ];
    open();
    const form = screen.getByRole('form', { name: 'Record a guest at check-in' });
    await waitFor(() => expect(server.seen).toHaveLength(1));
    // The Form III part appears only for a foreign national or an OCI cardholder.
    expect(within(form).queryByLabelText('Passport number')).toBeNull();
    fireEvent.change(within(form).getByLabelText('Property'), {
      target: { value: 'coffee-view' },
    });
    // DAY-7: the day as India reads it, whatever the browser's language.
    expect((within(form).getByLabelText('Arrival') as HTMLInputElement).value).toBe(formatDay(day));
    fireEvent.change(within(form).getByLabelText('Departure'), {
      target: { value: addDays(day, 2) },
    });
    const type = (label: string, value: string) =>
      fireEvent.change(within(form).getByLabelText(label), { target: { value } });
    type('Full name', 'Jane Traveller');
    fireEvent.click(within(form).getByLabelText('Foreign national'));
    type('Nationality', 'United Kingdom');
    type('Home address', '4 Canal Street, Manchester');
    type('Phone number', '+44 7911 123456');
    type('Identity document shown at check-in', 'passport');
    type('Last four characters of its number', '1726');
    type('Surname (as in the passport)', 'TRAVELLER');
    type('Sex', 'female');
    type('Passport valid until', addDays(day, 1));
    fireEvent.click(within(form).getByRole('button', { name: 'Record this adult' }));

    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toBe(
      `Not recorded: Passport valid until: The passport must be valid after check-out (${addDays(day, 2).split('-').reverse().join('/')}).`,
    );
    const expiry = within(form).getByLabelText('Passport valid until');
    expect(expiry.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(expiry);
    expect(document.getElementById(expiry.getAttribute('aria-describedby')!)!.textContent).toBe(
      alert.textContent!.replace('Not recorded: Passport valid until: ', ''),
    );
    const post = server.seen.find((s) => s.method === 'POST')!;
    expect(JSON.parse(post.body.toString())).toEqual({
      propertyId: 'coffee-view',
      arrival: day,
      departure: addDays(day, 2),
      name: 'Jane Traveller',
      category: 'foreign',
      nationality: 'United Kingdom',
      address: '4 Canal Street, Manchester',
      phone: '+44 7911 123456',
      idType: 'passport',
      idLast4: '1726',
      surname: 'TRAVELLER',
      sex: 'female',
      passportExpiry: addDays(day, 1),
    });

    type('Passport valid until', addDays(day, 900));
    fireEvent.click(within(form).getByRole('button', { name: 'Record this adult' }));
    await within(form).findByText(
      'Jane Traveller is recorded. Record the next adult of this stay the same way.',
    );
    expect(within(form).queryByRole('alert')).toBeNull();
    expect((within(form).getByLabelText('Full name') as HTMLInputElement).value).toBe('');
    expect((within(form).getByLabelText('Property') as HTMLSelectElement).value).toBe(
      'coffee-view',
    );
    // The register is read again: the new guest is among the day's arrivals.
    await screen.findByRole('heading', { name: 'Arrivals (1)' });
    expect(server.seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      `GET ${LIST}`,
      'POST /api/register',
      'POST /api/register',
      `GET ${LIST}`,
    ]);
  });

  it('offers the bookings with no entry as the stay, and says a Form III still owed after the stay as overdue', async () => {
    const left = entry({
      arrival: addDays(day, -5),
      departure: addDays(day, -2),
      formIII: {
        surname: 'TRAVELLER',
        givenName: 'JANE',
        sex: 'female',
        dateOfBirth: '1988-04-17',
        passportNumber: 'ZX9081726',
        passportPlaceOfIssue: 'London',
        passportIssued: '2021-06-01',
        passportExpiry: '2031-06-01',
        visaNumber: 'EVISA1',
        visaType: 'e-Tourist',
        visaIssued: '2026-01-05',
        visaExpiry: '2027-01-05',
        visaPlaceOfIssue: 'e-Visa',
        arrivalInIndia: addDays(day, -6),
        arrivedFrom: 'London',
        nextDestination: 'Mysuru',
        purpose: 'Tourism',
        contactInIndia: 'Priya Nair',
        due: `${addDays(day, -4)}T08:30:00.000Z`,
      },
    });
    server.answers[LIST] = [
      {
        status: 200,
        body: {
          entries: [left],
          missing: [
            {
              bookingId: 'b-confirmed',
              reference: 'STY-9P4D',
              propertyId: 'misty-hills',
              propertyName: 'Misty Hills',
              arrival: day,
              departure: addDays(day, 3),
              guests: 2,
            },
          ],
        },
      },
    ];
    open();
    const sheet = await screen.findByRole('region', { name: /^Form III: Jane Traveller/ });
    expect(within(sheet).getByText('Form III overdue')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Record a guest at check-in' });
    const stay = within(form).getByLabelText('Stay') as HTMLSelectElement;
    expect([...stay.options].map((o) => o.textContent)).toEqual([
      'A walk-in or channel guest',
      `STY-9P4D · Misty Hills · ${day.split('-').reverse().join('/')} – ${addDays(day, 3).split('-').reverse().join('/')}`,
    ]);
    fireEvent.change(stay, { target: { value: 'b-confirmed' } });
    // A booking's stay is its own: no property nor dates to type.
    expect(within(form).queryByLabelText('Property')).toBeNull();
    expect(within(form).queryByLabelText('Arrival')).toBeNull();
  });

  it('alerts from the guest’s arrival only: due in hours, then overdue; a stay weeks ahead is no alert', () => {
    const now = Date.parse('2026-12-01T06:30:00Z');
    const foreign = (id: string, bookingId: string, dueIn: number, submitted = false) =>
      entry({
        id,
        bookingId,
        formIII: {
          ...({} as NonNullable<RegisterEntry['formIII']>),
          due: new Date(now + dueIn * 3_600_000).toISOString(),
          ...(submitted ? { submittedAt: new Date(now).toISOString() } : {}),
        },
      });
    expect(formIIIAlert([foreign('a', 'b1', 24 * 30)], now)).toBeNull();
    expect(formIIIAlert([foreign('a', 'b1', 24 * 30), foreign('b', 'b2', 4.2)], now)).toBe(
      'Form III due in 5 h',
    );
    expect(formIIIAlert([foreign('a', 'b1', 4.2), foreign('b', 'b2', -1)], now)).toBe(
      'Form III overdue',
    );
    expect(formIIIAlert([foreign('a', 'b1', -1, true)], now)).toBeNull();
    expect([
      ...formIIIAlertsByBooking(
        [foreign('a', 'b1', 4.2), foreign('b', 'b1', -1), foreign('c', 'b2', 20)],
        now,
      ),
    ]).toEqual([
      ['b1', 'Form III overdue'],
      ['b2', 'Form III due in 20 h'],
    ]);
  });
});
