/**
 * The guest register's pages, server-rendered, no script (REG-2, REG-5):
 * - the guest's form at /booking/{id}/{token}/register: what is collected, why and for how long,
 *   one fieldset per adult, the Form III particulars for a foreign national or OCI cardholder
 *   (hidden by CSS alone while "Indian citizen" is chosen), and after a refusal the form as typed
 *   with the field at fault marked and named at the top;
 * - the printable register for a date range (A4 landscape) for a police inspection.
 */
import { escapeHtml as e, pageCsp, pageHtml } from '../html.js';
import { formatDate } from '../../shared/calendar-dates.js';
import type { BookingStay } from '../../shared/bookings.js';
import { propertyDate } from '../../shared/instants.js';
import {
  FORM_III_FIELDS,
  GUEST_CATEGORIES,
  GUEST_CATEGORY_WORDS,
  ID_TYPES,
  ID_TYPE_WORDS,
  PERSON_FIELDS,
  SEXES,
  SEX_WORDS,
  formIIIWorksheet,
  portalDate,
  registerFieldLabel,
  type RegisterEntry,
  type RegisterField,
} from '../../shared/register.js';
import type { EntryInput } from './entry.js';
import { collectionNoticeHtml } from '../privacy/notice.js';

const FORM_STYLE = `
:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#fff;line-height:1.45}
body{margin:0}
main{max-width:40rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;margin:0 0 .25rem}
.sub{margin:0 0 1rem;color:#444}
.why{background:#f3f1ea;border-radius:.5rem;padding:.75rem 1rem;margin:0 0 1rem}
.why h2{font-size:1rem;margin:.25rem 0}
.why p{margin:.4rem 0}
.notice{border-left:4px solid #1f6f43;background:#eef7f1;padding:.6rem .8rem;margin:0 0 1rem}
.problem{border:2px solid #a40000;border-radius:.5rem;padding:.6rem .8rem;margin:0 0 1rem;color:#7a0000}
.problem a{color:#7a0000;font-weight:700}
fieldset{border:1px solid #999;border-radius:.5rem;padding:.75rem 1rem 1rem;margin:0 0 1rem;min-width:0}
legend{font-weight:700;padding:0 .3rem}
.field{margin:.7rem 0}
.field label,.field .label{display:block;font-weight:600;margin-bottom:.2rem}
.hint{display:block;color:#444;font-size:.9rem;margin:-.1rem 0 .25rem}
input[type=text],input[type=tel],input[type=date],input[type=time],select,textarea{box-sizing:border-box;width:100%;font:inherit;padding:.55rem .6rem;border:1px solid #666;border-radius:.35rem;background:#fff;color:#1a1a1a;min-height:2.75rem}
textarea{min-height:4.5rem}
.choices label{display:flex;align-items:center;gap:.5rem;font-weight:400;min-height:2.5rem}
.choices input{width:1.25rem;height:1.25rem;margin:0}
[aria-invalid=true]{border:2px solid #a40000}
.error{display:block;color:#a40000;font-weight:600;margin-top:.2rem}
.form-iii{border-style:dashed}
.adult:has(input[value=indian]:checked) .form-iii{display:none}
button{font:inherit;font-weight:700;padding:.75rem 1.25rem;border:0;border-radius:.5rem;background:#1f4f3a;color:#fff;min-height:3rem;width:100%}
a{color:#1f4f3a}
`;

/** The form page's Content-Security-Policy: its style, forms posted to this site. */
export const REGISTER_FORM_CSP = pageCsp(FORM_STYLE, true);

/** What the guest's form shows of the booking (SHAPE-2: its stay). */
export interface FormStay extends Pick<
  BookingStay,
  'reference' | 'propertyName' | 'checkIn' | 'checkOut'
> {
  /** The booking's guests: one slot each (adults fill theirs; children's stay empty). */
  guests: number;
  /** The booking page, to go back to. */
  pagePath: string;
}

