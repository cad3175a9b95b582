// @vitest-environment jsdom
/**
 * The dialog's form logic in jsdom. jsdom has no showModal()/close() (it does not implement the
 * top layer), so the two methods below stand in for them; the real browser behaviour (focus, Escape,
 * focus return) is covered in real Chromium by e2e/enquiry.spec.ts.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testProperty } from '../../../test/factories.js';
import { startScriptedServer, type ScriptedServer } from '../../../test/test-server.js';
import type { Property, SiteInfo } from '../../shared/site-data.js';
import { EnquiryDialog } from './enquiry-dialog.js';
// Loaded up front: the dialog's lazy import() of the calendar then resolves at once instead of
// waiting for its first transform (seconds under Vitest).
import './stay-calendar.js';
// Likewise the phone reader (libphonenumber-js), which the dialog imports once it is open.
import '../../shared/phone.js';
import {
  addDays,
  formatDate,
  formatDay,
  today as propertyToday,
} from '../../shared/calendar-dates.js';
import { quoteStay } from '../../shared/quote.js';
import { formatPaise } from '../../shared/money.js';

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
    expect(screen.getByLabelText('Check-in').getAttribute('data-min')).toBe(today);
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
    expect(inError.previousElementSibling).toBe(checkIn.parentElement);

    fireEvent.change(checkIn, { target: { value: addDays(today, 3) } });
    expect(checkIn.hasAttribute('aria-invalid')).toBe(false);
    expect(checkIn.hasAttribute('aria-describedby')).toBe(false);
    expect(checkOut.getAttribute('data-min')).toBe(addDays(today, 4));

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

    fireEvent.change(screen.getByLabelText('Guests'), { target: { value: '51' } });
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(screen.getByText('Enter a number of guests from 1 to 50.')).toBeTruthy();
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

/** The price section's rows as [label, amount] pairs, or [] when there is none. */
function priceLines(): string[][] {
  const section = screen.queryByRole('region', { name: 'Price' });
  return section
    ? [...section.querySelectorAll('dl > div')].map((row) => [
        row.querySelector('dt')!.textContent!,
        row.querySelector('dd')!.textContent!,
      ])
    : [];
}

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
    render(
      <EnquiryDialog property={priced} site={site} open onClose={() => {}} apiBase={server.base} />,
    );
    await screen.findByText('Free nights can be chosen below.');
    expect(server.seen.map((r) => `${r.method} ${r.url}`)).toEqual([`GET ${path}`]);
    choose(addDays(today, 2), addDays(today, 4));
    expect(screen.getByText('Not available for these dates')).toBeTruthy();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    // No breakdown for a stay that cannot be had (the calendar still shows the free nights’ prices).
    expect(priceLines()).toEqual([]);
    // Ending on the other guest's check-in day, or starting on their check-out day, is free.
    choose(addDays(today, 1), addDays(today, 3));
    expect(screen.queryByText('Not available for these dates')).toBeNull();
    expect(priceLines()).toEqual([
      ['2 nights × ₹4,500', '₹9,000'],
      ['Total', '₹9,000'],
    ]);
    choose(addDays(today, 5), addDays(today, 6));
    expect(priceLines()).toEqual([
      ['1 night × ₹4,500', '₹4,500'],
      ['Total', '₹4,500'],
    ]);
    expect(screen.getByText(/^Mention: .*, 2 guests, total ₹4,500$/)).toBeTruthy();
    // WhatsApp, e-mail, the call, and the Request to book's privacy notice (PRIV-3).
    expect(screen.getAllByRole('link')).toHaveLength(4);
  });

  it('when availability cannot be loaded it says so and still lets the guest send', async () => {
    server.answers[path] = [{ status: 500, body: { error: 'down' } }];
    render(
      <EnquiryDialog
        property={property}
        site={site}
        open
        onClose={() => {}}
        apiBase={server.base}
      />,
    );
    await screen.findByText(/^Availability could not be checked just now/);
    choose(addDays(today, 1), addDays(today, 3));
    // WhatsApp, e-mail, the call, and the Request to book's privacy notice (PRIV-3).
    expect(screen.getAllByRole('link')).toHaveLength(4);
    expect(screen.queryByText(/₹/)).toBeNull();
  });
});

