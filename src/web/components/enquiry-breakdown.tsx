/**
 * The price of the stay as it is chosen (ENQ-3, PRICE-3..PRICE-6): the quote's lines ("2 weekday
 * nights × ₹4,500", "New Year: 3 nights × ₹9,000", extra guests, the discount, the cleaning fee,
 * GST) and the total, as a two-column list (the one rendering of a quote's lines, QuoteLines). Nothing without a quote (no nightly rate: AVL-11).
 */
import type { Quote } from '../../shared/quote.js';
import { QuoteLines } from './quote-lines.js';
import styles from './enquiry-dialog.module.css';

export function EnquiryBreakdown({ id, quote }: { id: string; quote: Quote | undefined }) {
  if (!quote || quote.lines.length === 0) return null;
  return (
    <section className={styles.breakdown} aria-labelledby={`${id}-price`}>
      <h3 id={`${id}-price`} className={styles.sendTitle}>
        Price
      </h3>
      <QuoteLines quote={quote} layout="list" className={styles.lines} />
    </section>
  );
}
