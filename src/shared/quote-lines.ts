/**
 * A quote's lines as they are shown (PRICE-3, PRICE-6, SHAPE-4): the one row model every
 * rendering of a price reads (the enquiry dialog's breakdown, the guest's booking page, the
 * owner's Rates preview, through web/components/quote-lines.tsx) and the one rendering as text
 * (the enquiry's messages, ENQ-4). Pure; amounts in paise, shown with formatPaise.
 */
import type { Quote } from './quote.js';
import { formatPaise } from './money.js';

/** What a shown price needs of a quote: its lines, total and advance (paise); a stored quote has them too. */
export type QuoteFigures = Pick<Quote, 'lines' | 'totalPaise' | 'advancePaise'>;

/** One shown row: a quote line, the total, or the advance; `amount` in rupees as formatPaise writes it. */
export interface QuoteRow {
  kind: 'line' | 'total' | 'advance';
  label: string;
  amount: string;
}

/**
 * The rows of a shown price: each line in the quote's order, then "Total", then, when
 * `advanceLabel` is given and there is something to pay, the advance under that label.
 */
export function quoteRows(quote: QuoteFigures, advanceLabel?: string): QuoteRow[] {
  return [
    ...quote.lines.map((l): QuoteRow => ({
      kind: 'line',
      label: l.label,
      amount: formatPaise(l.amountPaise),
    })),
    { kind: 'total', label: 'Total', amount: formatPaise(quote.totalPaise) },
    ...(advanceLabel !== undefined && quote.totalPaise > 0
      ? [
          {
            kind: 'advance',
            label: advanceLabel,
            amount: formatPaise(quote.advancePaise),
          } satisfies QuoteRow,
        ]
      : []),
  ];
}

/**
 * The price as text (ENQ-4): the total, then its lines
 * ("₹14,000 (3 nights × ₹4,500: ₹13,500; Cleaning fee: ₹500)"); undefined without a quote or
 * with no line (no nightly rate: AVL-11, no price anywhere).
 */
export function priceText(quote: QuoteFigures | undefined): string | undefined {
  if (!quote || quote.lines.length === 0) return undefined;
  const rows = quoteRows(quote);
  const lines = rows.filter((r) => r.kind === 'line').map((r) => `${r.label}: ${r.amount}`);
  const total = rows.find((r) => r.kind === 'total')!;
  return `${total.amount} (${lines.join('; ')})`;
}
