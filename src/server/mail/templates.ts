/**
 * The booking mails (BOOK-8): plain text and simple HTML of the same words, signed with the
 * business name; no image, no remote resource, no tracking parameter, only the links the reader
 * needs (the guest's booking page, the owner's admin page, the UPI payment link).
 */
import { formatDate } from '../../shared/calendar-dates.js';
import type { BookingMailKind } from './store.js';
import { escapeHtml } from '../html.js';
import type { Booking } from '../../shared/bookings.js';
import { forMail, type MailBooking } from '../bookings/views.js';
import { formatPaise } from '../../shared/money.js';

/** The sender's side: the business and where the guest reaches it. */
export interface MailSite {
  businessName: string;
  siteUrl: string;
  phone: string;
  email: string;
}

/**
 * Links a mail carries: the guest's booking page (guest mails), the UPI payment link (accepted),
 * the page's "pay the advance" address, which leads to the current Razorpay payment link
 * (accepted, PAY-2), the guest register's form (confirmed, REG-2) and the GST documents (confirmed,
 * cancelled, invoiced: GST-5).
 */
export interface MailLinks {
  pageUrl?: string;
  upiUrl?: string;
  payUrl?: string;
  registerUrl?: string;
  /** GST-5: the booking's GST documents issued so far, each under the guest's page address. */
  documents?: { label: string; href: string }[];
}

/** A payment received through Razorpay, as the paid mails tell it (PAY-3): no card or VPA detail. */
export interface PaidFacts {
  amountPaise: number;
  /** Razorpay's method: upi, card, netbanking, wallet … */
  method: string;
}

/** A paragraph: words, or a label and the link it names. */
export type Block = string | { label: string; href: string };

/**
 * The one mail shell: paragraphs as the plain text part and as the HTML part (escaped, a link as
 * an anchor), for every mail the server sends.
 */
export function mailBody(blocks: Block[]): { text: string; html: string } {
  const text = blocks
    .map((b) => (typeof b === 'string' ? b : `${b.label}: ${b.href}`))
    .join('\n\n');
  const html =
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#222">' +
    blocks
      .map((b) =>
        typeof b === 'string'
          ? `<p>${escapeHtml(b).replace(/\n/g, '<br>')}</p>`
          : `<p><a href="${escapeHtml(b.href)}">${escapeHtml(b.label)}</a></p>`,
      )
      .join('') +
    '</body></html>';
  return { text: `${text}\n`, html };
}

function stayLines(f: MailBooking): string {
  const lines = [
    `Reference: ${f.reference}`,
    `Property: ${f.propertyName}`,
    `Check-in: ${formatDate(f.checkIn)}`,
    `Check-out: ${formatDate(f.checkOut)} (${f.nights} night${f.nights === 1 ? '' : 's'})`,
    `Guests: ${f.guests}`,
  ];
  if (f.totalPaise !== undefined) lines.push(`Total: ${formatPaise(f.totalPaise)}`);
  return lines.join('\n');
}

function guestLines(f: MailBooking): string {
  return [
    `Name: ${f.name ?? ''}`,
    `Phone: ${f.phone ?? ''}`,
    ...(f.email ? [`E-mail: ${f.email}`] : []),
    ...(f.message ? [`Message: ${f.message}`] : []),
  ].join('\n');
}

/**
 * A notice to the owner that is not about one booking (CONFLICT-3: a double booking): the
 * paragraphs as given, then the link to the owner's page. The same rendering as booking mail.
 */
export function ownerNoticeMail(
  subject: string,
  paragraphs: string[],
  site: Pick<MailSite, 'siteUrl'>,
): { subject: string; text: string; html: string } {
  return {
    subject,
    ...mailBody([...paragraphs, { label: 'Open the owner page', href: `${site.siteUrl}/admin` }]),
  };
}

/**
 * A privacy desk mail (PRIV-4, PRIV-5): the paragraphs and links as given, signed with the
 * contact for data questions (PRIVACY_CONTACT; DPDP Rules 2025 rule 9). The same rendering as
 * booking mail.
 */
export function privacyMail(
  subject: string,
  blocks: Block[],
  site: Pick<MailSite, 'businessName'>,
  contact: string,
): { subject: string; text: string; html: string } {
  return {
    subject,
    ...mailBody([...blocks, `${site.businessName}\nQuestions about your data: ${contact}`]),
  };
}

/**
 * A message of the owner's rules to the guest (MSG-4): the rendered subject and plain-text body,
 * its paragraphs (split at blank lines) as given, signed like every guest mail.
 */
export function messageMail(
  subject: string,
  body: string,
  site: MailSite,
): { subject: string; text: string; html: string } {
  const paragraphs = body.split(/\n\s*\n/).filter((p) => p.trim() !== '');
  return {
    subject,
    ...mailBody([...paragraphs, `${site.businessName}\n${site.phone} · ${site.email}`]),
  };
}

/**
 * The subject and bodies of one booking mail. Owner mails carry the guest's contact details and
 * message (the owner needs them to answer); guest mails carry the booking page link and the
 * owner's contact, and quote nothing the guest typed but the checked name (MAIL-3): each reads
 * the booking through `forMail` for its reader (SHAPE-3).
 */
