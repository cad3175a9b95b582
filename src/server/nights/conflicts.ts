/**
 * Double bookings (CONFLICT-1..CONFLICT-4, decision 015). A conflict is a run of nights of a
 * property held by more than one side at once (nights.ts: a direct booking, a feed, the owner's
 * blocks); two holdings of the same side (two blocks, two events of one feed) are not one.
 *
 * - `findConflicts` is the pure finder: the property's holdings in, the runs out.
 * - `ConflictKeeper.changed(propertyId)` is called inside the transaction of every change of held
 *   nights (a feed's sync, the owner's calendar, an accept, a cancel): it stores what is found, so
 *   a stored overlap is never without its conflict. A conflict found for the first time is opened
 *   and the owner mailed once (NOTIFY_EMAIL, through the outbox); one no longer found is ended.
 * - `ConflictKeeper.list()` words, on each conflict, its mail when the SMTP server has not taken
 *   it after a try (retried, or failed for good), so the owner who relies on that mail learns
 *   from the notice that it did not come (BOOK-13).
 * - `ConflictKeeper.exclusive(propertyId, task)` runs the writes of one property one after another
 *   in this process: an accept that arrives while a sync of that property is writing waits for it,
 *   then checks the nights as the sync left them.
 */
import type { Db } from '../store/db.js';
import type { Config } from '../config.js';
import { today, type DateRange } from '../../shared/calendar-dates.js';
import {
  CONFLICT_ADVICE,
  conflictSentence,
  sideWords,
  type Conflict,
  type ConflictSide,
} from '../../shared/conflicts.js';
import { KeyedQueue } from '../keyed-queue.js';
import { enqueueMail, undeliveredMail, type UndeliveredMail } from '../mail/store.js';
import { ownerNoticeMail } from '../mail/templates.js';
import { holdingsOf, type Holding } from './nights.js';
import {
  endConflict,
  insertConflict,
  openConflicts,
  updateConflictSides,
  type StoredConflict,
} from './store.js';
import { formatClock, type Clock } from '../../shared/instants.js';

/** A conflict found: its nights, its sides as the owner reads them, and `key`, its sides' identity. */
export interface FoundConflict extends DateRange {
  key: string;
  sides: ConflictSide[];
}

const SOURCE_ORDER = { direct: 0, feed: 1, block: 2 } as const;

/**
 * The conflicts among a property's holdings: each maximal run of consecutive nights held by the
 * same two or more sides, by first night. Sides are listed direct bookings first, then feeds, then
 * "Blocked". A sweep over the holdings' boundaries, O(n log n): a feed of 20,000 bookings is
 * read in milliseconds.
 */
export function findConflicts(holdings: readonly Holding[]): FoundConflict[] {
  const events = holdings
    .filter((h) => h.start < h.end)
    .flatMap((h) => [
      { at: h.start, step: 1, h },
      { at: h.end, step: -1, h },
    ])
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const active = new Map<string, { count: number; view: ConflictSide }>();
  const found: FoundConflict[] = [];
  let i = 0;
  while (i < events.length) {
    const from = events[i]!.at;
    for (; i < events.length && events[i]!.at === from; i += 1) {
      const { step, h } = events[i]!;
      const count = (active.get(h.side)?.count ?? 0) + step;
      if (count === 0) active.delete(h.side);
      else active.set(h.side, { count, view: h.view });
    }
    if (active.size < 2 || i >= events.length) continue;
    const to = events[i]!.at;
    const sides = [...active.entries()].sort(
      ([ka, a], [kb, b]) =>
        SOURCE_ORDER[a.view.source] - SOURCE_ORDER[b.view.source] ||
        (ka < kb ? -1 : ka > kb ? 1 : 0),
    );
    const key = sides.map(([k]) => k).join('|');
    const last = found[found.length - 1];
    if (last && last.key === key && last.end === from) last.end = to;
    else found.push({ start: from, end: to, key, sides: sides.map(([, s]) => s.view) });
  }
  return found;
}

/** What the keeper offers: whether mail is on and a nudge to send (mail/sender.ts). */
interface Mailer {
  readonly enabled: boolean;
  poke(): void;
}

/** BOOK-13: the owner's mail about a conflict not delivered, in the owner's words. */
function mailProblemWords(m: UndeliveredMail): string {
  return m.failed
    ? `You were not mailed about it: the mail to ${m.recipient} could not be delivered (${m.error}). Check the address the owner is mailed at and the mail settings of the server.`
    : `You have not been mailed about it yet: the mail to ${m.recipient} is not sent (${m.error}); next try ${formatClock(m.nextAt)}.`;
}

