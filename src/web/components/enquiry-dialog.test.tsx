// @vitest-environment jsdom
/**
 * The dialog's form logic in jsdom. jsdom has no showModal()/close() (it does not implement the
 * top layer), so the two methods below stand in for them; the real browser behaviour (focus, Escape,
 * focus return) is covered in real Chromium by e2e/enquiry.spec.ts.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testProperty } from '../../../test/factories.js';
import { startScriptedServer, type ScriptedServer } from '../../../test/test-server.js';
import type { Property, SiteInfo } from '../../shared/site-data.js';
import { EnquiryDialog } from './enquiry-dialog.js';
import { addDays, today as propertyToday } from '../../shared/calendar-dates.js';

beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});
afterEach(cleanup);

const property: Property = testProperty({
  id: 'coffee-view',
  name: 'Coffee View Residency',
  address: 'Kalasa Road',
  description: '',
  facilities: [],
  photos: [],
});
const site: SiteInfo = {
  siteUrl: 'https://stays.example',
  businessName: 'Stays In Chikmagalur',
  email: 'support@stays.example',
  phone: '+91 94480 12345',
  socialUrl: 'https://www.instagram.com/stays',
  officeAddress: 'Chikmagalur',
};

const today = propertyToday();

describe('EnquiryDialog', () => {
  it('renders nothing until first opened', () => {
    const { container } = render(
      <EnquiryDialog property={property} site={site} open={false} onClose={() => {}} />,
    );
    expect(container.innerHTML).toBe('');
  });

  it('opens modal with the property name and shows no link until the enquiry is valid', () => {
    const { rerender } = render(
      <EnquiryDialog property={property} site={site} open={false} onClose={() => {}} />,
    );
    rerender(<EnquiryDialog property={property} site={site} open onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Coffee View Residency' });
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(screen.getByLabelText('Check-in').getAttribute('min')).toBe(today);
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(screen.getByText(/Choose valid dates/)).toBeTruthy();
  });

  it('shows each date error next to its field, wired with aria-invalid and aria-describedby', () => {
    render(<EnquiryDialog property={property} site={site} open onClose={() => {}} />);
    const checkIn = screen.getByLabelText('Check-in');
    const checkOut = screen.getByLabelText('Check-out');
    fireEvent.change(checkIn, { target: { value: addDays(today, -1) } });
    expect(checkIn.getAttribute('aria-invalid')).toBe('true');
    const inError = document.getElementById(checkIn.getAttribute('aria-describedby')!)!;
    expect(inError.textContent).toMatch(/^Check-in cannot be in the past/);
    expect(inError.previousElementSibling).toBe(checkIn);

    fireEvent.change(checkIn, { target: { value: addDays(today, 3) } });
    expect(checkIn.hasAttribute('aria-invalid')).toBe(false);
    expect(checkIn.hasAttribute('aria-describedby')).toBe(false);
    expect(checkOut.getAttribute('min')).toBe(addDays(today, 4));

    fireEvent.blur(checkOut);
    expect(document.getElementById(checkOut.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Choose a check-out date.',
    );
    fireEvent.change(checkOut, { target: { value: addDays(today, 3) } });
    expect(document.getElementById(checkOut.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Check-out must be after check-in: choose a later date.',
    );
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });

  it('offers WhatsApp, e-mail and a call once valid, each carrying the enquiry', () => {
    render(<EnquiryDialog property={property} site={site} open onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText('Check-in'), { target: { value: addDays(today, 1) } });
    fireEvent.change(screen.getByLabelText('Check-out'), { target: { value: addDays(today, 3) } });
    fireEvent.change(screen.getByLabelText('Guests'), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('Message (optional)'), {
      target: { value: 'Late arrival' },
    });
    const wa = screen.getByRole('link', { name: 'Send on WhatsApp (opens in a new tab)' });
    const text = new URL(wa.getAttribute('href')!).searchParams.get('text')!;
    expect(wa.getAttribute('href')!.startsWith('https://wa.me/919448012345?text=')).toBe(true);
    expect(text).toContain('Coffee View Residency');
    expect(text).toContain('(2 nights)');
    expect(text).toContain('Guests: 4');
    expect(text).toContain('Message: Late arrival');
    expect(text.endsWith('https://stays.example/stay/coffee-view')).toBe(true);
    expect(wa.getAttribute('rel')).toBe('noopener noreferrer');
    const mail = screen.getByRole('link', { name: 'Send by e-mail' }).getAttribute('href')!;
    expect(mail).toMatch(
      /^mailto:support@stays\.example\?subject=Availability%3A%20Coffee%20View%20Residency/,
    );
    expect(decodeURIComponent(mail)).toContain('Guests: 4\r\nMessage: Late arrival');
    expect(screen.getByRole('link', { name: 'Call +91 94480 12345' }).getAttribute('href')).toBe(
      'tel:+919448012345',
    );

    fireEvent.change(screen.getByLabelText('Guests'), { target: { value: '21' } });
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(screen.getByText('Enter a number of guests from 1 to 20.')).toBeTruthy();
  });

  it('reports its own closing once and keeps what was typed when reopened', () => {
    const onClose = vi.fn();
    const { rerender } = render(
      <EnquiryDialog property={property} site={site} open onClose={onClose} />,
    );
    fireEvent.change(screen.getByLabelText('Guests'), { target: { value: '3' } });
    act(() => screen.getByRole('button', { name: 'Close' }).click());
    expect(onClose).toHaveBeenCalledTimes(1);
    rerender(<EnquiryDialog property={property} site={site} open={false} onClose={onClose} />);
    expect(onClose).toHaveBeenCalledTimes(1);
    rerender(<EnquiryDialog property={property} site={site} open onClose={onClose} />);
    expect(screen.getByRole('dialog').hasAttribute('open')).toBe(true);
    expect((screen.getByLabelText('Guests') as HTMLInputElement).value).toBe('3');
  });

  it('closes when the parent sets open to false', () => {
    const onClose = vi.fn();
    const { rerender, container } = render(
      <EnquiryDialog property={property} site={site} open onClose={onClose} />,
    );
    rerender(<EnquiryDialog property={property} site={site} open={false} onClose={onClose} />);
    expect(container.querySelector('dialog')!.hasAttribute('open')).toBe(false);
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('EnquiryDialog with availability (AVL-10, AVL-11, AVL-12), from a loopback server', () => {
  let server: ScriptedServer;
  beforeAll(async () => {
    server = await startScriptedServer();
  });
  afterAll(() => server.close());
  afterEach(() => server.reset());

  const priced: Property = { ...property, nightlyRate: 4500 };
  const path = '/api/availability/coffee-view';
  const choose = (checkIn: string, checkOut: string) => {
    fireEvent.change(screen.getByLabelText('Check-in'), { target: { value: checkIn } });
    fireEvent.change(screen.getByLabelText('Check-out'), { target: { value: checkOut } });
  };

  it('a stay over a taken night says so and offers no way to send; other dates show the estimate', async () => {
    server.answers[path] = [
      {
        status: 200,
        body: {
          propertyId: 'coffee-view',
          updatedAt: new Date().toISOString(),
          unavailable: [{ start: addDays(today, 3), end: addDays(today, 5) }],
        },
      },
    ];
    render(<EnquiryDialog property={priced} site={site} open onClose={() => {}} apiBase={server.base} />);
    await screen.findByText('Free nights can be chosen below.');
    expect(server.seen.map((r) => `${r.method} ${r.url}`)).toEqual([`GET ${path}`]);
    choose(addDays(today, 2), addDays(today, 4));
    expect(screen.getByText('Not available for these dates')).toBeTruthy();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(screen.queryByText(/₹/)).toBeNull();
    // Ending on the other guest's check-in day, or starting on their check-out day, is free.
    choose(addDays(today, 1), addDays(today, 3));
    expect(screen.queryByText('Not available for these dates')).toBeNull();
    expect(screen.getByText('₹4,500 × 2 nights = ₹9,000')).toBeTruthy();
    choose(addDays(today, 5), addDays(today, 6));
    expect(screen.getByText('₹4,500 × 1 night = ₹4,500')).toBeTruthy();
    expect(screen.getByText(/^Mention: .*, 2 guests, estimate ₹4,500$/)).toBeTruthy();
    expect(screen.getAllByRole('link')).toHaveLength(3);
  });

  it('when availability cannot be loaded it says so and still lets the guest send', async () => {
    server.answers[path] = [{ status: 500, body: { error: 'down' } }];
    render(<EnquiryDialog property={property} site={site} open onClose={() => {}} apiBase={server.base} />);
    await screen.findByText(/^Availability could not be checked just now/);
    choose(addDays(today, 1), addDays(today, 3));
    expect(screen.getAllByRole('link')).toHaveLength(3);
    expect(screen.queryByText(/₹/)).toBeNull();
  });
});
