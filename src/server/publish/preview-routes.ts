/**
 * SAF-2: GET /admin/preview/{n}/ and /admin/preview/{n}/stay/{id}, the site as it was at revision
 * n (publish/preview.ts), for the owner only: a cross-site request gets 403, a request without a
 * live owner session 401, each as a short HTML page since these are pages, not API calls.
 * Every answer carries `X-Robots-Tag: noindex, nofollow` and `Cache-Control: no-store` (declared in
 * the routes' options), and the pages' security headers (html.ts); a refusal is the notice page.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { isCrossSite } from '../auth/guard.js';
import { findSession, SESSION_COOKIE } from '../auth/sessions.js';
import { renderPreview } from '../publish/preview.js';
import { getRevision } from '../store/revisions.js';
import { CONTENT_SECURITY_POLICY, securityHeaders, sendNotice } from '../html.js';
import { PREVIEW_PREFIX, propertyPath } from '../../shared/routes.js';

const HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  ...securityHeaders({ csp: CONTENT_SECURITY_POLICY, noindex: true }),
};

export async function previewRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  async function preview(req: FastifyRequest, reply: FastifyReply, pagePath: string) {
    if (isCrossSite(req, ctx.config.site)) {
      return sendNotice(reply, 403, {
        title: 'Refused',
        text: 'A preview opens only from this site.',
        link: { href: '/', label: 'Home' },
      });
    }
    if (!findSession(ctx.db, req.cookies[SESSION_COOKIE], ctx.clock())) {
      return sendNotice(reply, 401, {
        title: 'Log in first',
        text: 'Only the owner can preview earlier revisions.',
        link: { href: '/adminlogin', label: 'Log in' },
      });
    }
    const raw = (req.params as { n: string }).n;
    const revision = /^[1-9]\d{0,15}$/.test(raw) ? getRevision(ctx.db, Number(raw)) : undefined;
    if (!revision) {
      return sendNotice(reply, 404, {
        title: 'No such revision',
        text: 'This revision does not exist or is no longer kept.',
        link: { href: '/admin', label: 'Admin page' },
      });
    }
    const page = await renderPreview(ctx, revision, pagePath);
    return reply.code(page.status).headers(HEADERS).send(page.html);
  }

  const options = { config: { cache: 'no-store' as const } };
  for (const url of [`${PREVIEW_PREFIX}/:n`, `${PREVIEW_PREFIX}/:n/`]) {
    app.get(url, options, (req, reply) => preview(req, reply, '/'));
  }
  app.get(`${PREVIEW_PREFIX}/:n/stay/:id`, options, (req, reply) =>
    preview(req, reply, propertyPath((req.params as { id: string }).id)),
  );
}
