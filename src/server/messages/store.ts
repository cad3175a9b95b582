/**
 * The messages tables (migration 019_messages.sql; MSG-1..MSG-8): all their SQL. The rules are one
 * JSON document; a property's private fields (MSG-3) a row of their own; each (booking, rule) of a
 * confirmed booking one row of `scheduled_messages`. Callers run changes inside their own
 * transactions (service.ts).
 */
import type { Db } from '../store/db.js';
import type { MessageRule, PropertyPrivate } from '../../shared/messages.js';

/** An instant (ms) as the tables' ISO text columns store it (this module is an edge, decision 062). */
const iso = (ms: number) => new Date(ms).toISOString();

/** The states of a scheduled message (migration 019). */
export type ScheduledState = 'scheduled' | 'held' | 'whatsapp' | 'sent' | 'skipped';

/** One (booking, rule) row. `dueAt` in ms since the epoch. */
export interface ScheduledRow {
  bookingId: string;
  ruleId: string;
  checkIn: string;
  checkOut: string;
  dueAt: number;
  state: ScheduledState;
  problem?: string;
  whatsappText?: string;
  channel?: 'email' | 'whatsapp';
  sentAt?: string;
}

interface RawScheduled {
  booking_id: string;
  rule_id: string;
  check_in: string;
  check_out: string;
  due_at: number;
  state: ScheduledState;
  problem: string | null;
  whatsapp_text: string | null;
  channel: 'email' | 'whatsapp' | null;
  sent_at: string | null;
}

function toScheduled(r: RawScheduled): ScheduledRow {
  return {
    bookingId: r.booking_id,
    ruleId: r.rule_id,
    checkIn: r.check_in,
    checkOut: r.check_out,
    dueAt: r.due_at,
    state: r.state,
    ...(r.problem === null ? {} : { problem: r.problem }),
    ...(r.whatsapp_text === null ? {} : { whatsappText: r.whatsapp_text }),
    ...(r.channel === null ? {} : { channel: r.channel }),
    ...(r.sent_at === null ? {} : { sentAt: r.sent_at }),
  };
}

/** The stored rules, or undefined when the owner never saved any (the shipped ones apply). */
export function storedRules(db: Db): MessageRule[] | undefined {
  const row = db.prepare('SELECT rules_json FROM message_rules WHERE id = 1').get() as
    { rules_json: string } | undefined;
  return row ? (JSON.parse(row.rules_json) as MessageRule[]) : undefined;
}

/** Replaces the rules. */
export function saveRules(db: Db, rules: MessageRule[], at: number): void {
  db.prepare(
    `INSERT INTO message_rules (id, rules_json, updated_at) VALUES (1, ?, ?)
       ON CONFLICT (id) DO UPDATE SET rules_json = excluded.rules_json, updated_at = excluded.updated_at`,
  ).run(JSON.stringify(rules), iso(at));
}

/** A property's private fields; empty when none are set. */
export function getPrivate(db: Db, propertyId: string): PropertyPrivate {
  const r = db
    .prepare(
      'SELECT wifi_name, wifi_password, arrival_instructions FROM property_private WHERE property_id = ?',
    )
    .get(propertyId) as
    | {
        wifi_name: string | null;
        wifi_password: string | null;
        arrival_instructions: string | null;
      }
    | undefined;
  if (!r) return {};
  return {
    ...(r.wifi_name === null ? {} : { wifiName: r.wifi_name }),
    ...(r.wifi_password === null ? {} : { wifiPassword: r.wifi_password }),
    ...(r.arrival_instructions === null ? {} : { arrivalInstructions: r.arrival_instructions }),
  };
}

/** Replaces a property's private fields (an absent field is cleared). */
export function savePrivate(db: Db, propertyId: string, fields: PropertyPrivate, at: number): void {
  db.prepare(
    `INSERT INTO property_private (property_id, wifi_name, wifi_password, arrival_instructions, updated_at)
       VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (property_id) DO UPDATE SET wifi_name = excluded.wifi_name,
         wifi_password = excluded.wifi_password, arrival_instructions = excluded.arrival_instructions,
         updated_at = excluded.updated_at`,
  ).run(
    propertyId,
    fields.wifiName ?? null,
    fields.wifiPassword ?? null,
    fields.arrivalInstructions ?? null,
    iso(at),
  );
}

/** Every scheduled row of a booking. */
export function scheduledOf(db: Db, bookingId: string): ScheduledRow[] {
  return (
    db
      .prepare('SELECT * FROM scheduled_messages WHERE booking_id = ? ORDER BY due_at, rule_id')
      .all(bookingId) as RawScheduled[]
  ).map(toScheduled);
}

/** Every row not sent or skipped: what waits (scheduled, held, whatsapp), by due time. */
export function unsentRows(db: Db): ScheduledRow[] {
  return (
    db
      .prepare(
        `SELECT * FROM scheduled_messages WHERE state IN ('scheduled', 'held', 'whatsapp')
           ORDER BY due_at, booking_id, rule_id`,
      )
      .all() as RawScheduled[]
  ).map(toScheduled);
}

/** The rows whose time has come: scheduled and due by `now` (ms), and held ones (tried again). */
export function dueRows(db: Db, now: number): ScheduledRow[] {
  return (
    db
      .prepare(
        `SELECT * FROM scheduled_messages
           WHERE (state = 'scheduled' AND due_at <= ?) OR state = 'held'
           ORDER BY due_at, booking_id, rule_id`,
      )
      .all(now) as RawScheduled[]
  ).map(toScheduled);
}

/** Inserts or replaces one row (the whole row). */
export function putScheduled(db: Db, row: ScheduledRow): void {
  db.prepare(
    `INSERT INTO scheduled_messages (booking_id, rule_id, check_in, check_out, due_at, state,
       problem, whatsapp_text, channel, sent_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (booking_id, rule_id) DO UPDATE SET check_in = excluded.check_in,
         check_out = excluded.check_out, due_at = excluded.due_at, state = excluded.state,
         problem = excluded.problem, whatsapp_text = excluded.whatsapp_text,
         channel = excluded.channel, sent_at = excluded.sent_at`,
  ).run(
    row.bookingId,
    row.ruleId,
    row.checkIn,
    row.checkOut,
    row.dueAt,
    row.state,
    row.problem ?? null,
    row.whatsappText ?? null,
    row.channel ?? null,
    row.sentAt ?? null,
  );
}

/**
 * Marks a row sent on `channel` at `at` (ms), dropping its text; only while it is in one of
 * `from`. False when it is not (already sent, or gone).
 */
export function markMessageSent(
  db: Db,
  bookingId: string,
  ruleId: string,
  from: readonly ScheduledState[],
  channel: 'email' | 'whatsapp',
  at: number,
): boolean {
  return (
    db
      .prepare(
        `UPDATE scheduled_messages SET state = 'sent', channel = ?, sent_at = ?, problem = NULL,
           whatsapp_text = NULL
           WHERE booking_id = ? AND rule_id = ? AND state IN (SELECT value FROM json_each(?))`,
      )
      .run(channel, iso(at), bookingId, ruleId, JSON.stringify(from)).changes === 1
  );
}

/** Deletes a row unless it was sent (its booking was cancelled, its rule turned off). */
export function dropUnsent(db: Db, bookingId: string, ruleId?: string): void {
  db.prepare(
    `DELETE FROM scheduled_messages WHERE booking_id = ? AND state <> 'sent'
       AND (? IS NULL OR rule_id = ?)`,
  ).run(bookingId, ruleId ?? null, ruleId ?? null);
}
