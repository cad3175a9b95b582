/**
 * Messages to the guest (MSG-1..MSG-8): the rules the owner edits in the Messages dialog, their
 * fixed list of `{{variables}}`, the rules shipped (off), the checks shared by the dialog and the
 * server, the rendering of a rule's text and the WhatsApp link. Pure: no I/O, no zod.
 */

/** When a rule's message goes, relative to a confirmed booking (MSG-1). */
export const MESSAGE_TRIGGERS = [
  'confirmed',
  'before-check-in',
  'check-in-day',
  'before-check-out',
  'after-check-out',
] as const;
export type MessageTrigger = (typeof MESSAGE_TRIGGERS)[number];

/** The triggers in the owner's words (the dialog's select). */
export const TRIGGER_WORDS: Record<MessageTrigger, string> = {
  confirmed: 'When the booking is confirmed',
  'before-check-in': 'Days before check-in',
  'check-in-day': 'On the check-in day',
  'before-check-out': 'Days before check-out',
  'after-check-out': 'Days after check-out',
};

/** The triggers that count `days` (the others ignore it). */
export const TRIGGERS_WITH_DAYS: ReadonlySet<MessageTrigger> = new Set([
  'before-check-in',
  'before-check-out',
  'after-check-out',
]);

/** The variables a subject or body may name, `{{name}}` (MSG-2). */
export const MESSAGE_VARIABLES = [
  'guest_first_name',
  'property_name',
  'property_address',
  'map_url',
  'check_in_date',
  'check_in_time',
  'check_out_date',
  'check_out_time',
  'nights',
  'guests',
  'reference',
  'booking_page_url',
  'balance_due',
  'owner_phone',
  'wifi_name',
  'wifi_password',
  'arrival_instructions',
  'review_url',
] as const;
export type MessageVariable = (typeof MESSAGE_VARIABLES)[number];

/** What an empty variable is called when a message is held for it (MSG-5). */
export const VARIABLE_WORDS: Record<MessageVariable, string> = {
  guest_first_name: 'the guest’s name',
  property_name: 'the property’s name',
  property_address: 'the property’s address',
  map_url: 'the map link (the property’s address)',
  check_in_date: 'the check-in date',
  check_in_time: 'the property’s check-in time',
  check_out_date: 'the check-out date',
  check_out_time: 'the property’s check-out time',
  nights: 'the nights',
  guests: 'the guests',
  reference: 'the reference',
  booking_page_url: 'the booking page link',
  balance_due: 'the balance due (the property has no nightly rate)',
  owner_phone: 'your phone number',
  wifi_name: 'the Wi-Fi name',
  wifi_password: 'the Wi-Fi password',
  arrival_instructions: 'the arrival instructions',
  review_url: 'the review link',
};

/**
 * Each variable as the owner reads and writes it (DAY-15): its name in words, shown in the
 * editor between square brackets ("Dear [Guest first name],") and as a chip that inserts it;
 * never `{{guest_first_name}}`. No apostrophes, which phones change as they are typed.
 */
export const VARIABLE_LABELS: Record<MessageVariable, string> = {
  guest_first_name: 'Guest first name',
  property_name: 'Property name',
  property_address: 'Property address',
  map_url: 'Map link',
  check_in_date: 'Check-in date',
  check_in_time: 'Check-in time',
  check_out_date: 'Check-out date',
  check_out_time: 'Check-out time',
  nights: 'Nights',
  guests: 'Guests',
  reference: 'Booking reference',
  booking_page_url: 'Booking page link',
  balance_due: 'Balance due',
  owner_phone: 'Your phone number',
  wifi_name: 'Wi-Fi name',
  wifi_password: 'Wi-Fi password',
  arrival_instructions: 'Arrival instructions',
  review_url: 'Review link',
};

/** A variable as the owner's text carries it: its label in square brackets (DAY-15). */
export function ownerToken(variable: MessageVariable): string {
  return `[${VARIABLE_LABELS[variable]}]`;
}

