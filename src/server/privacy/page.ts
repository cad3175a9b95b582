/**
 * The privacy page (PRIV-2), prerendered at every publish as `/privacy` (English) and
 * `/kn/privacy` (Kannada), each naming the other with `hreflang`. Plain HTML with one inline
 * style and no script (no visitor JavaScript, no cookie, no third party: PRIV-8): who the
 * business is and its contact for data questions (PRIVACY_CONTACT; DPDP Rules 2025 rule 9), the
 * retention table in plain words (retention.ts), the guest's rights (DPDP Act 2023 ss.11-14) and
 * the form that asks for them (a plain POST to /api/privacy/requests), the answer time
 * (PRIVACY_ANSWER_DAYS; rule 14(3)), how long the encrypted copy keeps erased data, and the
 * Data Protection Board of India (s.13(3), s.27).
 * The Kannada words are written here, at build time; a native speaker should read them once.
 */
import type { Config } from '../config.js';
import { escapeHtml as e, pageHtml } from '../html.js';
import { REQUEST_KINDS, REQUEST_KIND_WORDS } from '../../shared/privacy.js';
import { PRIVACY_PATH, PRIVACY_PATH_KN } from '../../shared/privacy-notice.js';
import { RETENTION, keptDays, keptWords, type Words } from './retention.js';
import { collectionNoticeHtml } from './notice.js';

type Lang = keyof Words;

const STYLE = `
:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans Kannada",sans-serif;color:#1a1a1a;background:#fbfaf7;line-height:1.5}
body{margin:0}
header,main,footer{max-width:46rem;margin:0 auto;padding:0 1rem}
header{display:flex;justify-content:space-between;align-items:center;gap:1rem;padding-top:1rem;flex-wrap:wrap}
header a{color:#1f4f3a;font-weight:650;min-height:44px;display:inline-flex;align-items:center}
h1{font-size:1.7rem;margin:1rem 0 .5rem}
h2{font-size:1.25rem;margin:2rem 0 .5rem}
h3{font-size:1.05rem;margin:0 0 .4rem}
.class{background:#fff;border:1px solid #d8d3c6;border-radius:.6rem;padding:.8rem 1rem;margin:.75rem 0}
dl{margin:0;display:grid;grid-template-columns:minmax(7rem,auto) 1fr;gap:.3rem .8rem}
dt{font-weight:650;color:#3b3b3b}
dd{margin:0}
@media (max-width:30rem){dl{grid-template-columns:1fr}dd{margin-bottom:.4rem}}
.note{border-left:4px solid #1f6f43;background:#eef7f1;padding:.6rem .8rem}
form{background:#fff;border:1px solid #d8d3c6;border-radius:.6rem;padding:1rem;margin:1rem 0}
label{display:block;font-weight:650;margin:.8rem 0 .2rem}
input,select,textarea{box-sizing:border-box;width:100%;font:inherit;padding:.55rem .6rem;border:1px solid #666;border-radius:.35rem;background:#fff;color:#1a1a1a;min-height:2.75rem}
textarea{min-height:6rem}
.website{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.privacy-notice{color:#333;font-size:.95rem}
button{font:inherit;font-weight:700;padding:.75rem 1.25rem;border:0;border-radius:.5rem;background:#1f4f3a;color:#fff;min-height:3rem;width:100%}
a{color:#1f4f3a}
footer{padding-bottom:2rem;color:#444;font-size:.95rem}
`;

