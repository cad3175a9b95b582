/**
 * A booking's advance in its inbox card (PAY-5): how it stands, in words ("Payment link sent",
 * "Paid ₹4,050 by UPI, Thu 26 Nov 2026 10:42", "Advance overdue", "Needs a refund", "Refunded",
 * "Paid by hand", "Payment link cancelled") with the server's `problem` after it, the payment
 * link, and the owner's two payment actions: **Send a new link** for an overdue advance (or a link
 * not made yet) and **Refund** (an amount in rupees, at most what was paid less earlier refunds,
 * made or still asked) for a payment that needs one or a cancelled paid booking. A refund Razorpay
 * has not confirmed is said apart, in the server's words (PAY-12). Each calls
 * the server through apiFetch, then reloads the inbox; a refusal is shown here in the server's words.
 */
import { useId, useState } from 'react';
import type { OwnerBooking, OwnerPayment } from '../../../shared/bookings.js';
import { formatDate } from '../../../shared/calendar-dates.js';
import { formatClock, propertyDate } from '../../../shared/instants.js';
import { PAYMENTS_API } from '../../../shared/payments.js';
import { apiFetch } from '../../api-fetch.js';
import { ProblemText, type Problem } from '../problem-text.js';
import { useMay } from '../may.js';
import admin from '../admin.module.css';
import styles from './bookings.module.css';
import { formatPaise } from '../../../shared/money.js';
import { readPaise } from '../../../shared/read-paise.js';

/** Razorpay's methods as the owner reads them. */
const METHOD_WORDS: Record<string, string> = {
  upi: 'UPI',
  card: 'card',
  netbanking: 'net banking',
  wallet: 'wallet',
  emi: 'EMI',
  paylater: 'pay later',
};

function paidWords(p: OwnerPayment): string {
  if (p.amountPaise === undefined) return '';
  const ms = p.paidAt ? Date.parse(p.paidAt) : NaN;
  const when = Number.isNaN(ms) ? '' : `, ${formatDate(propertyDate(ms))} ${formatClock(ms)}`;
  return `${formatPaise(p.amountPaise)} by ${METHOD_WORDS[p.method ?? ''] ?? p.method ?? 'Razorpay'}${when}`;
}

/** The advance's state in one sentence. */
function paymentWords(p: OwnerPayment): string {
  switch (p.state) {
    case 'none':
      return '';
    case 'link-pending':
      return `Payment link not made yet. ${p.problem ?? 'It is being made.'}`;
    case 'link-made':
      return 'Payment link sent to the guest; not paid yet.';
    case 'paid':
      return `Advance paid: ${paidWords(p)}.`;
    case 'overdue':
      return 'Advance overdue: the payment link expired unpaid.';
    case 'needs-refund':
      return `Needs a refund: ${paidWords(p)} arrived after the booking stopped waiting for it.`;
    case 'refunded':
      return `Refunded ${formatPaise(p.refundedPaise ?? 0)} of ${paidWords(p)}.`;
    case 'paid-by-hand':
      return 'Advance received (marked by hand).';
    case 'link-cancelled':
      return 'Payment link cancelled: the guest can no longer pay through it.';
  }
}

/** The state's sentence and what the owner must know beyond it (PAY-10, PAY-11). */
function paymentSentence(p: OwnerPayment): string {
  if (p.state === 'link-pending' || !p.problem) return paymentWords(p);
  return p.state === 'link-cancelled' ? p.problem : `${paymentWords(p)} ${p.problem}`;
}

export function BookingPayment({
  booking: b,
  refresh,
}: {
  booking: OwnerBooking;
  /** Reloads the inbox after a call. */
  refresh: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [refunding, setRefunding] = useState(false);
  // TEAM-1: refunds and payment links are the `money` permission's.
  const mayMoney = useMay()('money');
  const [rupees, setRupees] = useState('');
  const amountId = useId();
  const p = b.payment;
  if (!p || p.state === 'none') return null;
  // PAY-12: a refund asked and not confirmed yet may have been made: it is not offered again.
  const left = (p.amountPaise ?? 0) - (p.refundedPaise ?? 0) - (p.refundAskedPaise ?? 0);
  const canRenew =
    mayMoney && b.status === 'accepted' && (p.state === 'overdue' || p.state === 'link-pending');
  const canRefund =
    mayMoney &&
    left > 0 &&
    (p.state === 'needs-refund' ||
      (b.status === 'cancelled' && (p.state === 'paid' || p.state === 'refunded')));

  /** Runs one call, then reloads the inbox, or shows its refusal. */
  async function run(request: () => ReturnType<typeof apiFetch>) {
    setBusy(true);
    const r = await request();
    setBusy(false);
    if (r.ok) {
      setProblem(null);
      setRefunding(false);
      refresh();
    } else setProblem(r);
  }

  function refund() {
    const paise = readPaise(rupees);
    if (paise === undefined || paise < 1 || paise > left) {
      setProblem({ error: `Give an amount from ₹0.01 to ${formatPaise(left)}.` });
      return;
    }
    void run(() =>
      apiFetch(PAYMENTS_API.refund, {
        method: 'POST',
        params: { id: b.id },
        body: { amountPaise: paise },
      }),
    );
  }

  return (
    <div className={styles.payment} data-payment={p.state}>
      <p className={styles.paymentState}>
        {paymentSentence(p)}{' '}
        {p.linkUrl && (
          <a className={styles.link} href={p.linkUrl} target="_blank" rel="noopener">
            Open the payment link <span className="visually-hidden">of {b.reference}</span>
          </a>
        )}
      </p>
      {problem && (
        <p className={styles.problem} role="alert">
          <ProblemText problem={problem} />
        </p>
      )}
      {refunding ? (
        <form
          className={styles.compose}
          onSubmit={(e) => {
            e.preventDefault();
            refund();
          }}
        >
          <label
            htmlFor={amountId}
          >{`Amount to refund, in rupees (at most ${formatPaise(left)})`}</label>
          <input
            id={amountId}
            className={admin.input}
            inputMode="decimal"
            autoComplete="off"
            required
            value={rupees}
            onChange={(e) => setRupees(e.currentTarget.value)}
          />
          <div className={styles.actions}>
            <button type="submit" className={admin.danger} disabled={busy}>
              {busy ? 'Refunding…' : 'Refund through Razorpay'}
            </button>
            <button
              type="button"
              className={admin.button}
              disabled={busy}
              onClick={() => setRefunding(false)}
            >
              Back
            </button>
          </div>
        </form>
      ) : (
        (canRenew || canRefund) && (
          <div className={styles.actions}>
            {canRenew && (
              <button
                type="button"
                className={admin.primary}
                disabled={busy}
                onClick={() =>
                  void run(() =>
                    apiFetch(PAYMENTS_API.paymentLink, {
                      method: 'POST',
                      params: { id: b.id },
                      body: {},
                    }),
                  )
                }
              >
                {busy ? 'Sending…' : 'Send a new link'}{' '}
                <span className="visually-hidden">{b.reference}</span>
              </button>
            )}
            {canRefund && (
              <button
                type="button"
                className={admin.button}
                onClick={() => {
                  setRupees((left / 100).toFixed(2));
                  setRefunding(true);
                }}
              >
                Refund… <span className="visually-hidden">{b.reference}</span>
              </button>
            )}
          </div>
        )
      )}
    </div>
  );
}
