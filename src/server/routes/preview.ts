/**
 * SAF-2: GET /admin/preview/{n}/ and /admin/preview/{n}/stay/{id}, the site as it was at revision
 * n (publish/preview.ts), for the owner only: a cross-site request gets 403, a request without a
 * live owner session 401, each as a short HTML page since these are pages, not API calls.
 * Every answer carries `X-Robots-Tag: noindex, nofollow` and `Cache-Control: no-store`, and the
 * published pages' security headers.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { isCrossSite } from '../auth/guard.js';
import { findSession, SESSION_COOKIE } from '../auth/sessions.js';
import { renderPreview } from '../publish/preview.js';
import { getRevision } from '../store/revisions.js';
import { CONTENT_SECURITY_POLICY } from './pages.js';
import { PREVIEW_PREFIX } from '../../shared/routes.js';

const HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'x-robots-tag': 'noindex, nofollow',
  'cache-control': 'no-store',
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

/** A minimal valid page for a refusal. */
function notice(title: string, text: string, link: { href: string; label: string }): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<meta name="robots" content="noindex, nofollow"><title>${title}</title></head>` +
    `<body><main><h1>${title}</h1><p>${text}</p><p><a href="${link.href}">${link.label}</a></p>` +
    '</main></body></html>'
  );
}

export async function previewRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  async function preview(req: FastifyRequest, reply: FastifyReply, pagePath: string) {
    reply.headers(HEADERS);
    if (isCrossSite(req, ctx.config.site)) {
      return reply
        .code(403)
        .send(
          notice('Refused', 'A preview opens only from this site.', { href: '/', label: 'Home' }),
        );
    }
    if (!findSession(ctx.db, req.cookies[SESSION_COOKIE])) {
      return reply.code(401).send(
        notice('Log in first', 'Only the owner can preview earlier revisions.', {
          href: '/adminlogin',
          label: 'Log in',
        }),
      );
    }
    const raw = (req.params as { n: string }).n;
    const revision = /^[1-9]\d{0,15}$/.test(raw) ? getRevision(ctx.db, Number(raw)) : undefined;
    if (!revision) {
      return reply.code(404).send(
        notice('No such revision', 'This revision does not exist or is no longer kept.', {
          href: '/admin',
          label: 'Admin page',
        }),
      );
    }
    const page = await renderPreview(ctx, revision, pagePath);
    return reply.code(page.status).send(page.html);
  }

  for (const url of [`${PREVIEW_PREFIX}/:n`, `${PREVIEW_PREFIX}/:n/`]) {
    app.get(url, (req, reply) => preview(req, reply, '/'));
  }
  app.get(`${PREVIEW_PREFIX}/:n/stay/:id`, (req, reply) =>
    preview(req, reply, `/stay/${encodeURIComponent((req.params as { id: string }).id)}`),
  );
}
