/**
 * Test helper: a real HTTP server on a loopback port that records every request and answers from
 * a script keyed by path (unscripted paths get 500). It allows any origin, so code running under
 * jsdom (origin http://localhost:3000) can call it with fetch and XMLHttpRequest.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface SeenRequest {
  method: string;
  url: string;
  body: Buffer;
  contentType: string | undefined;
}

interface Answer {
  status: number;
  body?: unknown;
}

export interface ScriptedServer {
  base: string;
  seen: SeenRequest[];
  /** Answers still to give, per path, in order. */
  answers: Record<string, Answer[]>;
  reset(): void;
  close(): Promise<void>;
}

export async function startScriptedServer(): Promise<ScriptedServer> {
  const state = { seen: [] as SeenRequest[], answers: {} as Record<string, Answer[]> };
  const server = http.createServer((req, res) => {
    const cors = {
      'access-control-allow-origin': req.headers.origin ?? '*',
      'access-control-allow-headers': 'content-type, accept',
      'access-control-allow-methods': 'GET, POST',
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors);
      res.end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = req.url ?? '';
      state.seen.push({
        method: req.method ?? '',
        url,
        body: Buffer.concat(chunks),
        contentType: req.headers['content-type'],
      });
      const answer = state.answers[url]?.shift() ?? { status: 500, body: { error: 'unscripted' } };
      // One connection a request: a kept-alive socket the server times out just as the client
      // reuses it resets a POST (ECONNRESET) on a loaded machine, which undici does not retry.
      res.writeHead(answer.status, {
        ...cors,
        'content-type': 'application/json',
        connection: 'close',
      });
      res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get seen() {
      return state.seen;
    },
    get answers() {
      return state.answers;
    },
    set answers(a) {
      state.answers = a;
    },
    reset() {
      state.seen.length = 0;
      state.answers = {};
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
