/**
 * The guest reached without mail (DAY-1..DAY-3): whether the guest was mailed about the booking,
 * and the guest's page link to send, as **Send on WhatsApp** (a wa.me chat with the guest's phone
 * and a message naming the property, the dates, the amount due and the link) and **Copy link**.
 * An accepted booking whose guest was never mailed (mail off, no e-mail) says so first, in a
 * status the screen reader announces, with the two buttons at once.
 */
import { useState } from 'react';
import type { OwnerBooking } from '../../../shared/bookings.js';
import { guestLinkMessage, whatsappMessageUrl } from '../../../shared/owner-day.js';
import styles from './bookings.module.css';

const MAIL_WORDS: Record<NonNullable<OwnerBooking['guestMail']>, string> = {
  sent: 'The guest was mailed.',
  waiting: 'Mail to the guest is waiting to be sent.',
  none: 'The guest has not been mailed (mail is off, or no e-mail was given).',
};

export function BookingGuestLink({ booking: b }: { booking: OwnerBooking }) {
  const [copied, setCopied] = useState<'yes' | 'no' | undefined>();
  if (!b.pageUrl) return null;
  const tell = b.status === 'accepted' && b.guestMail === 'none';
  const message = guestLinkMessage(b);
  async function copy() {
    try {
      await navigator.clipboard.writeText(b.pageUrl!);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  }
  return (
    <div className={styles.guestLink} data-tell={tell || undefined}>
      <p className={styles.note} role={tell ? 'status' : undefined}>
        {tell
          ? 'Accepted. The guest has not been told by mail: send them their booking page now.'
          : MAIL_WORDS[b.guestMail ?? 'none']}
      </p>
      <div className={styles.actions}>
        {b.phone && (
          <a
            className={styles.link}
            href={whatsappMessageUrl(b.phone, message)}
            target="_blank"
            rel="noopener"
          >
            Send on WhatsApp <span className="visually-hidden">to {b.name ?? b.reference}</span>
          </a>
        )}
        <button type="button" className={styles.link} onClick={() => void copy()}>
          Copy link <span className="visually-hidden">of {b.reference}</span>
        </button>
      </div>
      {copied && (
        <p className={styles.note} role="status">
          {copied === 'yes' ? 'Link copied.' : `Copy this link: ${b.pageUrl}`}
        </p>
      )}
    </div>
  );
}
