/**
 * The privacy desk's SQL (migration 027_privacy.sql; PRIV-4..PRIV-7, decision 044): rights
 * requests, the summaries sent in answer, breaches.
 * The summary of what is held about a guest (DPDP Act 2023 s.11(1)) reads other features' tables,
 * read-only, here in one place (`heldAbout`): it is the one question that spans them all, and a
 * new table of guests' data is added to it and to the retention table (retention.ts) together.
 * Every change to another feature's data goes through that feature's service.
 * The tables keep instants as ISO 8601 text; this module takes and gives Unix ms and converts at
 * its boundary (decision 062, SHAPE-5, SHAPE-8).
 */
import type { Db } from '../store/db.js';
import type { RequestKind, RequestStatus, AnswerAction } from '../../shared/privacy.js';

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null | undefined) => (ms == null ? null : iso(ms));
const msOrNull = (text: string | null) => (text === null ? null : Date.parse(text));

/** A rights request as stored; its instants Unix ms. */
export interface RequestRow {
  id: string;
  kind: RequestKind;
  email: string | null;
  bookingReference: string | null;
  message: string;
  status: 'unopened' | RequestStatus;
  createdAt: number;
  openedAt: number | null;
  dueAt: number | null;
  answeredAt: number | null;
  answerAction: AnswerAction | null;
  answerText: string | null;
}

type RawRequest = Omit<RequestRow, 'createdAt' | 'openedAt' | 'dueAt' | 'answeredAt'> & {
  createdAt: string;
  openedAt: string | null;
  dueAt: string | null;
  answeredAt: string | null;
};

function toRequest(r: RawRequest): RequestRow {
  return {
    ...r,
    createdAt: Date.parse(r.createdAt),
    openedAt: msOrNull(r.openedAt),
    dueAt: msOrNull(r.dueAt),
    answeredAt: msOrNull(r.answeredAt),
  };
}

const REQUEST_COLUMNS = `id, kind, email, booking_reference AS bookingReference, message, status,
  created_at AS createdAt, opened_at AS openedAt, due_at AS dueAt, answered_at AS answeredAt,
  answer_action AS answerAction, answer_text AS answerText`;

