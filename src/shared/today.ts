/**
 * Today (DAY-10): what the owner has to do today and tomorrow (Asia/Kolkata), as `GET /api/today`
 * answers it. Each row says what it is in the owner's words and where its action is: a booking
 * card, the register, the messages, the double bookings.
 */
export const TODAY_API = { today: '/api/today' } as const;

export type TodayKind =
  'arrival' | 'departure' | 'request' | 'advance' | 'balance' | 'form-iii' | 'message' | 'conflict';

/** Where a row's action is: a booking's card in the inbox, or one of the owner's dialogs. */
export type TodayAction =
  | { to: 'booking'; bookingId: string; reference: string; status: string }
  | { to: 'register' }
  | { to: 'messages' }
  | { to: 'conflicts' }
  | { to: 'calendar'; propertyId: string };

export interface TodayRow {
  kind: TodayKind;
  /** Arrivals and departures: today's or tomorrow's. */
  day?: 'today' | 'tomorrow';
  /** The row in words: "Asha Rao · Coffee View Suite · STY-7K2Q · 2 guests". */
  text: string;
  /** What the owner must know beyond it: "23 h left", "overdue since 11 Dec 2026". */
  detail?: string;
  /** True when it is late: an overdue balance or Form III, a request about to expire. */
  urgent?: boolean;
  /** Channel stays: the feed's label ("Airbnb"). */
  channel?: string;
  action: TodayAction;
}

/** `GET /api/today` answer: the two days and the rows, by kind in TodayKind order. */
export interface TodayAnswer {
  today: string;
  tomorrow: string;
  rows: TodayRow[];
}
