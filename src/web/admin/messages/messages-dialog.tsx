/**
 * The Messages dialog (MSG-1, MSG-3, MSG-7, MSG-9), opened by the admin bar's 'Messages' control:
 * the messages guests get around their stay, one edited at a time, saved together; a preview for a
 * chosen booking and Send a test; each property's Wi-Fi and arrival instructions. State:
 * useMessagesDialog; sections: messages-sections.tsx. A native modal `<dialog id="messages">`.
 */
import { useId } from 'react';
import type { ApiEnv } from '../../api-fetch.js';
import { ProblemText } from '../problem-text.js';
import { PreviewSection, PrivateSection, RuleEditor, RuleList } from './messages-sections.js';
import { useMessagesDialog } from './use-messages-dialog.js';
import { AdminDialog } from '../admin-dialog.js';
import bookings from '../bookings/bookings.module.css';
import styles from './messages.module.css';

export const MESSAGES_DIALOG_ID = 'messages';

export function MessagesDialog({
  opening,
  properties,
  close,
  env = {},
}: {
  /** 0: never opened; each new value loads again. */
  opening: number;
  /** The catalogue's properties (id and name). */
  properties: { id: string; name: string }[];
  close: () => void;
  env?: ApiEnv;
}) {
  const id = useId();
  const d = useMessagesDialog(opening, properties, env);
  return (
    <AdminDialog
      id={MESSAGES_DIALOG_ID}
      title="Messages to guests"
      className={bookings.dialog}
      close={close}
    >
      <p className={styles.hint}>
        Sent by e-mail to confirmed guests at the time you choose (India time). A message whose
        words are not all set waits in the Bookings inbox; guests without e-mail get it from you on
        WhatsApp there.
      </p>
      <p id={`${id}-problem`} role="status" className={d.problem ? styles.problem : styles.done}>
        {d.loading ? 'Loading…' : d.problem ? <ProblemText problem={d.problem} /> : d.done}
      </p>
      <RuleList id={id} d={d} />
      <RuleEditor id={id} d={d} properties={properties} />
      <PreviewSection id={id} d={d} />
      <PrivateSection id={id} d={d} properties={properties} />
    </AdminDialog>
  );
}
