/**
 * The admin chunk's entry (ADMIN-1, DESIGN.md "Admin code is a separate lazy chunk"): the App
 * renders it lazily, only in admin mode, after hydration, around the page. It provides the
 * AdminApi that the screens call (src/web/admin-context.ts) over the in-memory global data object,
 * and renders the admin bar with its dialogs (ADMIN-2) after the page content.
 */
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { today } from '../../shared/calendar-dates.js';
import { AdminContext } from '../admin-context.js';
import type { PageData } from '../../shared/site-data.js';
import { createAdminActions, type AdminUi } from './admin-actions.js';
import { AdminBar } from './admin-bar.js';
import { BackupLine } from './backup-line.js';
import { ConflictNotice } from './conflicts/conflict-notice.js';
import { useConflicts } from './conflicts/use-conflicts.js';
import { createDataStore } from './data-store.js';
import {
  DESCRIPTION_DIALOG_ID,
  DescriptionDialog,
  type DescriptionDraft,
} from './description-dialog.js';
import { BOOKINGS_DIALOG_ID, BookingsDialog } from './bookings-dialog.js';
import { CALENDAR_DIALOG_ID, CalendarDialog } from './calendar-dialog.js';
import type { CalendarTarget } from './use-calendar-dialog.js';
import { createFlushClient, type Notice } from './flush.js';
import { RATES_DIALOG_ID, RatesDialog } from './rates/rates-dialog.js';
import type { RatesTarget } from './rates/use-rates-dialog.js';
import { HISTORY_ID, HistoryDialog, type HistoryHandle } from './history-dialog.js';
import { DOCUMENTS_DIALOG_ID, DocumentsDialog } from './documents-dialog.js';
import { REGISTER_DIALOG_ID, RegisterDialog } from './register-dialog.js';
import { REVIEWS_DIALOG_ID, ReviewsDialog } from './reviews/reviews-dialog.js';
import { formIIIAlert, useRegisterDialog } from './use-register-dialog.js';
import { MANAGE_IMAGES_ID, ManageImagesDialog } from './manage-images-dialog.js';
import { SELECT_PROPERTY_ID, SelectPropertyDialog } from './select-property-dialog.js';
import { keepUnsavedChange, readUnsavedChange } from './unsaved-change.js';

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
        login: false,
        unsaved,
        reloaded: true,
      }
    : null;
}

/** Opens a dialog by id, keeping keyboard focus on the control that had it when it is still there. */
function reopen(id: string, update: () => void): void {
  const key =
    document.activeElement instanceof HTMLElement
      ? document.activeElement.dataset.focusKey
      : undefined;
  window.closeDialog(id);
  flushSync(update);
  window.openDialog(id);
  if (key === undefined) return;
  const dialog = document.getElementById(id);
  const same = Array.from(dialog?.querySelectorAll<HTMLElement>('[data-focus-key]') ?? []).find(
    (el) => el.dataset.focusKey === key,
  );
  same?.focus();
}

