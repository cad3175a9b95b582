// @vitest-environment jsdom
/**
 * The inbox's waiting messages (MSG-5, MSG-6) against a real HTTP server on loopback answering
 * the messages contract's shapes: a held message says what is missing; a WhatsApp one links
 * wa.me with its text, and tapping it posts "sent" and takes it off the list; a refusal is said.
 * The real routes: src/server/messages/messages.test.ts.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { whatsappLink, type WaitingMessage } from '../../../shared/messages.js';
import { startScriptedServer, type ScriptedServer } from '../../../../test/test-server.js';
import { WaitingMessages } from './waiting-messages.js';

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  server.reset();
});

const WAITING = '/api/messages/waiting';
const held: WaitingMessage = {
  bookingId: 'b-held',
  ruleId: 'check-in-day',
  reference: 'STY-7K2Q',
  guestName: 'Asha Rao',
  ruleName: 'Check-in day',
  state: 'held',
  problem: '“Check-in day” to Asha Rao is held: the Wi-Fi password is not set.',
  dueAt: '2026-03-20T02:30:00.000Z',
};
const whatsapp: WaitingMessage = {
  bookingId: 'b-wa',
  ruleId: 'pre-arrival',
  reference: 'STY-9P4D',
  guestName: 'Vikram Shetty',
  ruleName: 'Before arrival',
  state: 'whatsapp',
  whatsappUrl: whatsappLink('+919900011122', 'ನಮಸ್ಕಾರ Vikram 🙏'),
  dueAt: '2026-03-12T04:30:00.000Z',
};

it('says what a held message misses and sends a WhatsApp one with one tap', async () => {
  server.answers[WAITING] = [{ status: 200, body: { messages: [held, whatsapp] } }];
  server.answers['/api/messages/waiting/b-wa/pre-arrival/sent'] = [
    { status: 200, body: { ok: true } },
  ];
  render(<WaitingMessages opening={1} env={{ base: server.base }} />);
  await screen.findByRole('heading', { name: 'Messages waiting for you (2)' });
  expect(screen.getByText(/STY-7K2Q: “Check-in day” to Asha Rao is held/)).toBeTruthy();
  const link = screen.getByRole('link', { name: 'Send on WhatsApp' });
  expect(link.getAttribute('href')).toBe(
    `https://wa.me/919900011122?text=${encodeURIComponent('ನಮಸ್ಕಾರ Vikram 🙏')}`,
  );
  expect(link.getAttribute('target')).toBe('_blank');
  fireEvent.click(link);
  await screen.findByText('“Before arrival” to Vikram Shetty is marked sent.');
  expect(screen.getByRole('heading', { name: 'Messages waiting for you (1)' })).toBeTruthy();
  expect(screen.queryByRole('link', { name: 'Send on WhatsApp' })).toBeNull();
  expect(server.seen.map((s) => `${s.method} ${s.url}`)).toEqual([
    `GET ${WAITING}`,
    'POST /api/messages/waiting/b-wa/pre-arrival/sent',
  ]);
});

it('says a refused tap, and shows nothing when no message waits', async () => {
  server.answers[WAITING] = [{ status: 200, body: { messages: [whatsapp] } }];
  server.answers['/api/messages/waiting/b-wa/pre-arrival/sent'] = [
    { status: 404, body: { error: 'No WhatsApp message waits for this booking and rule.' } },
  ];
  render(<WaitingMessages opening={1} env={{ base: server.base }} />);
  fireEvent.click(await screen.findByRole('link', { name: 'Send on WhatsApp' }));
  await screen.findByText('No WhatsApp message waits for this booking and rule.');
  cleanup();
  server.answers[WAITING] = [{ status: 200, body: { messages: [] } }];
  const view = render(<WaitingMessages opening={2} env={{ base: server.base }} />);
  await waitFor(() => expect(server.seen.filter((s) => s.url === WAITING)).toHaveLength(2));
  expect(view.container.innerHTML).toBe('');
});
