/**
 * BOOK-1, BOOK-2 through a power cut: the real server (`scripts/spawn-server.ts`, run
 * `node scripts/build.mjs` first) is killed with SIGKILL, no shutdown, the moment it has answered a
 * guest's request with 201; started again on the same DATA_DIR, it has the request in the owner's
 * inbox and serves the guest's booking page. A 201 is sent only after the SQLite commit.
 */
import fs from 'node:fs';
import { afterEach, expect, it } from 'vitest';
import type { BookingCreated, OwnerBooking } from '../../shared/bookings.js';
import { addDays, today } from '../../shared/calendar-dates.js';
import { spawnServer, type SpawnedServer } from '../../../scripts/spawn-server.js';

const OWNER = { ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'restart-correct-horse-battery' };
/** A demo property with a nightly rate. */
const PROPERTY = 'mullayanagiri-foothills-retreat';

const running: SpawnedServer[] = [];
let dataDir: string | undefined;
afterEach(async () => {
  for (const server of running.splice(0)) await server.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function start(env: Record<string, string> = {}): Promise<SpawnedServer> {
  const server = await spawnServer({ ...OWNER, ...env });
  running.push(server);
  return server;
}

it('keeps a request answered 201 when the server is killed right after, and serves its page after the restart', async () => {
  const first = await start();
  dataDir = first.dataDir;
  const checkIn = addDays(today(), 240);
  const res = await fetch(`${first.url}/api/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: first.url },
    body: JSON.stringify({
      propertyId: PROPERTY,
      checkIn,
      checkOut: addDays(checkIn, 3),
      guests: 2,
      name: 'Power Cut Guest',
      phone: '+91 98450 66666',
    }),
  });
  expect(res.status).toBe(201);
  await first.kill();
  running.splice(running.indexOf(first), 1);
  const created = (await res.json()) as BookingCreated;

  const second = await start({ DATA_DIR: first.dataDir });
  const login = await fetch(`${second.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: second.url },
    body: JSON.stringify({ username: OWNER.ADMIN_USERNAME, password: OWNER.ADMIN_PASSWORD }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const inbox = await fetch(`${second.url}/api/bookings?status=open`, { headers: { cookie } });
  expect(inbox.status).toBe(200);
  const { bookings } = (await inbox.json()) as { bookings: OwnerBooking[] };
  const stored = bookings.find((b) => b.id === created.id);
  expect(stored).toMatchObject({ name: 'Power Cut Guest', checkIn, status: 'requested' });
  // The guest's link still works: its path on the restarted server.
  const page = await fetch(`${second.url}${new URL(created.url).pathname}`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain(stored!.reference);
}, 180_000);
