// @vitest-environment jsdom
/**
 * The Documents dialog (GST-5, GST-10) against a real HTTP server on loopback answering the GST
 * API's shapes: the month's documents with their pages and PDFs; Cancel document asks its reason
 * (refused here when blank), sends it, shows the server's refusal with what was typed, and after
 * it is done says so and loads the list again (the cancelled one without corrections); a credit
 * note against a tax invoice sends its amount in paise and its reason. The real routes, in real
 * Chromium: e2e/gst-documents.spec.ts.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentSummary } from '../../../shared/gst-documents.js';
import { today } from '../../../shared/calendar-dates.js';
import { DocumentsDialog } from './documents-dialog.js';
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

const LIST = `/api/documents?month=${today().slice(0, 7)}`;

function doc(over: Partial<DocumentSummary>): DocumentSummary {
  return {
    id: 'doc-invoice-0001',
    type: 'tax-invoice',
    number: 'STY/26-27/0001',
    issuedAt: '2026-11-20T06:30:00.000Z',
    bookingId: 'b1',
    taxablePaise: 1_000_000,
    cgstPaise: 25_000,
    sgstPaise: 25_000,
    totalPaise: 1_050_000,
    status: 'issued',
    ...over,
  };
}

const voucher = doc({
  id: 'doc-voucher-0001',
  type: 'receipt-voucher',
  number: 'STYR/26-27/0001',
  totalPaise: 315_000,
});
const invoice = doc({});

function open() {
  const view = render(<DocumentsDialog opening={1} close={() => {}} env={{ base: server.base }} />);
  view.container.querySelector('dialog')!.setAttribute('open', '');
  return view;
}

const item = (name: string) => screen.getByRole('link', { name }).closest('li') as HTMLElement;
const posts = () =>
  server.seen
    .filter((r) => r.method === 'POST')
    .map((r) => [r.url, JSON.parse(r.body.toString()) as unknown]);

describe('DocumentsDialog corrections (GST-10)', () => {
  it('Cancel document asks its reason, shows a refusal keeping it, then says it is done and reloads', async () => {
    const refused = 'This document is cancelled already.';
    server.answers[LIST] = [
      { status: 200, body: { documents: [voucher, invoice] } },
      { status: 200, body: { documents: [voucher, { ...invoice, status: 'cancelled' }] } },
    ];
    server.answers['/api/documents/doc-invoice-0001/cancel'] = [
      { status: 409, body: { error: refused, field: 'status' } },
      { status: 200, body: { id: invoice.id, number: invoice.number, status: 'cancelled' } },
    ];
    open();
    await screen.findByRole('link', { name: 'Tax Invoice STY/26-27/0001' });
    // Only a tax invoice can get a credit note; every issued document can be cancelled.
    expect(
      within(item('Receipt Voucher STYR/26-27/0001'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Cancel document Receipt Voucher STYR/26-27/0001']);
    fireEvent.click(
      within(item('Tax Invoice STY/26-27/0001')).getByRole('button', {
        name: 'Cancel document Tax Invoice STY/26-27/0001',
      }),
    );
    const form = screen.getByRole('form', { name: 'Cancel Tax Invoice STY/26-27/0001' });
    // The browser refuses the blank reason (required); a submit past it is refused here too.
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel document' }));
    expect(within(form).getByLabelText('Why is it cancelled?')).toHaveProperty('required', true);
    fireEvent.submit(form);
    expect(within(form).getByRole('alert').textContent).toBe(
      'Write why the document is cancelled: it is kept with the reason.',
    );
    expect(posts()).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Why is it cancelled?'), {
      target: { value: '  Issued to the wrong company  ' },
    });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Cancel document' }));
    });
    expect((await within(form).findByText(refused)).getAttribute('role')).toBe('alert');
    expect(within(form).getByLabelText('Why is it cancelled?')).toHaveProperty(
      'value',
      '  Issued to the wrong company  ',
    );
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Cancel document' }));
    });
    await screen.findByText(
      'Tax Invoice STY/26-27/0001 is cancelled; its number is not used again.',
    );
    await screen.findByText(/· cancelled ·/);
    expect(within(item('Tax Invoice STY/26-27/0001')).queryAllByRole('button')).toEqual([]);
    expect(posts()).toEqual([
      ['/api/documents/doc-invoice-0001/cancel', { reason: 'Issued to the wrong company' }],
      ['/api/documents/doc-invoice-0001/cancel', { reason: 'Issued to the wrong company' }],
    ]);
    expect(server.seen.filter((r) => r.method === 'GET').map((r) => r.url)).toEqual([LIST, LIST]);
  });

  it('a credit note against a tax invoice sends its amount in paise and its reason; Back sends nothing', async () => {
    server.answers[LIST] = [
      { status: 200, body: { documents: [invoice] } },
      { status: 200, body: { documents: [invoice] } },
    ];
    server.answers['/api/documents/doc-invoice-0001/credit-note'] = [
      { status: 201, body: { id: 'doc-credit-00001', number: 'STYC/26-27/0001' } },
    ];
    open();
    await screen.findByRole('link', { name: 'Tax Invoice STY/26-27/0001' });
    const credit = () =>
      within(item('Tax Invoice STY/26-27/0001')).getByRole('button', {
        name: 'Credit note Tax Invoice STY/26-27/0001',
      });
    fireEvent.click(credit());
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('form')).toBeNull();
    fireEvent.click(credit());
    const form = screen.getByRole('form', {
      name: 'Credit note against Tax Invoice STY/26-27/0001',
    });
    expect(
      within(form).getByText(/at most the invoice's ₹10,500 less earlier credit notes/),
    ).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Why is the invoice reduced?'), {
      target: { value: 'Heater did not work one night' },
    });
    fireEvent.change(within(form).getByLabelText('Reduction, in rupees (GST included)'), {
      target: { value: 'five hundred' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Issue credit note' }));
    expect(within(form).getByRole('alert').textContent).toBe(
      'Write the reduction in rupees, tax included (for example 525 or 1,050.50).',
    );
    fireEvent.change(within(form).getByLabelText('Reduction, in rupees (GST included)'), {
      target: { value: '₹525' },
    });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Issue credit note' }));
    });
    await screen.findByText(
      'Credit Note STYC/26-27/0001 is issued against Tax Invoice STY/26-27/0001.',
    );
    expect(posts()).toEqual([
      [
        '/api/documents/doc-invoice-0001/credit-note',
        { amountPaise: 52_500, reason: 'Heater did not work one night' },
      ],
    ]);
  });
});
