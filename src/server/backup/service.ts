/**
 * The continuous encrypted copy off the machine (BACKUP-1, BACKUP-2, BACKUP-4).
 * Every POLL_MS a read-only connection of its own asks SQLite's `PRAGMA data_version`, which
 * changes when another connection commits; on a change it takes a consistent snapshot
 * (`serialize()`, one read transaction), uploads the originals of photos the snapshot names that
 * the bucket lacks, then the gzipped snapshot as generation N+1, then the manifest; copies
 * outside the history window (store.ts keptCopies) are deleted. Everything runs on timers, off the
 * request path: a booking's 201 never waits on the bucket. Only the main database is watched and
 * copied: the job runner's bookkeeping is in a file of its own (decision 054), so a job's run makes
 * no copy, and an idle server none at all.
 *
 * Lineage (BACKUP-2): `DATA_DIR/backup-lineage.json` records the lineage and generation this
 * server copies, written before the manifest naming it. A server whose record is missing while the
 * bucket holds copies, names another lineage, or is behind the bucket's generation (an old VM
 * brought back, a second server on the same target) uploads nothing and says why in the log, in
 * /healthz and in the owner's bar. A server whose record says it sealed a newer manifest than the
 * bucket's (`sealed`) finds the bucket rolled back, uploads nothing and says so (BACKUP-6).
 * Each manifest carries the numbering record of the snapshot (GST-13, gst/continuity.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { enqueueMail } from '../mail/store.js';
import { mailBody } from '../mail/templates.js';
import type { BackupConfig } from '../config.js';
import type { BackupStatusAnswer } from '../../shared/api-types.js';
import { API } from '../../shared/routes.js';
import type { Db } from '../store/db.js';
import { BackupStore, keptCopies, type BucketManifest } from './store.js';
import { MINUTE_MS, type Clock } from '../../shared/instants.js';
import { numberingRecord, type NumberingRecord } from '../gst/continuity.js';
import type { DataClass } from '../privacy/retention.js';

/**
 * The class of the retention table the copy's history window erases (PRIV-1): a copy older than
 * BACKUP_HISTORY_DAYS is deleted by the next copy (keptCopies).
 */
export const BACKUP_ERASES: readonly DataClass[] = ['backup'];

/** How often the database is asked whether something was committed, ms. */
const POLL_MS = 250;
/** A lag past this is warned of in the bar and mailed to the owner once (BACKUP-4). */
const LAG_WARNING_MS = 10 * MINUTE_MS;
/** The local lineage record's name in DATA_DIR. */
const LINEAGE_FILE = 'backup-lineage.json';

/** The lineage record. */
export interface LineageRecord {
  lineage: string;
  /** The newest generation this server uploaded (or began to). */
  generation: number;
  /** The newest manifest generation this server wrote; a bucket's manifest below it was rolled back (BACKUP-6). */
  sealed?: number;
}

/** One copy made: when its snapshot was taken and when the manifest naming it was stored (ms). */
export interface CopyEvent {
  generation: number;
  snapshotAt: number;
  doneAt: number;
  bytes: number;
}

function readLineage(dataDir: string): LineageRecord | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(dataDir, LINEAGE_FILE), 'utf8')) as LineageRecord;
  } catch {
    return undefined;
  }
}

