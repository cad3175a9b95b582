/**
 * html.ts through a real Fastify app and its one error handler (errors.ts): a route's declared
 * cache policy reaches every answer it gives unless the answer set its own (HTML-3); the header
 * set (HTML-1); the notice page, hostile text escaped, allowed by its own CSP only (HTML-4); the
 * 404 page read through the publish target, and the notice page while none is published (HTML-5).
 */
import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, errorHandler } from './errors.js';
import {
  applyCachePolicy,
  CONTENT_SECURITY_POLICY,
  escapeHtml,
  noticeHtml,
  securityHeaders,
  sendNotFoundPage,
  sendNotice,
} from './html.js';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function appWith(register: (app: FastifyInstance) => void): Promise<FastifyInstance> {
  app = Fastify();
  app.setErrorHandler(errorHandler);
  app.addHook('onSend', applyCachePolicy);
  await app.register(async (scope) => register(scope));
  await app.ready();
  return app;
}

describe('HTML-3: a route declares its cache policy, one hook applies it', () => {
  it('sets the declared policy on every answer, keeps an answer’s own, and sets none undeclared', async () => {
    const a = await appWith((scope) => {
      scope.get('/owner', { config: { cache: 'no-store' } }, async () => ({ ok: true }));
      scope.post('/owner', { config: { cache: 'no-store' } }, async (_req, reply) =>
        reply.code(303).header('location', '/').send(),
      );
      scope.get('/quote', { config: { cache: 'public, max-age=300' } }, async (req) => {
        if ((req.query as { bad?: string }).bad) throw new ApiError(400, 'Bad.', { field: 'x' });
        return { ok: true };
      });
      scope.get('/own', { config: { cache: 'no-store' } }, async (_req, reply) =>
        reply.header('cache-control', 'public, no-cache').send('page'),
      );
      scope.get('/plain', async () => ({ ok: true }));
    });
    const cacheOf = async (method: 'GET' | 'POST' | 'HEAD', url: string) =>
      (await a.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) })).headers[
        'cache-control'
      ];
    expect(await cacheOf('GET', '/owner')).toBe('no-store');
    expect(await cacheOf('HEAD', '/owner')).toBe('no-store');
    expect(await cacheOf('POST', '/owner')).toBe('no-store');
    expect(await cacheOf('GET', '/quote')).toBe('public, max-age=300');
    // A refusal is never kept, whatever its route allows (the error handler's own no-store).
    expect(await cacheOf('GET', '/quote?bad=1')).toBe('no-store');
    expect(await cacheOf('GET', '/own')).toBe('public, no-cache');
    expect(await cacheOf('GET', '/plain')).toBeUndefined();
  });
});

describe('HTML-1: the header set', () => {
  it('always nosniff, frame denial and a referrer policy; the CSP and noindex when asked', () => {
    expect(securityHeaders()).toEqual({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
    });
    expect(
      securityHeaders({ csp: CONTENT_SECURITY_POLICY, referrer: 'strict-origin', noindex: true }),
    ).toEqual({
      'x-robots-tag': 'noindex, nofollow',
      'content-security-policy': CONTENT_SECURITY_POLICY,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin',
      'x-frame-options': 'DENY',
    });
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("object-src 'none'");
  });
});

describe('HTML-4: the notice page', () => {
  const hostile = {
    title: 'Refused <script>alert(1)</script>',
    text: 'A "quoted" & <b>bold</b> sentence.',
    link: { href: '" onclick="alert(1)', label: '<img src=x>' },
    businessName: "O'Hara & <Sons>",
  };

  it('is a heading, a sentence and a link back, every text escaped, noindex', () => {
    const html = noticeHtml(hostile);
    expect(html).toContain(`<h1>${escapeHtml(hostile.title)}</h1>`);
    expect(html).toContain(`<p>${escapeHtml(hostile.text)}</p>`);
    expect(html).toContain(`<a href="&#34; onclick=&#34;alert(1)">&#60;img src=x&#62;</a>`);
    expect(html).toContain(`<title>${escapeHtml(`${hostile.title} – ${hostile.businessName}`)}`);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).not.toMatch(/<script|<img|<b>/);
  });

  it('is sent with its own CSP, which allows its one style block and nothing else', async () => {
    const a = await appWith((scope) => {
      scope.get('/refused', async (_req, reply) => sendNotice(reply, 403, hostile, 'no-referrer'));
    });
    const res = await a.inject({ url: '/refused' });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['x-frame-options']).toBe('DENY');
    const style = /<style>([\s\S]*?)<\/style>/.exec(res.body)![1]!;
    const hash = crypto.createHash('sha256').update(style).digest('base64');
    expect(res.headers['content-security-policy']).toBe(
      `default-src 'none'; style-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
  });
});

describe('HTML-5: the guest pages’ 404 is the published one', () => {
  it('sends the page the publish target reads, or the notice page before any publish', async () => {
    const published: { page?: Buffer } = {};
    const asked: string[] = [];
    const pages = {
      async page(urlPath: string) {
        asked.push(urlPath);
        return published.page;
      },
    };
    const a = await appWith((scope) => {
      scope.get('/booking/*', { config: { cache: 'no-store' } }, async (_req, reply) =>
        sendNotFoundPage(reply, pages),
      );
    });
    const before = await a.inject({ url: '/booking/x/y' });
    expect(before.statusCode).toBe(404);
    expect(before.body).toContain('<h1>Page not found</h1>');
    expect(before.headers['cache-control']).toBe('no-store');
    expect(before.headers['referrer-policy']).toBe('strict-origin');

    published.page = Buffer.from(
      '<!doctype html><title>Not found</title><h1>Lost in the hills</h1>',
    );
    const after = await a.inject({ url: '/booking/x/y' });
    expect(after.statusCode).toBe(404);
    expect(after.body).toBe(published.page.toString());
    expect(after.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(after.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(after.headers['referrer-policy']).toBe('strict-origin');
    expect(after.headers['cache-control']).toBe('no-store');
    expect(asked).toEqual(['/404', '/404']);
  });
});