/** The date `n` days ahead whose weekday is `day` (0 Sunday … 6 Saturday), from today + n on. */
function nextWeekday(day: number, n = 1): string {
  let date = addDays(today, n);
  while (new Date(`${date}T00:00:00Z`).getUTCDay() !== day) date = addDays(date, 1);
  return date;
}

describe('the price as it is chosen (ENQ-3, ENQ-4)', () => {
  let server: ScriptedServer;
  beforeAll(async () => {
    server = await startScriptedServer();
  });
  afterAll(() => server.close());
  afterEach(() => server.reset());

  const thursday = nextWeekday(4, 2);
  const holi = { from: addDays(thursday, 7), to: addDays(thursday, 9) };
  const rated: Property = {
    ...property,
    nightlyRate: 4500,
    weekendRate: 5500,
    minNights: 2,
    maxGuests: 4,
    includedGuests: 2,
    extraGuestRate: 800,
    cleaningFee: 600,
    seasons: [{ name: 'Holi', ...holi, nightlyRate: 9000, minNights: 3 }],
  };
  const open = (p: Property, s: SiteInfo = site) => {
    server.answers['/api/availability/coffee-view'] = [
      { status: 200, body: { propertyId: 'coffee-view', updatedAt: '', unavailable: [] } },
    ];
    render(<EnquiryDialog property={p} site={s} open onClose={() => {}} apiBase={server.base} />);
  };
  const choose = (checkIn: string, checkOut: string, guests = '2') => {
    fireEvent.change(screen.getByLabelText('Check-in'), { target: { value: checkIn } });
    fireEvent.change(screen.getByLabelText('Check-out'), { target: { value: checkOut } });
    fireEvent.change(screen.getByLabelText('Guests'), { target: { value: guests } });
  };

  it('tells the minimum stay, its seasons and the most guests before the guest picks', async () => {
    open(rated);
    expect(
      await screen.findByText(
        'Free nights can be chosen below. The minimum stay is 2 nights (Holi: 3 nights). Up to 4 guests.',
      ),
    ).toBeTruthy();
    expect(screen.getByLabelText('Guests').getAttribute('max')).toBe('4');
  });

  it('shows the quote’s lines and total, GST with a GSTIN, and the same figures as quoteStay', async () => {
    open(rated, { ...site, gstin: '29ABCDE1234F1ZW' });
    await screen.findByText(/^Free nights can be chosen below/);
    // A week from a Thursday (two of its nights a weekend), then the 3 nights of Holi, for 3 guests.
    choose(thursday, addDays(thursday, 10), '3');
    const quote = quoteStay(
      rated,
      { checkIn: thursday, checkOut: addDays(thursday, 10), guests: 3 },
      { settings: { gstin: '29ABCDE1234F1ZW' }, today },
    );
    expect(quote.problems).toEqual([]);
    expect(priceLines()).toEqual([
      ...quote.lines.map((l) => [l.label, formatPaise(l.amountPaise)]),
      ['Total', formatPaise(quote.totalPaise)],
    ]);
    expect(priceLines().map(([label]) => label)).toEqual([
      '5 weekday nights × ₹4,500',
      '2 weekend nights × ₹5,500',
      'Holi: 3 nights × ₹9,000',
      'Extra guests (1 × ₹800 × 10 nights)',
      'Cleaning fee',
      'GST (5% and 18%)',
      'Total',
    ]);
    const wa = screen.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')!;
    expect(new URL(wa).searchParams.get('text')).toContain(
      `Price: ${formatPaise(quote.totalPaise)} (`,
    );
    expect(
      screen.getByText(
        `Mention: ${formatDate(thursday)} to ${formatDate(addDays(thursday, 10))}, 3 guests, total ${formatPaise(quote.totalPaise)}`,
      ),
    ).toBeTruthy();
  });

  it('shows a season’s minimum stay and too many guests next to their fields, and no price then', async () => {
    open(rated);
    await screen.findByText(/^Free nights can be chosen below/);
    choose(holi.from, addDays(holi.from, 2), '5');
    expect(screen.getByText(/^The minimum stay during Holi is 3 nights: choose /)).toBeTruthy();
    const guests = screen.getByLabelText('Guests');
    expect(document.getElementById(guests.getAttribute('aria-describedby')!)!.textContent).toBe(
      'This property takes at most 4 guests.',
    );
    expect(priceLines()).toEqual([]);
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });

  it('shows each free night’s price under its date in the calendar, none for a taken night', async () => {
    server.answers['/api/availability/coffee-view'] = [
      {
        status: 200,
        body: {
          propertyId: 'coffee-view',
          updatedAt: '',
          unavailable: [{ start: addDays(thursday, 1), end: addDays(thursday, 2) }],
        },
      },
    ];
    render(
      <EnquiryDialog property={rated} site={site} open onClose={() => {}} apiBase={server.base} />,
    );
    await screen.findByText(/^Free nights can be chosen below/);
    const cell = (date: string) =>
      document.querySelector(`td[data-day="${date}"]:not([data-outside]) button`)!;
    await screen.findAllByRole('grid', {}, { timeout: 5000 });
    expect(cell(thursday).textContent).toBe(`${Number(thursday.slice(8))} ₹4,500`);
    // The name starts with the visible text (WCAG 2.5.3 Label in Name).
    expect(cell(thursday).getAttribute('aria-label')).toMatch(
      new RegExp(`^${Number(thursday.slice(8))} ₹4,500 a night, \\w+day, `),
    );
    // Friday is taken: no price; Saturday is a weekend night.
    expect(cell(addDays(thursday, 1)).textContent).toBe(
      String(Number(addDays(thursday, 1).slice(8))),
    );
    expect(cell(addDays(thursday, 1)).getAttribute('aria-label')).toMatch(/, taken$/);
    expect(cell(addDays(thursday, 2)).textContent).toMatch(/₹5,500$/);
  });

  it('shows no price anywhere without a nightly rate', async () => {
    open({ ...property, maxGuests: 3 });
    await screen.findByText('Free nights can be chosen below. Up to 3 guests.');
    await screen.findAllByRole('grid', {}, { timeout: 5000 });
    choose(addDays(today, 1), addDays(today, 3));
    // WhatsApp, e-mail, the call, and the Request to book's privacy notice (PRIV-3).
    expect(screen.getAllByRole('link')).toHaveLength(4);
    expect(document.querySelector('dialog')!.textContent).not.toMatch(/₹/);
    const wa = screen.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')!;
    expect(decodeURIComponent(wa)).not.toMatch(/₹|Price/);
  });
});

