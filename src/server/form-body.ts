/**
 * The one form parser (HTTP-2): `@fastify/formbody` registered once where the app is composed, so
 * every route that takes a native HTML form (the login form, the guest pages under
 * /booking/{id}/{token}/, the staff setup page, the privacy request form) reads the same body.
 * A route caps its form with its own `bodyLimit`; the app's limit applies otherwise. Which API
 * routes may receive a form at all is the write guard's `config.body` (auth/guard.ts).
 */
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The Content-Type of a native HTML form post. */
export const FORM_TYPE = 'application/x-www-form-urlencoded';

/**
 * Fields as strings, the last of a repeated name winning (URLSearchParams), as the hand-written
 * parsers it replaced did: routes validate strings, never arrays.
 */
function formFields(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

/** Registers the form parser on `app` (the root, so that every route's scope inherits it). */
export async function registerFormBody(app: FastifyInstance): Promise<void> {
  await app.register(formbody, { parser: formFields });
}

/** True when `req` was sent by a native form rather than by the client's script (JSON). */
export function isFormPost(req: FastifyRequest): boolean {
  return (req.headers['content-type'] ?? '').startsWith(FORM_TYPE);
}
