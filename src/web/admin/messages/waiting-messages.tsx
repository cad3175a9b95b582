/**
 * The inbox's messages waiting for the owner (MSG-5, MSG-6), at the top of the Bookings dialog:
 * each held message with what is missing, and each message due on WhatsApp with **Send on
 * WhatsApp** (the wa.me link with the text filled in), which marks it sent as it opens WhatsApp.
 * Loaded at each opening of the inbox (`GET /api/messages/waiting`; a stale answer dropped,
 * CLIENT-3); nothing shown when none waits.
 */
import { useEffect, useId, useState } from 'react';
import { apiFetch, type ApiEnv } from '../../api-fetch.js';
import { useLatestCall } from '../../latest-call.js';
import { MESSAGES_API, type WaitingMessage } from '../../../shared/messages.js';
import styles from './messages.module.css';

export function WaitingMessages({ opening, env = {} }: { opening: number; env?: ApiEnv }) {
  const id = useId();
  const [messages, setMessages] = useState<WaitingMessage[]>([]);
  const [note, setNote] = useState<string | null>(null);

  const latest = useLatestCall();
  useEffect(() => {
    if (opening === 0) return;
    return latest.run(
      (signal) => apiFetch(MESSAGES_API.waiting, { ...env, signal }),
      (r) => {
        if (r.ok && Array.isArray(r.value?.messages)) setMessages(r.value.messages);
      },
      // PERF-22: asked once the inbox's first frame is drawn.
      { afterPaint: true },
    );
    // env is fixed for the dialog's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opening]);

  async function markSent(m: WaitingMessage) {
    const r = await apiFetch(MESSAGES_API.markSent, {
      ...env,
      method: 'POST',
      params: { bookingId: m.bookingId, ruleId: m.ruleId },
      body: {},
    });
    if (r.ok) {
      setMessages((all) => all.filter((x) => x !== m));
      setNote(`“${m.ruleName}” to ${m.guestName ?? m.reference} is marked sent.`);
    } else setNote(r.error);
  }

  if (messages.length === 0 && !note) return null;
  return (
    <section aria-labelledby={`${id}-title`} className={styles.section}>
      <h3 id={`${id}-title`}>{`Messages waiting for you (${messages.length})`}</h3>
      <p role="status" className={styles.done}>
        {note}
      </p>
      <ul className={styles.waiting}>
        {messages.map((m) => (
          <li key={`${m.bookingId}/${m.ruleId}`}>
            {m.state === 'held' ? (
              <p className={styles.problem}>{`${m.reference}: ${m.problem ?? 'held'}`}</p>
            ) : (
              <>
                <p>{`${m.reference}: “${m.ruleName}” to ${m.guestName ?? 'the guest'} is due. They gave no e-mail, or you chose WhatsApp.`}</p>
                {m.whatsappUrl && (
                  <a
                    className={styles.whatsapp}
                    href={m.whatsappUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    onClick={() => void markSent(m)}
                  >
                    Send on WhatsApp
                  </a>
                )}
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
