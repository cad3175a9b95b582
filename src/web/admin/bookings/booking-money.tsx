/**
 * A booking's money in its inbox card (DAY-4, DAY-5): paid, the balance and when it is due, the
 * payments recorded (each with its receipt voucher, a reversed one struck through with its refund
 * voucher), and **Record payment**: the amount (the advance by default while nothing is paid, the
 * balance after), the day paid (today by default), the way (UPI, bank transfer, cash, card, other)
 * and an optional reference; then a confirmation naming all four before the receipt voucher is
 * issued. **Reverse** asks first, then issues a refund voucher: a payment is never deleted.
 * It replaces the one-tap "Advance received". A refusal is shown here in the server's words.
 */
import { useId, useState } from 'react';
import {
  PAYMENT_WAYS,
  PAYMENT_WAY_WORDS,
  type OwnerBooking,
  type PaymentWay,
  type RecordedPayment,
} from '../../../shared/bookings.js';
import { formatDay, today } from '../../../shared/calendar-dates.js';
import { OWNER_DAY_API } from '../../../shared/owner-day.js';
import { apiFetch } from '../../api-fetch.js';
import { DateField } from '../../components/date-field.js';
import { ProblemText, type Problem } from '../problem-text.js';
import admin from '../admin.module.css';
import styles from './bookings.module.css';
import { formatPaise, rupeesText } from '../../../shared/money.js';
import { readPaise } from '../../../shared/read-paise.js';

interface Draft {
  rupees: string;
  paidOn: string;
  way: PaymentWay | '';
  reference: string;
  confirming: boolean;
}

function paymentLine(p: RecordedPayment): string {
  const ref = p.reference ? `, ref. ${p.reference}` : '';
  const voucher = p.voucher ? ` · receipt voucher ${p.voucher}` : '';
  const reversed = p.reversedAt
    ? ` · reversed${p.reversalVoucher ? ` by refund voucher ${p.reversalVoucher}` : ''}`
    : '';
  return `${formatPaise(p.amountPaise)} by ${PAYMENT_WAY_WORDS[p.way]} on ${formatDay(p.paidOn)}${ref}${voucher}${reversed}`;
}

