/**
 * The one retention table (PRIV-1): every class of guests' personal data Stays holds, with its
 * purpose, its lawful ground, how long it is kept and who receives it. The erasure jobs read
 * their periods from it (`keptDays`), the privacy page prints it in English and Kannada
 * (page.ts), and README.md's "Guests' data and privacy" section is `retentionMarkdown()` word
 * for word (retention.test.ts holds all three).
 *
 * Grounds: the Digital Personal Data Protection Act 2023 (DPDP Act) s.7(a), data "voluntarily
 * provided for a specified purpose" and not refused; s.7(e)-(f) and s.8(7) let a law that asks for
 * longer keeping win over erasure. The laws named: the Foreigners Order 1948 and the Immigration
 * and Foreigners Rules 2025 rule 17 (Form III, the register kept at least a year); the CGST Act
 * 2017 s.35 and s.36 and CGST Rules 56 (accounts and documents kept 72 months from the due date
 * of the year's annual return); DPDP Rules 2025 rule 6(1)(e) and rule 8(3) (logs of processing kept
 * a year). What a lawyer should confirm is in README.md under "What a lawyer should confirm".
 */
import type { Config } from '../config.js';

/** The classes of guests' data (PRIV-1), in the order the page and README list them. */
export const DATA_CLASSES = [
  'booking-contacts',
  'mail',
  'register',
  'gst-recipient',
  'payments',
  'payment-references',
  'share-links',
  'reviews',
  'privacy-requests',
  'logs',
  'backup',
] as const;
export type DataClass = (typeof DATA_CLASSES)[number];

/** Words in the page's two languages (the Kannada page is /kn/privacy, PRIV-2). */
export interface Words {
  en: string;
  kn: string;
}

/** How long a class is kept. */
type KeptFor =
  /** Erased by a job `days` (a configuration variable) after `after`. */
  | {
      kind: 'days';
      variable: 'GUEST_DATA_DAYS' | 'REGISTER_DAYS' | 'BACKUP_HISTORY_DAYS';
      after: Words;
    }
  /** Kept by a law for a fixed period, then erased or left to lapse; `law` cites it. */
  | { kind: 'law'; period: Words; law: string }
  /** Kept while the guest wants it (a published review): erased on withdrawal or a request. */
  | { kind: 'until-withdrawn' };

export interface RetentionRow {
  id: DataClass;
  /** What is held, itemised. */
  what: Words;
  purpose: Words;
  /** The lawful ground: DPDP s.7(a) or the law that requires it. */
  ground: Words;
  keptFor: KeptFor;
  /** Who receives it besides the business; empty: nobody. */
  recipients: Words[];
}

const CONSENT: Words = {
  en: 'Given by you for this purpose (DPDP Act 2023, section 7(a))',
  kn: 'ಈ ಉದ್ದೇಶಕ್ಕಾಗಿ ನೀವೇ ನೀಡಿದ್ದು (ಡಿಪಿಡಿಪಿ ಕಾಯ್ದೆ 2023, ಸೆಕ್ಷನ್ 7(ಎ))',
};
const MAIL_PROVIDER: Words = {
  en: 'our e-mail provider, which delivers our mail',
  kn: 'ನಮ್ಮ ಇ-ಮೇಲ್ ಸೇವಾದಾರರು (ಮೇಲ್ ತಲುಪಿಸಲು)',
};
const BUCKET: Words = {
  en: 'our storage provider, which holds an encrypted copy it cannot read',
  kn: 'ನಮ್ಮ ಸಂಗ್ರಹ ಸೇವಾದಾರರು (ಅವರು ಓದಲಾಗದ ಗೂಢಲಿಪೀಕರಿಸಿದ ಪ್ರತಿ)',
};
const RAZORPAY: Words = {
  en: 'Razorpay, when you pay the advance online',
  kn: 'ರೇಜರ್‌ಪೇ, ನೀವು ಮುಂಗಡವನ್ನು ಆನ್‌ಲೈನ್‌ನಲ್ಲಿ ಪಾವತಿಸಿದಾಗ',
};
const GST_LAW =
  'CGST Act 2017 s.35 and s.36; CGST Rules 2017 rule 56; rule 80 (the annual return due 31 December after the financial year)';

