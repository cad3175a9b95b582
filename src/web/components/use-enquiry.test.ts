// @vitest-environment jsdom
/**
 * The enquiry dialog's state hook on its own (ENQ-3..ENQ-6): the quote it computes is quoteStay's,
 * GST follows the published GSTIN, the calendar's prices and rules follow the property, and the
 * request's answers become its state. Availability and bookings come from a real loopback server.
 */
import { act, renderHook, waitFor, type RenderHookResult } from '@testing-library/react';
import type { ChangeEvent } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testProperty } from '../../../test/factories.js';
import { startScriptedServer, type ScriptedServer } from '../../../test/test-server.js';
import { addDays, today as propertyToday } from '../../shared/calendar-dates.js';
import { quoteStay } from '../../shared/quote.js';
import type { Property, SiteInfo } from '../../shared/site-data.js';
import { useEnquiry, type EnquiryState } from './use-enquiry.js';

const today = propertyToday();
const site: SiteInfo = {
  siteUrl: 'https://stays.example/',
  businessName: 'Stays',
  email: 'a@stays.example',
  phone: '+91 94480 12345',
  socialUrl: '',
  officeAddress: '',
};
const property: Property = testProperty({
  id: 'hill',
  nightlyRate: 4000,
  weekendRate: 5000,
  cleaningFee: 300,
  seasons: [
    {
      name: 'Peak',
      from: addDays(today, 20),
      to: addDays(today, 25),
      nightlyRate: 8000,
      minNights: 4,
    },
  ],
});

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());
afterEach(() => server.reset());

const change = (value: string) =>
  ({ currentTarget: { value } }) as unknown as ChangeEvent<HTMLInputElement>;

async function start(p: Property = property, s: SiteInfo = site) {
  server.answers['/api/availability/hill'] = [
    {
      status: 200,
      body: {
        propertyId: 'hill',
        updatedAt: '',
        unavailable: [{ start: addDays(today, 5), end: addDays(today, 6) }],
      },
    },
  ];
  const hook = renderHook(() =>
    useEnquiry({ property: p, site: s, open: true, apiBase: server.base }),
  );
  await waitFor(() => expect(hook.result.current.availability.state).toBe('known'), {
    timeout: 5000,
  });
  return hook;
}
function choose(
  hook: RenderHookResult<EnquiryState, unknown>,
  checkIn: string,
  checkOut: string,
  guests = '2',
) {
  act(() => hook.result.current.update('checkIn')(change(checkIn)));
  act(() => hook.result.current.update('checkOut')(change(checkOut)));
  act(() => hook.result.current.update('guests')(change(guests)));
}

describe('useEnquiry', () => {
  it('quotes with quoteStay, GST only with a published GSTIN', async () => {
    for (const gstin of [undefined, '29ABCDE1234F1ZW']) {
      const hook = await start(property, { ...site, ...(gstin ? { gstin } : {}) });
      choose(hook, addDays(today, 1), addDays(today, 4), '3');
      expect(hook.result.current.quote).toEqual(
        quoteStay(
          property,
          { checkIn: addDays(today, 1), checkOut: addDays(today, 4), guests: 3 },
          { settings: gstin === undefined ? {} : { gstin }, today },
        ),
      );
      expect(hook.result.current.quote!.taxPaise > 0).toBe(gstin !== undefined);
      hook.unmount();
    }
  });

  it('has no quote while the stay is not valid or without a nightly rate; a taken stay is said apart', async () => {
    const hook = await start();
    choose(hook, addDays(today, 1), addDays(today, 1));
    expect(hook.result.current.quote).toBeUndefined();
    choose(hook, addDays(today, 4), addDays(today, 7));
    expect(hook.result.current.taken).toBe(true);
    expect(hook.result.current.links).toBeNull();
    expect(hook.result.current.canRequest).toBe(false);
    hook.unmount();

    const unpriced = await start({ ...property, nightlyRate: undefined });
    choose(unpriced, addDays(today, 1), addDays(today, 3));
    expect(unpriced.result.current.quote).toBeUndefined();
    expect(unpriced.result.current.priceOf).toBeUndefined();
    expect(unpriced.result.current.canRequest).toBe(true);
  });

  it('gives the calendar each night’s price from today on and the minimum stay of its season', async () => {
    const hook = await start();
    const { priceOf, rules } = hook.result.current;
    expect(priceOf!(addDays(today, -1))).toBeUndefined();
    expect(priceOf!(addDays(today, 21))).toBe('₹8,000');
    expect(['₹4,000', '₹5,000']).toContain(priceOf!(today));
    expect(rules.minNights(addDays(today, 21))).toBe(4);
    expect(rules.minNights(addDays(today, 1))).toBe(1);
    expect(rules.unavailable).toEqual([{ start: addDays(today, 5), end: addDays(today, 6) }]);
  });

  it('goes from sending to sent with the booking page, and back to editing after a change of dates', async () => {
    const hook = await start();
    choose(hook, addDays(today, 1), addDays(today, 3));
    act(() => hook.result.current.updateContact('name')(change('Asha')));
    act(() => hook.result.current.updateContact('phone')(change('94480 12345')));
    server.answers['/api/bookings'] = [
      {
        status: 201,
        body: { id: 'b', status: 'requested', url: 'https://stays.example/booking/b/t' },
      },
    ];
    let sending!: Promise<unknown>;
    act(() => {
      sending = hook.result.current.sendRequest();
    });
    expect(hook.result.current.request).toEqual({ state: 'sending' });
    await act(async () => {
      await sending;
    });
    expect(hook.result.current.request).toEqual({
      state: 'sent',
      url: 'https://stays.example/booking/b/t',
    });
    act(() => hook.result.current.update('checkOut')(change(addDays(today, 4))));
    expect(hook.result.current.request).toEqual({ state: 'editing' });
  });

  it('names the first contact field to fix and sends nothing', async () => {
    const hook = await start();
    choose(hook, addDays(today, 1), addDays(today, 3));
    act(() => hook.result.current.updateContact('name')(change('Asha')));
    let wrong: unknown;
    await act(async () => {
      wrong = await hook.result.current.sendRequest();
    });
    expect(wrong).toBe('phone');
    expect(hook.result.current.contactError('phone')).toBe(
      'Enter a phone number the owner can call you on.',
    );
    expect(server.seen.filter((r) => r.method === 'POST')).toEqual([]);
  });
});
