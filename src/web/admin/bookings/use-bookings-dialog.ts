/**
 * The Bookings dialog's state (INBOX-1..INBOX-4): the list under the chosen filter as the server
 * last answered it, newest first; the number of open requests (the Bookings control's badge, loaded
 * with the page as the 'open' list); the action each booking is running, the message the owner is
 * writing for a decline or a cancel (and, cancelling a paid booking, the refund: GST-9), and the
 * refusal each booking got, shown next to it.
 *
 * - The page's load (`opening` 0) and every opening load the list again; so does a change of filter
 *   and 'Refresh'. A load that a newer one replaces (or the page's end) is aborted, its answer
 *   dropped (useLatestCall, CLIENT-3).
 * - An action's answer replaces its booking in place (it stays under the filter until the next
 *   load) and is told by `notify` (a notification, INBOX-5). A refusal stays next to the booking
 *   with the server's sentence, and the message being written is kept; a 409 (the state changed,
 *   or a calendar holds the nights now) also reloads the list, so the card shows the state as it is.
 * - INBOX-6: while the tab is visible the list and the count are asked again every `refreshMs`
 *   (INBOX_REFRESH_MS), and at once when the tab becomes visible again, quietly: no loading state,
 *   not while a load runs, an answer dropped when a load started meanwhile (it is the same
 *   LatestCall) or an action is running, a failure left to the next try.
 */
import { useEffect, useRef, useState } from 'react';
import type { BookingAction, BookingFilter, OwnerBooking } from '../../../shared/bookings.js';
import type { ApiEnv } from '../../api-fetch.js';
import { formatPaise } from '../../../shared/stay-basics.js';
import { useLatestCall } from '../../latest-call.js';
import { actOnBooking, listBookings } from './bookings-api.js';
import { readPaise, refundableAdvance, rupeesText } from './booking-words.js';
import type { Problem } from '../problem-text.js';
import { MINUTE_MS } from '../../../shared/instants.js';

/**
 * The decline or cancel the owner is writing a message for; `refund`, the cancel of a paid
 * booking's refund to the guest as typed in rupees (GST-9), starts at the whole advance.
 */
interface Composing {
  id: string;
  action: 'decline' | 'cancel';
  message: string;
  refund?: string;
}

export interface BookingsDialogState {
  filter: BookingFilter;
  /** Newest request first; null before the first answer or after a failed load. */
  bookings: OwnerBooking[] | null;
  /** Requests waiting for an answer; null until the server said. */
  openCount: number | null;
  loading: boolean;
  /** Why the list could not be loaded (apiFetch's failure); null after a good answer. */
  loadError: Problem | null;
  /** The action running on a booking, by booking id. */
  pending: Readonly<Record<string, BookingAction>>;
  /** The refusal each booking got, shown next to it. */
  problems: Readonly<Record<string, Problem>>;
  composing: Composing | null;
  setFilter(filter: BookingFilter): void;
  refresh(): void;
  /** Runs an action that needs no message (accept, paid). */
  act(booking: OwnerBooking, action: 'accept' | 'paid'): void;
  /** Opens the message form of a decline or a cancel on that booking. */
  compose(booking: OwnerBooking, action: 'decline' | 'cancel'): void;
  setMessage(message: string): void;
  /** The refund typed for the cancel of a paid booking (GST-9). */
  setRefund(refund: string): void;
  stopComposing(): void;
  /** Sends the decline or cancel being written, with its message (and refund, GST-9). */
  send(): void;
}

export interface BookingsDialogOptions {
  /** 0 at the page's load; changes on every opening of the dialog, which reloads the list. */
  opening: number;
  /** API origin and fetch; the page's own server by default (tests pass a loopback server). */
  env: ApiEnv;
  /** Tells feedback that needs no answer ("Accepted STY-7K2Q – Asha Rao …"), INBOX-5. */
  notify: (text: string) => void;
  /** Called with every new count of open requests, for the Bookings control. */
  onOpenCount?: (count: number) => void;
  /** Milliseconds between quiet refreshes (INBOX-6); INBOX_REFRESH_MS by default. */
  refreshMs?: number;
  /** Called after an accept or a cancel is done: held nights changed (CONFLICT-3). */
  onNightsChanged?: () => void;
}

/** INBOX-6: a request that arrives while the owner's page is open shows within a minute. */
const INBOX_REFRESH_MS = MINUTE_MS;

const newestFirst = (list: OwnerBooking[]) =>
  [...list].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));

/** What the notification says once an action is done. */
function doneText(b: OwnerBooking, action: BookingAction): string {
  const who = `${b.reference} – ${b.name ?? 'guest'}`;
  switch (action) {
    case 'accept':
      return `Accepted ${who}: the nights are closed on every calendar.`;
    case 'decline':
      return `Declined ${who}.`;
    case 'paid':
      return `Advance received for ${who}: the booking is confirmed.`;
    case 'cancel':
      return `Cancelled ${who}: the nights are free again.`;
  }
}

