/**
 * RUNTIME-9: one log line per request (request-log.ts), readable on a terminal (terminal-log.ts), and a route's log serializers still
 * applied (the guest's link logs `[token]`, BOOK-5), through a real Fastify server's logger.
 */
import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { OneLinePerRequest } from './request-log.js';
import { terminalLogStream } from './terminal-log.js';

async function served(stream: NodeJS.WritableStream) {
  const app = Fastify({
    logger: { level: 'info', stream },
    logController: new OneLinePerRequest(),
  });
  app.get('/p/:slug', async () => 'ok');
  app.get(
    '/booking/:id/:token',
    {
      logSerializers: {
        req: (req) => ({ method: req.method, url: req.url.replace(/[^/]+$/, '[token]') }),
      },
    },
    async () => 'ok',
  );
  await app.ready();
  return app;
}

function collect() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (c: Buffer) => (text += c.toString('utf8')));
  return {
    stream,
    lines: () =>
      text
        // eslint-disable-next-line no-control-regex
        .replace(/\u001b\[[0-9;]*m/g, '')
        .split('\n')
        .filter(Boolean),
  };
}

describe('RUNTIME-9: the request log', () => {
  it('is one readable line per request on a terminal: time, level, method, path, status, ms', async () => {
    const out = collect();
    const app = await served(terminalLogStream(out.stream));
    await app.inject('/p/tusker-trail');
    await app.inject('/nowhere');
    app.log.info('Published revision 2');
    await app.close();
    const lines = out.lines();
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/p\/tusker-trail 200 \d+(\.\d)? ms$/);
    expect(lines[1]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/nowhere 404 \d+(\.\d)? ms$/);
    expect(lines[2]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: Published revision 2$/);
  });

  it('is one JSON line per request elsewhere, with the route serializer applied', async () => {
    const out = collect();
    const app = await served(out.stream);
    await app.inject('/booking/abc/SeCrEtToKeN');
    await app.close();
    const lines = out.lines();
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(entry).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/booking/abc/[token]' },
      res: { statusCode: 200 },
    });
    expect(lines[0]).not.toContain('SeCrEtToKeN');
  });
});