/** The table (PRIV-1). Periods in days come from the configuration (`keptDays`). */
export const RETENTION: readonly RetentionRow[] = [
  {
    id: 'booking-contacts',
    what: {
      en: 'Your name, phone, e-mail and message when you enquire or book, our replies to you, the dates, guests and amounts of the stay',
      kn: 'ನೀವು ವಿಚಾರಿಸುವಾಗ ಅಥವಾ ಬುಕ್ ಮಾಡುವಾಗ ನಿಮ್ಮ ಹೆಸರು, ಫೋನ್, ಇ-ಮೇಲ್ ಮತ್ತು ಸಂದೇಶ, ನಮ್ಮ ಉತ್ತರಗಳು, ವಾಸ್ತವ್ಯದ ದಿನಾಂಕಗಳು, ಅತಿಥಿಗಳು ಮತ್ತು ಮೊತ್ತ',
    },
    purpose: {
      en: 'To answer your request, hold your nights and look after your stay',
      kn: 'ನಿಮ್ಮ ವಿನಂತಿಗೆ ಉತ್ತರಿಸಲು, ನಿಮ್ಮ ರಾತ್ರಿಗಳನ್ನು ಕಾಯ್ದಿರಿಸಲು ಮತ್ತು ನಿಮ್ಮ ವಾಸ್ತವ್ಯವನ್ನು ನೋಡಿಕೊಳ್ಳಲು',
    },
    ground: CONSENT,
    keptFor: {
      kind: 'days',
      variable: 'GUEST_DATA_DAYS',
      after: {
        en: 'after check-out; then the name, phone, e-mail and messages are erased',
        kn: 'ಚೆಕ್-ಔಟ್ ನಂತರ; ಆಮೇಲೆ ಹೆಸರು, ಫೋನ್, ಇ-ಮೇಲ್ ಮತ್ತು ಸಂದೇಶಗಳನ್ನು ಅಳಿಸಲಾಗುತ್ತದೆ',
      },
    },
    recipients: [MAIL_PROVIDER, BUCKET],
  },
  {
    id: 'mail',
    what: {
      en: 'The e-mails we send you about your booking and stay',
      kn: 'ನಿಮ್ಮ ಬುಕಿಂಗ್ ಮತ್ತು ವಾಸ್ತವ್ಯದ ಬಗ್ಗೆ ನಾವು ಕಳುಹಿಸುವ ಇ-ಮೇಲ್‌ಗಳು',
    },
    purpose: {
      en: 'To tell you what happens to your booking',
      kn: 'ನಿಮ್ಮ ಬುಕಿಂಗ್‌ಗೆ ಏನಾಗುತ್ತಿದೆ ಎಂದು ತಿಳಿಸಲು',
    },
    ground: CONSENT,
    keptFor: {
      kind: 'days',
      variable: 'GUEST_DATA_DAYS',
      after: {
        en: 'after check-out, with the booking’s contact details; the text of a sent mail is not kept',
        kn: 'ಚೆಕ್-ಔಟ್ ನಂತರ, ಬುಕಿಂಗ್ ಸಂಪರ್ಕ ವಿವರಗಳೊಂದಿಗೆ; ಕಳುಹಿಸಿದ ಮೇಲ್‌ನ ಪಠ್ಯವನ್ನು ಇಡುವುದಿಲ್ಲ',
      },
    },
    recipients: [MAIL_PROVIDER],
  },
  {
    id: 'register',
    what: {
      en: 'The guest register: each adult’s name, address, nationality and identity document; for a foreign national the passport and visa particulars of Form III',
      kn: 'ಅತಿಥಿ ನೋಂದಣಿ: ಪ್ರತಿ ವಯಸ್ಕರ ಹೆಸರು, ವಿಳಾಸ, ರಾಷ್ಟ್ರೀಯತೆ ಮತ್ತು ಗುರುತಿನ ದಾಖಲೆ; ವಿದೇಶಿ ಪ್ರಜೆಗೆ ಫಾರ್ಮ್ III ರ ಪಾಸ್‌ಪೋರ್ಟ್ ಮತ್ತು ವೀಸಾ ವಿವರಗಳು',
    },
    purpose: {
      en: 'The law asks every lodging to keep a register of its guests and to report foreign guests within 24 hours',
      kn: 'ಪ್ರತಿ ವಸತಿಗೃಹವು ಅತಿಥಿಗಳ ನೋಂದಣಿ ಇಡಬೇಕು ಮತ್ತು ವಿದೇಶಿ ಅತಿಥಿಗಳನ್ನು 24 ಗಂಟೆಗಳಲ್ಲಿ ವರದಿ ಮಾಡಬೇಕು ಎಂದು ಕಾನೂನು ಕೇಳುತ್ತದೆ',
    },
    ground: {
      en: 'Required by law: the Foreigners Order 1948 and the Immigration and Foreigners Rules 2025 (Form III, rule 17)',
      kn: 'ಕಾನೂನಿನ ಅಗತ್ಯ: ವಿದೇಶಿಯರ ಆದೇಶ 1948 ಮತ್ತು ವಲಸೆ ಮತ್ತು ವಿದೇಶಿಯರ ನಿಯಮಗಳು 2025 (ಫಾರ್ಮ್ III, ನಿಯಮ 17)',
    },
    keptFor: {
      kind: 'days',
      variable: 'REGISTER_DAYS',
      after: {
        en: 'after departure (the law asks at least one year); then erased',
        kn: 'ನಿರ್ಗಮನದ ನಂತರ (ಕಾನೂನು ಕನಿಷ್ಠ ಒಂದು ವರ್ಷ ಕೇಳುತ್ತದೆ); ಆಮೇಲೆ ಅಳಿಸಲಾಗುತ್ತದೆ',
      },
    },
    recipients: [
      {
        en: 'the Bureau of Immigration’s portal, for a foreign guest’s Form III; the police, when they inspect the register',
        kn: 'ವಿದೇಶಿ ಅತಿಥಿಯ ಫಾರ್ಮ್ III ಗಾಗಿ ವಲಸೆ ಬ್ಯೂರೋದ ಪೋರ್ಟಲ್; ನೋಂದಣಿಯನ್ನು ಪರಿಶೀಲಿಸುವಾಗ ಪೊಲೀಸರು',
      },
      BUCKET,
    ],
  },
  {
    id: 'gst-recipient',
    what: {
      en: 'Your name on our tax invoices and receipts, and a company’s name, GSTIN and address when you asked for a company invoice',
      kn: 'ನಮ್ಮ ತೆರಿಗೆ ಇನ್‌ವಾಯ್ಸ್ ಮತ್ತು ರಸೀದಿಗಳಲ್ಲಿ ನಿಮ್ಮ ಹೆಸರು, ಮತ್ತು ನೀವು ಕಂಪನಿ ಇನ್‌ವಾಯ್ಸ್ ಕೇಳಿದಾಗ ಕಂಪನಿಯ ಹೆಸರು, ಜಿಎಸ್‌ಟಿಐಎನ್ ಮತ್ತು ವಿಳಾಸ',
    },
    purpose: {
      en: 'GST law asks us to issue these documents and keep our accounts',
      kn: 'ಈ ದಾಖಲೆಗಳನ್ನು ನೀಡಲು ಮತ್ತು ಲೆಕ್ಕಪತ್ರ ಇಡಲು ಜಿಎಸ್‌ಟಿ ಕಾನೂನು ಕೇಳುತ್ತದೆ',
    },
    ground: {
      en: 'Required by law: CGST Act 2017 sections 35 and 36, CGST Rules rule 56',
      kn: 'ಕಾನೂನಿನ ಅಗತ್ಯ: ಸಿಜಿಎಸ್‌ಟಿ ಕಾಯ್ದೆ 2017 ಸೆಕ್ಷನ್ 35 ಮತ್ತು 36, ಸಿಜಿಎಸ್‌ಟಿ ನಿಯಮ 56',
    },
    keptFor: {
      kind: 'law',
      law: GST_LAW,
      period: {
        en: '72 months from the due date of the year’s annual GST return, never changed; then the name, company, GSTIN and address on them are erased, the document’s number, date and amounts stay',
        kn: 'ಆ ವರ್ಷದ ವಾರ್ಷಿಕ ಜಿಎಸ್‌ಟಿ ರಿಟರ್ನ್‌ನ ಕೊನೆಯ ದಿನಾಂಕದಿಂದ 72 ತಿಂಗಳು, ಎಂದಿಗೂ ಬದಲಾಯಿಸುವುದಿಲ್ಲ; ಆಮೇಲೆ ಅವುಗಳ ಮೇಲಿನ ಹೆಸರು, ಕಂಪನಿ, ಜಿಎಸ್‌ಟಿಐಎನ್ ಮತ್ತು ವಿಳಾಸವನ್ನು ಅಳಿಸಲಾಗುತ್ತದೆ, ದಾಖಲೆಯ ಸಂಖ್ಯೆ, ದಿನಾಂಕ ಮತ್ತು ಮೊತ್ತ ಉಳಿಯುತ್ತವೆ',
      },
    },
    recipients: [
      {
        en: 'the GST Network, for a company’s GSTIN in our monthly return; our chartered accountant',
        kn: 'ನಮ್ಮ ಮಾಸಿಕ ರಿಟರ್ನ್‌ನಲ್ಲಿ ಕಂಪನಿಯ ಜಿಎಸ್‌ಟಿಐಎನ್‌ಗಾಗಿ ಜಿಎಸ್‌ಟಿ ನೆಟ್‌ವರ್ಕ್; ನಮ್ಮ ಚಾರ್ಟರ್ಡ್ ಅಕೌಂಟೆಂಟ್',
      },
      BUCKET,
    ],
  },
  {
    id: 'payments',
    what: {
      en: 'The payment’s reference, amount, method and date (never your card or bank details, which only Razorpay sees)',
      kn: 'ಪಾವತಿಯ ಉಲ್ಲೇಖ, ಮೊತ್ತ, ವಿಧಾನ ಮತ್ತು ದಿನಾಂಕ (ನಿಮ್ಮ ಕಾರ್ಡ್ ಅಥವಾ ಬ್ಯಾಂಕ್ ವಿವರಗಳನ್ನು ಎಂದಿಗೂ ಅಲ್ಲ; ಅವು ರೇಜರ್‌ಪೇಗೆ ಮಾತ್ರ)',
    },
    purpose: {
      en: 'To know your advance is paid, refund it when due, and keep our accounts',
      kn: 'ನಿಮ್ಮ ಮುಂಗಡ ಪಾವತಿಯಾಗಿದೆ ಎಂದು ತಿಳಿಯಲು, ಅಗತ್ಯವಿದ್ದಾಗ ಮರುಪಾವತಿಸಲು ಮತ್ತು ಲೆಕ್ಕಪತ್ರ ಇಡಲು',
    },
    ground: {
      en: 'Required by law: CGST Act 2017 sections 35 and 36 (accounts)',
      kn: 'ಕಾನೂನಿನ ಅಗತ್ಯ: ಸಿಜಿಎಸ್‌ಟಿ ಕಾಯ್ದೆ 2017 ಸೆಕ್ಷನ್ 35 ಮತ್ತು 36 (ಲೆಕ್ಕಪತ್ರ)',
    },
    keptFor: {
      kind: 'law',
      law: GST_LAW,
      period: {
        en: '72 months from the due date of the year’s annual GST return; then the payment’s reference is erased, the amount, method and day stay in the accounts',
        kn: 'ಆ ವರ್ಷದ ವಾರ್ಷಿಕ ಜಿಎಸ್‌ಟಿ ರಿಟರ್ನ್‌ನ ಕೊನೆಯ ದಿನಾಂಕದಿಂದ 72 ತಿಂಗಳು; ಆಮೇಲೆ ಪಾವತಿಯ ಉಲ್ಲೇಖವನ್ನು ಅಳಿಸಲಾಗುತ್ತದೆ, ಮೊತ್ತ, ವಿಧಾನ ಮತ್ತು ದಿನ ಲೆಕ್ಕಪತ್ರದಲ್ಲಿ ಉಳಿಯುತ್ತವೆ',
      },
    },
    recipients: [RAZORPAY, BUCKET],
  },
  {
    id: 'payment-references',
    what: {
      en: 'When you pay us by UPI, bank transfer, card or cash: the amount, the day, the way and the reference we note (a UPI or bank reference, a receipt number)',
      kn: 'ನೀವು ಯುಪಿಐ, ಬ್ಯಾಂಕ್ ವರ್ಗಾವಣೆ, ಕಾರ್ಡ್ ಅಥವಾ ನಗದು ಮೂಲಕ ಪಾವತಿಸಿದಾಗ: ಮೊತ್ತ, ದಿನ, ವಿಧಾನ ಮತ್ತು ನಾವು ಬರೆದಿಡುವ ಉಲ್ಲೇಖ (ಯುಪಿಐ ಅಥವಾ ಬ್ಯಾಂಕ್ ಉಲ್ಲೇಖ, ರಸೀದಿ ಸಂಖ್ಯೆ)',
    },
    purpose: {
      en: 'To know what you paid, issue its receipt and keep our accounts',
      kn: 'ನೀವು ಏನು ಪಾವತಿಸಿದ್ದೀರಿ ಎಂದು ತಿಳಿಯಲು, ಅದರ ರಸೀದಿ ನೀಡಲು ಮತ್ತು ಲೆಕ್ಕಪತ್ರ ಇಡಲು',
    },
    ground: {
      en: 'Required by law: CGST Act 2017 sections 35 and 36 (accounts), CGST Rules rule 50 (receipt vouchers)',
      kn: 'ಕಾನೂನಿನ ಅಗತ್ಯ: ಸಿಜಿಎಸ್‌ಟಿ ಕಾಯ್ದೆ 2017 ಸೆಕ್ಷನ್ 35 ಮತ್ತು 36 (ಲೆಕ್ಕಪತ್ರ), ಸಿಜಿಎಸ್‌ಟಿ ನಿಯಮ 50 (ರಸೀದಿ ವೋಚರ್)',
    },
    keptFor: {
      kind: 'law',
      law: GST_LAW,
      period: {
        en: '72 months from the due date of the year’s annual GST return; then the reference is erased, the amount and day stay in the accounts',
        kn: 'ಆ ವರ್ಷದ ವಾರ್ಷಿಕ ಜಿಎಸ್‌ಟಿ ರಿಟರ್ನ್‌ನ ಕೊನೆಯ ದಿನಾಂಕದಿಂದ 72 ತಿಂಗಳು; ಆಮೇಲೆ ಉಲ್ಲೇಖವನ್ನು ಅಳಿಸಲಾಗುತ್ತದೆ, ಮೊತ್ತ ಮತ್ತು ದಿನ ಲೆಕ್ಕಪತ್ರದಲ್ಲಿ ಉಳಿಯುತ್ತವೆ',
      },
    },
    recipients: [{ en: 'our chartered accountant', kn: 'ನಮ್ಮ ಚಾರ್ಟರ್ಡ್ ಅಕೌಂಟೆಂಟ್' }, BUCKET],
  },
  {
    id: 'share-links',
    what: {
      en: 'The links to your booking page that we send you by e-mail, WhatsApp or SMS (they open your booking, never your contact details)',
      kn: 'ಇ-ಮೇಲ್, ವಾಟ್ಸ್‌ಆಪ್ ಅಥವಾ ಎಸ್‌ಎಂಎಸ್ ಮೂಲಕ ನಾವು ಕಳುಹಿಸುವ ನಿಮ್ಮ ಬುಕಿಂಗ್ ಪುಟದ ಲಿಂಕ್‌ಗಳು (ಅವು ನಿಮ್ಮ ಬುಕಿಂಗ್ ತೆರೆಯುತ್ತವೆ, ನಿಮ್ಮ ಸಂಪರ್ಕ ವಿವರಗಳನ್ನು ಎಂದಿಗೂ ಅಲ್ಲ)',
    },
    purpose: {
      en: 'So that you can pay, fill in the register and get your invoice from your phone',
      kn: 'ನಿಮ್ಮ ಫೋನ್‌ನಿಂದಲೇ ಪಾವತಿಸಲು, ನೋಂದಣಿ ತುಂಬಲು ಮತ್ತು ಇನ್‌ವಾಯ್ಸ್ ಪಡೆಯಲು',
    },
    ground: CONSENT,
    keptFor: {
      kind: 'days',
      variable: 'GUEST_DATA_DAYS',
      after: {
        en: 'after check-out; then the links stop working and are deleted',
        kn: 'ಚೆಕ್-ಔಟ್ ನಂತರ; ಆಮೇಲೆ ಲಿಂಕ್‌ಗಳು ಕೆಲಸ ಮಾಡುವುದಿಲ್ಲ ಮತ್ತು ಅಳಿಸಲಾಗುತ್ತದೆ',
      },
    },
    recipients: [],
  },
  {
    id: 'reviews',
    what: {
      en: 'Your review: rating, words and the name you chose to show',
      kn: 'ನಿಮ್ಮ ವಿಮರ್ಶೆ: ರೇಟಿಂಗ್, ಪದಗಳು ಮತ್ತು ನೀವು ತೋರಿಸಲು ಆರಿಸಿದ ಹೆಸರು',
    },
    purpose: {
      en: 'To show future guests what guests who stayed thought',
      kn: 'ಉಳಿದುಕೊಂಡ ಅತಿಥಿಗಳ ಅಭಿಪ್ರಾಯವನ್ನು ಮುಂದಿನ ಅತಿಥಿಗಳಿಗೆ ತೋರಿಸಲು',
    },
    ground: CONSENT,
    keptFor: { kind: 'until-withdrawn' },
    recipients: [
      {
        en: 'everyone who visits the site (published reviews only)',
        kn: 'ಸೈಟ್‌ಗೆ ಭೇಟಿ ನೀಡುವ ಎಲ್ಲರೂ (ಪ್ರಕಟಿತ ವಿಮರ್ಶೆಗಳು ಮಾತ್ರ)',
      },
    ],
  },
  {
    id: 'privacy-requests',
    what: {
      en: 'Your requests to this desk, your e-mail and our answers',
      kn: 'ಈ ವಿಭಾಗಕ್ಕೆ ನಿಮ್ಮ ವಿನಂತಿಗಳು, ನಿಮ್ಮ ಇ-ಮೇಲ್ ಮತ್ತು ನಮ್ಮ ಉತ್ತರಗಳು',
    },
    purpose: {
      en: 'To answer you and show that we did',
      kn: 'ನಿಮಗೆ ಉತ್ತರಿಸಲು ಮತ್ತು ಉತ್ತರಿಸಿದ್ದೇವೆ ಎಂದು ತೋರಿಸಲು',
    },
    ground: {
      en: 'Required by law: DPDP Act 2023 sections 11 to 14 and DPDP Rules 2025 rule 14',
      kn: 'ಕಾನೂನಿನ ಅಗತ್ಯ: ಡಿಪಿಡಿಪಿ ಕಾಯ್ದೆ 2023 ಸೆಕ್ಷನ್ 11 ರಿಂದ 14 ಮತ್ತು ಡಿಪಿಡಿಪಿ ನಿಯಮಗಳು 2025 ನಿಯಮ 14',
    },
    keptFor: {
      kind: 'law',
      law: 'DPDP Rules 2025 rule 8(3)',
      period: {
        en: 'one year after our answer (a request never opened: 48 hours); then erased',
        kn: 'ನಮ್ಮ ಉತ್ತರದ ನಂತರ ಒಂದು ವರ್ಷ (ತೆರೆಯದ ವಿನಂತಿ: 48 ಗಂಟೆ); ಆಮೇಲೆ ಅಳಿಸಲಾಗುತ್ತದೆ',
      },
    },
    recipients: [MAIL_PROVIDER, BUCKET],
  },
  {
    id: 'logs',
    what: {
      en: 'Records of who at our business opened identity data, and our server’s log (addresses and times, never your details)',
      kn: 'ನಮ್ಮ ವ್ಯವಹಾರದಲ್ಲಿ ಗುರುತಿನ ಮಾಹಿತಿಯನ್ನು ಯಾರು ತೆರೆದರು ಎಂಬ ದಾಖಲೆಗಳು, ಮತ್ತು ನಮ್ಮ ಸರ್ವರ್ ಲಾಗ್ (ವಿಳಾಸಗಳು ಮತ್ತು ಸಮಯ, ನಿಮ್ಮ ವಿವರಗಳು ಎಂದಿಗೂ ಅಲ್ಲ)',
    },
    purpose: {
      en: 'To keep your data safe and find out what happened if something goes wrong',
      kn: 'ನಿಮ್ಮ ಮಾಹಿತಿಯನ್ನು ಸುರಕ್ಷಿತವಾಗಿಡಲು ಮತ್ತು ಏನಾದರೂ ತಪ್ಪಾದರೆ ಏನಾಯಿತು ಎಂದು ತಿಳಿಯಲು',
    },
    ground: {
      en: 'Required by law: DPDP Rules 2025 rule 6(1)(e)',
      kn: 'ಕಾನೂನಿನ ಅಗತ್ಯ: ಡಿಪಿಡಿಪಿ ನಿಯಮಗಳು 2025 ನಿಯಮ 6(1)(ಇ)',
    },
    keptFor: {
      kind: 'law',
      law: 'DPDP Rules 2025 rule 6(1)(e) and rule 8(3)',
      period: {
        en: 'at least one year, as the Rules ask (400 days); then erased',
        kn: 'ನಿಯಮಗಳು ಕೇಳುವಂತೆ ಕನಿಷ್ಠ ಒಂದು ವರ್ಷ (400 ದಿನಗಳು); ಆಮೇಲೆ ಅಳಿಸಲಾಗುತ್ತದೆ',
      },
    },
    recipients: [],
  },
  {
    id: 'backup',
    what: {
      en: 'An encrypted copy of all the above, kept away from our server in case it fails',
      kn: 'ನಮ್ಮ ಸರ್ವರ್ ವಿಫಲವಾದರೆ ಎಂದು ಅದರಿಂದ ದೂರ ಇಟ್ಟ, ಮೇಲಿನ ಎಲ್ಲದರ ಗೂಢಲಿಪೀಕರಿಸಿದ ಪ್ರತಿ',
    },
    purpose: {
      en: 'To lose nothing of your booking if our server fails',
      kn: 'ನಮ್ಮ ಸರ್ವರ್ ವಿಫಲವಾದರೆ ನಿಮ್ಮ ಬುಕಿಂಗ್‌ನ ಏನೂ ಕಳೆಯದಂತೆ',
    },
    ground: CONSENT,
    keptFor: {
      kind: 'days',
      variable: 'BACKUP_HISTORY_DAYS',
      after: {
        en: 'after the data is erased here; then it is gone from the copy too',
        kn: 'ಇಲ್ಲಿ ಮಾಹಿತಿ ಅಳಿಸಿದ ನಂತರ; ಆಮೇಲೆ ಪ್ರತಿಯಿಂದಲೂ ಹೋಗುತ್ತದೆ',
      },
    },
    recipients: [BUCKET],
  },
];

