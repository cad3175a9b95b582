/**
 * The server's log (RUNTIME-9): one line per request at `info` (method, path, status, time in ms)
 * instead of Fastify's two. terminal-log.ts makes it readable on a terminal.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Fastify's request log lines (its `logController` option), one per request instead of "incoming
 * request" and "request completed": logged once the request is answered, through the request's
 * own logger, so a route's `logSerializers` apply (the guest's link logs `[token]`, BOOK-5). JSON:
 * `{ req: { method, url, … }, res: { statusCode }, responseTime, msg: "request completed" }`
 * (responseTime in ms, one decimal); at `error` level with `err` when the answer failed midway.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  /** Fastify's own 404 handler: the request's line already says 404. */
  override routeNotFound(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    req: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(req)) return;
    const fields = { req, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request completed');
  }
}
