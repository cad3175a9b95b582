/**
 * FIG-8's budget (`BENCH_ONLY=reports`): the owner's figures for a year of 50 properties with 5,000
 * stays, through the real ledger tables of a real SQLite file and the report's own path
 * (`reportOf` over `reportSources`, the same composition GET /api/reports uses), median of 5 after
 * one unmeasured. The stays: 3,000 direct bookings (requested, accepted, paid; one in ten
 * cancelled), 1,600 channel events (seen; one in five "not available", one in eight gone) and 400
 * blocks, spread over the year. Nightly prices come from each booking's stored quote.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb } from '../src/server/store/db.js';
import { LedgerService } from '../src/server/ledger/service.js';
import { appendEvent, insertStay } from '../src/server/ledger/store.js';
import { reportSources } from '../src/server/compose.js';
import { reportOf } from '../src/server/reports/service.js';
import { addDays, nightsOf } from '../src/shared/calendar-dates.js';
import { startOfPropertyDay } from '../src/shared/figures.js';
import type { Booking } from '../src/shared/bookings.js';

const PROPERTIES = 50;
const STAYS = 5000;
const FROM = '2026-04-01';
const TO = '2027-04-01';

/**
 * Milliseconds of the median of 5 runs of the year's report and of the fastest (what the work costs
 * when the shared cores are free: the median moves with the machine's load), and the booked nights.
 */
export async function reportFigures(): Promise<{
  medianMs: number;
  fastestMs: number;
  stays: number;
}> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stays-bench-reports-'));
  try {
    const db = openDb(dir, Date.now());
    const ledger = new LedgerService(db, Date.now);
    const properties = Array.from({ length: PROPERTIES }, (_, i) => `stay-${i + 1}`);
    const bookings = new Map<string, Booking>();
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    db.transaction(() => {
      for (let i = 0; i < STAYS; i += 1) {
        const propertyId = properties[rand(PROPERTIES)]!;
        const checkIn = addDays(FROM, rand(365));
        const checkOut = addDays(checkIn, 1 + rand(6));
        const known = startOfPropertyDay(addDays(checkIn, -1 - rand(120)));
        const kind = i < 3000 ? 'direct' : i < 4600 ? 'feed' : 'block';
        const bookingId = kind === 'direct' ? `b${String(i).padStart(15, '0')}` : null;
        const unavailable = kind === 'feed' && i % 5 === 0;
        const stayId = insertStay(db, {
          source: kind,
          propertyId,
          bookingId,
          reference: null,
          feedId: kind === 'feed' ? 1 + (i % 2) : null,
          feedLabel: kind === 'feed' ? (i % 2 ? 'Airbnb' : 'Booking.com') : null,
          uid: kind === 'feed' ? `uid-${i}` : null,
          stayKey: kind === 'feed' ? `uid-${i}` : null,
          note: null,
          checkIn,
          checkOut,
          status: 'current',
          firstSeen: known,
          lastSeen: known,
          unavailable,
        });
        const nights = { checkIn, checkOut };
        const event = (kindOf: string, at: number) =>
          appendEvent(db, {
            stayId,
            kind: kindOf as 'seen',
            at,
            actor: 'system',
            ...nights,
            ...(kindOf === 'seen' ? { unavailable } : {}),
          });
        if (kind === 'direct') {
          event('requested', known);
          event('accepted', known + 3_600_000);
          event('paid', known + 7_200_000);
          if (i % 10 === 0) event('cancelled', known + 86_400_000);
          bookings.set(bookingId!, {
            id: bookingId!,
            quote: {
              lines: [],
              totalPaise: 0,
              advancePaise: 0,
              nights: nightsOf(checkIn, checkOut).map((date) => ({ date, amountPaise: 450_000 })),
              discountPaise: 0,
            },
          } as unknown as Booking);
        } else if (kind === 'feed') {
          event('seen', known);
          if (i % 8 === 0) event('gone', known + 86_400_000);
        } else event('blocked', known);
      }
    })();
    const sources = reportSources({
      propertyIds: () => properties,
      ledger,
      bookings: { many: (ids) => ids.flatMap((id) => bookings.get(id) ?? []) },
      gst: { figures: () => ({ taxablePaise: 0, cgstPaise: 0, sgstPaise: 0 }) },
      recorded: { moneyFigures: () => ({ receivedPaise: 0, refundedPaise: 0, byWay: {} }) },
    });
    const times: number[] = [];
    let stays = 0;
    for (let run = 0; run < 6; run += 1) {
      const start = performance.now();
      const report = reportOf(sources, { from: FROM, to: TO });
      if (run > 0) times.push(performance.now() - start);
      stays = report.nights.booked;
    }
    db.close();
    times.sort((a, b) => a - b);
    return { medianMs: times[2]!, fastestMs: times[0]!, stays };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
