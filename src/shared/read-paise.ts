/**
 * What the owner types as money, read back (GST-9): the one rupee parser, beside the one formatter
 * (`money.ts`, whose `rupeesText` it reads). A module of its own so that only the owner's
 * JavaScript carries it: the visitor's pages format amounts and never read one (PERF-16).
 */

/**
 * The one rupee parser: rupees as the owner types them ("4,050", "₹ 4050.5", "1,50,000", "0") in
 * whole paise; undefined for anything else (blank, a minus, letters, more than two decimals, more
 * than nine digits of rupees). GST-9.
 */
export function readPaise(text: string): number | undefined {
  const plain = text.trim().replace(/^₹\s*/, '').replace(/,/g, '');
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(plain);
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}