/** The state the form is shown in. */
export interface FormState {
  /** Adults as typed (a refused POST), by slot. */
  adults?: EntryInput[];
  arrivalTime?: string;
  /** The refusal: `adults.{i}.{key}` or `arrivalTime`, and its words. */
  problem?: { field: string; error: string };
  /** How many entries were received, and when (ISO): the form then replaces them. */
  received?: { count: number; at: string };
  /** Set when the form is closed (the booking is not confirmed, or its details were reported). */
  closed?: string;
  registerDays: number;
}

const value = (input: EntryInput | undefined, key: string) => {
  const v = input?.[key];
  return typeof v === 'string' ? v : '';
};

/** The guest's register form (REG-2). */
export function registerFormHtml(stay: FormStay, state: FormState): string {
  const years =
    state.registerDays >= 730
      ? `${Math.floor(state.registerDays / 365)} years`
      : `${state.registerDays} days`;
  const why = `<section class="why" aria-labelledby="why">
<h2 id="why">What we collect, why, and for how long</h2>
<p><strong>What:</strong> for each adult, the full name, nationality, home address, phone number, and the type and last four characters of the identity document shown at check-in (never the full number). A foreign national or an OCI cardholder also gives the Form III particulars: passport, visa, arrival in India, where from and where next, purpose of the visit and a contact in India.</p>
<p><strong>Why:</strong> the Karnataka police ask homestays and serviced apartments to keep a register of their guests with an identity document, and the Immigration and Foreigners Act, 2025 asks every place of stay to report each foreign guest (OCI cardholders included) in Form III within 24 hours of arrival.</p>
<p><strong>Who sees it:</strong> only us, and the police or the Registration Officer if they inspect the register; a foreign guest’s particulars go to the Immigration portal. Nothing is published.</p>
<p><strong>How long:</strong> ${e(years)} after check-out (the law asks at least one year), then it is erased.</p>
</section>`;
  const head = `<h1>Guest register</h1>
<p class="sub">${e(stay.propertyName)} · ${e(formatDate(stay.checkIn))} to ${e(formatDate(stay.checkOut))} · ${e(stay.reference)}</p>`;
  const back = `<p><a href="${e(stay.pagePath)}">Back to your booking</a></p>`;
  if (state.closed) {
    return pageHtml(
      'Guest register',
      FORM_STYLE,
      `<main>${head}<p class="notice">${e(state.closed)}</p>${why}${back}</main>`,
    );
  }
  const problem = state.problem;
  const idOf = (field: string) => field.replace(/^adults\.(\d+)\./, 'a$1-');
  const problemLabel = problem ? labelOf(problem.field) : '';
  const summary = problem
    ? `<div class="problem" role="alert" id="problem"><p>Nothing was saved: please check <a href="#${e(idOf(problem.field))}">${e(problemLabel)}</a>.</p><p>${e(problem.error)}</p></div>`
    : '';
  const received = state.received
    ? `<p class="notice">We received the register for ${state.received.count} adult${state.received.count === 1 ? '' : 's'} on ${e(formatDate(propertyDate(state.received.at)))}, thank you. Sending the form again replaces it.</p>`
    : '';

  /** One control with its label, hint and error. */
  const control = (name: string, label: string, html: (attrs: string) => string, hint?: string) => {
    const id = idOf(name);
    const invalid = problem?.field === name;
    const described = [hint ? `${id}-hint` : '', invalid ? `${id}-error` : '']
      .filter(Boolean)
      .join(' ');
    const attrs = `id="${id}" name="${e(name)}"${invalid ? ' aria-invalid="true"' : ''}${described ? ` aria-describedby="${described}"` : ''}`;
    return `<div class="field"><label for="${id}">${e(label)}</label>${hint ? `<span class="hint" id="${id}-hint">${e(hint)}</span>` : ''}${html(attrs)}${invalid ? `<span class="error" id="${id}-error">${e(problem!.error)}</span>` : ''}</div>`;
  };
  const text =
    (name: string, v: string, type = 'text', extra = '') =>
    (attrs: string) =>
      `<input type="${type}" ${attrs} value="${e(v)}"${extra}>`;
  const select = (options: [string, string][], v: string) => (attrs: string) =>
    `<select ${attrs}><option value="">Choose…</option>${options.map(([k, w]) => `<option value="${e(k)}"${k === v ? ' selected' : ''}>${e(w)}</option>`).join('')}</select>`;

  const slots: string[] = [];
  for (let i = 0; i < Math.max(1, stay.guests); i += 1) {
    const input = state.adults?.[i];
    const n = (key: string) => `adults.${i}.${key}`;
    const category = value(input, 'category');
    const categoryName = n('category');
    const catInvalid = problem?.field === categoryName;
    const categories = `<div class="field" role="radiogroup" aria-labelledby="a${i}-category-label"${catInvalid ? ` aria-describedby="a${i}-category-error"` : ''}><span class="label" id="a${i}-category-label">Citizenship</span><div class="choices">${GUEST_CATEGORIES.map(
      (c, j) =>
        `<label><input type="radio" name="${categoryName}" value="${c}"${j === 0 ? ` id="a${i}-category"` : ''}${category === c ? ' checked' : ''}${catInvalid ? ' aria-invalid="true"' : ''}> ${e(GUEST_CATEGORY_WORDS[c])}</label>`,
    ).join(
      '',
    )}</div>${catInvalid ? `<span class="error" id="a${i}-category-error">${e(problem!.error)}</span>` : ''}</div>`;
    const field = (f: RegisterField<string>) => {
      const v = value(input, f.key);
      const hint = f.hint;
      switch (f.kind) {
        case 'category':
          return categories;
        case 'sex':
          return control(
            n(f.key),
            f.label,
            select(
              SEXES.map((s) => [s, SEX_WORDS[s]]),
              v,
            ),
            hint,
          );
        case 'idType':
          return control(
            n(f.key),
            f.label,
            select(
              ID_TYPES.map((t) => [t, ID_TYPE_WORDS[t]]),
              v,
            ),
            hint,
          );
        case 'textarea':
          return control(
            n(f.key),
            f.label,
            (attrs) =>
              `<textarea ${attrs}${f.autocomplete ? ` autocomplete="${f.autocomplete}"` : ''}>${e(v)}</textarea>`,
            hint,
          );
        default: {
          const type = f.kind === 'date' ? 'date' : f.kind === 'tel' ? 'tel' : 'text';
          // Only the ID's last four characters are asked: the form never takes the full number.
          const extra =
            f.key === 'idLast4'
              ? ' maxlength="4" autocomplete="off" spellcheck="false"'
              : f.autocomplete
                ? ` autocomplete="${f.autocomplete}"`
                : '';
          return control(n(f.key), f.label, text(n(f.key), v, type, extra), hint);
        }
      }
    };
    slots.push(`<fieldset class="adult"><legend>Adult ${i + 1}${i > 0 ? ' (leave empty for a child under 18)' : ''}</legend>
${PERSON_FIELDS.map(field).join('\n')}
<fieldset class="form-iii"><legend>Only for a foreign national or an OCI cardholder (Form III)</legend>${FORM_III_FIELDS.map(field).join('')}</fieldset>
</fieldset>`);
  }
  const arrival = control(
    'arrivalTime',
    'Expected arrival time',
    text('arrivalTime', state.arrivalTime ?? '', 'time'),
    'Your best guess; we report foreign guests within 24 hours of arrival',
  );
  const body = `<main>${head}${summary}${received}${why}
<form method="post" novalidate>
${arrival}
${slots.join('\n')}
${collectionNoticeHtml('register')}
<button type="submit">Send the register</button>
</form>
${back}</main>`;
  return pageHtml(
    problem ? `Check the register: ${problemLabel}` : 'Guest register',
    FORM_STYLE,
    body,
  );
}

