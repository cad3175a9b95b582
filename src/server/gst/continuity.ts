/**
 * Document numbers across a restore (GST-13, decision 040). CGST Rule 46(b) (and Rules 49, 50, 51,
 * 53) want one consecutive serial number per series, unique for the financial year: a number once
 * issued (and perhaps mailed to a guest) must never be issued again, even when the database is
 * restored to a copy taken before it.
 * - `numberingRecord`: what every copy off the machine keeps, sealed in its manifest: the highest
 *   number of each series ever issued (never lower than the previous manifest's), and the numbers
 *   issued within the kept history (number, month, date, booking reference).
 * - `continueNumbering`: on a restore, every number above the restored database's highest and up to
 *   the record's is recorded as lost (gst_lost_numbers, migration 023): the next document
 *   continues after the highest number ever issued, GSTR-1 Table 13 counts the lost numbers as
 *   cancelled, and the owner is told which documents to re-create (under new numbers).
 * An accountant should confirm that reporting numbers lost to a restore as cancelled in Table 13 is
 * right for the owner's case, and whether the re-created documents need a note naming the lost
 * number they replace.
 */
import type { Db } from '../store/db.js';
import type { DocumentType } from '../../shared/gst-documents.js';
import { documentNumber } from './numbers.js';
import { propertyDate } from '../../shared/instants.js';
import {
  highestNumbers,
  numbersIssuedSince,
  recordLostNumber,
  type IssuedNumber,
} from './store.js';

export type { IssuedNumber } from './store.js';

/** What a copy keeps of the numbering (GST-13). */
export interface NumberingRecord {
  /** Each series' type and highest number ever issued. */
  series: { series: string; type: DocumentType; seq: number }[];
  /** Numbers issued since the oldest kept copy, in series and number order. */
  issued: IssuedNumber[];
}

/**
 * The record of `db` for a copy: the highest numbers (each at least `before`'s) and the numbers
 * issued since `since` (ISO 8601, the oldest kept copy's time).
 */
export function numberingRecord(db: Db, since: string, before?: NumberingRecord): NumberingRecord {
  const highest = new Map((before?.series ?? []).map((s) => [s.series, s]));
  for (const s of highestNumbers(db)) {
    if ((highest.get(s.series)?.seq ?? 0) < s.seq) highest.set(s.series, s);
  }
  return {
    series: [...highest.values()].sort((a, b) => (a.series < b.series ? -1 : 1)),
    issued: numbersIssuedSince(db, since),
  };
}

/**
 * Records as lost every number `record` knows above `db`'s highest of its series, at `at` (ms);
 * returns them in series and number order. Run it in one transaction with the restore's checks.
 * A lost number the record has no details of (issued before the kept history) is given the month
 * of the nearest later number the record knows, else the month of `at`.
 */
export function continueNumbering(db: Db, record: NumberingRecord, at: number): IssuedNumber[] {
  const have = new Map(highestNumbers(db).map((s) => [s.series, s.seq]));
  const known = new Map(record.issued.map((n) => [n.number, n]));
  const lost: IssuedNumber[] = [];
  db.transaction(() => {
    for (const s of record.series) {
      const fallbackPeriod = propertyDate(at).slice(0, 7);
      const missing: IssuedNumber[] = [];
      for (let seq = (have.get(s.series) ?? 0) + 1; seq <= s.seq; seq++) {
        const number = documentNumber(s.series, seq);
        missing.push(known.get(number) ?? { series: s.series, seq, number, period: '' });
      }
      let period = fallbackPeriod;
      for (const n of missing.reverse()) {
        period = n.period || period;
        n.period = period;
      }
      for (const n of missing.reverse()) {
        recordLostNumber(db, { ...n, type: s.type }, at);
        lost.push(n);
      }
    }
  })();
  return lost;
}