export function BookingMoney({
  booking: b,
  refresh,
}: {
  booking: OwnerBooking;
  refresh: () => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [reversing, setReversing] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const m = b.money;
  if (!m) return null;
  const due = m.balancePaise > 0;
  const overdue = due && m.balanceDue < today();

  async function run(request: () => ReturnType<typeof apiFetch>) {
    setBusy(true);
    const r = await request();
    setBusy(false);
    if (r.ok) {
      setProblem(null);
      setDraft(null);
      setReversing(null);
      refresh();
    } else setProblem(r);
  }

  function start() {
    const suggested =
      m!.paidPaise === 0 && b.advancePaise
        ? Math.min(b.advancePaise, m!.balancePaise)
        : m!.balancePaise;
    setProblem(null);
    setDraft({
      rupees: rupeesText(suggested),
      paidOn: today(),
      way: '',
      reference: '',
      confirming: false,
    });
  }

  function check(d: Draft) {
    const paise = readPaise(d.rupees);
    if (paise === undefined || paise < 1 || paise > m!.balancePaise)
      return `Write an amount from ₹1 to ${formatPaise(m!.balancePaise)}.`;
    if (!d.paidOn) return 'Write the day it was paid, like 11 Dec 2026.';
    if (d.paidOn > today()) return 'The day paid cannot be after today.';
    if (!d.way) return 'Choose how it was paid.';
    return undefined;
  }

  const amount = draft ? readPaise(draft.rupees) : undefined;
  return (
    <div className={styles.money} data-overdue={overdue || undefined}>
      <p className={styles.moneyLine}>
        <span>Paid {formatPaise(m.paidPaise)}</span>
        <span>
          Balance {formatPaise(m.balancePaise)}
          {due && `, due ${overdue ? 'since' : 'by'} ${formatDay(m.balanceDue)}`}
        </span>
      </p>
      {m.payments.length > 0 && (
        <ul className={styles.payments} aria-label={`Payments recorded on ${b.reference}`}>
          {m.payments.map((p) => (
            <li key={p.id} data-reversed={p.reversedAt ? true : undefined}>
              {paymentLine(p)}{' '}
              {!p.reversedAt &&
                (reversing === p.id ? (
                  <span className={styles.actions}>
                    <button
                      type="button"
                      className={admin.danger}
                      disabled={busy}
                      onClick={() =>
                        void run(() =>
                          apiFetch(OWNER_DAY_API.reversePayment, {
                            method: 'POST',
                            params: { id: b.id, paymentId: String(p.id) },
                            body: {},
                          }),
                        )
                      }
                    >
                      {busy ? 'Reversing…' : `Yes, reverse ${formatPaise(p.amountPaise)}`}
                    </button>
                    <button
                      type="button"
                      className={admin.button}
                      onClick={() => setReversing(null)}
                    >
                      Keep it
                    </button>
                  </span>
                ) : (
                  <button type="button" className={admin.button} onClick={() => setReversing(p.id)}>
                    Reverse… <span className="visually-hidden">{formatPaise(p.amountPaise)}</span>
                  </button>
                ))}
            </li>
          ))}
        </ul>
      )}
      {reversing !== null && (
        <p className={styles.note} role="status">
          Entered by mistake? Reversing issues a refund voucher for it; the payment stays listed.
        </p>
      )}
      {problem && (
        <p className={styles.problem} role="alert">
          <ProblemText problem={problem} />
        </p>
      )}
      {draft === null ? (
        due && (
          <div className={styles.actions}>
            <button type="button" className={admin.primary} onClick={start}>
              Record payment <span className="visually-hidden">{b.reference}</span>
            </button>
          </div>
        )
      ) : draft.confirming ? (
        <div className={styles.compose} role="group" aria-labelledby={`${id}-confirm`}>
          <p id={`${id}-confirm`} className={styles.confirm}>
            Record {formatPaise(amount ?? 0)} paid by {PAYMENT_WAY_WORDS[draft.way as PaymentWay]}{' '}
            on {formatDay(draft.paidOn)}
            {draft.reference.trim() && `, ref. ${draft.reference.trim()}`}? A receipt voucher is
            issued for exactly this amount.
          </p>
          <div className={styles.actions}>
            <button
              type="button"
              className={admin.primary}
              disabled={busy}
              onClick={() =>
                void run(() =>
                  apiFetch(OWNER_DAY_API.recordPayment, {
                    method: 'POST',
                    params: { id: b.id },
                    body: {
                      amountPaise: amount!,
                      paidOn: draft.paidOn,
                      way: draft.way as PaymentWay,
                      ...(draft.reference.trim() ? { reference: draft.reference.trim() } : {}),
                    },
                  }),
                )
              }
            >
              {busy ? 'Recording…' : 'Confirm payment'}
            </button>
            <button
              type="button"
              className={admin.button}
              disabled={busy}
              onClick={() => setDraft({ ...draft, confirming: false })}
            >
              Back
            </button>
          </div>
        </div>
      ) : (
        <form
          className={styles.compose}
          aria-label={`Record payment on ${b.reference}`}
          onSubmit={(e) => {
            e.preventDefault();
            const wrong = check(draft);
            if (wrong) setProblem({ error: wrong });
            else {
              setProblem(null);
              setDraft({ ...draft, confirming: true });
            }
          }}
        >
          <label htmlFor={`${id}-amount`}>Amount, in rupees</label>
          <input
            id={`${id}-amount`}
            className={styles.refund}
            inputMode="decimal"
            autoComplete="off"
            required
            value={draft.rupees}
            onChange={(e) => setDraft({ ...draft, rupees: e.currentTarget.value })}
          />
          <DateField
            label="Day paid"
            value={draft.paidOn}
            max={today()}
            required
            onChange={(paidOn) => setDraft({ ...draft, paidOn })}
          />
          <fieldset className={styles.ways}>
            <legend>Paid by</legend>
            {PAYMENT_WAYS.map((way) => (
              <label key={way} className={styles.way}>
                <input
                  type="radio"
                  name={`${id}-way`}
                  value={way}
                  checked={draft.way === way}
                  onChange={() => setDraft({ ...draft, way })}
                />
                {PAYMENT_WAY_WORDS[way][0]!.toUpperCase() + PAYMENT_WAY_WORDS[way].slice(1)}
              </label>
            ))}
          </fieldset>
          <label htmlFor={`${id}-ref`}>
            Reference (optional): UPI or bank reference, receipt number
          </label>
          <input
            id={`${id}-ref`}
            className={admin.input}
            autoComplete="off"
            maxLength={100}
            value={draft.reference}
            onChange={(e) => setDraft({ ...draft, reference: e.currentTarget.value })}
          />
          <div className={styles.actions}>
            <button type="submit" className={admin.primary}>
              Continue
            </button>
            <button type="button" className={admin.button} onClick={() => setDraft(null)}>
              Back
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