/** Stores a request; `link` the hash of its one-time link and when it expires (ms), when mailed. */
export function insertRequest(
  db: Db,
  r: Pick<RequestRow, 'id' | 'kind' | 'email' | 'bookingReference' | 'message' | 'createdAt'> & {
    status: 'unopened' | 'open';
    openedAt?: number;
    dueAt?: number;
    link?: { hash: string; expiresAt: number };
  },
): void {
  db.prepare(
    `INSERT INTO privacy_requests (id, kind, email, booking_reference, message, status, link_hash,
       link_expires_at, created_at, opened_at, due_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    r.id,
    r.kind,
    r.email,
    r.bookingReference,
    r.message,
    r.status,
    r.link?.hash ?? null,
    r.link?.expiresAt ?? null,
    iso(r.createdAt),
    isoOrNull(r.openedAt),
    isoOrNull(r.dueAt),
  );
}

export function getRequest(db: Db, id: string): RequestRow | undefined {
  const row = db.prepare(`SELECT ${REQUEST_COLUMNS} FROM privacy_requests WHERE id = ?`).get(id) as
    RawRequest | undefined;
  return row && toRequest(row);
}

/**
 * Opens the unopened request whose link hashes to `hash`, if the link has not expired at `now`
 * (ms): the link is forgotten in the same statement, so it opens once. The request, or undefined.
 */
export function openByLink(
  db: Db,
  hash: string,
  now: number,
  openedAt: number,
  dueAt: number,
): RequestRow | undefined {
  const row = db
    .prepare(
      `UPDATE privacy_requests SET status = 'open', opened_at = ?, due_at = ?, link_hash = NULL,
         link_expires_at = NULL
         WHERE link_hash = ? AND status = 'unopened' AND link_expires_at > ? RETURNING id`,
    )
    .get(iso(openedAt), iso(dueAt), hash, now) as { id: string } | undefined;
  return row && getRequest(db, row.id);
}

/** The opened requests, the soonest due first. */
export function openedRequests(db: Db): RequestRow[] {
  return (
    db
      .prepare(
        `SELECT ${REQUEST_COLUMNS} FROM privacy_requests WHERE status != 'unopened'
         ORDER BY status = 'open' DESC, due_at, id`,
      )
      .all() as RawRequest[]
  ).map(toRequest);
}

/** Records the answer of an open request; false when it is no longer open. */
export function setAnswer(
  db: Db,
  id: string,
  status: 'answered' | 'refused',
  action: AnswerAction,
  text: string,
  at: number,
): boolean {
  return (
    db
      .prepare(
        `UPDATE privacy_requests SET status = ?, answer_action = ?, answer_text = ?, answered_at = ?
           WHERE id = ? AND status = 'open'`,
      )
      .run(status, action, text, iso(at), id).changes === 1
  );
}

/**
 * Forgets an address on every request that names it, with their messages and summaries (PRIV-6:
 * the erasure answer); the requests' kinds, dates and answers stay as the record of the answer.
 */
export function forgetRequestsOf(db: Db, email: string): void {
  db.prepare(
    `DELETE FROM privacy_summaries WHERE request_id IN
       (SELECT id FROM privacy_requests WHERE lower(email) = lower(?))`,
  ).run(email);
  db.prepare(
    `UPDATE privacy_requests SET email = NULL, message = '', booking_reference = NULL
       WHERE lower(email) = lower(?)`,
  ).run(email);
}

/** A summary of what is held about a guest (DPDP Act s.11(1)); `madeAt` Unix ms. */
export type SummaryDocument = { madeAt: number } & Record<string, unknown>;

/**
 * Stores the summary a link names until `expiresAt` (ms), as the JSON the guest reads, `madeAt`
 * in it as ISO 8601.
 */
export function insertSummary(
  db: Db,
  tokenHash: string,
  requestId: string,
  expiresAt: number,
  summary: SummaryDocument,
): void {
  db.prepare(
    'INSERT INTO privacy_summaries (token_hash, request_id, expires_at, json) VALUES (?, ?, ?, ?)',
  ).run(
    tokenHash,
    requestId,
    expiresAt,
    JSON.stringify({ ...summary, madeAt: iso(summary.madeAt) }),
  );
}

/** The summary's JSON under `tokenHash`, unless expired at `now` (ms). */
export function summaryByHash(db: Db, tokenHash: string, now: number): string | undefined {
  const row = db
    .prepare('SELECT json FROM privacy_summaries WHERE token_hash = ? AND expires_at > ?')
    .get(tokenHash, now) as { json: string } | undefined;
  return row?.json;
}

/**
 * The desk's own erasure (PRIV-1 "privacy-requests"): unopened requests whose link expired before
 * `now` (ms), requests answered before `answeredBefore` (ms; one year), expired summaries.
 * Returns how many rows went.
 */
export function sweepRequests(db: Db, now: number, answeredBefore: number): number {
  return (
    db.prepare('DELETE FROM privacy_summaries WHERE expires_at <= ?').run(now).changes +
    db
      .prepare("DELETE FROM privacy_requests WHERE status = 'unopened' AND link_expires_at <= ?")
      .run(now).changes +
    db
      .prepare(
        "DELETE FROM privacy_requests WHERE status IN ('answered', 'refused') AND answered_at < ?",
      )
      .run(iso(answeredBefore)).changes
  );
}

/** What is held about the guest of `bookingIds` besides the bookings themselves (s.11(1)(a)). */
export interface HeldElsewhere {
  mails: { bookingId: string; kind: string; createdAt: string; sentAt: string | null }[];
  documents: {
    bookingId: string;
    type: string;
    number: string;
    issuedAt: string;
    status: string;
  }[];
  companies: {
    bookingId: string;
    name: string | null;
    gstin: string | null;
    address: string | null;
  }[];
  register: {
    bookingId: string;
    arrival: string;
    departure: string;
    person: unknown;
    formIII: unknown;
  }[];
  reviews: {
    bookingId: string;
    rating: number;
    text: string;
    displayName: string;
    status: string;
  }[];
  payments: {
    bookingId: string;
    state: string;
    amountPaise: number | null;
    method: string | null;
    paidAt: string | null;
    paymentId: string | null;
  }[];
  /** Payments the owner recorded (UPI, bank, cash, card; PRIV-9), with the reference noted. */
  recordedPayments: {
    bookingId: string;
    amountPaise: number;
    paidOn: string;
    way: string;
    reference: string | null;
    reversedAt: string | null;
  }[];
}

/** Reads, for a subject-access summary, every other table that holds something of the guest. */
export function heldAbout(db: Db, bookingIds: string[]): HeldElsewhere {
  const marks = bookingIds.map(() => '?').join(', ') || "''";
  const all = <T>(sql: string) => db.prepare(sql).all(...bookingIds) as T[];
  return {
    mails: all(
      `SELECT booking_id AS bookingId, kind, created_at AS createdAt, sent_at AS sentAt
         FROM mail_outbox WHERE booking_id IN (${marks}) ORDER BY id`,
    ),
    documents: all(
      `SELECT booking_id AS bookingId, type, number, issued_at AS issuedAt, status
         FROM gst_documents WHERE booking_id IN (${marks}) ORDER BY issued_at`,
    ),
    companies: all<HeldElsewhere['companies'][number]>(
      `SELECT booking_id AS bookingId, company_name AS name, company_gstin AS gstin,
         company_address AS address FROM gst_stays
         WHERE booking_id IN (${marks}) AND company_name IS NOT NULL`,
    ),
    register: all<{
      bookingId: string;
      arrival: string;
      departure: string;
      person: string;
      formIII: string | null;
    }>(
      `SELECT booking_id AS bookingId, arrival, departure, person_json AS person,
         form_iii_json AS formIII FROM register_entries WHERE booking_id IN (${marks})
         ORDER BY position`,
    ).map((r) => ({
      ...r,
      person: JSON.parse(r.person),
      formIII: r.formIII && JSON.parse(r.formIII),
    })),
    reviews: all(
      `SELECT booking_id AS bookingId, rating, text, display_name AS displayName, status
         FROM reviews WHERE booking_id IN (${marks})`,
    ),
    payments: all(
      `SELECT booking_id AS bookingId, state, amount_paise AS amountPaise, method,
         paid_at AS paidAt, payment_id AS paymentId FROM booking_payments
         WHERE booking_id IN (${marks})`,
    ),
    recordedPayments: all(
      `SELECT booking_id AS bookingId, amount_paise AS amountPaise, paid_on AS paidOn, way,
         reference, reversed_at AS reversedAt FROM recorded_payments
         WHERE booking_id IN (${marks}) ORDER BY id`,
    ),
  };
}

/** The distinct guest addresses of the bookings `references` name, or of every booking ('all'). */
export function addressesOf(
  db: Db,
  references: 'all' | string[],
): { email: string; reference: string }[] {
  const rows =
    references === 'all'
      ? db
          .prepare(
            'SELECT email, reference FROM bookings WHERE email IS NOT NULL ORDER BY created_at',
          )
          .all()
      : db
          .prepare(
            `SELECT email, reference FROM bookings WHERE email IS NOT NULL AND reference IN
               (${references.map(() => '?').join(', ') || "''"}) ORDER BY created_at`,
          )
          .all(...references);
  const seen = new Set<string>();
  return (rows as { email: string; reference: string }[]).filter((r) => {
    const key = r.email.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A breach as stored; its instants Unix ms. */
export interface BreachRow {
  id: string;
  discoveredAt: number;
  description: string;
  measures: string;
  affected: 'all' | string[];
  createdAt: number;
  guestsToldAt: number | null;
  /** What personal data it touched, in the owner's words (migration 032). */
  dataAffected: string;
  /** When the Board was told: rule 7(2)(a)'s first intimation, rule 7(2)(b)'s report. */
  boardIntimatedAt: number | null;
  boardReportedAt: number | null;
}

type RawBreach = Omit<
  BreachRow,
  | 'affected'
  | 'discoveredAt'
  | 'createdAt'
  | 'guestsToldAt'
  | 'boardIntimatedAt'
  | 'boardReportedAt'
> & {
  affected: string;
  discoveredAt: string;
  createdAt: string;
  guestsToldAt: string | null;
  boardIntimatedAt: string | null;
  boardReportedAt: string | null;
};

export function insertBreach(
  db: Db,
  b: Omit<BreachRow, 'guestsToldAt' | 'boardIntimatedAt' | 'boardReportedAt'>,
): void {
  db.prepare(
    `INSERT INTO privacy_breaches (id, discovered_at, description, measures, affected_json, created_at,
       data_affected) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    b.id,
    iso(b.discoveredAt),
    b.description,
    b.measures,
    JSON.stringify(b.affected),
    iso(b.createdAt),
    b.dataAffected,
  );
}