/** The public shape of a stored conflict (CONFLICT-2), with its mail's problem (BOOK-13). */
function toConflict(c: StoredConflict, undelivered: Map<number, UndeliveredMail>): Conflict {
  const mail = c.mailId === undefined ? undefined : undelivered.get(c.mailId);
  return {
    propertyId: c.propertyId,
    from: c.start,
    to: c.end,
    sides: c.sides,
    ...(mail ? { mailProblem: mailProblemWords(mail) } : {}),
  };
}

/** The conflicts of one server: finds, stores, mails and lists them, and serialises each property's writes. */
export class ConflictKeeper {
  private readonly turns = new KeyedQueue();

  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'site' | 'mail'>,
    private readonly mailer: Mailer,
    /** The property's name for the mail, from the published catalogue; undefined when unknown. */
    private readonly propertyName: (id: string) => string | undefined,
    /** The clock (TIME-3): buildApp's, which tests move. */
    private readonly now: Clock,
  ) {}

  /**
   * Runs `task` after every earlier task of the same property has settled, and resolves (or
   * rejects) with its result. Tasks of other properties are not held up.
   */
  exclusive<T>(propertyId: string, task: () => T | Promise<T>): Promise<T> {
    return this.turns.run(propertyId, task);
  }

  /**
   * The property's held nights changed: finds its conflicts now and stores them in one SQLite
   * transaction (nested in the caller's, when it has one, so the change and its conflicts commit
   * together). A new conflict is opened and mailed to NOTIFY_EMAIL once (when mail is on); an open
   * one no longer found is ended; a feed renamed only rewrites how its side reads.
   */
  changed(propertyId: string): void {
    const at = this.now();
    let mailed = false;
    this.db
      .transaction(() => {
        const found = findConflicts(holdingsOf(this.db, propertyId));
        const open = openConflicts(this.db, propertyId);
        const identity = (c: DateRange & { key: string }) => `${c.start}/${c.end}/${c.key}`;
        const foundIds = new Set(found.map(identity));
        for (const c of open) {
          if (!foundIds.has(identity(c))) endConflict(this.db, c.id, at);
        }
        const openById = new Map(open.map((c) => [identity(c), c]));
        for (const c of found) {
          const stored = openById.get(identity(c));
          if (stored) {
            if (JSON.stringify(stored.sides) !== JSON.stringify(c.sides))
              updateConflictSides(this.db, stored.id, c.sides);
            continue;
          }
          const mailId = this.mail({ propertyId, from: c.start, to: c.end, sides: c.sides }, at);
          insertConflict(this.db, { propertyId, ...c }, at, mailId);
          mailed = mailId !== undefined || mailed;
        }
      })
      .immediate();
    // After the caller's transaction: the sender reads the outbox at once when poked.
    if (mailed) queueMicrotask(() => this.mailer.poke());
  }

  /** Finds the conflicts of every property that holds nights (at start: stored overlaps from before). */
  changedAll(): void {
    const ids = this.db
      .prepare(
        `SELECT property_id AS id FROM bookings UNION SELECT property_id FROM calendar_feeds
           UNION SELECT property_id FROM calendar_blocks UNION SELECT property_id FROM night_conflicts WHERE ended_at IS NULL`,
      )
      .all() as { id: string }[];
    for (const { id } of ids) this.changed(id);
  }

  /**
   * The open conflicts whose nights are not all past, of one property or of all (CONFLICT-2),
   * each with `mailProblem` when its mail was tried and not delivered (BOOK-13).
   */
  list(propertyId?: string): Conflict[] {
    const open = openConflicts(this.db, propertyId, today(this.now()));
    const undelivered = undeliveredMail(
      this.db,
      open.flatMap((c) => (c.mailId === undefined ? [] : [c.mailId])),
    );
    return open.map((c) => toConflict(c, undelivered));
  }

  /** Enqueues the owner's mail about a new conflict (CONFLICT-3); its outbox id, undefined when mail is off. */
  private mail(c: Conflict, now: number): number | undefined {
    const to = this.config.mail.notifyEmail;
    if (!this.mailer.enabled || !to) return undefined;
    const name = this.propertyName(c.propertyId);
    const sentence = `Double booking at ${conflictSentence(c, name)}`;
    const mail = ownerNoticeMail(
      `Double booking: ${name ?? c.propertyId}, ${c.from}`,
      [sentence, `Each side: ${c.sides.map(sideWords).join('; ')}.`, CONFLICT_ADVICE],
      this.config.site,
    );
    return enqueueMail(this.db, { kind: 'owner-conflict', to, ...mail }, now);
  }
}