/** "Adult 2: Passport valid until" for `adults.1.passportExpiry`. */
function labelOf(field: string): string {
  const m = /^adults\.(\d+)\.(\w+)$/.exec(field);
  if (!m) return registerFieldLabel(field);
  return `Adult ${Number(m[1]) + 1}: ${registerFieldLabel(m[2]!)}`;
}

const PRINT_STYLE = `
:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#000;background:#fff}
body{margin:0}
main{padding:1rem}
h1{font-size:1.3rem;margin:0}
h2{font-size:1.05rem;margin:1.2rem 0 .4rem}
.sub{margin:.2rem 0 .8rem;color:#333}
.scroll{overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:.85rem}
th,td{border:1px solid #777;padding:.25rem .35rem;text-align:left;vertical-align:top}
thead th{background:#eee}
@page{size:A4 landscape;margin:10mm}
@media print{main{padding:0}table{font-size:8pt}.scroll{overflow:visible}thead{display:table-header-group}tr{break-inside:avoid}}
`;

/** The printable register's Content-Security-Policy. */
export const REGISTER_PRINT_CSP = pageCsp(PRINT_STYLE, false);

/** The register for [from, to] as a printable page, A4 landscape (REG-5). */
export function registerPrintHtml(
  entries: RegisterEntry[],
  range: { from: string; to: string },
  business: string,
): string {
  const scroll = (label: string, table: string) =>
    `<div class="scroll" role="region" aria-label="${e(label)}" tabindex="0">${table}</div>`;
  const rows = entries
    .map(
      (x, i) =>
        `<tr><td>${i + 1}</td><td>${e(x.name)}</td><td>${e(x.nationality)}${x.category === 'oci' ? ' (OCI)' : ''}</td><td>${e(x.address)}</td><td>${e(x.phone)}</td><td>${e(ID_TYPE_WORDS[x.idType])} …${e(x.idLast4)}</td><td>${e(x.propertyName)}</td><td>${e(portalDate(x.arrival))} ${e(x.arrivalTime)}</td><td>${e(portalDate(x.departure))}</td><td>${e(x.reference ?? (x.source === 'owner' ? 'At check-in' : ''))}</td><td>${x.formIII ? (x.formIII.submittedAt ? `Submitted ${e(portalDate(propertyDate(x.formIII.submittedAt)))}, ${e(x.formIII.portalReference ?? '')}` : 'Not yet submitted') : '—'}</td></tr>`,
    )
    .join('');
  const register = scroll(
    'Guests',
    `<table><thead><tr><th scope="col">No.</th><th scope="col">Name</th><th scope="col">Nationality</th><th scope="col">Address</th><th scope="col">Phone</th><th scope="col">ID</th><th scope="col">Property</th><th scope="col">Arrival</th><th scope="col">Departure</th><th scope="col">Booking</th><th scope="col">Form III</th></tr></thead><tbody>${rows || '<tr><td colspan="11">No guests in these dates.</td></tr>'}</tbody></table>`,
  );
  const foreign = entries.filter((x) => x.formIII);
  const sheet = foreign.length
    ? `<h2>Foreign guests: Form III particulars</h2>${foreign
        .map((x) =>
          scroll(
            `Form III: ${x.name}`,
            `<table><caption class="sub">${e(x.name)}, ${e(x.propertyName)}, ${e(portalDate(x.arrival))}</caption><tbody>${formIIIWorksheet(
              x,
            )
              .map((r) => `<tr><th scope="row">${e(r.label)}</th><td>${e(r.value)}</td></tr>`)
              .join('')}</tbody></table>`,
          ),
        )
        .join('')}`
    : '';
  return pageHtml(
    `Guest register ${portalDate(range.from)} to ${portalDate(range.to)}`,
    PRINT_STYLE,
    `<main><h1>Guest register: ${e(business)}</h1><p class="sub">Stays from ${e(portalDate(range.from))} to ${e(portalDate(range.to))} · ${entries.length} guest${entries.length === 1 ? '' : 's'}</p>${register}${sheet}</main>`,
  );
}