/** The page's words in each language; `{…}` marks a value filled in. */
const T: Record<string, Words> = {
  title: { en: 'Privacy: how we handle your data', kn: 'ಗೌಪ್ಯತೆ: ನಿಮ್ಮ ಮಾಹಿತಿಯನ್ನು ನಾವು ಹೇಗೆ ನಿರ್ವಹಿಸುತ್ತೇವೆ' },
  other: { en: 'ಕನ್ನಡದಲ್ಲಿ ಓದಿ', kn: 'Read in English' },
  home: { en: 'All stays', kn: 'ಎಲ್ಲಾ ವಾಸ್ತವ್ಯಗಳು' },
  whoTitle: { en: 'Who we are', kn: 'ನಾವು ಯಾರು' },
  who: {
    en: '{business}, {address}, decides what is done with the data you give us (the “Data Fiduciary” of the Digital Personal Data Protection Act 2023). For any question about your data, write to {contact}.',
    kn: '{business}, {address}, ನೀವು ನೀಡುವ ಮಾಹಿತಿಯನ್ನು ಏನು ಮಾಡಬೇಕೆಂದು ನಿರ್ಧರಿಸುತ್ತದೆ (ಡಿಜಿಟಲ್ ವೈಯಕ್ತಿಕ ಮಾಹಿತಿ ಸಂರಕ್ಷಣಾ ಕಾಯ್ದೆ 2023 ರ “ಡೇಟಾ ಫಿಡ್ಯೂಷಿಯರಿ”). ನಿಮ್ಮ ಮಾಹಿತಿಯ ಬಗ್ಗೆ ಯಾವುದೇ ಪ್ರಶ್ನೆಗೆ {contact} ಗೆ ಬರೆಯಿರಿ.',
  },
  keptTitle: {
    en: 'What we keep, why, and for how long',
    kn: 'ನಾವು ಏನು ಇಡುತ್ತೇವೆ, ಏಕೆ, ಮತ್ತು ಎಷ್ಟು ಕಾಲ',
  },
  why: { en: 'Why', kn: 'ಏಕೆ' },
  ground: { en: 'On what ground', kn: 'ಯಾವ ಆಧಾರದಲ್ಲಿ' },
  kept: { en: 'How long', kn: 'ಎಷ್ಟು ಕಾಲ' },
  recipients: { en: 'Who receives it', kn: 'ಯಾರು ಪಡೆಯುತ್ತಾರೆ' },
  nobody: { en: 'Nobody outside our business', kn: 'ನಮ್ಮ ವ್ಯವಹಾರದ ಹೊರಗೆ ಯಾರೂ ಇಲ್ಲ' },
  nothingElse: {
    en: 'Nothing else is collected: this site has no analytics, no advertising, no script from anyone else, and sets no cookie when you visit it.',
    kn: 'ಬೇರೆ ಏನನ್ನೂ ಸಂಗ್ರಹಿಸುವುದಿಲ್ಲ: ಈ ಸೈಟ್‌ನಲ್ಲಿ ವಿಶ್ಲೇಷಣೆ ಇಲ್ಲ, ಜಾಹೀರಾತು ಇಲ್ಲ, ಬೇರೆಯವರ ಸ್ಕ್ರಿಪ್ಟ್ ಇಲ್ಲ, ಮತ್ತು ನೀವು ಭೇಟಿ ನೀಡಿದಾಗ ಯಾವುದೇ ಕುಕೀ ಇಡುವುದಿಲ್ಲ.',
  },
  copy: {
    en: 'Erased data stays in our encrypted copy for at most {backupDays} more days, unreadable without our key; then it is gone from the copy too.',
    kn: 'ಅಳಿಸಿದ ಮಾಹಿತಿ ನಮ್ಮ ಗೂಢಲಿಪೀಕರಿಸಿದ ಪ್ರತಿಯಲ್ಲಿ ಗರಿಷ್ಠ ಇನ್ನೂ {backupDays} ದಿನ ಇರುತ್ತದೆ, ನಮ್ಮ ಕೀಲಿ ಇಲ್ಲದೆ ಓದಲಾಗದು; ಆಮೇಲೆ ಪ್ರತಿಯಿಂದಲೂ ಹೋಗುತ್ತದೆ.',
  },
  rightsTitle: { en: 'Your rights', kn: 'ನಿಮ್ಮ ಹಕ್ಕುಗಳು' },
  rights: {
    en: 'You may ask us for a summary of the data we hold about you and who we shared it with; ask us to correct it; ask us to erase it (we keep only what a law requires, and tell you what and until when); complain to us about how it was handled; and name someone to use these rights for you if you die or cannot act. We answer within {answerDays} days.',
    kn: 'ನಿಮ್ಮ ಬಗ್ಗೆ ನಾವು ಇಟ್ಟಿರುವ ಮಾಹಿತಿಯ ಸಾರಾಂಶ ಮತ್ತು ಅದನ್ನು ಯಾರೊಂದಿಗೆ ಹಂಚಿಕೊಂಡಿದ್ದೇವೆ ಎಂದು ಕೇಳಬಹುದು; ಅದನ್ನು ಸರಿಪಡಿಸಲು ಕೇಳಬಹುದು; ಅಳಿಸಲು ಕೇಳಬಹುದು (ಕಾನೂನು ಕೇಳುವುದನ್ನು ಮಾತ್ರ ಇಡುತ್ತೇವೆ, ಏನು ಮತ್ತು ಯಾವಾಗಿನವರೆಗೆ ಎಂದು ತಿಳಿಸುತ್ತೇವೆ); ಅದರ ನಿರ್ವಹಣೆಯ ಬಗ್ಗೆ ನಮಗೆ ದೂರು ನೀಡಬಹುದು; ಮತ್ತು ನೀವು ಮರಣಹೊಂದಿದರೆ ಅಥವಾ ಅಶಕ್ತರಾದರೆ ಈ ಹಕ್ಕುಗಳನ್ನು ಬಳಸಲು ಒಬ್ಬರನ್ನು ಹೆಸರಿಸಬಹುದು. ನಾವು {answerDays} ದಿನಗಳಲ್ಲಿ ಉತ್ತರಿಸುತ್ತೇವೆ.',
  },
  how: {
    en: 'How: use the form below, or the “Your data” form on your booking page (it opens your request at once). From this form we send a link to the e-mail you give, if a booking of ours holds it; following the link opens your request. You can also write to {contact}.',
    kn: 'ಹೇಗೆ: ಕೆಳಗಿನ ಫಾರ್ಮ್ ಬಳಸಿ, ಅಥವಾ ನಿಮ್ಮ ಬುಕಿಂಗ್ ಪುಟದ “ನಿಮ್ಮ ಮಾಹಿತಿ” ಫಾರ್ಮ್ (ಅದು ನಿಮ್ಮ ವಿನಂತಿಯನ್ನು ತಕ್ಷಣ ತೆರೆಯುತ್ತದೆ). ಈ ಫಾರ್ಮ್‌ನಿಂದ, ನೀವು ನೀಡುವ ಇ-ಮೇಲ್ ನಮ್ಮ ಬುಕಿಂಗ್‌ನಲ್ಲಿದ್ದರೆ ಅದಕ್ಕೆ ಒಂದು ಲಿಂಕ್ ಕಳುಹಿಸುತ್ತೇವೆ; ಲಿಂಕ್ ತೆರೆದಾಗ ನಿಮ್ಮ ವಿನಂತಿ ತೆರೆಯುತ್ತದೆ. ನೀವು {contact} ಗೆ ಬರೆಯಲೂಬಹುದು.',
  },
  board: {
    en: 'If our answer does not settle it, you may complain to the Data Protection Board of India (Digital Personal Data Protection Act 2023, section 13(3)).',
    kn: 'ನಮ್ಮ ಉತ್ತರ ಸಮಾಧಾನ ನೀಡದಿದ್ದರೆ, ನೀವು ಭಾರತದ ಡೇಟಾ ಸಂರಕ್ಷಣಾ ಮಂಡಳಿಗೆ ದೂರು ನೀಡಬಹುದು (ಡಿಜಿಟಲ್ ವೈಯಕ್ತಿಕ ಮಾಹಿತಿ ಸಂರಕ್ಷಣಾ ಕಾಯ್ದೆ 2023, ಸೆಕ್ಷನ್ 13(3)).',
  },
  formTitle: { en: 'Ask about your data', kn: 'ನಿಮ್ಮ ಮಾಹಿತಿಯ ಬಗ್ಗೆ ಕೇಳಿ' },
  kind: { en: 'What you ask for', kn: 'ನೀವು ಏನು ಕೇಳುತ್ತೀರಿ' },
  email: { en: 'The e-mail you booked with', kn: 'ನೀವು ಬುಕ್ ಮಾಡಿದ ಇ-ಮೇಲ್' },
  reference: { en: 'Booking reference (if you have it)', kn: 'ಬುಕಿಂಗ್ ಉಲ್ಲೇಖ (ಇದ್ದರೆ)' },
  message: { en: 'Anything we should know (optional)', kn: 'ನಾವು ತಿಳಿಯಬೇಕಾದದ್ದು (ಐಚ್ಛಿಕ)' },
  send: { en: 'Send my request', kn: 'ನನ್ನ ವಿನಂತಿ ಕಳುಹಿಸಿ' },
  updated: { en: 'This page was published on {date}.', kn: 'ಈ ಪುಟವನ್ನು {date} ರಂದು ಪ್ರಕಟಿಸಲಾಗಿದೆ.' },
};

