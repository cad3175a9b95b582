/**
 * The server's log (RUNTIME-9): one line per request at `info` (method, path, status, time in ms)
 * instead of Fastify's two, and pino-pretty's readable lines when standard output is a terminal;
 * JSON lines otherwise (a service manager, a log collector, the tests).
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pretty from 'pino-pretty';

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

interface RequestFields {
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/**
 * A pino destination for a terminal: `14:02:07 INFO  GET /p/tusker-trail 200 3.1 ms` for a request
 * (OneLinePerRequest's fields as one line), the message for anything else, an error's stack below it;
 * written synchronously so that nothing is lost when the process exits. `destination`: standard
 * output unless given (tests pass a stream).
 */
export function terminalLogStream(
  destination: NodeJS.WritableStream | number = 1,
): NodeJS.WritableStream {
  return pretty({
    destination,
    sync: true,
    colorize: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    messageFormat: (log) => {
      const { req, res, responseTime } = log as RequestFields;
      if (!req || !res) return String(log.msg ?? '');
      return `${req.method} ${req.url} ${res.statusCode} ${responseTime} ms`;
    },
  });
}
