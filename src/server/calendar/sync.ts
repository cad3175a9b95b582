/**
 * Keeps imported feeds in step (AVL-4, AVL-5): every feed at start and then every
 * CALENDAR_SYNC_MINUTES, as the job runner's `feed-sync` job (compose.ts, decision 051; the
 * period with up to 10 % jitter, `syncPeriodMs`, so many servers do not knock on a channel at the
 * same second), one fetch at a time per host, each bounded by fetchFeed, and read by a FeedReader
 * off the event loop within its time limit and memory cap (FEED-1, FEED-2). A failed, unparsable
 * or unreadable fetch keeps the feed's last good bookings and records "Airbnb: the address answered
 * 404 at 10:42" (Asia/Kolkata time); only a good fetch replaces them. Log lines name the feed by id
 * and property, never by URL (AVL-3). A good fetch is written in its property's turn
 * (ConflictKeeper.exclusive: an accept of that property waits for it), in one transaction with
 * the property's conflicts (CONFLICT-1).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../store/db.js';
import { formatClock, HOUR_MS, MINUTE_MS, type Clock } from '../../shared/instants.js';
import { DEFAULT_FETCH_BOUNDS, fetchFeed, FeedFetchError } from './fetch-feed.js';
import { FeedLimitError, FeedReader } from './feed-reader.js';
import { FeedParseError } from './parse.js';
import type { ConflictKeeper } from '../nights/conflicts.js';
import { KeyedQueue } from '../keyed-queue.js';
import type { LedgerService } from '../ledger/service.js';
import {
  listAllFeeds,
  listFeeds,
  saveSyncFailure,
  saveSyncSuccess,
  syncIsNoNews,
  type FeedRow,
} from './store.js';

/** A feed with no successful sync for this long is stale. */
const STALE_AFTER_MS = 12 * HOUR_MS;

/**
 * A good fetch that changed nothing is still recorded in the database once this long after the
 * last recorded one (DLG-3): half of STALE_AFTER_MS, so that after a restart, or in another
 * process, a feed checked all along never looks stale, at 4 commits a day per quiet feed instead
 * of one per sync.
 */
export const RECORD_UNCHANGED_EVERY_MS = 6 * HOUR_MS;

/** What the sync needs to know; see CalendarConfig in config.ts. */
export interface SyncOptions {
  syncMinutes: number;
  allowPrivate: boolean;
  fetchTimeoutMs: number;
}

/** True when the feed has had no successful sync (or, never synced, has existed) for 12 hours at `now` (ms). */
export function isStale(feed: FeedRow, now: number): boolean {
  const since = Date.parse(feed.lastSyncAt ?? feed.createdAt);
  return now - since > STALE_AFTER_MS;
}

/** The owner's sentence for a failed sync at `at` (ms): "{label}: the address answered 404 at 10:42" (Asia/Kolkata). */
export function failureSentence(label: string, err: unknown, at: number): string {
  let what: string;
  if (err instanceof FeedFetchError || err instanceof FeedLimitError) what = err.message;
  else if (err instanceof FeedParseError)
    what = 'the address sent something that is not a calendar';
  else what = 'the sync failed';
  return `${label}: ${what} at ${formatClock(at)}`;
}

/**
 * The period of this process's feed sync (AVL-4), ms: CALENDAR_SYNC_MINUTES with up to 10 %
 * jitter either way, drawn once, so servers started together drift apart; undefined for 0 (no
 * timed sync).
 */
export function syncPeriodMs(syncMinutes: number, random = Math.random()): number | undefined {
  if (syncMinutes <= 0) return undefined;
  const period = syncMinutes * MINUTE_MS;
  return period + Math.round((random - 0.5) * 0.2 * period);
}

/**
 * The sync service of one server: syncAll() (the runner's), syncProperty(), lastSyncAt(), stop().
 *
 * DLG-3: a good fetch that is no news (the same stays as stored, no error to clear) writes nothing
 * to the database: no bookings replaced, no ledger's last-seen times, no `last_sync_at`. Else each
 * sync committed, and the copy off the machine (BACKUP-1, a generation per commit) grew at every
 * sync of every feed. When it was checked is kept in this process's memory for the owner's "Last
 * synced" (lastSyncAt) and written at most every RECORD_UNCHANGED_EVERY_MS; the feed-sync job's
 * own last success is in the runner's health (`/healthz`, its own file).
 */
