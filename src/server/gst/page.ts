/**
 * A GST document's printable page (GST-5): server-rendered HTML, no script, headed with the
 * document's nature and every particular its rule lists (document.ts), A4 print styles, and on a
 * phone its tables as cards, never scrolling sideways (GST-12), in html.ts's page shell. The style
 * is one inline block allowed by its hash in the page's own Content-Security-Policy.
 */
import { formatDate } from '../../shared/calendar-dates.js';
import { propertyDate } from '../../shared/instants.js';
import type { DocumentBody } from './document.js';
import type { DocumentRow } from './store.js';
import { escapeHtml, pageCsp, pageHtml } from '../html.js';
import { inRupees as rupees } from '../../shared/money.js';

/** What each document calls its number. */
const NUMBER_LABEL: Record<DocumentBody['type'], string> = {
  'tax-invoice': 'Invoice number',
  'bill-of-supply': 'Bill number',
  'receipt-voucher': 'Receipt voucher number',
  'refund-voucher': 'Refund voucher number',
  'credit-note': 'Credit note number',
};

const STYLE = `
:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#fff}
body{margin:0}
main{max-width:52rem;margin:0 auto;padding:1rem}
h1{font-size:1.6rem;margin:0 0 .25rem}
h2{font-size:1rem;margin:0 0 .25rem;text-transform:uppercase;letter-spacing:.04em;color:#444}
.sub{margin:0 0 1rem;color:#444}
.cancelled{border:2px solid #a40000;color:#a40000;padding:.5rem .75rem;font-weight:700}
.parties{display:grid;grid-template-columns:repeat(auto-fit,minmax(15rem,1fr));gap:1rem;margin:1rem 0}
.parties p{margin:0;line-height:1.45}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem;margin:1rem 0}
dt{color:#444}dd{margin:0;font-weight:600}
.scroll{overflow-x:auto;margin:1rem 0}
table{border-collapse:collapse;width:100%;font-size:.95rem}
caption{text-align:left}
th,td{border:1px solid #999;padding:.35rem .5rem;text-align:left;vertical-align:top}
td.n,th.n{text-align:right;white-space:nowrap}
tfoot th,tfoot td{font-weight:700}
.words{font-style:italic}
.sign{margin-top:2rem;text-align:right}
.actions a{display:inline-block;padding:.6rem 1rem;border:1px solid #1a1a1a;border-radius:.4rem;color:#1a1a1a;text-decoration:none;margin-top:1rem}
@media (max-width:40rem){main{padding:.75rem}.stack table,.stack tbody,.stack tfoot,.stack tr,.stack th,.stack td{display:block}.stack thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}.stack tr{border:1px solid #999;margin:0 0 .5rem;padding:.3rem .6rem}.stack th,.stack td{border:0;padding:.15rem 0}.stack td{display:flex;justify-content:space-between;gap:1rem;text-align:right}.stack td::before{content:attr(data-label);color:#444;text-align:left}.stack td:empty{display:none}dl{grid-template-columns:1fr}dd{margin:0 0 .4rem}}
@page{size:A4;margin:12mm}
@media print{main{max-width:none;padding:0}.actions{display:none}.scroll{overflow:visible}table{font-size:9.5pt}body{font-size:10pt}}
`;

/** The Content-Security-Policy of a document page: nothing but its own style block. */
export const DOCUMENT_CSP = pageCsp(STYLE, false);

const half = (percent: number) => `${percent / 2}%`;

function lines(...parts: (string | undefined)[]): string {
  return parts
    .filter((p): p is string => p !== undefined && p !== '')
    .map(escapeHtml)
    .join('<br>');
}

/**
 * A table in a region reachable by keyboard (axe: scrollable-region-focusable). `stack`: on a
 * phone its rows become cards, each cell led by its column's name (the cells' `data-label`), so
 * the page never scrolls sideways (GST-12); printed and on a wide screen it stays a table.
 */
function table(label: string, head: string, body: string, foot = '', stack = false): string {
  return `<div class="scroll${stack ? ' stack' : ''}" role="region" aria-label="${escapeHtml(label)}" tabindex="0"><table><caption class="sub">${escapeHtml(label)}</caption><thead>${head}</thead><tbody>${body}</tbody>${foot ? `<tfoot>${foot}</tfoot>` : ''}</table></div>`;
}

/** A cell named by its column for the phone's stacked rows; `n`: a right-aligned amount. */
const td = (label: string, content: string, n = true) =>
  `<td${n ? ' class="n"' : ''} data-label="${escapeHtml(label)}">${content}</td>`;

