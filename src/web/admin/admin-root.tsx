/**
 * The admin chunk's entry (ADMIN-1, DESIGN.md "Admin code is a separate lazy chunk"): the App
 * renders it lazily, only in admin mode, after hydration, around the page. It provides the
 * AdminApi that the screens call (src/web/admin-context.ts) over the in-memory global data object,
 * and renders the admin bar with its dialogs (ADMIN-2) after the page content.
 */
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { today } from '../../shared/calendar-dates.js';
import { AdminContext } from '../admin-context.js';
import { onSessionEnded, SESSION_ENDED } from '../api-fetch.js';
import type { PageData } from '../../shared/site-data.js';
import { createAdminActions, type AdminUi } from './admin-actions.js';
import { AdminBar } from './admin-bar.js';
import { useAdminDialogs } from './admin-dialogs.js';
import { BackupLine } from './backup-line.js';
import { BOOKINGS_DIALOG_ID } from './bookings/bookings-dialog.js';
import { CALENDAR_DIALOG_ID } from './calendar/calendar-dialog.js';
import { ConflictNotice } from './conflicts/conflict-notice.js';
import { useConflicts } from './conflicts/use-conflicts.js';
import { createDataStore } from './data-store.js';
import { DESCRIPTION_DIALOG_ID } from './description/description-dialog.js';
import { DOCUMENTS_DIALOG_ID } from './documents/documents-dialog.js';
import { createFlushClient, type Notice } from './flush.js';
import { HISTORY_ID } from './history/history-dialog.js';
import { MANAGE_IMAGES_ID } from './manage-images/manage-images-dialog.js';
import { RATES_DIALOG_ID } from './rates/rates-dialog.js';
import { REGISTER_DIALOG_ID } from './register/register-dialog.js';
import { PRIVACY_DIALOG_ID } from './privacy/privacy-dialog.js';
import { usePrivacyDesk } from './privacy/use-privacy-desk.js';
import { SELECT_PROPERTY_ID } from './select-property/select-property-dialog.js';
import { formIIIAlert, useRegisterDialog } from './register/use-register-dialog.js';
import { MESSAGES_DIALOG_ID } from './messages/messages-dialog.js';
import { REVIEWS_DIALOG_ID } from './reviews/reviews-dialog.js';
import { REPORTS_DIALOG_ID } from './reports/reports-dialog.js';
import { TODAY_DIALOG_ID } from './today/today-dialog.js';
import { MONTH_DIALOG_ID } from './month/month-dialog.js';
import { OwnerBar } from './owner-bar.js';
import type { TodayAction } from '../../shared/today.js';
import { keepUnsavedChange, readUnsavedChange } from './unsaved-change.js';
import { MayContext, useAccount } from './may.js';
import { TEAM_DIALOG_ID } from './team/team-dialog.js';

/** This tab's session storage, or undefined where the browser refuses it. */
function tabStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** SAF-6: a change refused before the last reload is shown again, until the owner dismisses it. */
function noticeAfterReload(): Notice | null {
  const unsaved = readUnsavedChange(tabStorage());
  return unsaved
    ? {
        message: 'A change you made before reloading this page was not saved.',
        unsaved,
        reloaded: true,
      }
    : null;
}