/**
 * A stored text in the owner's words (DAY-15): each `{{variable}}` of the list becomes
 * `[Its label]`; anything else is left as written. `fromOwnerWords` undoes it, so
 * `toOwnerWords(fromOwnerWords(t)) === t` for any text without `{{`.
 */
export function toOwnerWords(text: string): string {
  return text.replace(VARIABLE_RE, (whole, name: string) =>
    isMessageVariable(name) ? ownerToken(name) : whole,
  );
}

const BY_LABEL = new Map<string, MessageVariable>(
  MESSAGE_VARIABLES.map((v) => [VARIABLE_LABELS[v], v]),
);

/** The owner's text stored (DAY-15): each `[Label]` of a variable, exactly as listed, becomes `{{variable}}`. */
export function fromOwnerWords(text: string): string {
  return text.replace(/\[([^[\]]+)\]/g, (whole, label: string) => {
    const variable = BY_LABEL.get(label);
    return variable ? `{{${variable}}}` : whole;
  });
}

/** How a rule's message reaches the guest: by e-mail (WhatsApp when the guest gave none), or always by the owner's WhatsApp. */
export const MESSAGE_CHANNELS = ['email', 'whatsapp'] as const;
type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** One rule (`GET/PUT /api/messages`). `time` is HH:MM in India (IST); `propertyIds` empty: every property. */
export interface MessageRule {
  id: string;
  name: string;
  enabled: boolean;
  trigger: MessageTrigger;
  /** Days before or after (0–60); ignored by `confirmed` and `check-in-day`. */
  days: number;
  time: string;
  propertyIds: string[];
  /** A booking confirmed after the rule's time gets nothing (else it gets the message within minutes). */
  skipLate: boolean;
  /** Absent: e-mail. */
  channel?: MessageChannel;
  subject: string;
  body: string;
}

/** `GET /api/messages` answer and `PUT /api/messages` body. */
export interface MessageRules {
  rules: MessageRule[];
}

/** The limits of a rule (MSG-1). */
export const RULE_LIMITS = {
  rules: 20,
  name: 80,
  subject: 200,
  body: 5000,
  days: 60,
  properties: 200,
} as const;

/** The private fields of a property (MSG-3): owner only, never published. */
export interface PropertyPrivate {
  wifiName?: string;
  wifiPassword?: string;
  arrivalInstructions?: string;
}

/** Limits of the private fields, characters. */
export const PRIVATE_LIMITS: Record<keyof PropertyPrivate, number> = {
  wifiName: 100,
  wifiPassword: 100,
  arrivalInstructions: 3000,
};

/** `POST /api/messages/preview` and `/test` body: a rule as edited (unsaved) and a booking to fill it from. */
export interface MessagePreviewBody {
  rule: Pick<MessageRule, 'subject' | 'body'>;
  bookingId: string;
}

/** A rule rendered for a booking: the words, and the variables it has no value for. */
export interface MessagePreview {
  subject: string;
  body: string;
  missing: MessageVariable[];
}

/** A message waiting for the owner (MSG-5, MSG-6): held for a missing value, or due on WhatsApp. */
export interface WaitingMessage {
  bookingId: string;
  ruleId: string;
  reference: string;
  guestName?: string;
  ruleName: string;
  state: 'held' | 'whatsapp';
  /** Held: what is missing, in the owner's words. */
  problem?: string;
  /** WhatsApp: the link that opens the chat with the text filled in. */
  whatsappUrl?: string;
  /** ISO time it was due. */
  dueAt: string;
}

/** `GET /api/messages/waiting` answer. */
export interface WaitingMessages {
  messages: WaitingMessage[];
}

/** The messages API's paths. */
export const MESSAGES_API = {
  rules: '/api/messages',
  preview: '/api/messages/preview',
  test: '/api/messages/test',
  waiting: '/api/messages/waiting',
  markSent: '/api/messages/waiting/:bookingId/:ruleId/sent',
  private: '/api/properties/:id/private',
} as const;

