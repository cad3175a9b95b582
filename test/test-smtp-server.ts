/**
 * A real SMTP server on loopback (the smtp-server package) for mail tests (BOOK-8): it keeps every
 * message it accepted, with its recipients, subject and decoded text; it can be stopped and
 * started again on the same port (an outage), made to answer a temporary 451 to every recipient
 * (a server refusing for a while) or a permanent 550 (a mailbox that does not exist), or made slow
 * to accept a message (so that senders running at once overlap). Login is accepted with any password, so SMTP_URL may
 * carry one.
 */
import { SMTPServer } from 'smtp-server';

/** A message the server accepted. */
interface ReceivedMail {
  to: string[];
  subject: string;
  /** The whole message, quoted-printable soft breaks and escapes decoded. */
  body: string;
}

export interface SmtpServer {
  port: number;
  /** smtp://{user}:{password}@127.0.0.1:{port} */
  url(user?: string, password?: string): string;
  received: ReceivedMail[];
  /** While true, every recipient gets 451 (try again later). */
  refusing: boolean;
  /** While true, every recipient gets 550 (no such mailbox: a permanent refusal). */
  rejecting: boolean;
  /** Milliseconds the server waits before accepting a message's data (0: none). */
  delayMs: number;
  stop(): Promise<void>;
  /** Listens again on the same port. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** Quoted-printable soft line breaks and =XX escapes decoded (UTF-8). */
function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Starts the server on 127.0.0.1 and a free port. */
export async function startSmtpServer(): Promise<SmtpServer> {
  const state = { refusing: false, rejecting: false, delayMs: 0 };
  const received: ReceivedMail[] = [];
  let server: SMTPServer;
  let port = 0;

  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth(_auth, _session, callback) {
        callback(null, { user: 'test' });
      },
      onRcptTo(_address, _session, callback) {
        if (state.rejecting) {
          return callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
        }
        if (!state.refusing) return callback();
        const err = Object.assign(new Error('Try again later'), { responseCode: 451 });
        callback(err);
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const body = decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8'));
          const folded = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(body)?.[1] ?? '';
          const subject = folded.replace(/\r?\n[ \t]+/g, ' ').trim();
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject,
            body,
          });
          setTimeout(callback, state.delayMs);
        });
      },
    });

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = make();
      server.on('error', () => undefined);
      server.server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server.server.address() as { port: number }).port;
        resolve();
      });
    });
  const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));

  await listen();
  return {
    get port() {
      return port;
    },
    url: (user = 'mailer', password = 'smtp-secret-pass') =>
      `smtp://${user}:${password}@127.0.0.1:${port}`,
    received,
    get refusing() {
      return state.refusing;
    },
    set refusing(value: boolean) {
      state.refusing = value;
    },
    get rejecting() {
      return state.rejecting;
    },
    set rejecting(value: boolean) {
      state.rejecting = value;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(value: number) {
      state.delayMs = value;
    },
    stop,
    restart: listen,
    close: stop,
  };
}
