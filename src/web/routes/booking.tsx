/**
 * The guest's booking page `/booking/{id}/{token}` (BOOK-7), rendered on request by the server
 * (src/server/bookings/page.ts through the SSR entry's renderBooking) and never published: the
 * status in words, the stay, its quote, the house rules and cancellation policy, the owner's
 * contact and, once accepted, the advance: "Pay the advance" through Razorpay's payment link
 * (PAY-2) and the UPI link, QR code and UPI id (PAY-1). It works without script (the withdraw
 * button is a plain form); the page's one script (served by the server, bookings/page-script.ts)
 * shows the UPI id's Copy button and reloads the page when the payment moves (PAY-9). Its styles are inline (BOOKING_PAGE_STYLE): the page is not part of the
 * client build, whose CSS modules cover the published routes only.
 */
import { BOOKING_STATUS_WORDS, type GuestBookingView } from '../../shared/bookings.js';
import { formatDate } from '../../shared/calendar-dates.js';
import { QuoteLines } from '../components/quote-lines.js';
import { PrivacyNotice } from '../components/privacy-notice.js';
import { REQUEST_KINDS, REQUEST_KIND_WORDS } from '../../shared/privacy.js';
import { formatPaise } from '../../shared/money.js';

/** The page's own styles, on top of the site's global ones (global.css's custom properties). */
export const BOOKING_PAGE_STYLE = `
.bk{width:min(100%,720px);margin:0 auto;padding:24px var(--page-pad) 48px}
.bk-home{display:inline-block;margin-bottom:16px;color:var(--accent);font-weight:650}
.bk-card{margin:0 0 16px;padding:20px;border-radius:var(--radius);background:var(--surface);box-shadow:var(--shadow)}
.bk h1{margin:0 0 4px;font-size:clamp(1.5rem,5vw,2rem)}
.bk h2{margin:0 0 12px;font-size:1.15rem}
.bk-ref{margin:0;color:var(--muted)}
.bk-status{display:inline-block;margin:12px 0 0;padding:4px 12px;border-radius:999px;background:var(--accent-soft);color:var(--accent);font-weight:700}
.bk-status[data-status=declined],.bk-status[data-status=cancelled],.bk-status[data-status=expired],.bk-status[data-status=withdrawn]{background:#f4e6e2;color:#8a2c12}
.bk dl{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:6px 16px;margin:0}
.bk dt{color:var(--muted)}
.bk dd{margin:0;font-weight:600;overflow-wrap:anywhere}
.bk-lines{width:100%;border-collapse:collapse}
.bk-lines th,.bk-lines td{padding:6px 0;border-bottom:1px solid var(--line);vertical-align:top}
.bk-lines th{text-align:start;font-weight:inherit}
.bk-lines td{text-align:right;white-space:nowrap;padding-left:12px}
.bk-lines tfoot th,.bk-lines tfoot td{border-bottom:0;font-weight:750}
.bk-text{white-space:pre-line;margin:0}
.bk-pay{display:flex;flex-wrap:wrap;gap:16px;align-items:center}
.bk-button{display:inline-block;min-height:44px;padding:10px 24px;border:0;border-radius:999px;background:var(--accent);color:var(--accent-ink);font:inherit;font-weight:650;text-decoration:none;cursor:pointer}
.bk-button.bk-quiet{background:#fff;color:#8a2c12;border:1px solid #8a2c12}
.bk-or{margin:20px 0 12px;font-size:1rem}
.bk-button.bk-second{background:#fff;color:var(--accent);border:1px solid var(--accent)}
.bk-qr{width:180px;height:180px;background:#fff}
.bk-upi{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin:16px 0 0}
.bk-upi-id{padding:4px 8px;border:1px solid var(--line);border-radius:8px;background:#fff;font-size:1.05rem;user-select:all;-webkit-user-select:all;overflow-wrap:anywhere}
.bk-copy{min-height:44px;min-width:44px;padding:8px 16px;border:1px solid var(--accent);border-radius:999px;background:#fff;color:var(--accent);font:inherit;font-weight:650;cursor:pointer}
.bk-copied{color:var(--muted)}
.bk-note{color:var(--muted);margin:8px 0 0}
.bk-notice{padding:12px 16px;border-radius:var(--radius);background:var(--accent-soft)}
.bk-notice[data-kind=error]{background:#f4e6e2;color:#8a2c12;border:2px solid #8a2c12;font-weight:650}
.bk-docs{margin:0;padding:0;list-style:none}
.bk-docs li{padding:8px 0;border-bottom:1px solid var(--line)}
.bk-docs li:last-child{border-bottom:0}
.bk-form label{display:block;margin:12px 0 4px;font-weight:650}
.bk-form input,.bk-form textarea,.bk-form select{box-sizing:border-box;width:100%;min-height:44px;padding:8px 12px;border:1px solid var(--line);border-radius:8px;font:inherit}
.bk-form .bk-error{color:#8a2c12;margin:4px 0 0;font-weight:650}
.bk-form button{margin-top:16px}
`;

