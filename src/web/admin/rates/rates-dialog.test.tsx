// @vitest-environment jsdom
/**
 * The Rates dialog (RATES-1..RATES-5) with the real admin actions and flush client against a
 * loopback server that answers the import and publish calls: every rate field on a numeric
 * keypad, a refusal next to its field with nothing sent, a season added with month and day and
 * one over New Year summarised as one, overlapping seasons named, the preview quoting the edited
 * values, and Save storing them with the full flush. In real Chromium: e2e/rates.spec.ts.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SiteData } from '../../../shared/site-data.js';
import { startScriptedServer, type ScriptedServer } from '../../../../test/test-server.js';
import { testPageData } from '../../../../test/test-site.js';
import { createAdminActions, type AdminUi } from '../admin-actions.js';
import { createDataStore } from '../data-store.js';
import { createFlushClient } from '../flush.js';
import { RatesDialog } from './rates-dialog.js';

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  server.reset();
});

const TODAY = '2026-03-10';

function open() {
  const data = testPageData(1);
  data.propertyList[0] = { ...data.propertyList[0]!, nightlyRate: 4500, cleaningFee: 800 };
  const store = createDataStore(data, {} as Window);
  const told = { alerts: [] as string[], reloads: 0, closed: 0 };
  const flush = createFlushClient(store, {
    fetch: (input, init) => fetch(`${server.base}${String(input)}`, init),
    alert: (m) => told.alerts.push(m),
    reload: () => (told.reloads += 1),
  });
  const ui: AdminUi = {
    prompt: () => null,
    confirm: () => false,
    alert: (m) => told.alerts.push(m),
    showManageImages: () => undefined,
    showSelectProperty: () => undefined,
    showTextEditor: () => undefined,
    showCalendar: () => undefined,
    showRates: () => undefined,
  };
  const actions = createAdminActions({ store, flush, ui });
  render(
    <RatesDialog
      target={{ property: store.get().propertyList[0]!, opening: 1, today: TODAY, settings: {} }}
      actions={actions}
      close={() => (told.closed += 1)}
    />,
  );
  // As window.openDialog would (jsdom has no showModal): its content is then in the a11y tree.
  document.getElementById('rates')!.setAttribute('open', '');
  return told;
}

const imports = () => server.seen.filter((s) => s.url === '/api/import.php');
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, text: string) =>
  fireEvent.change(input(label), { target: { value: text } });
const quoteRows = () =>
  within(screen.getByRole('table', { name: 'Quote of this stay' }))
    .getAllByRole('row')
    .map((row) => row.textContent);

describe('RatesDialog (RATES-1..RATES-5)', () => {
  it('edits every rate field on a numeric keypad, starting from the stored values', () => {
    open();
    expect(screen.getByRole('heading', { name: 'Rates: Misty Hills' })).toBeTruthy();
    const labels = [
      'Nightly rate',
      'Weekend rate',
      'Minimum stay (nights)',
      'Guests included',
      'Extra guest rate',
      'Maximum guests',
      'Cleaning fee',
      'Weekly discount',
      'Monthly discount',
      'Advance',
    ];
    for (const label of labels) expect(input(label).inputMode, label).toBe('numeric');
    expect(input('Nightly rate').value).toBe('4500');
    expect(input('Cleaning fee').value).toBe('800');
    expect(input('Weekend rate').value).toBe('');
    // Nothing changed yet: Save waits for a change.
    expect(screen.getByRole('button', { name: 'Save and publish' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('quotes the chosen stay with the values as typed, before saving', () => {
    open();
    // The first weekend after Tue 10 Mar 2026: Fri 13 and Sat 14 Mar.
    expect(quoteRows()).toEqual([
      '2 nights × ₹4,500₹9,000',
      'Cleaning fee₹800',
      'Total₹9,800',
      'Advance when accepted₹2,940',
    ]);
    type('Weekend rate', '5,500');
    type('Check-in', '2026-03-12');
    expect(quoteRows()).toEqual([
      '1 weekday night × ₹4,500₹4,500',
      '2 weekend nights × ₹5,500₹11,000',
      'Cleaning fee₹800',
      'Total₹16,300',
      'Advance when accepted₹4,890',
    ]);
    type('Number of guests', '0');
    expect(screen.getByRole('list', { name: 'Why this stay cannot be booked' }).textContent).toBe(
      'Enter a number of guests from 1 to 50.',
    );
  });

  it('tells a refused value next to its field and sends nothing', async () => {
    const told = open();
    type('Weekly discount', '95');
    const field = input('Weekly discount');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(
      field.getAttribute('aria-describedby')!.split(' ')[0]!,
    );
    expect(described?.textContent).toBe(
      'The weekly discount must be a whole number of percent from 0 to 90.',
    );
    expect(screen.getByText('Complete or correct the rates above to see the quote.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save and publish' }));
    expect(screen.getByRole('status').textContent).toBe('One box needs correcting before saving.');
    await new Promise((r) => setTimeout(r, 50));
    expect(told.closed).toBe(0);
    expect(server.seen).toEqual([]);
  });

  it('adds a season over New Year as one row, names overlapping seasons, and removes one', () => {
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Add season' }));
    const seasons = () => screen.getByRole('list', { name: 'Seasons' });
    const pick = (label: string, value: string, nth = 0) =>
      fireEvent.change(within(seasons()).getAllByLabelText(label)[nth]!, { target: { value } });
    pick('Name', 'New Year');
    pick('First night: month', '12');
    pick('First night: day', '20');
    pick('Last night: month', '01');
    pick('Last night: day', '05');
    pick('Nightly rate', '9000');
    expect(within(seasons()).getByRole('heading', { level: 4 }).textContent).toBe(
      'New Year · 20 Dec – 5 Jan, every year (over New Year)',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Add season' }));
    pick('Name', 'Christmas', 1);
    pick('First night: month', '12', 1);
    pick('First night: day', '24', 1);
    pick('Last night: month', '12', 1);
    pick('Last night: day', '26', 1);
    pick('Nightly rate', '8000', 1);
    expect(
      screen.getByText('The seasons must not overlap: "New Year" and "Christmas" share nights.'),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove season Christmas' }));
    expect(screen.queryByText(/must not overlap/)).toBeNull();
    expect(within(seasons()).getAllByRole('listitem')).toHaveLength(1);
  });

  it('saves: closes, stores every rate as one import, publishes and tells the result', async () => {
    server.answers['/api/import.php'] = [{ status: 200, body: { revision: 2 } }];
    server.answers['/api/genproperties.php'] = [{ status: 200, body: {} }];
    const told = open();
    type('Weekend rate', '5500');
    type('Cleaning fee', '');
    fireEvent.click(screen.getByRole('button', { name: 'Add season' }));
    const seasons = screen.getByRole('list', { name: 'Seasons' });
    fireEvent.change(within(seasons).getByLabelText('Name'), { target: { value: 'Dasara' } });
    fireEvent.click(within(seasons).getByLabelText('One year only'));
    fireEvent.change(within(seasons).getByLabelText('First night'), {
      target: { value: '2026-10-15' },
    });
    fireEvent.change(within(seasons).getByLabelText('Last night'), {
      target: { value: '2026-10-25' },
    });
    fireEvent.change(within(seasons).getByLabelText('Nightly rate'), { target: { value: '7000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and publish' }));
    expect(told.closed).toBe(1);
    await waitFor(() => expect(told.reloads).toBe(1));
    const stored = (JSON.parse(imports()[0]!.body.toString()) as SiteData).propertyList[0]!;
    expect(stored).toMatchObject({
      nightlyRate: 4500,
      weekendRate: 5500,
      seasons: [{ name: 'Dasara', from: '2026-10-15', to: '2026-10-25', nightlyRate: 7000 }],
    });
    expect('cleaningFee' in stored).toBe(false);
    expect(told.alerts).toEqual(['Result\nImport: 200\nGenerate Properties: 200']);
  });
});
