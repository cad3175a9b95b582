/**
 * A quote's lines and total as markup (PRICE-3, SHAPE-4): the one rendering of a price the
 * enquiry dialog, the guest's booking page (server-rendered through the SSR entry) and the owner's
 * Rates preview share, over the row model of src/shared/quote-lines.ts. Two layouts of the same
 * rows: `table`, the lines in the body and the total (and advance) in the foot, each label a row
 * header; `list`, a definition list of `div > dt + dd` (the dialog's two columns). Every row
 * carries `data-row` ("line", "total", "advance") for the caller's styles.
 */
import { quoteRows, type QuoteFigures, type QuoteRow } from '../../shared/quote-lines.js';

export function QuoteLines({
  quote,
  layout,
  className,
  caption,
  advanceLabel,
}: {
  quote: QuoteFigures;
  layout: 'table' | 'list';
  className?: string | undefined;
  /** The table's name for assistive technology (a visually hidden caption). */
  caption?: string;
  /** Adds the advance under this label, when there is something to pay. */
  advanceLabel?: string;
}) {
  const rows = quoteRows(quote, advanceLabel);
  if (layout === 'list') {
    return (
      <dl className={className}>
        {rows.map((r, i) => (
          <div key={i} data-row={r.kind}>
            <dt>{r.label}</dt>
            <dd>{r.amount}</dd>
          </div>
        ))}
      </dl>
    );
  }
  const row = (r: QuoteRow, i: number) => (
    <tr key={i} data-row={r.kind}>
      <th scope="row">{r.label}</th>
      <td>{r.amount}</td>
    </tr>
  );
  return (
    <table className={className}>
      {caption && <caption className="visually-hidden">{caption}</caption>}
      <tbody>{rows.filter((r) => r.kind === 'line').map(row)}</tbody>
      <tfoot>{rows.filter((r) => r.kind !== 'line').map(row)}</tfoot>
    </table>
  );
}