const COMPANY_PROBLEMS = {
  legalName: 'Give the company’s legal name as registered (at most 200 characters).',
  gstin: 'This is not a valid GSTIN: check its 15 characters (the last one is a check character).',
  address: 'Give the billing address (at most 500 characters).',
} as const;

/** PRIV-4: the "Your data" form, a plain POST (no script); the page's token proves the guest. */
function PrivacyForm({ path }: { path: string }) {
  return (
    <form className="bk-card bk-form" method="post" action={path} aria-labelledby="bk-privacy">
      <h2 id="bk-privacy">Your data</h2>
      <label htmlFor="bk-privacy-kind">What you ask for</label>
      <select id="bk-privacy-kind" name="kind" defaultValue="access">
        {REQUEST_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {REQUEST_KIND_WORDS[kind].en}
          </option>
        ))}
      </select>
      <label htmlFor="bk-privacy-message">Anything we should know (optional)</label>
      <textarea id="bk-privacy-message" name="message" maxLength={2000} />
      <PrivacyNotice form="privacy-request" className="bk-note" />
      <button className="bk-button bk-second" type="submit">
        Send my request
      </button>
    </form>
  );
}

/** GST-7: the "GST invoice for a company" form, a plain POST (no script), open until the invoice is issued. */
function CompanyForm({ form }: { form: NonNullable<GuestBookingView['companyForm']> }) {
  const field = (
    name: 'legalName' | 'gstin' | 'address',
    label: string,
    props: { autoComplete: string; maxLength: number },
  ) => {
    const wrong = form.problem === name;
    const id = `bk-company-${name}`;
    const common = {
      id,
      name,
      required: true,
      defaultValue: form.company?.[name] ?? '',
      'aria-invalid': wrong || undefined,
      'aria-describedby': wrong ? `${id}-error` : undefined,
      ...props,
    };
    return (
      <>
        <label htmlFor={id}>{label}</label>
        {name === 'address' ? (
          <textarea rows={3} {...common} />
        ) : (
          <input
            type="text"
            {...common}
            {...(name === 'gstin'
              ? { pattern: '[0-9A-Za-z]{15}', spellCheck: false, autoCapitalize: 'characters' }
              : {})}
          />
        )}
        {wrong && (
          <p className="bk-error" id={`${id}-error`}>
            {form.problemText ?? COMPANY_PROBLEMS[name]}
          </p>
        )}
      </>
    );
  };
  return (
    <form className="bk-card bk-form" method="post" action={form.path} aria-labelledby="bk-company">
      <h2 id="bk-company">GST invoice for a company</h2>
      <p className="bk-note">
        Staying on business? Give your company’s GST details and the tax invoice will carry them.
      </p>
      {field('legalName', 'Legal name', { autoComplete: 'organization', maxLength: 200 })}
      {field('gstin', 'GSTIN', { autoComplete: 'off', maxLength: 15 })}
      {field('address', 'Billing address', { autoComplete: 'street-address', maxLength: 500 })}
      <PrivacyNotice form="company" className="bk-note" />
      <button className="bk-button" type="submit">
        {form.saved ? 'Update company details' : 'Save company details'}
      </button>
    </form>
  );
}

