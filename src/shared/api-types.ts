/**
 * What each API call of the route table (routes.ts `API`) takes and answers, for both sides: the
 * browser's one client (web/api-fetch.ts) reads `ApiTypes` by the call's URL pattern, and the
 * server's routes annotate the answers they build with the same types, so the two cannot drift.
 * Types only: nothing here reaches a bundle.
 *
 * Every refusal is `ApiError` (`{ error, field? }`); a call whose refusal carries more (the 409 of
 * a stale import, the 429 of a throttled login) names it as `refusal`.
 */
import type {
  BookingActionBody,
  BookingActionResult,
  BookingCreated,
  BookingList,
  BookingRequestBody,
  BookingTaken,
  BookingStatus,
  RecordPaymentBody,
} from './bookings.js';
import type { ConflictList } from './conflicts.js';
import type { Permission, Role } from './permissions.js';
import type {
  AccessLogEntry,
  AccountAdded,
  SessionInfo,
  StaffLinkCreated,
  StaffLinkInfo,
  TEAM_API,
  TeamAnswer,
} from './team.js';
import {
  TWO_STEP_API,
  type LoginAnswer,
  type LoginCodeAnswer,
  type RequiredRoles,
  type TwoStepEnrolment,
  type TwoStepStatus,
} from './two-step.js';
import type { GST_API, DocumentList } from './gst-documents.js';
import type {
  OwnerEntryBody,
  REGISTER_API,
  RegisterEntry,
  RegisterList,
  SubmittedBody,
} from './register.js';
import type { PAYMENTS_API, RefundBody } from './payments.js';
import type {
  MESSAGES_API,
  MessagePreview,
  MessagePreviewBody,
  MessageRules,
  PropertyPrivate,
  WaitingMessages,
} from './messages.js';
import type { REVIEWS_API, OwnerReview, ReviewList } from './reviews.js';
import type { REPORTS_API, Report } from './figures.js';
import type { OWNER_DAY_API } from './owner-day.js';
import type { TODAY_API, TodayAnswer } from './today.js';
import type { Quote } from './quote.js';
import type { BookingEventsAnswer, StaysAnswer } from './ledger.js';
import type { API } from './routes.js';
import type { SiteData } from './site-data.js';
import type {
  PRIVACY_API,
  AnswerAction,
  AnswerResult,
  BoardStage,
  BreachList,
  BreachView,
  PrivacyRequestList,
} from './privacy.js';

/** The body of every refused call: a sentence for the owner or visitor, and the field it is about. */
export interface ApiError {
  error: string;
  /** The refused field's path ("propertyList.0.name", "feeds.2.url"), when one field is the cause. */
  field?: string;
}

/** API-1: what the page sends to import (the catalogue it edited and the revision it is based on). */
type ImportRequest = Pick<SiteData, 'propertyList' | 'homeSections' | 'revision'>;

/** API-1: 200, the new revision's number (STORE-3: the next import is based on it). */
export interface ImportAnswer {
  revision: number;
}

/**
 * SAF-6: the 409 to an import based on revision `based` while `latest` is stored. `yourChanges`
 * is what the refused import would have changed, in the History dialog's words (empty when
 * `based` is no longer kept).
 */
export interface StaleImportAnswer extends ApiError {
  field: 'revision';
  based: number;
  latest: number;
  yourChanges: string[];
}

/** API-2: 200 after publishing `revision` (`pages` prerendered in `ms` milliseconds). */
export interface GenerateAnswer {
  revision: number;
  pages: number;
  ms: number;
}

/** API-3: 200, the stored photo's name and its size in pixels. */
export interface UploadAnswer {
  name: string;
  width: number;
  height: number;
}

/** AUTH-1: the login form's JSON body. */
interface LoginRequest {
  username: string;
  password: string;
}

/** AUTH-1: 200 from login and logout. */
export interface OkAnswer {
  ok: true;
}

