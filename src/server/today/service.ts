/**
 * Today (DAY-10): the owner's day composed from the features' own services, never their stores:
 * arrivals and departures today and tomorrow in Asia/Kolkata (direct bookings from the bookings,
 * channel stays from who holds the nights), requests waiting with the hours left
 * (BOOKING_REQUEST_HOURS), advances waiting and balances due by tomorrow or overdue (DAY-4), Form III
 * not submitted (REG-6), messages held or due on WhatsApp (MSG-5, MSG-6) and double bookings
 * (CONFLICT-2). Reads only; the clock is the app's.
 */
import type { Config } from '../config.js';
import type { Db } from '../store/db.js';
import type { BookingService } from '../bookings/service.js';
import type { RegisterService } from '../register/service.js';
import type { MessageService } from '../messages/service.js';
import type { ConflictKeeper } from '../nights/conflicts.js';
import { holdingsOf } from '../nights/nights.js';
import type { Property } from '../../shared/site-data.js';
import type { OwnerBooking } from '../../shared/bookings.js';
import { addDays, formatDay, today as todayOf } from '../../shared/calendar-dates.js';
import { formIIIState } from '../../shared/register.js';
import { HOUR_MS, type Clock } from '../../shared/instants.js';
import type { TodayAnswer, TodayKind, TodayRow } from '../../shared/today.js';
import { formatPaise } from '../../shared/money.js';

const ORDER: readonly TodayKind[] = [
  'conflict',
  'request',
  'arrival',
  'departure',
  'advance',
  'balance',
  'form-iii',
  'message',
];

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The services Today reads. */
export interface TodaySources {
  db: Db;
  config: Pick<Config, 'bookings'>;
  bookings: Pick<BookingService, 'ofDay'>;
  register: Pick<RegisterService, 'list'>;
  messages: Pick<MessageService, 'waiting'>;
  conflicts: Pick<ConflictKeeper, 'list'>;
  properties: () => Map<string, Property>;
  now: Clock;
}

function bookingRow(b: OwnerBooking, kind: TodayKind, extra: Partial<TodayRow> = {}): TodayRow {
  return {
    kind,
    text: `${b.name ?? 'Guest'} · ${b.propertyName} · ${b.reference} · ${plural(b.guests, 'guest')}`,
    action: { to: 'booking', bookingId: b.id, reference: b.reference, status: b.status },
    ...extra,
  };
}

/** The owner's day at the app's clock (DAY-10). */
export function todayOfOwner(s: TodaySources): TodayAnswer {
  const now = s.now();
  const today = todayOf(now);
  const tomorrow = addDays(today, 1);
  const dayOf = (d: string) => (d === today ? 'today' : 'tomorrow') as 'today' | 'tomorrow';
  const rows: TodayRow[] = [];
  const booked = s.bookings.ofDay(today, addDays(tomorrow, s.config.bookings.balanceDueDays));
  for (const b of booked) {
    const holds = b.status === 'accepted' || b.status === 'confirmed';
    if (b.status === 'requested') {
      const left = b.requestedAt + s.config.bookings.requestHours * HOUR_MS - now;
      const hours = Math.max(0, Math.ceil(left / HOUR_MS));
      rows.push(
        bookingRow(b, 'request', {
          detail: `${formatDay(b.checkIn)} – ${formatDay(b.checkOut)} · ${hours} h left to answer`,
          ...(hours <= 6 ? { urgent: true } : {}),
        }),
      );
    }
    if (holds && (b.checkIn === today || b.checkIn === tomorrow))
      rows.push(bookingRow(b, 'arrival', { day: dayOf(b.checkIn), detail: 'Direct booking' }));
    if (holds && (b.checkOut === today || b.checkOut === tomorrow))
      rows.push(bookingRow(b, 'departure', { day: dayOf(b.checkOut), detail: 'Direct booking' }));
    if (b.status === 'accepted' && b.money && b.money.paidPaise === 0 && b.advancePaise)
      rows.push(
        bookingRow(b, 'advance', {
          detail: `Advance ${formatPaise(b.advancePaise)} not received yet`,
        }),
      );
    else if (holds && b.money && b.money.balancePaise > 0 && b.money.balanceDue <= tomorrow)
      rows.push(
        bookingRow(b, 'balance', {
          detail:
            b.money.balanceDue < today
              ? `Balance ${formatPaise(b.money.balancePaise)} overdue since ${formatDay(b.money.balanceDue)}`
              : `Balance ${formatPaise(b.money.balancePaise)} due ${b.money.balanceDue === today ? 'today' : 'tomorrow'}`,
          ...(b.money.balanceDue < today ? { urgent: true } : {}),
        }),
      );
  }
  for (const [id, property] of s.properties()) {
    for (const h of holdingsOf(s.db, id)) {
      if (h.view.source !== 'feed') continue;
      const base = {
        text: `${h.view.label} guest · ${property.name}`,
        channel: h.view.label,
        action: { to: 'calendar' as const, propertyId: id },
      };
      if (h.start === today || h.start === tomorrow)
        rows.push({
          kind: 'arrival',
          day: dayOf(h.start),
          detail: `Booked on ${h.view.label}`,
          ...base,
        });
      if (h.end === today || h.end === tomorrow)
        rows.push({
          kind: 'departure',
          day: dayOf(h.end),
          detail: `Booked on ${h.view.label}`,
          ...base,
        });
    }
  }
  for (const e of s.register.list(addDays(today, -3), tomorrow).entries) {
    if (!e.formIII) continue;
    const state = formIIIState(e.formIII, now);
    if (state.kind === 'submitted') continue;
    rows.push({
      kind: 'form-iii',
      text: `${e.name} · ${e.propertyName}${e.reference ? ` · ${e.reference}` : ''}`,
      detail: state.kind === 'overdue' ? 'Form III overdue' : `Form III due in ${state.hours} h`,
      ...(state.kind === 'overdue' ? { urgent: true } : {}),
      action: { to: 'register' },
    });
  }
  for (const m of s.messages.waiting()) {
    rows.push({
      kind: 'message',
      text: `${m.ruleName} · ${m.guestName ?? 'Guest'} · ${m.reference}`,
      detail:
        m.state === 'held' ? `Held: ${m.problem ?? 'something is missing'}` : 'Due on WhatsApp',
      action: { to: 'messages' },
    });
  }
  const names = s.properties();
  for (const c of s.conflicts.list()) {
    rows.push({
      kind: 'conflict',
      text: `${names.get(c.propertyId)?.name ?? c.propertyId}: ${c.sides.map((side) => side.label).join(' and ')}`,
      detail: `Double booking ${formatDay(c.from)} – ${formatDay(c.to)}`,
      urgent: true,
      action: { to: 'conflicts' },
    });
  }
  rows.sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind));
  return { today, tomorrow, rows };
}
