/**
 * The team's HTTP calls (TEAM-2..TEAM-4; paths in src/shared/team.ts):
 * - `GET /api/team`, `POST /api/team` `{ username, role }` → 201 `{ username, role, setupUrl }`,
 *   `PUT /api/team/{username}` `{ role }`, `DELETE /api/team/{username}` → 204: the `team`
 *   permission (owners).
 * - `GET /api/sessions`, `DELETE /api/sessions/{id}`: any account, its own sessions; an account
 *   with `team` sees and ends every account's.
 * - `GET|POST /account/setup/{token}`: the setup link's page (public: the token is the key), a
 *   plain form; a link used, withdrawn or past 24 hours answers 410.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AccountError } from '../auth/accounts.js';
import { notFound, schemaRefusal } from '../errors.js';
import { sendNotice } from '../html.js';
import type { AppContext } from '../context.js';
import { roleMay } from '../../shared/permissions.js';
import { LOGIN_PATH } from '../../shared/routes.js';
import {
  ACCOUNT_SETUP_PATH,
  TEAM_API,
  type AccountAdded,
  type SessionInfo,
  type TeamAnswer,
} from '../../shared/team.js';
import { roleFrom, type TeamService } from './service.js';
import type { TwoStepService } from '../two-step/service.js';
import { SETUP_PAGE_HEADERS, setupPageHtml } from './setup-page.js';

const noStore = { cache: 'no-store' as const };

const AddBody = z.object({
  username: z.string({ error: 'is missing: the new account’s username' }).trim().min(1),
  role: z.unknown(),
});

/** A short name of the browser in a User-Agent: "Chrome on Android" or the first 60 characters. */
function browserOf(userAgent: string): string {
  if (!userAgent) return 'unknown browser';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : undefined;
  const os = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : undefined;
  return browser && os ? `${browser} on ${os}` : userAgent.slice(0, 60);
}

export async function teamRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  team: TeamService,
  twoStep: TwoStepService,
): Promise<void> {
  app.get(TEAM_API.team, { permission: 'team', config: noStore }, async (): Promise<TeamAnswer> => {
    const { accounts, pending } = team.list();
    const on = twoStep.accountsOn();
    return {
      accounts: accounts.map((a) => ({ ...a, twoStep: on.has(a.username) })),
      twoStepRequired: twoStep.requiredRoles(),
      pending: pending.map(({ username, role, expiresAt }) => ({ username, role, expiresAt })),
    };
  });

  app.post(TEAM_API.team, { permission: 'team', config: noStore }, async (req, reply) => {
    const parsed = AddBody.safeParse(req.body ?? {});
    if (!parsed.success) throw schemaRefusal(parsed.error);
    const added = team.add(req.owner!, parsed.data.username, roleFrom(parsed.data.role));
    return reply.code(201).send(added satisfies AccountAdded);
  });

  app.put<{ Params: { username: string } }>(
    TEAM_API.account,
    { permission: 'team', config: noStore },
    async (req) => {
      const role = roleFrom((req.body as { role?: unknown } | null)?.role);
      team.changeRole(req.owner!, req.params.username, role);
      return { username: req.params.username, role };
    },
  );

  app.delete<{ Params: { username: string } }>(
    TEAM_API.account,
    { permission: 'team', config: noStore },
    async (req, reply) => {
      team.remove(req.owner!, req.params.username);
      return reply.code(204).send();
    },
  );

  app.get(
    TEAM_API.sessions,
    { permission: 'account', config: noStore },
    async (req): Promise<{ sessions: SessionInfo[] }> => {
      const all = roleMay(req.role!, 'team');
      return {
        sessions: team.sessions(req.owner!, all).map((s) => ({
          id: s.idHash,
          username: s.username,
          createdAt: s.createdAt,
          lastUsedAt: s.seenAt,
          browser: browserOf(s.userAgent),
          network: s.network || 'unknown',
          current: s.idHash === req.sessionIdHash,
        })),
      };
    },
  );

  app.delete<{ Params: { id: string } }>(
    TEAM_API.session,
    { permission: 'account', config: noStore },
    async (req, reply) => {
      if (!team.endSession(req.owner!, req.params.id, roleMay(req.role!, 'team')))
        throw notFound('id', 'There is no such session of yours.');
      return reply.code(204).send();
    },
  );

  // TEAM-3: the setup page; the token in its path is kept out of the request log.
  const setupPath = `${ACCOUNT_SETUP_PATH}/:token`;
  const redacted = {
    permission: 'public' as const,
    logSerializers: {
      req: (r: { method: string }) => ({ method: r.method, url: ACCOUNT_SETUP_PATH }),
    },
    config: noStore,
  };
  const gone = {
    title: 'This link no longer works',
    text: 'A setup link works once, for 24 hours. Ask the owner for a new one.',
    link: { href: LOGIN_PATH, label: 'Log in' },
  };

  app.get<{ Params: { token: string } }>(setupPath, redacted, async (req, reply) => {
    const setup = team.setupOf(req.params.token);
    if (!setup) return sendNotice(reply, 410, gone, 'no-referrer');
    return reply.headers(SETUP_PAGE_HEADERS).send(setupPageHtml(setup.username, setup.role));
  });

  const setupForm = { ...redacted, bodyLimit: 8 * 1024 };
  app.post<{ Params: { token: string } }>(setupPath, setupForm, async (req, reply) => {
    // No Origin check: the token is the only key, and whoever holds it may set the password anyway.
    const setup = team.setupOf(req.params.token);
    if (!setup) return sendNotice(reply, 410, gone, 'no-referrer');
    const body = (req.body ?? {}) as Record<string, unknown>;
    const password = typeof body.password === 'string' ? body.password : '';
    const again = (problem: string) =>
      reply
        .code(400)
        .headers(SETUP_PAGE_HEADERS)
        .send(setupPageHtml(setup.username, setup.role, problem));
    if (password !== body.confirm)
      return again('The two passwords differ. Type the same one twice.');
    try {
      const username = await team.completeSetup(req.params.token, password);
      if (!username) return sendNotice(reply, 410, gone, 'no-referrer');
    } catch (err) {
      if (err instanceof AccountError) return again(err.message);
      throw err;
    }
    return sendNotice(
      reply,
      200,
      {
        title: 'Your password is set',
        text: `Log in as ${setup.username} with the password you chose.`,
        link: { href: LOGIN_PATH, label: 'Log in' },
      },
      'no-referrer',
    );
  });
}