/** TEAM-1: `GET /api/session`: who is logged in, their role, and what the role may do. */
export interface SessionAnswer {
  username: string;
  role: Role;
  permissions: Permission[];
}

/** AUTH-3: the 429 of a throttled login; `retryAfter` in seconds, as the Retry-After header. */
export interface ThrottledAnswer extends ApiError {
  retryAfter: number;
}

/** SAF-5: one stored revision as History lists it. */
export interface RevisionEntry {
  revision: number;
  /** ISO 8601 time it was stored. */
  createdAt: string;
  /** The owner's username. */
  author: string;
  /** One line: what changed from the revision before (SAF-1). */
  summary: string;
}

/** SAF-5: GET /api/revisions, newest first. */
export interface RevisionsAnswer {
  revisions: RevisionEntry[];
}

/** SAF-3: POST /api/revisions/{n}/restore, the number of the new revision. */
export interface RestoreAnswer {
  revision: number;
}

/** A run of nights, YYYY-MM-DD; `end` is the first night free again (the check-out day). */
interface NightRange {
  start: string;
  end: string;
}

/** AVL-7: the public availability of a property; `updatedAt` ISO 8601. */
export interface AvailabilityAnswer {
  propertyId: string;
  updatedAt: string;
  unavailable: NightRange[];
}

/** AVL-9: one imported calendar feed with its last sync (AVL-4). */
export interface CalendarFeed {
  /** The stored feed's row id. */
  id: number;
  label: string;
  url: string;
  /** ISO time of the last successful sync, or null. */
  lastSyncAt: string | null;
  /** The last failure in plain words, or null after a success. */
  lastError: string | null;
  /** Bookings the last successful sync gave. */
  bookings: number;
  /** No successful sync for 12 hours (AVL-4). */
  stale: boolean;
}

/** AVL-9: a block the owner set (check-out day exclusive) with its note ('' for none). */
export interface CalendarBlock extends NightRange {
  note: string;
}

/** AVL-9: the owner's calendar of a property, as every owner calendar call answers it. */
/**
 * BOOK-6: an accepted or confirmed direct booking holding nights, as the owner's Calendar lists it:
 * its reference and nights only (the guest is in the Bookings inbox). `end` is the check-out day.
 */
interface DirectBookingNights {
  id: string;
  reference: string;
  status: BookingStatus;
  start: string;
  end: string;
}

export interface CalendarState {
  feeds: CalendarFeed[];
  blocks: CalendarBlock[];
  /** Direct bookings holding nights from today on, by check-in. */
  directBookings: DirectBookingNights[];
  /** The export feed's URL, secret included (AVL-8). */
  exportUrl: string;
}

/** AVL-9: the body of PUT /api/calendar/{id}: the feeds and blocks that replace the stored ones. */
export interface CalendarChange {
  feeds: { label: string; url: string }[];
  blocks: CalendarBlock[];
}

/**
 * Each call the browser makes, by its URL pattern: `body` what it sends (absent: nothing),
 * `answer` its 2xx body, `refusal` the fields a refusal carries besides ApiError's.
 */
