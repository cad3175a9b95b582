/**
 * For running the calendar browser tests before the server's calendar routes exist: a real HTTP
 * server on loopback answering the shapes of AVL-7 and AVL-9 from memory, and a page route that
 * sends /api/availability and /api/calendar there. Used only when E2E_CALENDAR_STUB=1; without
 * it the tests talk to the real app. Its feed reading is a test shortcut (DTSTART/DTEND of
 * all-day events), not the app's parser.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';

interface Feed {
  id: string;
  label: string;
  url: string;
  lastSyncAt: string | null;
  lastError: string | null;
  bookings: number;
  stale: boolean;
  ranges: { start: string; end: string }[];
}

interface Calendar {
  feeds: Feed[];
  blocks: { start: string; end: string; note: string }[];
  secret: number;
}

export const USE_CALENDAR_STUB = process.env.E2E_CALENDAR_STUB === '1';

const isoOf = (v: string) => `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)}`;

async function readFeed(url: string): Promise<{ start: string; end: string }[]> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`the address answered ${res.status}`);
  const text = await res.text();
  return [...text.matchAll(/DTSTART;VALUE=DATE:(\d{8})\r?\nDTEND;VALUE=DATE:(\d{8})/g)].map(
    (m) => ({
      start: isoOf(m[1]!),
      end: isoOf(m[2]!),
    }),
  );
}

export async function startCalendarStub(): Promise<{ base: string; close: () => Promise<void> }> {
  const calendars = new Map<string, Calendar>();
  const get = (id: string) => {
    if (!calendars.has(id)) calendars.set(id, { feeds: [], blocks: [], secret: 1 });
    return calendars.get(id)!;
  };
  const view = (id: string, c: Calendar, origin: string) => ({
    feeds: c.feeds.map(({ ranges: _ranges, ...f }) => f),
    blocks: c.blocks,
    exportUrl: `${origin}/calendar/${id}/secret-${c.secret}.ics`,
  });
  let feedCount = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://stub');
        const origin = req.headers['x-site-origin'] as string;
        const send = (status: number, body: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        };
        const avail = /^\/api\/availability\/([^/]+)$/.exec(url.pathname);
        if (avail) {
          const c = get(decodeURIComponent(avail[1]!));
          const unavailable = [...c.blocks, ...c.feeds.flatMap((f) => f.ranges)]
            .map(({ start, end }) => ({ start, end }))
            .sort((a, b) => a.start.localeCompare(b.start));
          return send(200, {
            propertyId: avail[1],
            updatedAt: new Date().toISOString(),
            unavailable,
          });
        }
        const cal = /^\/api\/calendar\/([^/]+)(?:\/(sync|secret))?$/.exec(url.pathname);
        if (!cal) return send(404, { error: 'not found', field: 'path' });
        const id = decodeURIComponent(cal[1]!);
        const c = get(id);
        if (req.method === 'PUT') {
          const body = JSON.parse(Buffer.concat(chunks).toString()) as {
            feeds: { label: string; url: string }[];
            blocks: Calendar['blocks'];
          };
          const bad = body.feeds.findIndex((f) => !/^https?:\/\//.test(f.url));
          if (bad >= 0)
            return send(400, {
              error: 'The address must start with http:// or https://.',
              field: `feeds.${bad}.url`,
            });
          c.feeds = body.feeds.map((f) => {
            const same = c.feeds.find((o) => o.url === f.url);
            return same
              ? { ...same, label: f.label }
              : {
                  id: `feed-${++feedCount}`,
                  label: f.label,
                  url: f.url,
                  lastSyncAt: null,
                  lastError: null,
                  bookings: 0,
                  stale: false,
                  ranges: [],
                };
          });
          c.blocks = body.blocks;
        } else if (cal[2] === 'sync') {
          for (const f of c.feeds) {
            try {
              f.ranges = await readFeed(f.url);
              f.bookings = f.ranges.length;
              f.lastSyncAt = new Date().toISOString();
              f.lastError = null;
            } catch (err) {
              f.lastError = `${(err as Error).message} at ${new Date().toISOString().slice(11, 16)}`;
            }
          }
        } else if (cal[2] === 'secret') {
          c.secret += 1;
        }
        return send(200, view(id, c, origin));
      })();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** Sends the page's calendar calls to the stub (only when USE_CALENDAR_STUB). */
export async function routeCalendarToStub(
  page: Page,
  stubBase: string,
  siteOrigin: string,
): Promise<void> {
  await page.route(/\/api\/(availability|calendar)\//, async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({
      url: `${stubBase}${url.pathname}`,
      headers: { ...route.request().headers(), 'x-site-origin': siteOrigin },
    });
    await route.fulfill({ response });
  });
}