const VARIABLE_RE = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The names a text uses, in order, each once (unknown ones included). */
export function variablesOf(text: string): string[] {
  return [...new Set([...text.matchAll(VARIABLE_RE)].map((m) => m[1]!))];
}

/** True for a name of the fixed list. */
function isMessageVariable(name: string): name is MessageVariable {
  return (MESSAGE_VARIABLES as readonly string[]).includes(name);
}

/** The first name in a text that is not a variable of the list, or undefined (MSG-2: 400 naming it). */
export function unknownVariable(text: string): string | undefined {
  return variablesOf(text).find((name) => !isMessageVariable(name));
}

/**
 * A text with each `{{variable}}` replaced by its value; a variable without a value (absent or
 * blank) is listed in `missing` and left as written, so the text is never sent with a blank.
 */
export function renderMessage(
  text: string,
  values: Partial<Record<MessageVariable, string>>,
): { text: string; missing: MessageVariable[] } {
  const missing = new Set<MessageVariable>();
  const out = text.replace(VARIABLE_RE, (whole, name: string) => {
    if (!isMessageVariable(name)) return whole;
    const value = values[name];
    if (value === undefined || value.trim() === '') {
      missing.add(name);
      return whole;
    }
    return value;
  });
  return { text: out, missing: [...missing] };
}

/**
 * The link that opens a WhatsApp chat with `phone` (E.164 or any form with digits) and `text`
 * filled in (WhatsApp's click-to-chat: `https://wa.me/{digits}?text={encodeURIComponent}`).
 * encodeURIComponent writes UTF-8, so Kannada and emoji arrive as typed (MSG-6).
 */
export function whatsappLink(phone: string, text: string): string {
  return `https://wa.me/${phone.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
}

/** The rules shipped, all off until the owner turns them on (MSG-1). */
export const DEFAULT_RULES: readonly MessageRule[] = [
  {
    id: 'pre-arrival',
    name: 'Before arrival',
    enabled: false,
    trigger: 'before-check-in',
    days: 2,
    time: '10:00',
    propertyIds: [],
    skipLate: false,
    subject: 'Your stay at {{property_name}}: how to reach us',
    body:
      'Dear {{guest_first_name}},\n\nWe look forward to welcoming you on {{check_in_date}} from {{check_in_time}}.\n\n' +
      'Address: {{property_address}}\nMap: {{map_url}}\n\n{{arrival_instructions}}\n\n' +
      'Call us on {{owner_phone}} on the way. Your booking: {{booking_page_url}}',
  },
  {
    id: 'check-in-day',
    name: 'Check-in day',
    enabled: false,
    trigger: 'check-in-day',
    days: 0,
    time: '08:00',
    propertyIds: [],
    skipLate: false,
    subject: 'Welcome to {{property_name}}',
    body:
      'Dear {{guest_first_name}},\n\nWelcome! Wi-Fi: {{wifi_name}}, password {{wifi_password}}.\n\n' +
      'The house rules are on your booking page: {{booking_page_url}}\n\nAnything you need: {{owner_phone}}.',
  },
  {
    id: 'check-out-reminder',
    name: 'Check-out reminder',
    enabled: false,
    trigger: 'before-check-out',
    days: 1,
    time: '19:00',
    propertyIds: [],
    skipLate: true,
    subject: 'Check-out tomorrow at {{check_out_time}}',
    body:
      'Dear {{guest_first_name}},\n\nA reminder that check-out is tomorrow, {{check_out_date}}, at {{check_out_time}}. ' +
      'Please leave the keys as you found them. Balance due: {{balance_due}}.\n\nThank you for staying with us.',
  },
  {
    id: 'after-stay',
    name: 'After the stay',
    enabled: false,
    trigger: 'after-check-out',
    days: 1,
    time: '11:00',
    propertyIds: [],
    skipLate: true,
    subject: 'Thank you for staying at {{property_name}}',
    body:
      'Dear {{guest_first_name}},\n\nThank you for staying with us. If you have a minute, tell other guests how it was: {{review_url}}\n\n' +
      'We hope to welcome you again.',
  },
];
