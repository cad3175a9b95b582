/**
 * The owner's dialogs by name, and the one way the admin root opens one (CLIENT-4, FOOT-3).
 *
 * `ADMIN_DIALOGS` maps each dialog's element id to how it renders, given its `Opening` (how many
 * times it was opened, what for, and how to close it) and the page's `AdminServices`. Adding a
 * dialog is one line there (docs/how-to.md, "Add an owner's dialog"); `useAdminDialogs().open(id,
 * target?)` is then the only way to open it, from the bar or from a page's admin control:
 * it counts the opening, records the target and shows the native modal with
 * window.openDialog, keeping keyboard focus on the control that had it when that control is still
 * there after the update (a dialog reopened over itself, like Manage Images after a change).
 *
 * A dialog that loads (Bookings, Documents, History, Calendar, ...) loads again when `opening`
 * changes; one of a thing (a property, a category) shows `target`. Every dialog is rendered from
 * the start (closed), so `open` finds its `<dialog>`; none is a lazy chunk (the admin chunk holds
 * them all, decision 028).
 *
 * PERF-21: a closed dialog is not rendered again with the page (its services change at every
 * render of the admin root): only at its next opening, and with every render while it shows
 * (from `open` until its `<dialog>` fires `close`). Opening the inbox used to render all sixteen,
 * the month grid among them, before the first frame (decision 065).
 */