export interface ApiTypes {
  [API.import]: { body: ImportRequest; answer: ImportAnswer; refusal: StaleImportAnswer };
  [API.generate]: { answer: GenerateAnswer };
  /** Multipart form data, field `file` (web/admin/manage-images/upload.ts, for its progress). */
  [API.upload]: { answer: UploadAnswer };
  [API.login]: { body: LoginRequest; answer: LoginAnswer; refusal: ThrottledAnswer };
  /** TOTP-1: the login's second step. */
  [TWO_STEP_API.loginCode]: {
    body: { code: string };
    answer: LoginCodeAnswer;
    refusal: ThrottledAnswer;
  };
  [TWO_STEP_API.status]: { answer: TwoStepStatus };
  [TWO_STEP_API.setup]: { answer: TwoStepEnrolment };
  [TWO_STEP_API.confirm]: { body: { code: string }; answer: { recoveryCodes: string[] } };
  [TWO_STEP_API.off]: { body: { code: string }; answer: TwoStepStatus };
  [TWO_STEP_API.required]: { body: RequiredRoles; answer: RequiredRoles };
  [TWO_STEP_API.reset]: { answer: undefined };
  [API.logout]: { answer: OkAnswer };
  [API.session]: { answer: SessionAnswer };
  /** TEAM-2: GET answers TeamAnswer; POST `{ username, role }` answers AccountAdded (201). */
  [TEAM_API.team]: { body: { username: string; role: Role }; answer: TeamAnswer | AccountAdded };
  /** PUT `{ role }`; DELETE answers 204. */
  [TEAM_API.account]: {
    body: { role: Role };
    answer: { username: string; role: Role } | undefined;
  };
  [TEAM_API.sessions]: { answer: { sessions: SessionInfo[] } };
  [TEAM_API.session]: { answer: undefined };
  /** TEAM-6: GET lists; POST `{ label, propertyIds? }` answers StaffLinkCreated (201). */
  [TEAM_API.staffLinks]: {
    body: { label: string; propertyIds?: string[] };
    answer: { links: StaffLinkInfo[] } | StaffLinkCreated;
  };
  [TEAM_API.staffLink]: { answer: undefined };
  [TEAM_API.accessLog]: { answer: { entries: AccessLogEntry[] } };
  [API.revisions]: { answer: RevisionsAnswer };
  [API.restore]: { answer: RestoreAnswer };
  [API.availability]: { answer: AvailabilityAnswer };
  /** GET has no body, PUT a CalendarChange. */
  [API.calendar]: { body: CalendarChange; answer: CalendarState };
  [API.calendarSync]: { answer: CalendarState };
  [API.calendarSecret]: { answer: CalendarState };
  /** PRICE-6: the query `checkIn`, `checkOut`, `guests`; the body is quoteStay's. */
  [API.quote]: { answer: Quote };
  /**
   * GET `?status=open|upcoming|past|all&limit=&cursor=` (the owner's inbox, one page) answers BookingList; POST (a guest's
   * request, BookingRequestBody) answers BookingCreated. One URL, two answers: a caller checks
   * which it got (web/admin/bookings/bookings-api.ts).
   */
  [API.bookings]: { body: BookingRequestBody; answer: BookingList | BookingCreated };
  /** The owner's accept, decline, paid, cancel (`:action`); decline and cancel carry `{ message? }`. */
  [API.bookingAction]: { body: BookingActionBody; answer: BookingActionResult };
  /** LEDGER-4: a booking's history; LEDGER-5: every stay and block `?from=&to=[&propertyId=]`. */
  [API.bookingEvents]: { answer: BookingEventsAnswer };
  [API.bookingTaken]: { body: Omit<BookingRequestBody, 'website'>; answer: BookingTaken };
  [API.stays]: { answer: StaysAnswer };
  [API.backupStatus]: { answer: BackupStatusAnswer };
  [API.conflicts]: { answer: ConflictList };
  /** GST-5: the owner's Documents list, `?month=YYYY-MM&type=`. */
  [GST_API.documents]: { answer: DocumentList };
  /** GST-2: the owner's Issue invoice; GST-6: the entry 12A mark. */
  [GST_API.bookingInvoice]: { body: object; answer: { id: string; number: string; type: string } };
  [GST_API.bookingExempt]: { body: object; answer: { id: string; exempt: true } };
  /** GST-4, GST-10: the owner's Cancel document and credit note (Documents dialog). */
  [GST_API.documentCancel]: {
    body: { reason: string };
    answer: { id: string; number: string; status: 'issued' | 'cancelled' };
  };
  [GST_API.documentCreditNote]: {
    body: { amountPaise: number; reason: string };
    answer: { id: string; number: string };
  };
  /**
   * REG-5: GET the owner's register, `?from=YYYY-MM-DD&to=YYYY-MM-DD`, answers RegisterList;
   * REG-4: POST an adult recorded at check-in (OwnerEntryBody) answers `{ entry }`. One URL, two
   * answers: a caller checks which it got.
   */
  [REGISTER_API.entries]: {
    body: OwnerEntryBody;
    answer: RegisterList | { entry: RegisterEntry };
  };
  /** REG-6: Mark submitted. */
  [REGISTER_API.submitted]: {
    body: SubmittedBody;
    answer: { id: string; submittedAt: string; portalReference: string };
  };
  /** PAY-7: the owner's refund of a Razorpay payment; PAY-6: Send a new link. */
  [PAYMENTS_API.refund]: { body: RefundBody; answer: BookingActionResult };
  [PAYMENTS_API.paymentLink]: { body: object; answer: BookingActionResult };
  /** MSG-1: the rules (GET), saved whole (PUT). */
  [MESSAGES_API.rules]: { body: MessageRules; answer: MessageRules };
  /** MSG-7: a rule rendered for a booking; "Send a test" mails it to NOTIFY_EMAIL. */
  [MESSAGES_API.preview]: { body: MessagePreviewBody; answer: MessagePreview };
  [MESSAGES_API.test]: { body: MessagePreviewBody; answer: { to: string } };
  /** MSG-5, MSG-6: held messages and those due on WhatsApp; "Send on WhatsApp" tapped. */
  [MESSAGES_API.waiting]: { answer: WaitingMessages };
  [MESSAGES_API.markSent]: { body: object; answer: { ok: true } };
  /** MSG-3: a property's Wi-Fi and arrival instructions (GET, PUT). */
  [MESSAGES_API.private]: { body: PropertyPrivate; answer: PropertyPrivate };
  /** REV-3: the owner's reviews, Publish now, Hide with a reason, the one public reply. */
  [REVIEWS_API.list]: { answer: ReviewList };
  [REVIEWS_API.publish]: { body: object; answer: { review: OwnerReview } };
  [REVIEWS_API.hide]: { body: { reason: string }; answer: { review: OwnerReview } };
  [REVIEWS_API.reply]: { body: { text: string }; answer: { review: OwnerReview } };
  /** FIG-8: the owner's figures, `?from=&to=[&propertyId=][&asOf=]`. */
  [REPORTS_API.report]: { answer: Report };
  /** PRIV-4: the owner's rights requests (GET) and an answer; PRIV-7: breaches, the guests told. */
  [PRIVACY_API.requests]: { body: object; answer: PrivacyRequestList };
  [PRIVACY_API.answer]: {
    body: { action: AnswerAction; message: string; corrections?: Record<string, string> };
    answer: AnswerResult;
  };
  [PRIVACY_API.breaches]: { body: object; answer: BreachList };
  [PRIVACY_API.tellGuests]: { body: object; answer: BreachView };
  /** PRIV-11: when the Board was told (rule 7(2)(a) first, 7(2)(b) the report). */
  [PRIVACY_API.boardTold]: { body: { stage: BoardStage; at: string }; answer: BreachView };
  /** DAY-4, DAY-5: a payment recorded; one recorded by mistake reversed. */
  [OWNER_DAY_API.recordPayment]: { body: RecordPaymentBody; answer: BookingActionResult };
  [OWNER_DAY_API.reversePayment]: { body: object; answer: BookingActionResult };
  /** DAY-10: the owner's day. */
  [TODAY_API.today]: { answer: TodayAnswer };
}

/**
 * BACKUP-4: the copy off the machine as the owner's bar shows it. `configured` false: no
 * BACKUP_TARGET. `lastCopyAt` ISO time of the last snapshot copied; `lagSeconds` how far the
 * bucket is behind the database (0: every commit copied); `error` why nothing is copied.
 */
export type BackupStatusAnswer =
  | { configured: false }
  | { configured: true; lastCopyAt?: string; lagSeconds: number; error?: string };

/** The URL patterns the browser calls. */
export type ApiPattern = keyof ApiTypes;