export function writeLineage(dataDir: string, record: LineageRecord): void {
  const file = path.join(dataDir, LINEAGE_FILE);
  const partial = `${file}.partial`;
  const fd = fs.openSync(partial, 'w', 0o600);
  try {
    fs.writeSync(fd, JSON.stringify(record));
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(partial, file);
}

/** Why this server must not copy over the bucket's manifest, or undefined when it may. */
function refusal(
  local: LineageRecord | undefined,
  remote: { lineage: string; generation: number; copies: { at: number }[] } | undefined,
): string | undefined {
  if (!remote) return undefined;
  const latest = new Date(remote.copies.at(-1)?.at ?? 0).toISOString();
  if (!local || local.lineage !== remote.lineage) {
    return `The bucket of the copy off the machine holds copies of another database (latest ${latest}): this server copies nothing there. Whoever set up the server restores from it or gives this server a bucket of its own (README, "A copy off the machine").`;
  }
  if (local.generation < remote.generation) {
    return `The bucket of the copy off the machine holds a newer copy (generation ${remote.generation}, ${latest}) than this server's (generation ${local.generation}): another server copies there, or this one was started on an older copy. It uploads nothing, so the newer copy is not overwritten.`;
  }
  if (local.sealed !== undefined && remote.generation < local.sealed) {
    return `The bucket of the copy off the machine was rolled back: its list of copies is generation ${remote.generation} (${latest}), older than generation ${local.sealed} this server sealed. Someone put an older list back; the copies after it may be gone. This server copies nothing there until the newer list is back (the bucket's object versions) or it is given a new bucket.`;
  }
  return undefined;
}

/** Runs the copy for one DATA_DIR. */
export class BackupService {
  private readonly store: BackupStore;
  private reader: Db | undefined;
  private timer: NodeJS.Timeout | undefined;
  private busy: Promise<void> | undefined;
  private copiedVersion: number | undefined;
  private pendingSince: number | undefined;
  private lastCopyAt: number | undefined;
  private error: string | undefined;
  private refused = false;
  private lagMailed = false;
  private readonly listeners: ((event: CopyEvent) => void)[] = [];

  constructor(
    private readonly dataDir: string,
    private readonly config: BackupConfig,
    private readonly log: FastifyBaseLogger,
    /** The clock (TIME-3): buildApp's, which tests move. */
    private readonly now: Clock,
    /** Called once when the lag passes LAG_WARNING_MS (the app enqueues the owner's mail). */
    private readonly onLagWarning: (lagMinutes: number) => void = () => {},
  ) {
    this.store = new BackupStore(config);
  }

  /** Starts polling. */
  start(): void {
    this.reader = new Database(path.join(this.dataDir, 'stays.sqlite3'), {
      readonly: true,
      fileMustExist: true,
    });
    this.reader.pragma('busy_timeout = 5000');
    this.timer = setInterval(() => {
      if (!this.busy) this.busy = this.tick().finally(() => (this.busy = undefined));
    }, POLL_MS);
    this.timer.unref();
  }

  /** Stops polling and waits for a copy in flight. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.busy;
    this.reader?.close();
    this.store.close();
  }

  onCopied(listener: (event: CopyEvent) => void): void {
    this.listeners.push(listener);
  }

  /** What /healthz and the owner's bar show (BACKUP-4). */
  status(): BackupStatusAnswer {
    const now = this.now();
    return {
      configured: true,
      ...(this.lastCopyAt === undefined
        ? {}
        : { lastCopyAt: new Date(this.lastCopyAt).toISOString() }),
      lagSeconds:
        this.pendingSince === undefined ? 0 : Math.round((now - this.pendingSince) / 1000),
      ...(this.error === undefined ? {} : { error: this.error }),
    };
  }

  private async tick(): Promise<void> {
    if (this.refused || !this.reader) return;
    const version = this.reader.pragma('data_version', { simple: true }) as number;
    if (version === this.copiedVersion) return;
    const now = this.now();
    this.pendingSince ??= now;
    try {
      await this.copy();
      this.copiedVersion = version;
      this.pendingSince = undefined;
      this.lagMailed = false;
      this.error = undefined;
    } catch (err) {
      const message = (err as Error).message;
      const error = this.refused ? message : `The copy off the machine failed: ${message}`;
      if (this.error !== error) this.log.warn({ err }, 'backup: the copy off the machine failed');
      this.error = error;
    }
    const lag = this.now() - (this.pendingSince ?? this.now());
    if (this.pendingSince !== undefined && lag > LAG_WARNING_MS && !this.lagMailed) {
      this.lagMailed = true;
      this.onLagWarning(Math.round(lag / MINUTE_MS));
    }
  }

  /** One copy: snapshot, photos, database, manifest, pruning. */
  private async copy(): Promise<void> {
    const snapshotAt = this.now();
    const bytes = this.reader!.serialize();
    // Header bytes 18-19 say WAL (2); a copy is one file in rollback-journal mode (1), which is
    // also what an in-memory database must be to open.
    bytes[18] = 1;
    bytes[19] = 1;
    const found = await this.store.readManifestOrFormat1();
    const format1 = found && 'format1' in found ? found.format1 : undefined;
    const remote = found && 'format1' in found ? undefined : found;
    const local = readLineage(this.dataDir);
    const why = refusal(local, remote ?? format1);
    if (why) {
      this.refused = true;
      this.log.error(`backup: ${why}`);
      throw new Error(why);
    }
    const lineage = local?.lineage ?? crypto.randomUUID();
    const generation =
      Math.max(local?.generation ?? 0, remote?.generation ?? 0, format1?.generation ?? 0) + 1;
    // The numbering record (GST-13) covers every kept copy's time, the oldest included.
    const since = new Date(Math.min(snapshotAt, ...(remote?.copies ?? []).map((c) => c.at)));
    const db = new Database(bytes);
    let names: string[];
    let numbering: NumberingRecord;
    try {
      names = (db.prepare('SELECT name FROM photos').all() as { name: string }[]).map(
        (r) => r.name,
      );
      numbering = numberingRecord(db, since.toISOString(), remote?.numbering);
    } finally {
      db.close();
    }
    // After a format-1 manifest every photo is sealed anew, bound to its name (decision 040).
    const stored = new Map((remote?.photos ?? []).map((p) => [p.name, p]));
    let sent = 0;
    for (const name of names) {
      if (stored.has(name)) continue;
      const original = path.join(this.dataDir, 'originals', name);
      const put = await this.store.put(
        this.store.photoName(name),
        await fs.promises.readFile(original),
        generation,
      );
      sent += put.bytes;
      stored.set(name, { name, generation, sha256: put.sha256 });
    }
    const dbPut = await this.store.put(
      this.store.dbName(generation),
      zlib.gzipSync(bytes),
      generation,
    );
    sent += dbPut.bytes;
    writeLineage(this.dataDir, {
      lineage,
      generation,
      ...(local?.sealed === undefined ? {} : { sealed: local.sealed }),
    });
    const copies = [
      ...(remote?.copies ?? []),
      { generation, at: snapshotAt, sha256: dbPut.sha256 },
    ];
    const kept = keptCopies(copies, snapshotAt, this.config.historyDays);
    const manifest: BucketManifest = {
      format: 'stays-copy',
      version: 2,
      lineage,
      generation,
      copies: kept,
      photos: [...stored.values()].sort((a, b) => (a.name < b.name ? -1 : 1)),
      numbering,
    };
    sent += await this.store.writeManifest(manifest);
    writeLineage(this.dataDir, { lineage, generation, sealed: generation });
    const keptSet = new Set(kept.map((c) => c.generation));
    // Format-1 copies go with the first copy of format 2: restore refuses them (decision 040).
    const dropped = [...copies, ...(format1?.copies ?? [])].filter(
      (c) => !keptSet.has(c.generation),
    );
    if (dropped.length > 0) {
      await this.store.remove(dropped.map((c) => this.store.dbKey(c.generation)));
    }
    this.lastCopyAt = snapshotAt;
    const event = { generation, snapshotAt, doneAt: this.now(), bytes: sent };
    for (const listener of this.listeners) listener(event);
  }
}

/**
 * Runs the copy for the app (BACKUP-1, BACKUP-4): starts it when the app is ready, stops it on
 * close, gives `ctx.backup` for /healthz and the owner's bar, and mails NOTIFY_EMAIL once through
 * the outbox when the copy lags past LAG_WARNING_MS.
 */
export function startBackup(
  app: FastifyInstance,
  ctx: AppContext,
  config: BackupConfig,
): BackupService {
  const service = new BackupService(ctx.config.dataDir, config, app.log, ctx.clock, (minutes) => {
    const text = `The copy of the bookings off the machine is ${minutes} minutes behind: the bucket does not answer or refuses the copy. The owner's bar and /healthz say why. Bookings taken meanwhile are only on this server's disk.`;
    enqueueMail(
      ctx.db,
      {
        kind: 'owner-backup-lag',
        to: ctx.config.mail.notifyEmail,
        subject: `The off-machine copy is ${minutes} minutes behind`,
        ...mailBody([text]),
      },
      ctx.clock(),
    );
  });
  ctx.backup = service;
  app.addHook('onReady', async () => service.start());
  app.addHook('onClose', async () => service.stop());
  return service;
}

/** GET /api/backup-status for the owner's bar (BACKUP-4): `{ configured: false }` without BACKUP_TARGET. */
export async function backupRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    API.backupStatus,
    { permission: 'team', config: { cache: 'no-store' } },
    async (): Promise<BackupStatusAnswer> => {
      return ctx.backup?.status() ?? { configured: false };
    },
  );
}