export class CalendarSync {
  /** One fetch at a time per host (AVL-4). */
  private readonly hosts = new KeyedQueue();
  /** Each feed's last good fetch (Unix ms) in this process, by feed id. */
  private readonly checked = new Map<number, number>();
  private readonly stopping = new AbortController();

  constructor(
    private readonly db: Db,
    private readonly options: SyncOptions,
    private readonly log: FastifyBaseLogger,
    /** Finds the conflicts a sync makes or ends, and gives each property its turn to write. */
    private readonly conflicts: Pick<ConflictKeeper, 'exclusive' | 'changed'>,
    /** The clock (TIME-3): buildApp's, which tests move. */
    private readonly now: Clock,
    /** Remembers each feed's stays, seen, changed and gone (LEDGER-3), in the sync's transaction. */
    private readonly ledger: Pick<LedgerService, 'feedSynced' | 'feedUnchanged'>,
    /** Reads fetched feeds; stopped with the sync. */
    readonly reader: FeedReader = new FeedReader(),
  ) {}

  /** Aborts fetches under way and resolves once the reader's worker has exited. */
  stop(): Promise<void> {
    this.stopping.abort();
    return this.reader.stop();
  }

  /**
   * When `feed` was last fetched good, ISO, or null: this process's memory of syncs that were no
   * news (DLG-3), or the database's last recorded sync when that is later (another process's).
   */
  lastSyncAt(feed: FeedRow): string | null {
    const checked = this.checked.get(feed.id);
    if (checked === undefined) return feed.lastSyncAt;
    const iso = new Date(checked).toISOString();
    return feed.lastSyncAt !== null && feed.lastSyncAt > iso ? feed.lastSyncAt : iso;
  }

  /** Syncs every feed of every property; resolves when all are done. */
  async syncAll(): Promise<void> {
    await Promise.all(listAllFeeds(this.db).map((feed) => this.syncFeed(feed)));
  }

  /** Syncs the property's feeds now; resolves when all are done (each success or failure stored). */
  async syncProperty(propertyId: string): Promise<void> {
    await Promise.all(listFeeds(this.db, propertyId).map((feed) => this.syncFeed(feed)));
  }

  private syncFeed(feed: FeedRow): Promise<void> {
    let host: string;
    try {
      host = new URL(feed.url).host.toLowerCase();
    } catch {
      host = '';
    }
    return this.hosts.run(host, async () => {
      if (this.stopping.signal.aborted) return;
      this.reader.warm();
      try {
        const text = await fetchFeed(feed.url, {
          ...DEFAULT_FETCH_BOUNDS,
          timeoutMs: this.options.fetchTimeoutMs,
          allowPrivate: this.options.allowPrivate,
          signal: this.stopping.signal,
        });
        const bookings = await this.reader.read(text, this.now());
        await this.conflicts.exclusive(feed.propertyId, () =>
          this.db
            .transaction(() => {
              const at = this.now();
              const since = new Date(at - RECORD_UNCHANGED_EVERY_MS).toISOString();
              if (
                syncIsNoNews(this.db, feed.id, feed.url, bookings, since) &&
                this.ledger.feedUnchanged(feed, bookings)
              ) {
                this.checked.set(feed.id, at);
              } else if (saveSyncSuccess(this.db, feed.id, feed.url, bookings, new Date(at))) {
                this.checked.set(feed.id, at);
                this.ledger.feedSynced(feed, bookings);
                this.conflicts.changed(feed.propertyId);
              }
            })
            .immediate(),
        );
        this.log.info(
          { feedId: feed.id, propertyId: feed.propertyId, bookings: bookings.length },
          'calendar feed synced',
        );
      } catch (err) {
        if (this.stopping.signal.aborted) return;
        const sentence = failureSentence(feed.label, err, this.now());
        saveSyncFailure(this.db, feed.id, feed.url, sentence);
        this.log.warn(
          { feedId: feed.id, propertyId: feed.propertyId, error: sentence },
          'calendar feed sync failed',
        );
      }
    });
  }
}
