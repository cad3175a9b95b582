/**
 * One of the writers of numbering.test.ts (GST-2): opens the database on its own connection, waits
 * for the start signal shared by every writer, then issues `count` receipt vouchers, each in its
 * own IMMEDIATE transaction as the service does, and posts the numbers it got. The instant they
 * are issued at (`issuedAt`, ISO) is handed in by the test, as the service hands its clock's
 * (TIME-5): a worker thread has no app clock of its own.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDb } from '../store/db.js';
import { issueDocument } from './store.js';

const { dataDir, count, worker, start, issuedAt } = workerData as {
  dataDir: string;
  count: number;
  worker: number;
  start: SharedArrayBuffer;
  issuedAt: number;
};
const db = openDb(dataDir, issuedAt);
const flag = new Int32Array(start);
Atomics.wait(flag, 0, 0);
const numbers: string[] = [];
for (let i = 0; i < count; i += 1) {
  const doc = db
    .transaction(() =>
      issueDocument(db, {
        id: `w${worker}-${i}`.padEnd(16, 'x'),
        type: 'receipt-voucher',
        series: 'STYR/26-27',
        bookingId: `booking-${worker}`,
        issuedAt,
        period: '2026-11',
        taxablePaise: 100,
        cgstPaise: 3,
        sgstPaise: 3,
        totalPaise: 106,
        body: {} as never,
      }),
    )
    .immediate();
  numbers.push(doc.number);
}
db.close();
parentPort!.postMessage(numbers);