export function bookingMail(
  kind: BookingMailKind,
  booking: Booking,
  site: MailSite,
  links: MailLinks = {},
  paid?: PaidFacts,
): { subject: string; text: string; html: string } {
  const f = forMail(booking, kind.startsWith('owner-') ? 'owner' : 'guest');
  const sign = `${site.businessName}\n${site.phone} · ${site.email}`;
  const page: Block[] = links.pageUrl ? [{ label: 'Your booking page', href: links.pageUrl }] : [];
  const documents: Block[] = links.documents ?? [];
  const owner: Block[] = [{ label: 'Open the inbox', href: `${site.siteUrl}/admin` }];
  const hello = f.name ? `Dear ${f.name},` : 'Hello,';
  let subject: string;
  let blocks: Block[];
  switch (kind) {
    case 'owner-request':
      subject = `New booking request ${f.reference}: ${f.propertyName}, ${formatDate(f.checkIn)}`;
      blocks = [
        'A guest asks to book. Accept or decline it in the Bookings inbox; it expires if not answered.',
        stayLines(f),
        guestLines(f),
        ...owner,
      ];
      break;
    case 'owner-withdrawn':
      subject = `Request ${f.reference} withdrawn by the guest`;
      blocks = [
        'The guest withdrew this request; the nights stay free.',
        stayLines(f),
        guestLines(f),
        ...owner,
      ];
      break;
    case 'guest-received':
      subject = `Your request ${f.reference} to ${site.businessName}`;
      blocks = [
        hello,
        `Thank you: we received your request for ${f.propertyName}. We will answer soon; nothing is booked or paid until we accept it.`,
        stayLines(f),
        ...page,
        sign,
      ];
      break;
    case 'guest-accepted': {
      subject = `Accepted: your stay ${f.reference} at ${f.propertyName}`;
      const advance =
        f.advancePaise !== undefined && f.advancePaise > 0
          ? `To confirm it, please pay the advance of ${formatPaise(f.advancePaise)} with the reference ${f.reference}.`
          : 'We will confirm it with you shortly.';
      blocks = [
        hello,
        `Good news: we accepted your request. ${advance}`,
        stayLines(f),
        ...(links.payUrl && f.advancePaise
          ? [{ label: `Pay the advance of ${formatPaise(f.advancePaise)}`, href: links.payUrl }]
          : []),
        ...(links.upiUrl && f.advancePaise
          ? [{ label: links.payUrl ? 'Or pay by UPI' : 'Pay by UPI', href: links.upiUrl }]
          : []),
        ...page,
        sign,
      ];
      break;
    }
    case 'guest-confirmed':
      subject = `Confirmed: your stay ${f.reference} at ${f.propertyName}`;
      blocks = [
        hello,
        `Your stay is confirmed: we received the advance${f.advancePaise ? ` of ${formatPaise(f.advancePaise)}` : ''}. We look forward to welcoming you.`,
        stayLines(f),
        ...(links.registerUrl
          ? [
              'Before you arrive, please fill in the guest register for each adult (the police ask every homestay to keep one; foreign guests’ details are also reported to the Immigration authorities within 24 hours of arrival). The page says what is kept and for how long.',
              { label: 'Fill in the guest register', href: links.registerUrl },
            ]
          : []),
        ...documents,
        ...page,
        sign,
      ];
      break;
    case 'guest-declined':
      subject = `Your request ${f.reference} to ${site.businessName}`;
      blocks = [
        hello,
        `We are sorry: we cannot accept your request for ${f.propertyName}.`,
        ...(f.ownerMessage ? [f.ownerMessage] : []),
        stayLines(f),
        sign,
      ];
      break;
    case 'guest-cancelled':
      subject = `Cancelled: your stay ${f.reference} at ${f.propertyName}`;
      blocks = [
        hello,
        'Your booking is cancelled.',
        ...(f.ownerMessage ? [f.ownerMessage] : []),
        stayLines(f),
        ...documents,
        ...page,
        sign,
      ];
      break;
    case 'guest-invoice':
      subject = `Your invoice: stay ${f.reference} at ${f.propertyName}`;
      blocks = [
        hello,
        'Thank you for staying with us. Your invoice is ready; the booking page keeps it, with your other receipts.',
        stayLines(f),
        ...documents,
        ...page,
        sign,
      ];
      break;
    case 'owner-paid':
      subject = `Advance received: ${f.reference}, ${f.propertyName}, ${formatDate(f.checkIn)}`;
      blocks = [
        `The guest paid the advance of ${formatPaise(paid?.amountPaise ?? 0)} through Razorpay (${paid?.method ?? 'unknown method'}). The booking is confirmed.`,
        stayLines(f),
        guestLines(f),
        ...owner,
      ];
      break;
    case 'owner-needs-refund':
      subject = `Refund needed: a payment for ${f.reference}, which is not awaiting one`;
      blocks = [
        `Razorpay received ${formatPaise(paid?.amountPaise ?? 0)} (${paid?.method ?? 'unknown method'}) for this booking, but it is no longer waiting for an advance (or the amount is not the advance). Refund it from the Bookings inbox, or contact the guest.`,
        stayLines(f),
        guestLines(f),
        ...owner,
      ];
      break;
    case 'guest-expired':
      subject = `Your request ${f.reference} to ${site.businessName} has expired`;
      blocks = [
        hello,
        'We could not answer your request in time, so it has expired. Please contact us or send a new request.',
        stayLines(f),
        sign,
      ];
      break;
  }
  return { subject, ...mailBody(blocks) };
}
