/**
 * The outbox's sender (BOOK-8, decision 013): sends due messages through nodemailer to SMTP_URL,
 * one at a time, at start, whenever a change enqueued one (`poke`), and as the job runner's
 * `mail-outbox` job (compose.ts, decision 051): every minute, or sooner at a message's next try
 * (`nextDue`). A permanent
 * refusal of the message (an SMTP 5xx answer other than to the login, MAIL-2) is marked failed at
 * once: sending it again would be refused again. A temporary failure (the server unreachable, a
 * 4xx answer, a timeout, a refused login, which the owner mends in SMTP_URL) is tried again after
 * a growing wait (1, 2, 4 … minutes, at most an hour between two tries) until RETRY_FOR_MS after
 * the message was enqueued, then marked failed. The owner's inbox names a failed message
 * (mailProblems).
 *
 * Sent once (MAIL-1, decision 017): a message is claimed before it is sent, by one atomic UPDATE
 * that gives it a lease of LEASE_MS (store.ts claimDueMail), so no second caller of sendDue and
 * no second process on the same DATA_DIR sends it too; it is marked sent in SQLite as soon as the
 * SMTP server accepted it (its 250 after DATA), and a marked message is never taken again. A
 * crash between that answer and the mark (a few milliseconds) sends it once more after the lease:
 * the one case of a repeated mail, chosen over a lost one.
 *
 * SMTP_URL holds the password: it reaches nodemailer only, never a log line or an error stored
 * (errors are kept in the owner's words, from the failure's kind and SMTP status, never its text).
 * Without SMTP_URL nothing is enqueued or sent, and `start` says so in one log line. nodemailer
 * is loaded with the first message to send, so a server without mail never holds it (~5 MB of heap,
 * ~25 MB resident, decision 047).
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { MailConfig } from '../config.js';
import type { Db } from '../store/db.js';
import {
  claimDueMail,
  markFailed,
  markRetry,
  markSent,
  nextDueAt,
  type QueuedMail,
} from './store.js';
import { MINUTE_MS, type Clock } from '../../shared/instants.js';

/** How long a message is retried: 48 hours from its enqueueing (BOOK-8 asks at least 24). */
export const RETRY_FOR_MS = 48 * 60 * MINUTE_MS;
/** The longest wait between two tries of one message. */
const MAX_WAIT_MS = 60 * MINUTE_MS;
/**
 * How long a claim keeps other senders off a message (MAIL-1): well beyond one try (the transport
 * gives up after 10 s to connect, 10 s to greet and 30 s of silence), so a live sender always
 * marks its message before the lease ends; a dead one's message is due again after it.
 */
const LEASE_MS = 5 * MINUTE_MS;
/** The wait after a message's `attempts`-th failed try: 1 minute doubled each time, at most an hour. */
export function retryDelay(attempts: number): number {
  return Math.min(MINUTE_MS * 2 ** Math.max(0, attempts - 1), MAX_WAIT_MS);
}

/** What the sender asks of nodemailer's transport. */
interface MailTransport {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html: string;
  }): Promise<unknown>;
  close(): void;
}

/**
 * True for a permanent refusal of the message (MAIL-2; RFC 5321 §4.2.1: a 5yz reply is a permanent
 * negative completion): any 5xx SMTP answer except to the login, whose cause is the site's own
 * SMTP_URL and whose messages go once the owner mends it.
 */
function isPermanent(err: unknown): boolean {
  const e = err as { code?: string; responseCode?: number };
  return e.responseCode !== undefined && e.responseCode >= 500 && e.code !== 'EAUTH';
}