import { memo, useCallback, useEffect, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import type { Role } from '../../shared/permissions.js';
import type { AdminActions } from './admin-actions.js';
import { BOOKINGS_DIALOG_ID, BookingsDialog } from './bookings/bookings-dialog.js';
import { CALENDAR_DIALOG_ID, CalendarDialog } from './calendar/calendar-dialog.js';
import type { ConflictsState } from './conflicts/use-conflicts.js';
import type { DataStore } from './data-store.js';
import { DESCRIPTION_DIALOG_ID, DescriptionDialog } from './description/description-dialog.js';
import type { DescriptionDraft } from './description/use-description-dialog.js';
import { DOCUMENTS_DIALOG_ID, DocumentsDialog } from './documents/documents-dialog.js';
import { HISTORY_ID, HistoryDialog } from './history/history-dialog.js';
import { MANAGE_IMAGES_ID, ManageImagesDialog } from './manage-images/manage-images-dialog.js';
import { MESSAGES_DIALOG_ID, MessagesDialog } from './messages/messages-dialog.js';
import { RATES_DIALOG_ID, RatesDialog } from './rates/rates-dialog.js';
import type { RatesTarget } from './rates/use-rates-dialog.js';
import { REGISTER_DIALOG_ID, RegisterDialog } from './register/register-dialog.js';
import { REVIEWS_DIALOG_ID, ReviewsDialog } from './reviews/reviews-dialog.js';
import { REPORTS_DIALOG_ID, ReportsDialog } from './reports/reports-dialog.js';
import { PRIVACY_DIALOG_ID, PrivacyDialog } from './privacy/privacy-dialog.js';
import type { PrivacyDesk } from './privacy/use-privacy-desk.js';
import { TEAM_DIALOG_ID, TeamDialog } from './team/team-dialog.js';
import { TODAY_DIALOG_ID, TodayDialog } from './today/today-dialog.js';
import { MONTH_DIALOG_ID, MonthDialog } from './month/month-dialog.js';
import { today } from '../../shared/calendar-dates.js';
import type { TodayAction } from '../../shared/today.js';
import {
  SELECT_PROPERTY_ID,
  SelectPropertyDialog,
} from './select-property/select-property-dialog.js';
import type { CalendarTarget } from './calendar/use-calendar-dialog.js';
import {
  formIIIAlertsByBooking,
  type RegisterDialogState,
} from './register/use-register-dialog.js';

/** What a dialog is given: its openings and target, and how to close it. */
interface Opening<T = undefined> {
  /** 0 before the first opening; one more at each opening (a dialog that loads, loads again). */
  opening: number;
  /** What it was last opened for (a property id, a category ...); null before the first opening. */
  target: T | null;
  /** Closes the dialog (window.closeDialog). */
  close: () => void;
}

/** What the dialogs share with the page: its data and edits, the double bookings, the bar's badges. */
interface AdminServices {
  store: DataStore;
  actions: AdminActions;
  /** CONFLICT-3: the open double bookings and how to ask again. */
  conflicts: ConflictsState;
  /** A property's name by id (for a conflict's sentence). */
  nameOf: (propertyId: string) => string | undefined;
  /** INBOX-1: the Bookings control's count of open requests. */
  setOpenCount: (count: number) => void;
  /** REG-5: the register, held by the root so the bar can say "Form III due in 5 h". */
  register: RegisterDialogState;
  /** PRIV-4: the privacy desk, held by the root so the bar can say "Privacy request 3 days left". */
  privacy: PrivacyDesk;
  /** TEAM-1: the logged-in account (null until the server said). */
  account: { username: string; role: Role } | null;
  /** DAY-10: opens a Today row's action. */
  go: (action: TodayAction) => void;
  /** DAY-11: from the month grid, Bookings and an apartment's own calendar. */
  openBookings: () => void;
  openCalendar: (propertyId: string) => void;
}

const alert = (message: string) => window.alert(message);
const confirm = (message: string) => window.confirm(message);
const reload = () => location.reload();

/** A dialog's entry: its Opening and the page's services → the `<dialog>` element. */
type DialogEntry<T> = (o: Opening<T>, s: AdminServices) => ReactNode;

/** Every owner's dialog, by the id of its `<dialog>` element. Adding a dialog is one line. */
const ADMIN_DIALOGS = {
  [MANAGE_IMAGES_ID]: (o: Opening<string>, s) => (
    <ManageImagesDialog
      store={s.store}
      actions={s.actions}
      propertyId={o.target}
      alert={alert}
      close={o.close}
    />
  ),
  [SELECT_PROPERTY_ID]: (o: Opening<string>, s) => (
    <SelectPropertyDialog
      store={s.store}
      actions={s.actions}
      sectionId={o.target}
      close={o.close}
    />
  ),
  [DESCRIPTION_DIALOG_ID]: (o: Opening<DescriptionDraft>, s) => (
    <DescriptionDialog actions={s.actions} {...o} />
  ),
  [CALENDAR_DIALOG_ID]: (o: Opening<Omit<CalendarTarget, 'opening'>>, s) => (
    <CalendarDialog
      target={o.target && { ...o.target, opening: o.opening }}
      close={o.close}
      confirm={confirm}
      conflicts={s.conflicts.conflicts}
      onNightsChanged={s.conflicts.refresh}
    />
  ),
  [RATES_DIALOG_ID]: (o: Opening<Omit<RatesTarget, 'opening'>>, s) => (
    <RatesDialog
      target={o.target && { ...o.target, opening: o.opening }}
      actions={s.actions}
      close={o.close}
    />
  ),
  [BOOKINGS_DIALOG_ID]: (o, s) => (
    <BookingsDialog
      opening={o.opening}
      close={o.close}
      onOpenCount={s.setOpenCount}
      conflicts={s.conflicts.conflicts}
      nameOf={s.nameOf}
      onNightsChanged={s.conflicts.refresh}
      formIII={formIIIAlertsByBooking(s.register.entries, s.register.now)}
    />
  ),
  [REGISTER_DIALOG_ID]: (o, s) => (
    <RegisterDialog state={s.register} properties={s.store.get().propertyList} close={o.close} />
  ),
  [MESSAGES_DIALOG_ID]: (o, s) => (
    <MessagesDialog
      opening={o.opening}
      properties={s.store.get().propertyList.map((p) => ({ id: p.id, name: p.name }))}
      close={o.close}
    />
  ),
  [REVIEWS_DIALOG_ID]: (o) => <ReviewsDialog opening={o.opening} close={o.close} />,
  [REPORTS_DIALOG_ID]: (o, s) => (
    <ReportsDialog
      opening={o.opening}
      close={o.close}
      properties={s.store.get().propertyList.map((p) => ({ id: p.id, name: p.name }))}
    />
  ),
  [PRIVACY_DIALOG_ID]: (o, s) => <PrivacyDialog desk={s.privacy} close={o.close} />,
  [TODAY_DIALOG_ID]: (o, s) => <TodayDialog opening={o.opening} close={o.close} go={s.go} />,
  [MONTH_DIALOG_ID]: (o, s) => (
    <MonthDialog
      opening={o.opening}
      close={o.close}
      properties={s.store.get().propertyList}
      settings={s.store.get().site}
      today={today()}
      openBookings={s.openBookings}
      openCalendar={s.openCalendar}
      onNightsChanged={s.conflicts.refresh}
    />
  ),
  [DOCUMENTS_DIALOG_ID]: (o) => <DocumentsDialog opening={o.opening} close={o.close} />,
  [TEAM_DIALOG_ID]: (o, s) => (
    <TeamDialog opening={o.opening} close={o.close} me={s.account?.username} confirm={confirm} />
  ),
  [HISTORY_ID]: (o) => (
    <HistoryDialog
      opening={o.opening}
      close={o.close}
      confirm={confirm}
      alert={alert}
      reload={reload}
    />
  ),
} satisfies Record<string, DialogEntry<never>>;

/** The id of an owner's dialog. */
type AdminDialogId = keyof typeof ADMIN_DIALOGS;

type TargetOf<N extends AdminDialogId> =
  Parameters<(typeof ADMIN_DIALOGS)[N]>[0] extends Opening<infer T> ? T : never;

/** `open`'s arguments after the id: the target, when the dialog takes one. */
type TargetArgs<N extends AdminDialogId> = [TargetOf<N>] extends [undefined] ? [] : [TargetOf<N>];

export interface AdminDialogs {
  /** Opens dialog `id` (for `target`): counts the opening, then shows it as a modal. */
  open<N extends AdminDialogId>(id: N, ...target: TargetArgs<N>): void;
  /** How many times dialog `id` was opened (0: never). */
  opening(id: AdminDialogId): number;
  /** Every registered dialog, rendered (closed until opened). */
  render(services: AdminServices): ReactNode;
}

/** The key of the control that has keyboard focus (`data-focus-key`), if any. */
function focusedKey(): string | undefined {
  return document.activeElement instanceof HTMLElement
    ? document.activeElement.dataset.focusKey
    : undefined;
}

/** Focus back on the control of that key in dialog `id`, when it is still there. */
function refocus(id: string, key: string | undefined): void {
  if (key === undefined) return;
  const dialog = document.getElementById(id);
  Array.from(dialog?.querySelectorAll<HTMLElement>('[data-focus-key]') ?? [])
    .find((el) => el.dataset.focusKey === key)
    ?.focus();
}

/** A dialog's entry and Opening; `shown` while its `<dialog>` is open. */
interface SlotProps {
  id: AdminDialogId;
  opening: number;
  target: unknown;
  shown: boolean;
  services: AdminServices;
}

/** One registered dialog: rendered again when it shows or is opened again (PERF-21). */
const DialogSlot = memo(
  function DialogSlot({ id, opening, target, services }: SlotProps) {
    const entry = ADMIN_DIALOGS[id] as DialogEntry<unknown>;
    return entry({ opening, target, close: () => window.closeDialog(id) }, services);
  },
  (prev, next) =>
    !prev.shown &&
    !next.shown &&
    prev.id === next.id &&
    prev.opening === next.opening &&
    prev.target === next.target,
);

const isDialogId = (id: string): id is AdminDialogId => Object.hasOwn(ADMIN_DIALOGS, id);

/** The admin root's dialogs: their openings, `open` and `render` (CLIENT-4). */
export function useAdminDialogs(): AdminDialogs {
  const [openings, setOpenings] = useState<
    Partial<Record<AdminDialogId, { opening: number; target: unknown; shown: boolean }>>
  >({});
  const open = useCallback(<N extends AdminDialogId>(id: N, ...target: TargetArgs<N>) => {
    const key = focusedKey();
    window.closeDialog(id);
    flushSync(() =>
      setOpenings((all) => ({
        ...all,
        [id]: { opening: (all[id]?.opening ?? 0) + 1, target: target[0] ?? null, shown: true },
      })),
    );
    window.openDialog(id);
    refocus(id, key);
  }, []);
  // A dialog closes natively too (Escape, its Close button): `close` does not bubble, so it is
  // heard on its way down. It comes a task after the closing: a dialog `open` showed again
  // meanwhile (reopened over itself) still shows.
  useEffect(() => {
    const closed = (event: Event) => {
      const dialog = event.target;
      if (!(dialog instanceof HTMLDialogElement) || dialog.open || !isDialogId(dialog.id)) return;
      const id = dialog.id;
      setOpenings((all) => {
        const o = all[id];
        return o?.shown ? { ...all, [id]: { ...o, shown: false } } : all;
      });
    };
    document.addEventListener('close', closed, { capture: true });
    return () => document.removeEventListener('close', closed, { capture: true });
  }, []);

  const opening = (id: AdminDialogId) => openings[id]?.opening ?? 0;

  const render = (services: AdminServices) =>
    (Object.keys(ADMIN_DIALOGS) as AdminDialogId[]).map((id) => {
      const o = openings[id];
      return (
        <DialogSlot
          key={id}
          id={id}
          opening={o?.opening ?? 0}
          target={o?.target ?? null}
          shown={o?.shown ?? false}
          services={services}
        />
      );
    });

  return { open, opening, render };
}
