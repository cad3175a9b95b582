/**
 * Starts the real server for the browser tests (scripts/spawn-server.ts) with a known owner account
 * and hands tests its URL and DATA_DIR through E2E_BASE_URL and E2E_DATA_DIR.
 */
import { spawnServer } from '../scripts/spawn-server.js';

export const E2E_ADMIN = { username: 'owner', password: 'e2e-correct-horse-battery' };

export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await spawnServer({
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    // The calendar specs serve their feeds from loopback, which the server otherwise refuses (AVL-4).
    CALENDAR_ALLOW_PRIVATE: 'true',
    // Every browser of the run requests bookings from 127.0.0.1 (BOOK-3 limits an address to 5 an hour).
    BOOKING_REQUESTS_PER_HOUR: '1000',
    // The guest's booking page shows the UPI link and QR code (BOOK-7).
    UPI_ID: 'stays@okhdfcbank',
  });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
  return () => server.stop();
}
