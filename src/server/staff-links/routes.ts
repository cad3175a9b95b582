/**
 * Staff links' HTTP calls (TEAM-6; paths in src/shared/team.ts):
 * - `POST /api/staff-links` `{ label, propertyIds? }` → 201 `{ id, url }`, `GET /api/staff-links`,
 *   `DELETE /api/staff-links/{id}` → 204: the `staffLinks` permission (owners and managers).
 * - `GET /t/{token}`: the page; `GET /t/{token}.ics`: the calendar. Public (the token is the key),
 *   `no-store`, `noindex`, no referrer, the token kept out of the request log; a withdrawn or
 *   unknown link answers 404.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { notFound, schemaRefusal } from '../errors.js';
import { sendNotice, securityHeaders } from '../html.js';
import { publishedProperties } from '../publish/published-properties.js';
import {
  STAFF_PAGE_PATH,
  TEAM_API,
  type StaffLinkCreated,
  type StaffLinkInfo,
} from '../../shared/team.js';
import { STAFF_PAGE_HEADERS, staffCalendar, staffPageHtml } from './page.js';
import type { StaffLinks } from './service.js';

const noStore = { cache: 'no-store' as const };

const CreateBody = z.object({
  label: z
    .string({ error: 'is missing: who the link is for ("Housekeeping, Misty Hills")' })
    .trim()
    .min(1, { error: 'is missing: who the link is for ("Housekeeping, Misty Hills")' })
    .max(80, { error: 'can be at most 80 characters long' }),
  propertyIds: z.array(z.string().min(1).max(100)).min(1).max(200).optional(),
});

export async function staffLinkRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  links: StaffLinks,
): Promise<void> {
  const properties = publishedProperties(ctx);

  app.post(
    TEAM_API.staffLinks,
    { permission: 'staffLinks', config: noStore },
    async (req, reply) => {
      const parsed = CreateBody.safeParse(req.body ?? {});
      if (!parsed.success) throw schemaRefusal(parsed.error);
      const { label, propertyIds } = parsed.data;
      const created = links.create(req.owner!, label, propertyIds ?? null);
      return reply.code(201).send(created satisfies StaffLinkCreated);
    },
  );

  app.get(
    TEAM_API.staffLinks,
    { permission: 'staffLinks', config: noStore },
    async (): Promise<{ links: StaffLinkInfo[] }> => ({ links: links.list() }),
  );

  app.delete<{ Params: { id: string } }>(
    TEAM_API.staffLink,
    { permission: 'staffLinks', config: noStore },
    async (req, reply) => {
      const id = /^[1-9]\d{0,15}$/.test(req.params.id) ? Number(req.params.id) : 0;
      if (!id || !links.remove(req.owner!, id))
        throw notFound('id', 'There is no such staff link.');
      return reply.code(204).send();
    },
  );

  app.get<{ Params: { token: string } }>(
    `${STAFF_PAGE_PATH}/:token`,
    {
      permission: 'public',
      logSerializers: {
        req: (r: { method: string }) => ({ method: r.method, url: STAFF_PAGE_PATH }),
      },
      config: noStore,
    },
    async (req, reply) => {
      const ics = req.params.token.endsWith('.ics');
      const link = links.linkOf(ics ? req.params.token.slice(0, -4) : req.params.token);
      if (!link) {
        return sendNotice(
          reply,
          404,
          {
            title: 'This link no longer works',
            text: 'Ask the owner or the manager for a new one.',
            link: { href: '/', label: 'Home' },
          },
          'no-referrer',
        );
      }
      const names = new Map([...properties()].map(([id, p]) => [id, p.name]));
      const days = links.schedule(link, names);
      if (ics) {
        return reply
          .headers(securityHeaders({ noindex: true, referrer: 'no-referrer' }))
          .type('text/calendar; charset=utf-8')
          .send(
            staffCalendar(days, new URL(ctx.config.site.siteUrl).hostname, link.id, ctx.clock()),
          );
      }
      return reply.headers(STAFF_PAGE_HEADERS).send(staffPageHtml(link.label, days));
    },
  );
}