export function useBookingsDialog({
  opening,
  env,
  notify,
  onOpenCount,
  refreshMs = INBOX_REFRESH_MS,
  onNightsChanged,
}: BookingsDialogOptions): BookingsDialogState {
  const [filter, setFilterState] = useState<BookingFilter>('open');
  const [bookings, setBookings] = useState<OwnerBooking[] | null>(null);
  const [openCount, setOpenCountState] = useState<number | null>(null);
  const [loadError, setLoadError] = useState<Problem | null>(null);
  const [pending, setPending] = useState<Record<string, BookingAction>>({});
  const [problems, setProblems] = useState<Record<string, Problem>>({});
  const [composing, setComposing] = useState<Composing | null>(null);
  const [reloads, setReloads] = useState(0);
  // The load asked for now, and the last one answered: loading while they differ.
  const loadKey = `${opening}/${filter}/${reloads}`;
  const [answered, setAnswered] = useState<string | null>(null);
  const loading = answered !== loadKey;

  // The count as last set, for an action's answer that arrives after other answers changed it.
  const count = useRef<number | null>(null);
  const setOpenCount = (next: number) => {
    count.current = next;
    setOpenCountState(next);
    onOpenCount?.(next);
  };

  // A new opening starts without the last visit's refusals and half-written messages.
  const [shownOpening, setShownOpening] = useState(opening);
  if (opening !== shownOpening) {
    setShownOpening(opening);
    setProblems({});
    setComposing(null);
  }

  const latest = useLatestCall();
  useEffect(
    () =>
      latest.run(
        (signal) => listBookings(env, filter, signal),
        (r) => {
          setAnswered(loadKey);
          if (!r.ok) {
            setLoadError(r);
            return;
          }
          setLoadError(null);
          setBookings(newestFirst(r.value.bookings));
          setOpenCount(r.value.openCount);
        },
      ),
    // env and onOpenCount are fixed for the dialog's life; loadKey is opening, filter and reloads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [loadKey],
  );

  // What a quiet refresh asks and what its answer must still find (INBOX-6).
  const now = useRef({ filter, loading, pending });
  useEffect(() => {
    now.current = { filter, loading, pending };
  });
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState !== 'visible' || now.current.loading) return;
      latest.run(
        (signal) => listBookings(env, now.current.filter, signal),
        (r) => {
          if (!r.ok || Object.keys(now.current.pending).length > 0) return;
          setBookings(newestFirst(r.value.bookings));
          setOpenCount(r.value.openCount);
        },
      );
    };
    const timer = setInterval(refresh, refreshMs);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', refresh);
    };
    // env is fixed for the dialog's life; latest for the component's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refreshMs]);

  async function run(
    booking: OwnerBooking,
    action: BookingAction,
    message?: string,
    refundPaise?: number,
  ) {
    const { id } = booking;
    setPending((p) => ({ ...p, [id]: action }));
    setProblems(({ [id]: _gone, ...rest }) => rest);
    const r = await actOnBooking(env, id, action, message?.trim() || undefined, refundPaise);
    setPending(({ [id]: _done, ...rest }) => rest);
    if (!r.ok) {
      setProblems((p) => ({ ...p, [id]: r }));
      if (r.status === 409) setReloads((n) => n + 1);
      return;
    }
    const after = r.value.booking;
    setBookings((list) => list?.map((b) => (b.id === id ? after : b)) ?? list);
    setComposing((c) => (c?.id === id ? null : c));
    if (booking.status === 'requested' && after.status !== 'requested' && count.current !== null)
      setOpenCount(Math.max(0, count.current - 1));
    notify(doneText(after, action));
    if (action === 'accept' || action === 'cancel') onNightsChanged?.();
  }

  return {
    filter,
    bookings,
    openCount,
    loading,
    loadError,
    pending,
    problems,
    composing,
    setFilter(next) {
      if (next === filter) return;
      setComposing(null);
      setFilterState(next);
    },
    refresh: () => setReloads((n) => n + 1),
    act: (booking, action) => void run(booking, action),
    compose(booking, action) {
      const advance = action === 'cancel' ? refundableAdvance(booking) : undefined;
      setComposing({
        id: booking.id,
        action,
        message: '',
        ...(advance === undefined ? {} : { refund: rupeesText(advance) }),
      });
    },
    setMessage: (message) => setComposing((c) => (c ? { ...c, message } : c)),
    setRefund: (refund) => setComposing((c) => (c?.refund === undefined ? c : { ...c, refund })),
    stopComposing: () => setComposing(null),
    send() {
      const booking = bookings?.find((b) => b.id === composing?.id);
      if (!composing || !booking) return;
      if (composing.action === 'cancel' && !composing.message.trim()) {
        setProblems((p) => ({
          ...p,
          [booking.id]: { error: 'Write the guest why the booking is cancelled.' },
        }));
        return;
      }
      const advance = refundableAdvance(booking);
      let refundPaise: number | undefined;
      if (composing.refund !== undefined && advance !== undefined) {
        refundPaise = readPaise(composing.refund);
        if (refundPaise === undefined || refundPaise > advance) {
          setProblems((p) => ({
            ...p,
            [booking.id]: {
              error: `Write the refund in rupees, from ₹0 to ${formatPaise(advance)} (the advance received).`,
            },
          }));
          return;
        }
      }
      void run(booking, composing.action, composing.message, refundPaise);
    },
  };
}