/** What the status means for the guest, in one sentence. */
const STATUS_SENTENCE: Record<GuestBookingView['status'], string> = {
  requested:
    'The owner has your request and will answer soon. Nothing is booked or paid until it is accepted.',
  accepted: 'The owner accepted your request. Pay the advance below to confirm your stay.',
  confirmed: 'Your stay is confirmed: the advance is received.',
  declined: 'The owner could not accept this request.',
  cancelled: 'This booking is cancelled.',
  withdrawn: 'You withdrew this request.',
  expired: 'This request was not answered in time and has expired.',
};

function phoneHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function BookingPage({ view }: { view: GuestBookingView }) {
  const { property, quote, payment } = view;
  return (
    <main
      className="bk"
      {...(view.watch ? { 'data-watch': view.watch.path, 'data-state': view.watch.state } : {})}
    >
      <a className="bk-home" href="/">
        {view.businessName}
      </a>
      {view.notice && (
        // DAY-16: a form sent back with a field to correct says so as an error, not as a success.
        <p
          className="bk-notice"
          {...(view.companyForm?.problem
            ? { role: 'alert', 'data-kind': 'error' }
            : { role: 'status' })}
        >
          {view.notice}
        </p>
      )}
      <section className="bk-card" aria-labelledby="bk-title">
        <h1 id="bk-title">{property.name}</h1>
        <p className="bk-ref">{`Booking reference ${view.reference}`}</p>
        <p className="bk-status" data-status={view.status}>
          {BOOKING_STATUS_WORDS[view.status]}
        </p>
        <p>{STATUS_SENTENCE[view.status]}</p>
        {view.ownerMessage && <p className="bk-text">{view.ownerMessage}</p>}
        {view.money && (
          <p className="bk-money">
            {`Paid ${formatPaise(view.money.paidPaise)} · balance ${formatPaise(view.money.balancePaise)}`}
            {view.money.balancePaise > 0 && `, due by ${formatDate(view.money.balanceDue)}`}
          </p>
        )}
      </section>

      {payment && (
        <section className="bk-card" aria-labelledby="bk-pay">
          <h2 id="bk-pay">{`Advance due: ${formatPaise(payment.advancePaise)}`}</h2>
          {payment.payPath && (
            <>
              <p>
                <a className="bk-button" href={payment.payPath}>
                  {`Pay the advance of ${formatPaise(payment.advancePaise)}`}
                </a>
              </p>
              <p className="bk-note">
                UPI, cards, net banking or a wallet, on Razorpay’s secure page. This page shows
                Confirmed as soon as the payment is received.
              </p>
            </>
          )}
          {payment.payPreparing && (
            <p className="bk-note">
              The online payment link is being prepared: it appears here within minutes.
            </p>
          )}
          {payment.upiUrl ? (
            <>
              {(payment.payPath || payment.payPreparing) && (
                <h3 className="bk-or">Or pay by UPI</h3>
              )}
              <div className="bk-pay">
                <a
                  className={payment.payPath ? 'bk-button bk-second' : 'bk-button'}
                  href={payment.upiUrl}
                >
                  {`Pay ${formatPaise(payment.advancePaise)} by UPI`}
                </a>
                {payment.qrSvgDataUrl && (
                  <img
                    className="bk-qr"
                    src={payment.qrSvgDataUrl}
                    width={180}
                    height={180}
                    alt={`UPI QR code for ${formatPaise(payment.advancePaise)}, reference ${view.reference}`}
                  />
                )}
              </div>
              {payment.upiId && (
                <p className="bk-upi">
                  {'UPI id '}
                  <code className="bk-upi-id">{payment.upiId}</code>{' '}
                  <button
                    className="bk-copy"
                    type="button"
                    data-copy={payment.upiId}
                    data-said="bk-copied"
                    aria-label="Copy the UPI id"
                    hidden
                  >
                    Copy
                  </button>
                  <span className="bk-copied" id="bk-copied" role="status" />
                </p>
              )}
              <p className="bk-note">
                {`On this phone the button opens your UPI app (GPay, PhonePe, Paytm …) with the amount and the reference ${view.reference} filled in. To pay from another phone, open its UPI app, choose Scan, and scan the code shown here; or copy the UPI id above into the app and pay ${formatPaise(payment.advancePaise)} with the reference ${view.reference}.`}
              </p>
            </>
          ) : (
            !payment.payPath &&
            !payment.payPreparing && (
              <p>{`To pay the advance, please contact the owner (below) and give the reference ${view.reference}.`}</p>
            )
          )}
        </section>
      )}

      <section className="bk-card" aria-labelledby="bk-stay">
        <h2 id="bk-stay">Your stay</h2>
        <dl>
          <dt>Property</dt>
          <dd>
            <a href={property.path}>{property.name}</a>
            {property.address && <div>{property.address}</div>}
          </dd>
          <dt>Check-in</dt>
          <dd>
            {formatDate(view.checkIn)}
            {property.checkInTime && `, from ${property.checkInTime}`}
          </dd>
          <dt>Check-out</dt>
          <dd>
            {formatDate(view.checkOut)}
            {property.checkOutTime && `, by ${property.checkOutTime}`}
          </dd>
          <dt>Nights</dt>
          <dd>{view.nights}</dd>
          <dt>Guests</dt>
          <dd>{view.guests}</dd>
        </dl>
      </section>

      {view.registerPath && (
        <section className="bk-card" aria-labelledby="bk-register">
          <h2 id="bk-register">Guest register</h2>
          <p>
            Before you arrive, please give each adult’s details for the guest register the police
            ask us to keep (foreign guests: the Form III particulars too).
          </p>
          <p>
            <a href={view.registerPath}>Fill in the guest register</a>
          </p>
        </section>
      )}

      {view.reviewPath && (
        <section className="bk-card" aria-labelledby="bk-review">
          <h2 id="bk-review">How was your stay?</h2>
          <p>
            <a href={view.reviewPath}>Review your stay</a> (every guest who booked directly is
            asked; you can withdraw it later from the same link).
          </p>
        </section>
      )}

      {quote && (
        <section className="bk-card" aria-labelledby="bk-price">
          <h2 id="bk-price">Price</h2>
          <QuoteLines quote={quote} layout="table" className="bk-lines" />
          {view.gstin && <p className="bk-note">{`GSTIN ${view.gstin}`}</p>}
        </section>
      )}

      {property.houseRules && (
        <section className="bk-card" aria-labelledby="bk-rules">
          <h2 id="bk-rules">House rules</h2>
          <p className="bk-text">{property.houseRules}</p>
        </section>
      )}
      {property.cancellationPolicy && (
        <section className="bk-card" aria-labelledby="bk-cancel">
          <h2 id="bk-cancel">Cancellation policy</h2>
          <p className="bk-text">{property.cancellationPolicy}</p>
        </section>
      )}

      <section className="bk-card" aria-labelledby="bk-contact">
        <h2 id="bk-contact">Contact the owner</h2>
        <dl>
          <dt>Phone</dt>
          <dd>
            <a href={phoneHref(view.contact.phone)}>{view.contact.phone}</a>
          </dd>
          <dt>E-mail</dt>
          <dd>
            <a href={`mailto:${view.contact.email}`}>{view.contact.email}</a>
          </dd>
        </dl>
      </section>

      {view.documents && (
        <section className="bk-card" aria-labelledby="bk-documents">
          <h2 id="bk-documents">Receipts and invoices</h2>
          <ul className="bk-docs">
            {view.documents.map((doc) => (
              <li key={doc.path}>
                <a href={doc.path}>{`${doc.title} ${doc.number}`}</a>
                {doc.cancelled ? ' (cancelled)' : ''} ·{' '}
                <a
                  href={`${doc.path}.pdf`}
                  download
                  aria-label={`${doc.title} ${doc.number} as PDF`}
                >
                  PDF
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      {view.companyForm && <CompanyForm form={view.companyForm} />}

      {view.privacyPath && <PrivacyForm path={view.privacyPath} />}
      {view.withdrawPath && (
        <form className="bk-card" method="post" action={view.withdrawPath}>
          <h2>Changed your plans?</h2>
          <p>You can withdraw this request while the owner has not answered it.</p>
          <button className="bk-button bk-quiet" type="submit">
            Withdraw my request
          </button>
        </form>
      )}
    </main>
  );
}