export default function AdminRoot({ data, children }: { data: PageData; children: ReactNode }) {
  const [store] = useState(() => createDataStore(data));
  const [notice, setNoticeState] = useState<Notice | null>(noticeAfterReload);
  // A refused change is kept for this tab, so the reload the notice asks for does not lose it.
  const setNotice = useCallback((next: Notice | null) => {
    if (next === null || next.unsaved) keepUnsavedChange(tabStorage(), next?.unsaved ?? null);
    setNoticeState(next);
  }, []);
  // CLIENT-2: whichever call finds the session ended, the bar says so once, with its login link;
  // a refused change on the bar stays listed under it.
  useEffect(
    () =>
      onSessionEnded(() =>
        setNoticeState((prev) =>
          prev?.sessionEnded
            ? prev
            : { ...(prev?.unsaved ? prev : {}), message: SESSION_ENDED, sessionEnded: true },
        ),
      ),
    [],
  );
  const dialogs = useAdminDialogs();
  // TEAM-1: the controls the account's role may use, and only those.
  const { account, may } = useAccount();
  const register = useRegisterDialog(dialogs.opening(REGISTER_DIALOG_ID));
  const privacy = usePrivacyDesk(dialogs.opening(PRIVACY_DIALOG_ID));
  const [openCount, setOpenCount] = useState<number | null>(null);
  // CONFLICT-3: the open double bookings, for the bar, the inbox and the Calendar dialog.
  const conflicts = useConflicts();
  const nameOf = useCallback(
    (id: string) => store.get().propertyList.find((p) => p.id === id)?.name,
    [store],
  );

  const flush = useMemo(() => createFlushClient(store, { notify: setNotice }), [store, setNotice]);
  const { open } = dialogs;
  const actions = useMemo(() => {
    const property = (id: string) => store.get().propertyList.find((p) => p.id === id);
    const ui: AdminUi = {
      prompt: (message, value) => window.prompt(message, value),
      confirm: (message) => window.confirm(message),
      alert: (message) => window.alert(message),
      showManageImages: (propertyId) => open(MANAGE_IMAGES_ID, propertyId),
      showSelectProperty: (sectionId) => open(SELECT_PROPERTY_ID, sectionId),
      showTextEditor: (propertyId, field) => {
        const p = property(propertyId);
        if (p)
          open(DESCRIPTION_DIALOG_ID, {
            propertyId,
            propertyName: p.name,
            field,
            text: p[field] ?? '',
          });
      },
      showCalendar: (propertyId) => {
        const p = property(propertyId);
        if (p) open(CALENDAR_DIALOG_ID, { propertyId, propertyName: p.name });
      },
      showRates: (propertyId) => {
        const p = property(propertyId);
        if (p) open(RATES_DIALOG_ID, { property: p, today: today(), settings: store.get().site });
      },
    };
    return createAdminActions({ store, flush, ui });
  }, [store, flush, open]);
  const api = useMemo(() => ({ ...actions, may }), [actions, may]);

  const closeDialog = (id: string) =>
    (document.getElementById(id) as HTMLDialogElement | null)?.close();
  /** An apartment's own calendar (feeds and blocks), the month grid closed first. */
  const openPropertyCalendar = (propertyId: string) => {
    const p = store.get().propertyList.find((x) => x.id === propertyId);
    if (!p) return;
    closeDialog(MONTH_DIALOG_ID);
    open(CALENDAR_DIALOG_ID, { propertyId: p.id, propertyName: p.name });
  };
  const openBookingsFromMonth = () => {
    closeDialog(MONTH_DIALOG_ID);
    open(BOOKINGS_DIALOG_ID);
  };
  /** DAY-10: a Today row's action, Today closed first. */
  const go = (action: TodayAction) => {
    closeDialog(TODAY_DIALOG_ID);
    if (action.to === 'booking' || action.to === 'conflicts') open(BOOKINGS_DIALOG_ID);
    else if (action.to === 'register') open(REGISTER_DIALOG_ID);
    else if (action.to === 'messages') open(MESSAGES_DIALOG_ID);
    else {
      const p = store.get().propertyList.find((x) => x.id === action.propertyId);
      if (p) open(CALENDAR_DIALOG_ID, { propertyId: p.id, propertyName: p.name });
    }
  };
  // DAY-6: after login the owner lands on Today (the login page sends them to /#today).
  useEffect(() => {
    if (location.hash !== '#today') return;
    // After the commit: `open` flushes a render of its own, which React refuses inside an effect.
    // The hash is dropped when Today opens, not before: a run of this effect cleaned up before its
    // timer fired (a new `open` while the page settles) leaves the hash to the next run.
    const timer = setTimeout(() => {
      history.replaceState(null, '', location.pathname + location.search);
      open(TODAY_DIALOG_ID);
    }, 0);
    return () => clearTimeout(timer);
  }, [open]);

  return (
    <MayContext value={may}>
      <AdminContext value={api}>
        {children}
        <AdminBar
          flush={flush}
          notice={notice}
          alert={(m) => window.alert(m)}
          assign={(url) => location.assign(url)}
          openHistory={() => open(HISTORY_ID)}
          reload={() => location.reload()}
          dismiss={() => setNotice(null)}
          bookings={
            may('bookingsList')
              ? {
                  openCount,
                  formIII: formIIIAlert(register.entries, register.now),
                  open: () => open(BOOKINGS_DIALOG_ID),
                }
              : undefined
          }
          register={
            may('register')
              ? {
                  alert: formIIIAlert(register.entries, register.now),
                  open: () => open(REGISTER_DIALOG_ID),
                }
              : undefined
          }
          {...(may('messages') ? { openMessages: () => open(MESSAGES_DIALOG_ID) } : {})}
          {...(may('reviews') ? { openReviews: () => open(REVIEWS_DIALOG_ID) } : {})}
          {...(may('reports') ? { openReports: () => open(REPORTS_DIALOG_ID) } : {})}
          {...(may('privacy')
            ? { privacy: { alert: privacy.alert, open: () => open(PRIVACY_DIALOG_ID) } }
            : {})}
          {...(may('staffLinks') ? { openTeam: () => open(TEAM_DIALOG_ID) } : {})}
          {...(data.site.gstin && may('gstView')
            ? { openDocuments: () => open(DOCUMENTS_DIALOG_ID) }
            : {})}
        >
          {may('calendar') && (
            <ConflictNotice conflicts={conflicts.conflicts} nameOf={nameOf} place="bar" />
          )}
          {may('team') && <BackupLine />}
          {dialogs.render({
            store,
            actions,
            conflicts,
            nameOf,
            setOpenCount,
            register,
            privacy,
            account,
            go,
            openBookings: openBookingsFromMonth,
            openCalendar: openPropertyCalendar,
          })}
        </AdminBar>
        <OwnerBar
          openToday={() => open(TODAY_DIALOG_ID)}
          openBookings={() => open(BOOKINGS_DIALOG_ID)}
          openCount={openCount}
          openCalendar={() => open(MONTH_DIALOG_ID)}
        />
      </AdminContext>
    </MayContext>
  );
}
