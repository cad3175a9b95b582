/**
 * The Bookings dialog's state (INBOX-1..INBOX-4): the list under the chosen filter as the server
 * last answered it, newest first; the number of open requests (the Bookings control's badge, loaded
 * with the page as the 'open' list); the action each booking is running, the message the owner is
 * writing for a decline or a cancel (and, cancelling a paid booking, the refund: GST-9), and the
 * refusal each booking got, shown next to it.
 *
 * - The page's load (`opening` 0) and every opening load the list's first page again (PERF-12:
 *   INBOX_PAGE bookings); so does a change of filter and 'Refresh'. `showMore` adds the next page
 *   (the answer's cursor). A load that a newer one replaces (or the page's end) is aborted, its
 *   answer dropped (useLatestCall, CLIENT-3).
 * - An action's answer replaces its booking in place (it stays under the filter until the next
 *   load) and is told by `notify` (a notification, INBOX-5). A refusal stays next to the booking
 *   with the server's sentence, and the message being written is kept; a 409 (the state changed,
 *   or a calendar holds the nights now) also reloads the list, so the card shows the state as it is.
 * - INBOX-6: while the tab is visible the list and the count are asked again every `refreshMs`
 *   (INBOX_REFRESH_MS), and at once when the tab becomes visible again, quietly: as many bookings
 *   as are shown (one page at least; pages of BOOKINGS_LIMIT_MAX past it, so a list grown by
 *   Show more keeps its length), no loading state, not while a
 *   load or a next page runs, an answer dropped when a load started meanwhile (it is the same
 *   LatestCall) or an action is running, a failure left to the next try.
 */
import { useEffect, useRef, useState } from 'react';
import {
  type BookingAction,
  type BookingFilter,
  type BookingList,
  type OwnerBooking,
} from '../../../shared/bookings.js';
import type { ApiEnv } from '../../api-fetch.js';
import { useLatestCall } from '../../latest-call.js';
import { actOnBooking, listBookings, listFirstBookings } from './bookings-api.js';
import { refundableAdvance } from './booking-words.js';
import type { Problem } from '../problem-text.js';
import { MINUTE_MS } from '../../../shared/instants.js';
import { formatPaise, rupeesText } from '../../../shared/money.js';
import { readPaise } from '../../../shared/read-paise.js';

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
  /** Newest request first, the pages loaded so far; null before the first answer or a failed load. */
  bookings: OwnerBooking[] | null;
  /** How many bookings the filter holds on the server, loaded or not; null until the server said. */
  total: number | null;
  /** Requests waiting for an answer; null until the server said. */
  openCount: number | null;
  loading: boolean;
  /** True while the next page is being loaded (showMore). */
  loadingMore: boolean;
  /** True when the server has bookings under the filter after those loaded (PERF-12). */
  hasMore: boolean;
  /** Loads the next page of the list and adds it below (PERF-12); nothing while a load runs. */
  showMore(): void;
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

/** Bookings of the first page and of each "Show more" (PERF-12: about two screens on a phone). */
export const INBOX_PAGE = 10;

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
  const [total, setTotal] = useState<number | null>(null);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
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
  // The load whose next page is being asked for: loading more while it is still the load shown.
  const [moreFor, setMoreFor] = useState<string | null>(null);
  const loadingMore = moreFor === loadKey;

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
        (signal) => listBookings(env, filter, { limit: INBOX_PAGE }, signal),
        (r) => {
          setAnswered(loadKey);
          if (!r.ok) {
            setLoadError(r);
            return;
          }
          setLoadError(null);
          setList(r.value);
        },
        // PERF-22: the list as last answered is on screen before this opening's call is made.
        { afterPaint: true },
      ),
    // env and onOpenCount are fixed for the dialog's life; loadKey is opening, filter and reloads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [loadKey],
  );

  /** A first page (or a quiet refresh's pages) as the list shown now. */
  function setList(list: BookingList) {
    setBookings(newestFirst(list.bookings));
    setTotal(list.total);
    setNextCursor(list.nextCursor ?? null);
    setOpenCount(list.openCount);
  }

  // What a quiet refresh asks and what its answer must still find (INBOX-6).
  const shownCount = bookings?.length ?? 0;
  const now = useRef({ filter, loading, loadingMore, pending, shownCount });
  useEffect(() => {
    now.current = { filter, loading, loadingMore, pending, shownCount };
  });
  useEffect(() => {
    const refresh = () => {
      const at = now.current;
      if (document.visibilityState !== 'visible' || at.loading || at.loadingMore) return;
      const count = Math.max(INBOX_PAGE, at.shownCount);
      latest.run(
        (signal) => listFirstBookings(env, at.filter, count, signal),
        (r) => {
          if (!r.ok || Object.keys(now.current.pending).length > 0) return;
          setList(r.value);
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

  function showMore() {
    if (loading || loadingMore || nextCursor === null) return;
    setMoreFor(loadKey);
    latest.run(
      (signal) => listBookings(env, filter, { limit: INBOX_PAGE, cursor: nextCursor }, signal),
      (r) => {
        setMoreFor(null);
        if (!r.ok) {
          setLoadError(r);
          return;
        }
        setLoadError(null);
        // Added to the list as it is now (an action's answer may have replaced a card meanwhile).
        setBookings((list) => newestFirst([...(list ?? []), ...r.value.bookings]));
        setTotal(r.value.total);
        setNextCursor(r.value.nextCursor ?? null);
        setOpenCount(r.value.openCount);
      },
    );
  }

  return {
    filter,
    bookings,
    total,
    openCount,
    loading,
    loadingMore,
    hasMore: nextCursor !== null,
    showMore,
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