const BREACH_COLUMNS = `id, discovered_at AS discoveredAt, description, measures,
  affected_json AS affected, created_at AS createdAt, guests_told_at AS guestsToldAt,
  data_affected AS dataAffected, board_intimated_at AS boardIntimatedAt,
  board_reported_at AS boardReportedAt`;

function toBreach(r: RawBreach): BreachRow {
  return {
    ...r,
    affected: JSON.parse(r.affected) as BreachRow['affected'],
    discoveredAt: Date.parse(r.discoveredAt),
    createdAt: Date.parse(r.createdAt),
    guestsToldAt: msOrNull(r.guestsToldAt),
    boardIntimatedAt: msOrNull(r.boardIntimatedAt),
    boardReportedAt: msOrNull(r.boardReportedAt),
  };
}

export function getBreach(db: Db, id: string): BreachRow | undefined {
  const row = db.prepare(`SELECT ${BREACH_COLUMNS} FROM privacy_breaches WHERE id = ?`).get(id) as
    RawBreach | undefined;
  return row && toBreach(row);
}

export function listBreaches(db: Db): BreachRow[] {
  return (
    db
      .prepare(`SELECT ${BREACH_COLUMNS} FROM privacy_breaches ORDER BY discovered_at DESC`)
      .all() as RawBreach[]
  ).map(toBreach);
}

/** Marks the guests told at `at`; false when they already were (the intimation goes once). */
export function markGuestsTold(db: Db, id: string, at: number): boolean {
  return (
    db
      .prepare(
        'UPDATE privacy_breaches SET guests_told_at = ? WHERE id = ? AND guests_told_at IS NULL',
      )
      .run(iso(at), id).changes === 1
  );
}

/**
 * Records when the Board was told (`first`: rule 7(2)(a), `report`: rule 7(2)(b)) at `at`; false
 * when that was recorded already (each is recorded once).
 */
export function markBoardTold(db: Db, id: string, stage: 'first' | 'report', at: number): boolean {
  const column = stage === 'first' ? 'board_intimated_at' : 'board_reported_at';
  return (
    db
      .prepare(`UPDATE privacy_breaches SET ${column} = ? WHERE id = ? AND ${column} IS NULL`)
      .run(iso(at), id).changes === 1
  );
}
