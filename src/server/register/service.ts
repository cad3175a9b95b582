/**
 * The guest register's changes (REG-1..REG-9), each in one SQLite transaction: the guest's form
 * (it replaces what the booking's guest sent before), the owner's entry at check-in, Mark
 * submitted, the one Form III reminder at arrival + 12 hours (enqueued in the mail outbox with
 * its mark, so it goes once, surviving a restart) and the erasure REGISTER_DAYS after departure.
 *
 * The deadline: Form III is due 24 hours after the foreigner's arrival at the property
 * (Immigration and Foreigners Rules 2025, rule 17); arrival is the check-in day at the arrival
 * time given (the guest's expected time, the owner's at check-in, else the property's check-in
 * time, else 12:00), in India. Time comes from `now`, so tests move it.
 */
import crypto from 'node:crypto';
import type { Config } from '../config.js';
import type { Db } from '../store/db.js';
import { ApiError, notFound } from '../errors.js';
import { enqueueMail } from '../mail/store.js';
import { mailBody } from '../mail/templates.js';
import type { Mailer } from '../bookings/service.js';
import type { Booking } from '../../shared/bookings.js';
import { addDays, today } from '../../shared/calendar-dates.js';
import {
  HOUR_MS,
  PROPERTY_TIME_ZONE,
  formatClock,
  propertyDate,
  zonedTimeToUtc,
  type Clock,
} from '../../shared/instants.js';
import { portalDate, type RegisterList } from '../../shared/register.js';
import type { ValidEntry } from './entry.js';
import { keptDays } from '../privacy/retention.js';
import {
  bookingsWithoutEntries,
  deleteEntriesBefore,
  deleteGuestEntries,
  entriesBetween,
  entriesOfBooking,
  getEntry,
  insertEntry,
  markReminded,
  markSubmitted,
  remindersDue,
  type EntryRow,
} from './store.js';
import type { DataClass } from '../privacy/retention.js';

/** The classes of the retention table the register-erasure job erases (PRIV-1). */
export const REGISTER_ERASES: readonly DataClass[] = ['register'];

/** Form III is due this long after arrival (rule 17). */
const FORM_III_DUE_MS = 24 * HOUR_MS;
/** The one reminder goes this long after arrival (REG-7). */
const REMINDER_AFTER_MS = 12 * HOUR_MS;
/** The arrival time when none is known. */
const DEFAULT_ARRIVAL_TIME = '12:00';

/** The instant (ms) of `time` (HH:MM) on `date` (YYYY-MM-DD) in India. */
export function arrivalInstant(date: string, time: string): number {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  return zonedTimeToUtc(
    { year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second: 0 },
    PROPERTY_TIME_ZONE,
  );
}

/** The stay an entry belongs to. */
export interface EntryStay {
  bookingId?: string;
  reference?: string;
  propertyId: string;
  propertyName: string;
  arrival: string;
  departure: string;
  /** HH:MM when the entry does not give one: the property's check-in time. */
  defaultArrivalTime?: string;
}

/** The stay of a direct booking's entries (REG-2, REG-4): the booking's reference, property and dates. */
export function bookingStay(b: Booking): EntryStay {
  return {
    bookingId: b.id,
    reference: b.reference,
    propertyId: b.propertyId,
    propertyName: b.propertyName,
    arrival: b.checkIn,
    departure: b.checkOut,
  };
}

const newId = () => crypto.randomBytes(12).toString('base64url');

/** A direct booking's guests checked in (LEDGER-2): the owner's first entry of its stay. `at` Unix ms. */
export interface CheckIn {
  bookingId: string;
  at: number;
  actor: string;
}

