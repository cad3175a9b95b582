/**
 * The server's log on a terminal (RUNTIME-9): pino-pretty's readable lines. main.ts imports this
 * module only when standard output is a terminal, so a production server (JSON lines) never
 * loads pino-pretty.
 */
import pretty from 'pino-pretty';

interface RequestFields {
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/**
 * A pino destination for a terminal: `[14:02:07] INFO: GET /p/tusker-trail 200 3.1 ms` for a
 * request (the fields of request-log.ts's OneLinePerRequest), the message for anything else, an
 * error's stack below it;
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
