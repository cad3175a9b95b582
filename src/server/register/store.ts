/**
 * The guest register's table (migration 018_guest_register.sql): all its SQL (REG-1). Callers run
 * the changes inside their own transactions (register/service.ts), with the mail they enqueue.
 */
import type { Db } from '../store/db.js';
import type {
  FormIIIParticulars,
  MissingEntry,
  RegisterEntry,
  RegisterPerson,
} from '../../shared/register.js';

/** An instant (ms) as the table's ISO text columns store it (this module is an edge, decision 062). */
const iso = (ms: number) => new Date(ms).toISOString();

/** An entry as stored, before it is answered: RegisterEntry plus its reminder's times. */
export interface EntryRow extends RegisterEntry {
  position: number;
  createdAt: string;
}

interface RawEntry {
  id: string;
  booking_id: string | null;
  reference: string | null;
  property_id: string;
  property_name: string;
  source: 'guest' | 'owner';
  position: number;
  arrival: string;
  departure: string;
  arrival_time: string;
  person_json: string;
  form_iii_json: string | null;
  due_at: string | null;
  submitted_at: string | null;
  portal_reference: string | null;
  created_at: string;
}

const COLUMNS =
  'id, booking_id, reference, property_id, property_name, source, position, arrival, departure, ' +
  'arrival_time, person_json, form_iii_json, due_at, submitted_at, portal_reference, created_at';

function toEntry(r: RawEntry): EntryRow {
  const person = JSON.parse(r.person_json) as RegisterPerson;
  return {
    id: r.id,
    ...(r.booking_id === null ? {} : { bookingId: r.booking_id }),
    ...(r.reference === null ? {} : { reference: r.reference }),
    propertyId: r.property_id,
    propertyName: r.property_name,
    ...person,
    arrival: r.arrival,
    departure: r.departure,
    arrivalTime: r.arrival_time,
    source: r.source,
    position: r.position,
    createdAt: r.created_at,
    ...(r.form_iii_json === null || r.due_at === null
      ? {}
      : {
          formIII: {
            ...(JSON.parse(r.form_iii_json) as FormIIIParticulars),
            due: r.due_at,
            ...(r.submitted_at === null ? {} : { submittedAt: r.submitted_at }),
            ...(r.portal_reference === null ? {} : { portalReference: r.portal_reference }),
          },
        }),
  };
}

/** What a new entry needs, instants in ms; `remindAt` is when its one reminder is due (foreigners only). */
export interface NewEntry {
  id: string;
  bookingId?: string;
  reference?: string;
  propertyId: string;
  propertyName: string;
  source: 'guest' | 'owner';
  position: number;
  arrival: string;
  departure: string;
  arrivalTime: string;
  person: RegisterPerson;
  formIII?: { particulars: FormIIIParticulars; dueAt: number; remindAt: number };
  createdAt: number;
}

/** Stores one entry. */
export function insertEntry(db: Db, e: NewEntry): void {
  db.prepare(
    `INSERT INTO register_entries (id, booking_id, reference, property_id, property_name, source,
       position, arrival, departure, arrival_time, person_json, form_iii_json, due_at, remind_at,
       created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    e.id,
    e.bookingId ?? null,
    e.reference ?? null,
    e.propertyId,
    e.propertyName,
    e.source,
    e.position,
    e.arrival,
    e.departure,
    e.arrivalTime,
    JSON.stringify(e.person),
    e.formIII ? JSON.stringify(e.formIII.particulars) : null,
    e.formIII ? iso(e.formIII.dueAt) : null,
    e.formIII ? iso(e.formIII.remindAt) : null,
    iso(e.createdAt),
  );
}

/** One entry, or undefined. */
export function getEntry(db: Db, id: string): EntryRow | undefined {
  const row = db.prepare(`SELECT ${COLUMNS} FROM register_entries WHERE id = ?`).get(id) as
    RawEntry | undefined;
  return row && toEntry(row);
}

/** A booking's entries, in the order given. */
export function entriesOfBooking(db: Db, bookingId: string): EntryRow[] {
  return (
    db
      .prepare(`SELECT ${COLUMNS} FROM register_entries WHERE booking_id = ? ORDER BY position`)
      .all(bookingId) as RawEntry[]
  ).map(toEntry);
}

/** Removes what a booking's guest sent before (the form replaces it); the owner's entries stay. */
export function deleteGuestEntries(db: Db, bookingId: string): void {
  db.prepare("DELETE FROM register_entries WHERE booking_id = ? AND source = 'guest'").run(
    bookingId,
  );
}

/** Entries of stays overlapping [from, to] (days, inclusive), by arrival, property, booking, position. */
export function entriesBetween(db: Db, from: string, to: string): EntryRow[] {
  return (
    db
      .prepare(
        `SELECT ${COLUMNS} FROM register_entries WHERE arrival <= ? AND departure >= ?
           ORDER BY arrival, property_name, COALESCE(booking_id, id), position, created_at`,
      )
      .all(to, from) as RawEntry[]
  ).map(toEntry);
}

/** Confirmed direct bookings overlapping [from, to] with no entry at all (REG-5). */
export function bookingsWithoutEntries(db: Db, from: string, to: string): MissingEntry[] {
  return db
    .prepare(
      `SELECT id AS bookingId, reference, property_id AS propertyId, property_name AS propertyName,
         check_in AS arrival, check_out AS departure, guests FROM bookings b
         WHERE status = 'confirmed' AND check_in <= ? AND check_out >= ?
           AND NOT EXISTS (SELECT 1 FROM register_entries r WHERE r.booking_id = b.id)
         ORDER BY check_in, property_name, id`,
    )
    .all(to, from) as MissingEntry[];
}

/** Records the portal's reference; false when the entry has no Form III or is already submitted. */
export function markSubmitted(db: Db, id: string, reference: string, at: number): boolean {
  return (
    db
      .prepare(
        `UPDATE register_entries SET submitted_at = ?, portal_reference = ?
           WHERE id = ? AND form_iii_json IS NOT NULL AND submitted_at IS NULL`,
      )
      .run(iso(at), reference, id).changes === 1
  );
}

/** Form III entries not submitted nor reminded whose reminder is due at `at` (ms). */
export function remindersDue(db: Db, at: number): EntryRow[] {
  return (
    db
      .prepare(
        `SELECT ${COLUMNS} FROM register_entries
           WHERE remind_at <= ? AND reminded_at IS NULL AND submitted_at IS NULL
           ORDER BY remind_at, id`,
      )
      .all(iso(at)) as RawEntry[]
  ).map(toEntry);
}

/** Marks the reminder of an entry sent; false when it already was (another process). */
export function markReminded(db: Db, id: string, at: number): boolean {
  return (
    db
      .prepare('UPDATE register_entries SET reminded_at = ? WHERE id = ? AND reminded_at IS NULL')
      .run(iso(at), id).changes === 1
  );
}

/** Deletes the entries whose departure is on or before `lastDeparture` (REG-9); returns how many. */
export function deleteEntriesBefore(db: Db, lastDeparture: string): number {
  return db.prepare('DELETE FROM register_entries WHERE departure <= ?').run(lastDeparture).changes;
}