/**
 * The row of `id` (PRIV-1). Throws Error for a class the table does not have (a programming error).
 */
function retentionRow(id: DataClass): RetentionRow {
  const row = RETENTION.find((r) => r.id === id);
  if (!row) throw new Error(`retention: no row for ${id}`);
  return row;
}

/**
 * The days a class of kind `days` is kept, as configured (GUEST_DATA_DAYS, REGISTER_DAYS,
 * BACKUP_HISTORY_DAYS; BACKUP_HISTORY_DAYS is 7 when no copy is configured). The erasure jobs
 * read their period here (PRIV-1). Throws Error for a class kept by law or until withdrawn.
 */
export function keptDays(
  id: DataClass,
  config: Pick<Config, 'bookings'> & Partial<Pick<Config, 'backup'>>,
): number {
  const kept = retentionRow(id).keptFor;
  if (kept.kind !== 'days') throw new Error(`retention: ${id} is not kept for a number of days`);
  switch (kept.variable) {
    case 'GUEST_DATA_DAYS':
      return config.bookings.guestDataDays;
    case 'REGISTER_DAYS':
      return config.bookings.registerDays;
    case 'BACKUP_HISTORY_DAYS':
      return config.backup?.historyDays ?? 7;
  }
}

/** How long `row` is kept, in words of `lang`, with the configured days filled in. */
export function keptWords(
  row: RetentionRow,
  lang: keyof Words,
  config: Pick<Config, 'bookings'> & Partial<Pick<Config, 'backup'>>,
): string {
  const kept = row.keptFor;
  if (kept.kind === 'law') return kept.period[lang];
  if (kept.kind === 'until-withdrawn')
    return lang === 'en'
      ? 'While it is published, until you withdraw it or ask us to erase it'
      : 'ಪ್ರಕಟವಾಗಿರುವವರೆಗೆ, ನೀವು ಅದನ್ನು ಹಿಂಪಡೆಯುವವರೆಗೆ ಅಥವಾ ಅಳಿಸಲು ಕೇಳುವವರೆಗೆ';
  const days = keptDays(row.id, config);
  return lang === 'en' ? `${days} days ${kept.after.en}` : `${days} ದಿನಗಳು, ${kept.after.kn}`;
}

