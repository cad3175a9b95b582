/**
 * A real HTTP server on loopback (127.0.0.1 by default) for calendar tests: each path answers as a
 * channel's feed might (a fixture file, a status, a slow answer, a huge body, an HTML page,
 * redirects), and the answer of a path can be changed between syncs. It counts the TCP connections
 * it accepts, so a test can show that a refused address was never connected to (FEED-4).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const FIXTURES = path.join(import.meta.dirname, '../src/server/calendar/test-fixtures');

/** What a path answers. */
type FeedAnswer =
  | { kind: 'file'; name: string; contentType?: string }
  | { kind: 'delayed-file'; name: string; delayMs: number }
  | { kind: 'text'; body: string; contentType: string }
  | { kind: 'status'; status: number }
  | { kind: 'hang' }
  | { kind: 'bytes'; size: number; contentLength: boolean }
  | { kind: 'redirect'; to: string };

export interface FeedServer {
  /** http://127.0.0.1:{port} (or the address it was started on) */
  origin: string;
  port: number;
  /** TCP connections accepted so far, whatever came (or did not come) over them. */
  connections(): number;
  /** Sets what `pathname` answers from now on. */
  set(pathname: string, answer: FeedAnswer): void;
  /** Requests received, by pathname. */
  hits: Map<string, number>;
  /** The most requests this server has been answering at the same time. */
  maxInFlight(): number;
  close(): Promise<void>;
}

/** Starts the server on `host` (a loopback address) and `port` (0: a free one). */
export async function startFeedServer(host = '127.0.0.1', port = 0): Promise<FeedServer> {
  const answers = new Map<string, FeedAnswer>();
  const hits = new Map<string, number>();
  const hanging = new Set<http.ServerResponse>();
  let inFlight = 0;
  let maxInFlight = 0;
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    hits.set(pathname, (hits.get(pathname) ?? 0) + 1);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on('close', () => inFlight--);
    const answer = answers.get(pathname) ?? { kind: 'status', status: 404 };
    switch (answer.kind) {
      case 'file':
        res.writeHead(200, {
          'content-type': answer.contentType ?? 'text/calendar; charset=utf-8',
        });
        res.end(fs.readFileSync(path.join(FIXTURES, answer.name)));
        return;
      case 'delayed-file': {
        const timer = setTimeout(() => {
          res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' });
          res.end(fs.readFileSync(path.join(FIXTURES, answer.name)));
        }, answer.delayMs);
        res.on('close', () => clearTimeout(timer));
        return;
      }
      case 'text':
        res.writeHead(200, { 'content-type': answer.contentType });
        res.end(answer.body);
        return;
      case 'status':
        res.writeHead(answer.status, { 'content-type': 'text/plain' });
        res.end(`status ${answer.status}`);
        return;
      case 'hang':
        // Headers, then nothing: the client's deadline has to end it.
        res.writeHead(200, { 'content-type': 'text/calendar' });
        res.write('BEGIN:VCALENDAR\r\n');
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      case 'bytes': {
        const line = Buffer.from('X-FILLER:' + 'x'.repeat(1013) + '\r\n');
        res.writeHead(200, {
          'content-type': 'text/calendar',
          ...(answer.contentLength ? { 'content-length': String(answer.size) } : {}),
        });
        let sent = 0;
        const pump = (): void => {
          while (sent < answer.size) {
            sent += line.length;
            if (!res.write(line)) {
              res.once('drain', pump);
              return;
            }
          }
          res.end();
        };
        res.on('error', () => undefined);
        pump();
        return;
      }
      case 'redirect':
        res.writeHead(302, { location: answer.to });
        res.end();
        return;
    }
  });
  let connections = 0;
  server.on('connection', () => connections++);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const bound = (server.address() as { port: number }).port;
  return {
    origin: `http://${host.includes(':') ? `[${host}]` : host}:${bound}`,
    port: bound,
    connections: () => connections,
    set: (pathname, answer) => answers.set(pathname, answer),
    hits,
    maxInFlight: () => maxInFlight,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