describe('Request to book (ENQ-5, ENQ-6, DAY-14), against a loopback server', () => {
  let server: ScriptedServer;
  beforeAll(async () => {
    server = await startScriptedServer();
  });
  afterAll(() => server.close());
  afterEach(() => server.reset());

  const priced: Property = { ...property, nightlyRate: 4500 };
  const availability = '/api/availability/coffee-view';
  const free = { status: 200, body: { propertyId: 'coffee-view', updatedAt: '', unavailable: [] } };
  const checkIn = addDays(today, 10);
  const checkOut = addDays(today, 12);

  async function openForm(p: Property = priced, base = server.base) {
    server.answers[availability] = [free, free];
    render(<EnquiryDialog property={p} site={site} open onClose={() => {}} apiBase={base} />);
    await screen.findByText(/^Free nights can be chosen below/);
    fireEvent.change(screen.getByLabelText('Check-in'), { target: { value: checkIn } });
    fireEvent.change(screen.getByLabelText('Check-out'), { target: { value: checkOut } });
    fireEvent.change(screen.getByLabelText('Message (optional)'), { target: { value: 'Late' } });
    return screen.getByRole('region', { name: 'Request to book' });
  }
  const fill = (name: string, phone: string, email = '') => {
    fireEvent.change(screen.getByLabelText('Your name'), { target: { value: name } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: phone } });
    fireEvent.change(screen.getByLabelText('E-mail (optional)'), { target: { value: email } });
  };
  const send = () => fireEvent.click(screen.getByRole('button', { name: 'Request to book' }));
  const posts = () => server.seen.filter((r) => r.method === 'POST');
  const errorOf = (label: string) => {
    const field = screen.getByLabelText(label);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    return document.getElementById(field.getAttribute('aria-describedby')!)!.textContent;
  };

  it('shows the total, the advance and the balance with its day before the one Request to book', async () => {
    server.answers[availability] = [free, free];
    render(
      <EnquiryDialog
        property={priced}
        site={{ ...site, balanceDueDays: 3 }}
        open
        onClose={() => {}}
        apiBase={server.base}
      />,
    );
    await screen.findByText(/^Free nights can be chosen below/);
    // No stay yet: no request, nothing to press.
    expect(screen.queryByRole('button', { name: 'Request to book' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Check-in'), { target: { value: checkIn } });
    fireEvent.change(screen.getByLabelText('Check-out'), { target: { value: checkOut } });
    const form = screen.getByRole('region', { name: 'Request to book' });
    const q = quoteStay(priced, { checkIn, checkOut, guests: 2 }, { settings: site, today });
    expect(q.advancePaise).toBeLessThan(q.totalPaise);
    const money = [...form.querySelectorAll('dl > div')].map((row) =>
      [...row.children].map((c) => c.textContent),
    );
    // DAY-19: the total once, the price's last line; the request says how it is paid.
    expect(priceLines().at(-1)).toEqual(['Total', formatPaise(q.totalPaise)]);
    expect(within(form).queryByText('Total')).toBeNull();
    expect(money).toEqual([
      ['Advance, once the owner accepts', formatPaise(q.advancePaise)],
      [
        `Balance, due by ${formatDay(addDays(checkIn, -3))}`,
        formatPaise(q.totalPaise - q.advancePaise),
      ],
    ]);
    // The money comes before the button that sends; the one button of the dialog's kind.
    const button = screen.getByRole('button', { name: 'Request to book' });
    expect(
      form.querySelector('dl')!.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(
      [...document.querySelectorAll('dialog button')].filter((b) => /book/i.test(b.textContent!)),
    ).toHaveLength(1);
  });

  it('posts the request and shows "Request sent" with a link to the booking page', async () => {
    await openForm();
    fill(' Asha Rao ', '94480 12345', 'asha@example.in');
    server.answers['/api/bookings'] = [
      {
        status: 201,
        body: { id: 'b1', status: 'requested', url: 'https://stays.example/booking/b1/t0k3n' },
      },
    ];
    send();
    const sent = await screen.findByRole('heading', { name: 'Request sent' });
    // The Send button is gone: focus goes to the notice, inside the dialog (in the effect after
    // the notice is drawn, so it is waited for).
    await vi.waitFor(() => expect(document.activeElement).toBe(sent.parentElement));
    expect(screen.getByRole('link', { name: 'Open your booking page' }).getAttribute('href')).toBe(
      'https://stays.example/booking/b1/t0k3n',
    );
    expect(posts()).toHaveLength(1);
    expect(posts()[0]!.contentType).toBe('application/json');
    expect(JSON.parse(posts()[0]!.body.toString())).toEqual({
      propertyId: 'coffee-view',
      checkIn,
      checkOut,
      guests: 2,
      name: 'Asha Rao',
      phone: '94480 12345',
      email: 'asha@example.in',
      message: 'Late',
    });
  });

  it('keeps the honeypot out of sight, of the accessibility tree and of the tab order', async () => {
    await openForm();
    const honeypot = document.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.getAttribute('autocomplete')).toBe('off');
    expect(honeypot.closest('[aria-hidden="true"]')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Website' })).toBeNull();
    // A bot fills it: it is sent, for the server to drop (BOOK-1).
    fireEvent.change(honeypot, { target: { value: 'http://spam.example' } });
    fill('Bot', '94480 12345');
    server.answers['/api/bookings'] = [
      {
        status: 201,
        body: { id: 'x', status: 'requested', url: 'https://stays.example/booking/x/y' },
      },
    ];
    send();
    await screen.findByRole('heading', { name: 'Request sent' });
    expect(JSON.parse(posts()[0]!.body.toString()).website).toBe('http://spam.example');
  });

  it('checks name and phone before sending, and moves focus to the first to fix', async () => {
    await openForm();
    send();
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Your name')));
    expect(errorOf('Your name')).toBe('Enter your name.');
    expect(errorOf('Phone')).toBe('Enter a phone number the owner can call you on.');
    expect(posts()).toHaveLength(0);
  });

  it('reads the phone as the server does before sending (STAY-1): a number it cannot call is refused in its words', async () => {
    await openForm();
    fill('Asha', '1234567');
    send();
    await vi.waitFor(() =>
      expect(errorOf('Phone')).toBe(
        'This is not a phone number we can call: give it with its country code, e.g. +91 94480 12345.',
      ),
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Phone'));
    expect(posts()).toHaveLength(0);
  });

  it('shows a 400 next to the field it names, and clears it when the field changes', async () => {
    await openForm();
    fill('Asha', '94480 12345');
    server.answers['/api/bookings'] = [
      { status: 400, body: { error: 'This number is refused.', field: 'phone' } },
    ];
    send();
    await vi.waitFor(() => expect(errorOf('Phone')).toBe('This number is refused.'));
    expect(document.activeElement).toBe(screen.getByLabelText('Phone'));
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '94480 12346' } });
    expect(screen.getByLabelText('Phone').hasAttribute('aria-invalid')).toBe(false);
  });

  it('a 409 says the dates are no longer available, at the dates, and asks for availability again', async () => {
    await openForm();
    fill('Asha', '94480 12345');
    server.answers['/api/bookings'] = [
      { status: 409, body: { error: 'Those nights are taken.', field: 'checkIn' } },
    ];
    server.answers[availability] = [
      {
        status: 200,
        body: {
          propertyId: 'coffee-view',
          updatedAt: '',
          unavailable: [{ start: checkIn, end: checkOut }],
        },
      },
    ];
    send();
    await vi.waitFor(() =>
      expect(errorOf('Check-in')).toBe(
        'These dates are no longer available: choose other dates, or ask the owner.',
      ),
    );
    await screen.findByText('Not available for these dates');
    expect(server.seen.filter((r) => r.url === availability)).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Request to book' })).toBeNull();
  });

  it('a 429 is said in plain words; the form stays and can send again', async () => {
    await openForm();
    fill('Asha', '94480 12345');
    server.answers['/api/bookings'] = [
      { status: 429, body: { error: 'Too many requests' } },
      {
        status: 201,
        body: { id: 'b', status: 'requested', url: 'https://stays.example/booking/b/t' },
      },
    ];
    send();
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^Too many requests have come from your connection in the last hour\. Try again later, or use WhatsApp or a call\.$/,
    );
    send();
    await screen.findByRole('heading', { name: 'Request sent' });
  });

  it.each([
    ['a 500', 500, { error: 'Something went wrong on our side.' }],
    ['a 502 without JSON', 502, undefined],
  ])('%s: nothing was booked, and the other ways to send still work', async (_, status, body) => {
    await openForm();
    fill('Asha', '94480 12345');
    server.answers['/api/bookings'] = [{ status, body }];
    send();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The request could not be sent; nothing was booked. Try again, or use WhatsApp or a call.',
    );
    expect(screen.getByRole('link', { name: /WhatsApp/ })).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Request to book' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('with the server down (nothing listening) it says so for availability and for the request', async () => {
    const down = await startScriptedServer();
    const base = down.base;
    await down.close();
    render(<EnquiryDialog property={priced} site={site} open onClose={() => {}} apiBase={base} />);
    await screen.findByText(/^Availability could not be checked just now/);
    fireEvent.change(screen.getByLabelText('Check-in'), { target: { value: checkIn } });
    fireEvent.change(screen.getByLabelText('Check-out'), { target: { value: checkOut } });
    // The price is computed in the page.
    expect(priceLines().at(-1)).toEqual(['Total', '₹9,000']);
    fill('Asha', '94480 12345');
    send();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The request could not be sent; nothing was booked. Try again, or use WhatsApp or a call.',
    );
    // WhatsApp, the call, and the privacy notice's link (PRIV-3).
    expect(screen.getAllByRole('link')).toHaveLength(4);
  });

  it('works without a nightly rate: no price, the request still goes', async () => {
    await openForm(property);
    expect(document.querySelector('dialog')!.textContent).not.toMatch(/₹/);
    fill('Asha', '94480 12345');
    server.answers['/api/bookings'] = [
      { status: 201, body: { id: 'b', status: 'requested', url: 'javascript:alert(1)' } },
    ];
    send();
    await screen.findByRole('heading', { name: 'Request sent' });
    // Only a web address becomes a link.
    expect(screen.queryByRole('link', { name: 'Open your booking page' })).toBeNull();
  });
});