/** The Kannada notice above the form's button (the English one is src/shared/privacy-notice.ts's). */
const REQUEST_NOTICE_KN = '<p class="privacy-notice">ಈ ವಿನಂತಿಗೆ ಉತ್ತರಿಸಲು ಮಾತ್ರ ನಿಮ್ಮ ಇ-ಮೇಲ್ ಬಳಸುತ್ತೇವೆ.</p>';

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (_m, name: string) => values[name] ?? `{${name}}`);
}

/**
 * The privacy page in `lang` as published at `publishedAt` (ISO), from the configuration (site,
 * PRIVACY_CONTACT, PRIVACY_ANSWER_DAYS, the retention periods). Pure: same input, same bytes.
 */
export function privacyPageHtml(
  lang: Lang,
  config: Pick<Config, 'site' | 'bookings' | 'backup' | 'privacy'>,
  publishedAt: string,
): string {
  const t = (key: string, values: Record<string, string> = {}) => e(fill(T[key]![lang], values));
  const site = config.site;
  const contact = config.privacy.contact;
  const contactLink = `<a href="mailto:${e(contact)}">${e(contact)}</a>`;
  const values = {
    business: site.businessName,
    address: site.officeAddress,
    answerDays: String(config.privacy.answerDays),
    backupDays: String(keptDays('backup', config)),
    date: publishedAt.slice(0, 10),
  };
  const withContact = (key: string) =>
    t(key, { ...values, contact: '\u0000' }).replace('\u0000', contactLink);
  const self = lang === 'en' ? PRIVACY_PATH : PRIVACY_PATH_KN;
  const other = lang === 'en' ? PRIVACY_PATH_KN : PRIVACY_PATH;
  const origin = site.siteUrl;
  const head = `
<meta name="description" content="${t('title')} – ${e(site.businessName)}">
<link rel="canonical" href="${e(origin + self)}">
<link rel="alternate" hreflang="en-IN" href="${e(origin + PRIVACY_PATH)}">
<link rel="alternate" hreflang="kn" href="${e(origin + PRIVACY_PATH_KN)}">
<link rel="alternate" hreflang="x-default" href="${e(origin + PRIVACY_PATH)}">`;
  const classes = RETENTION.map(
    (row) => `<section class="class" aria-labelledby="c-${row.id}">
<h3 id="c-${row.id}">${e(row.what[lang])}</h3>
<dl>
<dt>${t('why')}</dt><dd>${e(row.purpose[lang])}</dd>
<dt>${t('ground')}</dt><dd>${e(row.ground[lang])}</dd>
<dt>${t('kept')}</dt><dd>${e(keptWords(row, lang, config))}</dd>
<dt>${t('recipients')}</dt><dd>${row.recipients.length ? row.recipients.map((r) => e(r[lang])).join('; ') : t('nobody')}</dd>
</dl>
</section>`,
  ).join('\n');
  const options = REQUEST_KINDS.map(
    (kind) => `<option value="${kind}">${e(REQUEST_KIND_WORDS[kind][lang])}</option>`,
  ).join('');
  const body = `<header>
<a href="/">${t('home')}</a>
<a href="${other}" hreflang="${lang === 'en' ? 'kn' : 'en-IN'}" lang="${lang === 'en' ? 'kn' : 'en-IN'}">${t('other')}</a>
</header>
<main>
<h1>${t('title')}</h1>
<h2>${t('whoTitle')}</h2>
<p>${withContact('who')}</p>
<h2>${t('keptTitle')}</h2>
${classes}
<p class="note">${t('nothingElse')}</p>
<p>${t('copy', values)}</p>
<h2>${t('rightsTitle')}</h2>
<p>${t('rights', values)}</p>
<p>${withContact('how')}</p>
<p>${t('board')}</p>
<h2 id="ask">${t('formTitle')}</h2>
<form method="post" action="/api/privacy/requests" aria-labelledby="ask">
<label for="p-kind">${t('kind')}</label>
<select id="p-kind" name="kind">${options}</select>
<label for="p-email">${t('email')}</label>
<input id="p-email" name="email" type="email" autocomplete="email" required maxlength="254">
<label for="p-reference">${t('reference')}</label>
<input id="p-reference" name="bookingReference" type="text" maxlength="40">
<label for="p-message">${t('message')}</label>
<textarea id="p-message" name="message" maxlength="2000"></textarea>
<div class="website" aria-hidden="true"><label for="p-website">Website</label><input id="p-website" name="website" type="text" tabindex="-1" autocomplete="off"></div>
${lang === 'en' ? collectionNoticeHtml('privacy-request') : REQUEST_NOTICE_KN}
<button type="submit">${t('send')}</button>
</form>
</main>
<footer><p>${t('updated', values)}</p></footer>`;
  return pageHtml(`${fill(T.title![lang], values)} – ${site.businessName}`, STYLE, body, head, {
    lang: lang === 'en' ? 'en-IN' : 'kn',
    indexable: true,
  });
}