/**
 * The first calendar day (YYYY-MM-DD) whose GST records are still kept on `day` (PRIV-9). CGST Act
 * 2017 s.36 keeps accounts 72 months from the due date of the year's annual return; CGST Rules
 * 2017 rule 80(1) sets that due date at 31 December after the financial year (1 April to 31 March).
 * A day of the financial year starting 1 April Y is kept until 31 December Y+7; so on a day of
 * calendar year T, every day before 1 April T-7 is past its keeping. The erasure of recorded
 * payments' references (payments/recorded.ts), of Razorpay's references (payments/service.ts)
 * and of GST documents' recipients (gst/service.ts) read it (PRIV-9, PRIV-13). An accountant should confirm the period
 * (an extension of the annual return's due date would lengthen it).
 */
export function gstKeptFrom(day: string): string {
  return `${Number(day.slice(0, 4)) - 7}-04-01`;
}

/**
 * The table as README.md prints it (PRIV-1): the variable's name rather than its value, the law
 * cited. retention.test.ts fails when README.md does not hold it word for word.
 */
export function retentionMarkdown(): string {
  const kept = (row: RetentionRow): string => {
    const k = row.keptFor;
    if (k.kind === 'days') return `\`${k.variable}\` days ${k.after.en}`;
    if (k.kind === 'law') return `${k.period.en} (${k.law})`;
    return 'while published; until withdrawn or erased on request';
  };
  const lines = [
    '| data | purpose | lawful ground | kept | who receives it |',
    '|---|---|---|---|---|',
    ...RETENTION.map(
      (row) =>
        `| ${row.what.en} | ${row.purpose.en} | ${row.ground.en} | ${kept(row)} | ${
          row.recipients.map((r) => r.en).join('; ') || 'nobody'
        } |`,
    ),
  ];
  return lines.join('\n');
}