/** The page of a document; `pdfHref` is where its PDF is downloaded. */
export function documentPageHtml(doc: DocumentRow, pdfHref: string): string {
  const b = doc.body;
  const taxed = b.type !== 'bill-of-supply';
  const recipient = b.recipient.legalName
    ? lines(
        b.recipient.legalName,
        b.recipient.address,
        `GSTIN: ${b.recipient.gstin}`,
        b.recipient.name && `Guest: ${b.recipient.name}`,
      )
    : lines(b.recipient.name ?? 'Guest (name not given)', 'Unregistered person');
  const items = b.items
    .map(
      (item) =>
        `<tr>${td('Description', escapeHtml(item.description), false)}${td('SAC', String(item.sac), false)}${td('Quantity', `${item.quantity}${item.unit === 'nights' ? (item.quantity === 1 ? ' night' : ' nights') : ''}`)}${taxed ? td('GST rate', `${item.percent}%`) : ''}${td(taxed ? 'Taxable value' : 'Value', rupees(item.taxablePaise))}</tr>`,
    )
    .join('');
  const itemsTable = table(
    'Particulars',
    `<tr><th scope="col">Description</th><th scope="col">SAC</th><th scope="col" class="n">Quantity</th>${taxed ? '<th scope="col" class="n">GST rate</th>' : ''}<th scope="col" class="n">${taxed ? 'Taxable value' : 'Value'}</th></tr>`,
    items,
    '',
    true,
  );
  const taxTable = taxed
    ? table(
        'Tax',
        '<tr><th scope="col" class="n">Rate</th><th scope="col" class="n">Taxable value</th><th scope="col" class="n">CGST rate</th><th scope="col" class="n">CGST</th><th scope="col" class="n">SGST rate</th><th scope="col" class="n">SGST</th><th scope="col" class="n">Total</th></tr>',
        b.rates
          .map(
            (r) =>
              `<tr>${td('Rate', `${r.percent}%`)}${td('Taxable value', rupees(r.taxablePaise))}${td('CGST rate', half(r.percent))}${td('CGST', rupees(r.cgstPaise))}${td('SGST rate', half(r.percent))}${td('SGST', rupees(r.sgstPaise))}${td('Total', rupees(r.amountPaise))}</tr>`,
          )
          .join(''),
        `<tr><th scope="row">Total</th>${td('Taxable value', rupees(b.totals.taxablePaise))}<td></td>${td('CGST', rupees(b.totals.cgstPaise))}<td></td>${td('SGST', rupees(b.totals.sgstPaise))}${td('Total', rupees(b.totals.totalPaise))}</tr>`,
        true,
      )
    : '';
  const sums = [
    ...(taxed
      ? [
          ['Taxable value', rupees(b.totals.taxablePaise)],
          ['CGST', rupees(b.totals.cgstPaise)],
          ['SGST', rupees(b.totals.sgstPaise)],
        ]
      : []),
    [
      b.type === 'receipt-voucher'
        ? 'Amount received'
        : b.type === 'refund-voucher'
          ? 'Amount refunded'
          : b.type === 'credit-note'
            ? 'Amount credited'
            : 'Total',
      rupees(b.totals.totalPaise),
    ],
    ...(b.advance
      ? [
          [
            `Less: advance received${b.advance.vouchers.length > 0 ? ` (receipt voucher ${b.advance.vouchers.join(', ')})` : ''}`,
            rupees(b.advance.paise),
          ],
          ['Balance due', rupees(b.balancePaise ?? 0)],
        ]
      : []),
  ];
  const facts: [string, string][] = [
    [NUMBER_LABEL[b.type], b.number],
    ['Date', formatDate(b.date)],
    ...(b.refersTo
      ? ([
          [
            `Against ${b.refersTo.type === 'tax-invoice' ? 'invoice' : 'receipt voucher'}`,
            `${b.refersTo.number} of ${formatDate(b.refersTo.date)}`,
          ],
        ] as [string, string][])
      : []),
    ['Place of supply', b.placeOfSupply],
    ['Reverse charge', b.reverseCharge],
    ['Booking', `${b.stay.reference}, ${b.stay.propertyName}`],
    [
      'Stay',
      `${formatDate(b.stay.checkIn)} to ${formatDate(b.stay.checkOut)}, ${b.stay.nights} night${b.stay.nights === 1 ? '' : 's'}, ${b.stay.guests} guest${b.stay.guests === 1 ? '' : 's'}`,
    ],
  ];
  const cancelled =
    doc.status === 'cancelled'
      ? `<p class="cancelled">Cancelled${doc.cancelledAt ? ` on ${formatDate(propertyDate(doc.cancelledAt))}` : ''}: ${escapeHtml(doc.cancelReason ?? '')}</p>`
      : '';
  return pageHtml(
    `${b.title} ${b.number}`,
    STYLE,
    `<main>
<h1>${escapeHtml(b.title)}</h1>
<p class="sub">${escapeHtml(b.number)} · ${escapeHtml(formatDate(b.date))}</p>
${cancelled}
<div class="parties">
<section aria-labelledby="supplier"><h2 id="supplier">Supplier</h2><p>${lines(b.supplier.legalName, b.supplier.tradeName !== b.supplier.legalName ? `Trading as ${b.supplier.tradeName}` : undefined, b.supplier.address, `GSTIN: ${b.supplier.gstin}`, `State: ${b.placeOfSupply}`)}</p></section>
<section aria-labelledby="recipient"><h2 id="recipient">Recipient</h2><p>${recipient}</p></section>
</div>
<dl>${facts.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>
${itemsTable}
${taxTable}
${table('Amounts', '<tr><th scope="col">Item</th><th scope="col" class="n">Amount</th></tr>', sums.map(([k, v]) => `<tr><th scope="row">${escapeHtml(k!)}</th><td class="n">${v}</td></tr>`).join(''))}
<p class="words">Amount in words: ${escapeHtml(b.amountInWords)}</p>
${b.exemption ? `<p>${escapeHtml(b.exemption)}</p>` : ''}
${b.note ? `<p>${escapeHtml(b.note)}</p>` : ''}
<p class="sign">For ${escapeHtml(b.supplier.legalName)}<br>${b.signatory ? `${escapeHtml(b.signatory)}<br>` : ''}Authorised signatory</p>
<p class="actions"><a href="${escapeHtml(pdfHref)}" download>Download PDF</a></p>
</main>`,
  );
}
