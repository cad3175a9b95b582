/**
 * The privacy desk's shapes, shared by the server (src/server/privacy/) and the owner's Privacy
 * dialog (PRIV-4, PRIV-5): the kinds of rights request (DPDP Act 2023 ss.11-14), the answers, the
 * lists the owner reads, and a breach (DPDP Rules 2025 rule 7).
 */

/** The desk's API (PRIV-4, PRIV-7), in Fastify's notation; the owner's calls but the first. */
export const PRIVACY_API = {
  requests: '/api/privacy/requests',
  answer: '/api/privacy/requests/:id/answer',
  breaches: '/api/privacy/breaches',
  tellGuests: '/api/privacy/breaches/:id/tell-guests',
  boardTold: '/api/privacy/breaches/:id/board-told',
  boardReport: '/api/privacy/breaches/:id/board-report.txt',
} as const;

/** The rights a guest may use (DPDP Act 2023 s.11 access, s.12 correction and erasure, s.13 grievance, s.14 nomination). */
export const REQUEST_KINDS = [
  'access',
  'correction',
  'erasure',
  'grievance',
  'nomination',
] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

/** The kinds in the owner's and the guest's words. */
export const REQUEST_KIND_WORDS: Record<RequestKind, { en: string; kn: string }> = {
  access: { en: 'A summary of my data', kn: 'ನನ್ನ ಮಾಹಿತಿಯ ಸಾರಾಂಶ' },
  correction: { en: 'Correct my data', kn: 'ನನ್ನ ಮಾಹಿತಿಯನ್ನು ಸರಿಪಡಿಸಿ' },
  erasure: { en: 'Erase my data', kn: 'ನನ್ನ ಮಾಹಿತಿಯನ್ನು ಅಳಿಸಿ' },
  grievance: { en: 'A complaint about how my data was handled', kn: 'ನನ್ನ ಮಾಹಿತಿ ನಿರ್ವಹಣೆಯ ಬಗ್ಗೆ ದೂರು' },
  nomination: {
    en: 'Name someone to act for me if I die or cannot act',
    kn: 'ನಾನು ಮರಣಹೊಂದಿದರೆ ಅಥವಾ ಅಶಕ್ತನಾದರೆ ನನ್ನ ಪರವಾಗಿ ವರ್ತಿಸಲು ಒಬ್ಬರನ್ನು ಹೆಸರಿಸಿ',
  },
};

/** A request's state: `open` once opened (the guest proved the address), then answered or refused. */
export type RequestStatus = 'open' | 'answered' | 'refused';

/** One request in the owner's list (GET /api/privacy/requests). Times are ISO instants. */
export interface PrivacyRequestView {
  id: string;
  kind: RequestKind;
  status: RequestStatus;
  /** When it was opened (the one-time link followed, or sent from the booking page). */
  receivedAt: string;
  /** receivedAt + PRIVACY_ANSWER_DAYS (DPDP Rules 2025 rule 14(3)). */
  dueAt: string;
  /** The references of the bookings that hold the address. */
  bookingReferences: string[];
  message: string;
  answeredAt?: string;
  answer?: string;
}

export interface PrivacyRequestList {
  requests: PrivacyRequestView[];
  /** PRIVACY_CONTACT, named in every answer. */
  contact: string;
}

/** The owner's answers (POST /api/privacy/requests/{id}/answer). */
export const ANSWER_ACTIONS = ['send-summary', 'erase', 'correct', 'refuse'] as const;
export type AnswerAction = (typeof ANSWER_ACTIONS)[number];

/** What an erasure answer keeps, and why (PRIV-6). */
export interface KeptItem {
  what: string;
  why: string;
  until: string;
}

export interface AnswerResult {
  request: PrivacyRequestView;
  /** For `erase`: what no law lets go yet. */
  kept?: KeptItem[];
}

/** A personal data breach as recorded (POST /api/privacy/breaches; DPDP Rules 2025 rule 7). */
export interface BreachView {
  id: string;
  discoveredAt: string;
  /** discoveredAt + 72 hours (rule 7(2)(b)). */
  boardReportDueAt: string;
  description: string;
  measures: string;
  affected: 'all' | string[];
  /** How many guests the intimation goes to (each address once). */
  affectedGuests: number;
  /** What personal data it touched, in the owner's words ("names, phones and e-mails"). */
  dataAffected: string;
  /** When the owner confirmed the guests' mail (rule 7(1)); absent: not yet sent. */
  guestsToldAt?: string;
  /** When the Board was first told, without delay (rule 7(2)(a)); absent: not yet. */
  boardIntimatedAt?: string;
  /** When the detailed report reached the Board (rule 7(2)(b), within 72 hours); absent: not yet. */
  boardReportedAt?: string;
  /** The pre-filled mail to each guest (rule 7(1)), and the report for the Board (rule 7(2)(b)). */
  guestMail: { subject: string; text: string };
  boardReport: string;
}

/** The two intimations to the Board (DPDP Rules 2025 rule 7(2)): (a) at once, (b) within 72 hours. */
export const BOARD_STAGES = ['first', 'report'] as const;
export type BoardStage = (typeof BOARD_STAGES)[number];

/** A breach as the owner records it (POST /api/privacy/breaches; PRIV-7, PRIV-11). */
export interface BreachBody {
  /** ISO instant with its offset, e.g. 2027-06-01T10:00:00+05:30. */
  discoveredAt: string;
  description: string;
  dataAffected?: string;
  measures: string;
  /** "all" (every guest with a booking), or the references of the bookings affected ("STY-7K3M"). */
  affected: 'all' | string[];
}

export interface BreachList {
  breaches: BreachView[];
}

/** Whole days from `now` to `dueAt` (ms), rounded down; negative when overdue. */
export function daysLeft(dueAt: string, now: number): number {
  return Math.floor((Date.parse(dueAt) - now) / 86_400_000);
}
