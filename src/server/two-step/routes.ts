/**
 * Two-step login's HTTP calls (TOTP-2, TOTP-3, TOTP-5, TOTP-6; paths in src/shared/two-step.ts).
 * The login's own second step, `POST /api/login/code`, is in auth/routes.ts with the login.
 * - Any account, its own: `GET /api/two-step` → TwoStepStatus; `POST /api/two-step/setup` → a new
 *   secret and its QR code; `POST /api/two-step/confirm` `{ code }` → `{ recoveryCodes }`;
 *   `POST /api/two-step/off` `{ code }` → TwoStepStatus.
 * - The `team` permission (owners): `PUT /api/two-step/required` `{ roles }`;
 *   `DELETE /api/team/{username}/two-step` → 204.
 * No answer here is logged with its body: the secret and the recovery codes reach only the browser.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { schemaRefusal } from '../errors.js';
import type { AppContext } from '../context.js';
import { ROLES } from '../../shared/permissions.js';
import { TWO_STEP_API, type RequiredRoles, type TwoStepStatus } from '../../shared/two-step.js';
import type { TwoStepService } from './service.js';

const noStore = { cache: 'no-store' as const };

const CodeBody = z.object({
  code: z
    .string({ error: 'is missing: type the 6 digits your app shows' })
    .trim()
    .min(1, { error: 'is missing: type the 6 digits your app shows' })
    .max(40, { error: 'is too long: type the 6 digits your app shows' }),
});

const RequiredBody = z.object({
  roles: z.array(z.enum(ROLES, { error: `must each be one of ${ROLES.join(', ')}` }), {
    error: 'must be a list of roles',
  }),
});

function codeOf(body: unknown): string {
  const parsed = CodeBody.safeParse(body ?? {});
  if (!parsed.success) throw schemaRefusal(parsed.error);
  return parsed.data.code;
}

export async function twoStepRoutes(
  app: FastifyInstance,
  _ctx: AppContext,
  twoStep: TwoStepService,
): Promise<void> {
  app.get(
    TWO_STEP_API.status,
    { permission: 'account', config: noStore },
    async (req): Promise<TwoStepStatus> => twoStep.status(req.owner!, req.role!),
  );

  app.post(TWO_STEP_API.setup, { permission: 'account', config: noStore }, async (req) =>
    twoStep.begin(req.owner!),
  );

  app.post(TWO_STEP_API.confirm, { permission: 'account', config: noStore }, async (req) => ({
    recoveryCodes: twoStep.confirm(req.owner!, codeOf(req.body)),
  }));

  app.post(
    TWO_STEP_API.off,
    { permission: 'account', config: noStore },
    async (req): Promise<TwoStepStatus> => {
      twoStep.turnOff(req.owner!, req.role!, codeOf(req.body));
      return twoStep.status(req.owner!, req.role!);
    },
  );

  app.put(
    TWO_STEP_API.required,
    { permission: 'team', config: noStore },
    async (req): Promise<RequiredRoles> => {
      const parsed = RequiredBody.safeParse(req.body ?? {});
      if (!parsed.success) throw schemaRefusal(parsed.error);
      const roles = ROLES.filter((r) => parsed.data.roles.includes(r));
      twoStep.setRequired(req.owner!, roles);
      return { roles };
    },
  );

  app.delete<{ Params: { username: string } }>(
    TWO_STEP_API.reset,
    { permission: 'team', config: noStore },
    async (req, reply) => {
      twoStep.reset(req.owner!, req.params.username);
      return reply.code(204).send();
    },
  );
}