export class RegisterService {
  private checkInFollower: ((checkIn: CheckIn) => void) | undefined;

  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'bookings' | 'mail' | 'site'>,
    private readonly mailer: Mailer,
    /** The clock (TIME-3): buildApp's, which tests move. */
    readonly now: Clock,
  ) {}

  private insert(
    stay: EntryStay,
    entry: ValidEntry,
    source: 'guest' | 'owner',
    position: number,
    at: number,
  ): EntryRow {
    const arrivalTime = entry.arrivalTime ?? stay.defaultArrivalTime ?? DEFAULT_ARRIVAL_TIME;
    const arrivedAt = arrivalInstant(stay.arrival, arrivalTime);
    const id = newId();
    insertEntry(this.db, {
      id,
      ...(stay.bookingId ? { bookingId: stay.bookingId } : {}),
      ...(stay.reference ? { reference: stay.reference } : {}),
      propertyId: stay.propertyId,
      propertyName: stay.propertyName,
      source,
      position,
      arrival: stay.arrival,
      departure: stay.departure,
      arrivalTime,
      person: entry.person,
      ...(entry.formIII
        ? {
            formIII: {
              particulars: entry.formIII,
              dueAt: arrivedAt + FORM_III_DUE_MS,
              remindAt: arrivedAt + REMINDER_AFTER_MS,
            },
          }
        : {}),
      createdAt: at,
    });
    return getEntry(this.db, id)!;
  }

  /**
   * The guest's form for a confirmed booking (REG-2): its adults replace what the guest sent
   * before. 409 once an entry of the booking has been reported on the portal (the owner corrects
   * it then). Returns the entries stored.
   */
  saveGuestForm(booking: Booking, adults: ValidEntry[], defaultArrivalTime?: string): EntryRow[] {
    const at = this.now();
    return this.db
      .transaction((): EntryRow[] => {
        const before = entriesOfBooking(this.db, booking.id);
        if (before.some((e) => e.formIII?.submittedAt)) {
          throw new ApiError(409, 'These details were already reported; ask us to correct them.', {
            field: 'adults',
          });
        }
        deleteGuestEntries(this.db, booking.id);
        const owners = before.filter((e) => e.source === 'owner').length;
        return adults.map((adult, i) =>
          this.insert(
            { ...bookingStay(booking), ...(defaultArrivalTime ? { defaultArrivalTime } : {}) },
            adult,
            'guest',
            owners + i + 1,
            at,
          ),
        );
      })
      .immediate();
  }

  /**
   * Declares, once, what follows a direct booking's check-in (the composition's stay ledger,
   * decision 051). It runs inside the entry's transaction; a second call throws.
   */
  followCheckIns(follower: (checkIn: CheckIn) => void): void {
    if (this.checkInFollower) throw new Error('What follows a check-in is declared once.');
    this.checkInFollower = follower;
  }

  /**
   * The owner's entry at check-in (REG-4): one adult of a walk-in, a channel or a direct stay,
   * entered by `actor` (the owner's account). The first the owner enters for a direct booking is
   * its check-in (LEDGER-2): the guest's own form, sent before arrival, is not.
   */
  addOwnerEntry(stay: EntryStay, entry: ValidEntry, actor = 'owner'): EntryRow {
    const at = this.now();
    return this.db
      .transaction((): EntryRow => {
        if (!stay.bookingId) return this.insert(stay, entry, 'owner', 1, at);
        const before = entriesOfBooking(this.db, stay.bookingId);
        const row = this.insert(stay, entry, 'owner', before.length + 1, at);
        if (!before.some((e) => e.source === 'owner'))
          this.checkInFollower?.({ bookingId: stay.bookingId, at, actor });
        return row;
      })
      .immediate();
  }

  /** The register for the stays overlapping [from, to], and the confirmed bookings with no entry (REG-5). */
  list(from: string, to: string): RegisterList {
    return {
      entries: entriesBetween(this.db, from, to).map(({ position: _p, createdAt: _c, ...e }) => e),
      missing: bookingsWithoutEntries(this.db, from, to),
    };
  }

  /** Mark submitted (REG-6): 404 for an unknown entry, 409 without Form III or when already marked. */
  markSubmitted(id: string, portalReference: string): EntryRow {
    const at = this.now();
    return this.db
      .transaction((): EntryRow => {
        const entry = getEntry(this.db, id);
        if (!entry) throw notFound('id', 'There is no register entry with this id.');
        if (!markSubmitted(this.db, id, portalReference, at)) {
          throw new ApiError(
            409,
            entry.formIII
              ? 'This Form III is already marked submitted.'
              : 'This guest needs no Form III (an Indian citizen).',
            { field: 'id' },
          );
        }
        return getEntry(this.db, id)!;
      })
      .immediate();
  }

  /**
   * Enqueues the one reminder of each Form III not submitted 12 hours after arrival (REG-7), to
   * NOTIFY_EMAIL, marked in the same transaction. The mail names the property, the booking's
   * reference and the deadline only, never a guest's particulars. Returns how many.
   */
  remindDue(): number {
    if (!this.mailer.enabled) return 0;
    const now = this.now();
    let sent = 0;
    for (const e of remindersDue(this.db, now)) {
      this.db
        .transaction(() => {
          if (!markReminded(this.db, e.id, now)) return;
          const due = e.formIII!.due;
          const when = `${portalDate(propertyDate(due))} ${formatClock(due)}`;
          const stay = e.reference ? `booking ${e.reference}` : 'a stay recorded at check-in';
          const text = [
            `Form III is due by ${when} (India) for a foreign guest at ${e.propertyName} (${stay}, arrived ${portalDate(e.arrival)} ${e.arrivalTime}).`,
            'Report it on the Immigration portal, then press Mark submitted in the Register with the portal’s reference.',
            `Open the Register: ${this.config.site.siteUrl}/admin`,
          ];
          enqueueMail(
            this.db,
            {
              kind: 'owner-register-reminder',
              ...(e.bookingId ? { bookingId: e.bookingId } : {}),
              to: this.config.mail.notifyEmail,
              subject: `Form III due by ${when}: ${e.propertyName}`,
              ...mailBody(text),
            },
            now,
          );
          sent += 1;
        })
        .immediate();
    }
    if (sent > 0) this.mailer.poke();
    return sent;
  }

  /** Deletes the entries REGISTER_DAYS after departure (REG-8; the retention table's period, PRIV-1); returns how many. */
  eraseOld(): number {
    const last = addDays(today(this.now()), -keptDays('register', this.config));
    return this.db.transaction(() => deleteEntriesBefore(this.db, last)).immediate();
  }
}
