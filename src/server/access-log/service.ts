/**
 * The access log (TEAM-7): who read guests' identity data, exported guests' personal data, or
 * changed an account or a staff link, and when. The DPDP Rules 2025 (Rule 6(1)(c)–(e)) ask a Data
 * Fiduciary for "measures to control access" to personal data and for logs of that access, kept
 * one year; we keep RETENTION_DAYS. A lawyer should confirm the period and what counts as access.
 *
 * `record` is the one way in: any feature records through it (a route declares
 * `logAccess: '<action>'` and app.ts records it after a successful answer, or a service calls
 * `record` itself). An entry holds the instant (the app's clock, TIME-3), the username, the action
 * and the booking's reference where there is one: never the data itself.
 */
import type { Db } from '../store/db.js';
import { DAY_MS, type Clock } from '../../shared/instants.js';
import type { DataClass } from '../privacy/retention.js';
import { deleteBefore, entriesBetween, insertEntry, type AccessEntry } from './store.js';

/** Entries older than this many days are deleted (TEAM-7: the Rules' one year, and a margin). */
const RETENTION_DAYS = 400;

/** The class of the retention table the log's erasure erases (PRIV-1, PRIV-13). */
export const ACCESS_LOG_ERASES: readonly DataClass[] = ['logs'];

/** The most entries one `list` answers. */
const MAX_ENTRIES = 5000;

/** What is recorded: who, what, and the booking's reference (`STY-…`) when there is one. */
export interface AccessRecord {
  username: string;
  /** What was done, in a few words ("register CSV exported", "account added: meera (manager)"). */
  action: string;
  bookingReference?: string;
}

export class AccessLog {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Records `entry` at the clock's instant, and deletes entries past RETENTION_DAYS. */
  record(entry: AccessRecord): void {
    const now = this.clock();
    insertEntry(this.db, entry, now);
    this.prune(now);
  }

  /** The entries from `from` to `to` (ISO instants, `to` excluded), newest first. */
  list(from: string, to: string): AccessEntry[] {
    this.prune(this.clock());
    return entriesBetween(this.db, from, to, MAX_ENTRIES);
  }

  /**
   * Deletes the entries past RETENTION_DAYS (PRIV-13: the timed job, so a log nobody writes to or
   * reads still loses them); returns how many.
   */
  eraseOld(): number {
    return this.prune(this.clock());
  }

  private prune(now: number): number {
    return deleteBefore(this.db, now - RETENTION_DAYS * DAY_MS);
  }
}