/** A failure in the owner's words, from nodemailer's error code and the SMTP status only. */
function failureWords(err: unknown): string {
  const e = err as { code?: string; responseCode?: number };
  if (e.responseCode !== undefined) {
    return e.responseCode >= 500
      ? `the mail server refused it (${e.responseCode})`
      : `the mail server asked to try later (${e.responseCode})`;
  }
  switch (e.code) {
    case 'EAUTH':
      return 'the mail server refused the login';
    case 'ETIMEDOUT':
      return 'the mail server did not answer in time';
    case 'ECONNECTION':
    case 'ESOCKET':
    case 'EDNS':
      return 'the mail server could not be reached';
    case 'ETLS':
      return 'the secure connection to the mail server failed';
    default:
      return 'sending failed';
  }
}

/** The sender of one server: start(), poke(), sendDue(), nextDue(), stop(). */
export class MailSender {
  /** The transport, made on the first send; undefined until then. */
  private transport: Promise<MailTransport> | undefined;
  private running: Promise<number> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly config: MailConfig,
    private readonly log: FastifyBaseLogger,
    /** The clock (TIME-3): buildApp's, which tests move. */
    private readonly now: Clock,
  ) {}

  /** True when SMTP_URL is set: changes enqueue mail. */
  get enabled(): boolean {
    return Boolean(this.config.smtpUrl);
  }

  /** nodemailer's transport to SMTP_URL, made once (a failed load is tried again next time). */
  private connect(smtpUrl: string): Promise<MailTransport> {
    this.transport ??= import('nodemailer').then(
      ({ default: nodemailer }) =>
        nodemailer.createTransport({
          url: smtpUrl,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        }) as MailTransport,
      (error: unknown) => {
        this.transport = undefined;
        throw error;
      },
    );
    return this.transport;
  }

  /** Sends what is due (the runner looks again later); without SMTP_URL logs that once. */
  start(): void {
    if (!this.enabled) {
      this.log.info('mail is off: SMTP_URL is not set, so no booking mail is sent');
      return;
    }
    this.poke();
  }

  /** Sends due messages soon (a change just enqueued one). */
  poke(): void {
    if (!this.enabled || this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.sendDue().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.poke();
      }
    });
  }

  /** When the outbox's next message is due (its next try, or its claim's end), Unix ms; undefined when none waits. */
  nextDue(): number | undefined {
    return this.transport ? nextDueAt(this.db) : undefined;
  }

  /**
   * Sends every message due now, one at a time, each claimed first (MAIL-1); resolves with how many
   * the SMTP server accepted. Safe to call while another call, or another process, is sending.
   */
  async sendDue(): Promise<number> {
    const smtpUrl = this.config.smtpUrl;
    if (!smtpUrl) return 0;
    let sent = 0;
    while (!this.stopped) {
      const claim = crypto.randomUUID();
      const mail = claimDueMail(this.db, claim, this.now(), LEASE_MS);
      if (!mail) break;
      if (await this.sendOne(smtpUrl, mail, claim)) sent += 1;
    }
    return sent;
  }

  private async sendOne(smtpUrl: string, mail: QueuedMail, claim: string): Promise<boolean> {
    try {
      const transport = await this.connect(smtpUrl);
      await transport.sendMail({
        from: this.config.from ?? '',
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    } catch (err) {
      const words = failureWords(err);
      const now = this.now();
      const attempts = mail.attempts + 1;
      const next = now + retryDelay(attempts);
      const giveUp = isPermanent(err) || next - mail.firstAt > RETRY_FOR_MS;
      if (giveUp) markFailed(this.db, mail.id, claim, words, now);
      else markRetry(this.db, mail.id, claim, words, next);
      this.log.warn(
        { mailId: mail.id, kind: mail.kind, attempts, error: words },
        giveUp ? 'mail not sent: gave up' : 'mail not sent: will retry',
      );
      return false;
    }
    if (!markSent(this.db, mail.id, claim, this.now())) {
      this.log.warn({ mailId: mail.id, kind: mail.kind }, 'mail sent after its claim ran out');
    }
    this.log.info({ mailId: mail.id, kind: mail.kind }, 'mail sent');
    return true;
  }

  /** Stops sending and closes the connection once the message under way is done. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
    (await this.transport?.catch(() => undefined))?.close();
  }
}