export default function AdminRoot({ data, children }: { data: PageData; children: ReactNode }) {
  const [store] = useState(() => createDataStore(data));
  const [notice, setNoticeState] = useState<Notice | null>(noticeAfterReload);
  const history = useRef<HistoryHandle>(null);
  // A refused change is kept for this tab, so the reload the notice asks for does not lose it.
  const setNotice = useCallback((next: Notice | null) => {
    if (next === null || next.unsaved) keepUnsavedChange(tabStorage(), next?.unsaved ?? null);
    setNoticeState(next);
  }, []);
  const [imagesFor, setImagesFor] = useState<string | null>(null);
  const [selectFor, setSelectFor] = useState<string | null>(null);
  const [draft, setDraft] = useState<DescriptionDraft | null>(null);
  const [calendarFor, setCalendarFor] = useState<CalendarTarget | null>(null);
  const [ratesFor, setRatesFor] = useState<RatesTarget | null>(null);
  const [bookingsOpening, setBookingsOpening] = useState(0);
  const [documentsOpening, setDocumentsOpening] = useState(0);
  const [registerOpening, setRegisterOpening] = useState(0);
  const register = useRegisterDialog(registerOpening);
  const [reviewsOpening, setReviewsOpening] = useState(0);
  const [openCount, setOpenCount] = useState<number | null>(null);
  // CONFLICT-3: the open double bookings, for the bar, the inbox and the Calendar dialog.
  const conflicts = useConflicts();
  const nameOf = useCallback(
    (id: string) => store.get().propertyList.find((p) => p.id === id)?.name,
    [store],
  );

  const flush = useMemo(() => createFlushClient(store, { notify: setNotice }), [store, setNotice]);
  const actions = useMemo(() => {
    const ui: AdminUi = {
      prompt: (message, value) => window.prompt(message, value),
      confirm: (message) => window.confirm(message),
      alert: (message) => window.alert(message),
      showManageImages: (propertyId) => reopen(MANAGE_IMAGES_ID, () => setImagesFor(propertyId)),
      showSelectProperty: (sectionId) => reopen(SELECT_PROPERTY_ID, () => setSelectFor(sectionId)),
      showTextEditor: (propertyId, field) => {
        const property = store.get().propertyList.find((p) => p.id === propertyId);
        if (!property) return;
        reopen(DESCRIPTION_DIALOG_ID, () =>
          setDraft({ propertyId, propertyName: property.name, field, text: property[field] ?? '' }),
        );
      },
      showCalendar: (propertyId) => {
        const property = store.get().propertyList.find((p) => p.id === propertyId);
        if (!property) return;
        reopen(CALENDAR_DIALOG_ID, () =>
          setCalendarFor((prev) => ({
            propertyId,
            propertyName: property.name,
            opening: (prev?.opening ?? 0) + 1,
          })),
        );
      },
      showRates: (propertyId) => {
        const property = store.get().propertyList.find((p) => p.id === propertyId);
        if (!property) return;
        reopen(RATES_DIALOG_ID, () =>
          setRatesFor((prev) => ({
            property,
            opening: (prev?.opening ?? 0) + 1,
            today: today(),
            settings: store.get().site,
          })),
        );
      },
    };
    return createAdminActions({ store, flush, ui });
  }, [store, flush]);

  return (
    <AdminContext value={actions}>
      {children}
      <AdminBar
        flush={flush}
        notice={notice}
        alert={(m) => window.alert(m)}
        assign={(url) => location.assign(url)}
        openHistory={() => {
          window.openDialog(HISTORY_ID);
          history.current?.load();
        }}
        reload={() => location.reload()}
        dismiss={() => setNotice(null)}
        bookings={{
          openCount,
          formIII: formIIIAlert(register.entries, register.now),
          open: () => reopen(BOOKINGS_DIALOG_ID, () => setBookingsOpening((n) => n + 1)),
        }}
        register={{
          alert: formIIIAlert(register.entries, register.now),
          open: () => reopen(REGISTER_DIALOG_ID, () => setRegisterOpening((n) => n + 1)),
        }}
        openReviews={() => reopen(REVIEWS_DIALOG_ID, () => setReviewsOpening((n) => n + 1))}
        {...(data.site.gstin
          ? {
              openDocuments: () =>
                reopen(DOCUMENTS_DIALOG_ID, () => setDocumentsOpening((n) => n + 1)),
            }
          : {})}
      >
        <ManageImagesDialog
          store={store}
          actions={actions}
          propertyId={imagesFor}
          alert={(m) => window.alert(m)}
          notify={setNotice}
        />
        <SelectPropertyDialog
          store={store}
          actions={actions}
          sectionId={selectFor}
          close={() => window.closeDialog(SELECT_PROPERTY_ID)}
        />
        <DescriptionDialog
          actions={actions}
          draft={draft}
          onChange={(text) => setDraft((d) => (d ? { ...d, text } : d))}
          close={() => window.closeDialog(DESCRIPTION_DIALOG_ID)}
        />
        <CalendarDialog
          target={calendarFor}
          close={() => window.closeDialog(CALENDAR_DIALOG_ID)}
          confirm={(m) => window.confirm(m)}
          conflicts={conflicts.conflicts}
          onNightsChanged={conflicts.refresh}
        />
        <RatesDialog
          target={ratesFor}
          actions={actions}
          close={() => window.closeDialog(RATES_DIALOG_ID)}
        />
        <BookingsDialog
          opening={bookingsOpening}
          close={() => window.closeDialog(BOOKINGS_DIALOG_ID)}
          onOpenCount={setOpenCount}
          conflicts={conflicts.conflicts}
          nameOf={nameOf}
          onNightsChanged={conflicts.refresh}
        />
        <ConflictNotice conflicts={conflicts.conflicts} nameOf={nameOf} place="bar" />
        <BackupLine />
        <RegisterDialog state={register} close={() => window.closeDialog(REGISTER_DIALOG_ID)} />
        <ReviewsDialog
          opening={reviewsOpening}
          close={() => window.closeDialog(REVIEWS_DIALOG_ID)}
        />
        <DocumentsDialog
          opening={documentsOpening}
          close={() => window.closeDialog(DOCUMENTS_DIALOG_ID)}
        />
        <HistoryDialog
          ref={history}
          confirm={(m) => window.confirm(m)}
          alert={(m) => window.alert(m)}
          reload={() => location.reload()}
        />
      </AdminBar>
    </AdminContext>
  );
}
