/**
 * SAF-2: GET /admin/preview/{n}/ and /admin/preview/{n}/stay/{id}, the site as it was at revision
 * n (publish/preview.ts), for an account with the `content` permission (TEAM-1): the permission
 * guard (auth/guard.ts) answers a cross-site request 403, one without a live session 401 and a role
 * without the permission 403, each as a short notice page since these are pages, not API calls.
 * Every answer carries `X-Robots-Tag: noindex, nofollow` and `Cache-Control: no-store` (declared in
 * the routes' options), and the pages' security headers (html.ts); a refusal is the notice page.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { renderPreview } from '../publish/preview.js';
import { getRevision } from '../store/revisions.js';
import { CONTENT_SECURITY_POLICY, securityHeaders, sendNotice } from '../html.js';
import { ADMIN_PATH, PREVIEW_PREFIX, PROPERTY_PREFIX, propertyPath } from '../../shared/routes.js';

const HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  ...securityHeaders({ csp: CONTENT_SECURITY_POLICY, noindex: true }),
};

export async function previewRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  async function preview(req: FastifyRequest, reply: FastifyReply, pagePath: string) {
    const raw = (req.params as { n: string }).n;
    const revision = /^[1-9]\d{0,15}$/.test(raw) ? getRevision(ctx.db, Number(raw)) : undefined;
    if (!revision) {
      return sendNotice(reply, 404, {
        title: 'No such revision',
        text: 'This revision does not exist or is no longer kept.',
        link: { href: ADMIN_PATH, label: 'Admin page' },
      });
    }
    const page = await renderPreview(ctx, revision, pagePath);
    return reply.code(page.status).headers(HEADERS).send(page.html);
  }

  const options = { permission: 'content' as const, config: { cache: 'no-store' as const } };
  for (const url of [`${PREVIEW_PREFIX}/:n`, `${PREVIEW_PREFIX}/:n/`]) {
    app.get(url, options, (req, reply) => preview(req, reply, '/'));
  }
  app.get(`${PREVIEW_PREFIX}/:n${PROPERTY_PREFIX}:id`, options, (req, reply) =>
    preview(req, reply, propertyPath((req.params as { id: string }).id)),
  );
}
