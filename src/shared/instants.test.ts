/**
 * The one module for instants (TIME-1..TIME-4, decision 027): the owner's times in Asia/Kolkata
 * whatever the machine's zone, an instant's day there, the durations, and the guard that keeps
 * every other module from formatting a time (the project's own ESLint configuration).
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DAY_MS,
  HOUR_MS,
  MINUTE_MS,
  ageOf,
  formatClock,
  formatDuration,
  formatInstant,
  formatInstantDate,
  propertyDate,
  systemClock,
  zonedTimeToUtc,
} from './instants.js';

describe('times as the owner reads them, in Asia/Kolkata (TIME-1)', () => {
  it('writes an instant as "22 Nov 2026, 14:05" (SAF-1), from ms or any ISO offset', () => {
    expect(formatInstant('2026-11-22T08:35:00.000Z')).toBe('22 Nov 2026, 14:05');
    expect(formatInstant(Date.UTC(2026, 10, 22, 8, 35))).toBe('22 Nov 2026, 14:05');
    expect(formatInstant('2026-11-22T20:00:00+02:00')).toBe('22 Nov 2026, 23:30');
    expect(formatInstant('2026-12-31T18:30:00Z')).toBe('1 Jan 2027, 00:00');
    expect(formatInstant('2026-12-31T18:29:59Z')).toBe('31 Dec 2026, 23:59');
  });

  it('writes its clock time "HH:MM" (24-hour) and its day "5 Jan 2026"', () => {
    expect(formatClock(Date.UTC(2099, 0, 1, 5, 12))).toBe('10:42');
    expect(formatClock('2026-03-10T18:30:00Z')).toBe('00:00');
    expect(formatClock('2026-03-10T12:29:00Z')).toBe('17:59');
    expect(formatInstantDate('2026-01-04T18:30:00Z')).toBe('5 Jan 2026');
    expect(formatInstantDate(Date.UTC(2026, 0, 4, 18, 29))).toBe('4 Jan 2026');
  });

  it('gives back, as it is, a string that is not an instant', () => {
    for (const format of [formatInstant, formatClock, formatInstantDate])
      expect(format('not a time')).toBe('not a time');
    expect(formatInstant(Number.NaN)).toBe('NaN');
  });

  it('ages read at a glance, the old ones by their day in Asia/Kolkata (INBOX-2)', () => {
    const now = Date.parse('2026-03-10T04:30:00Z');
    const before = (ms: number) => new Date(now - ms).toISOString();
    expect(ageOf(before(30_000), now)).toBe('just now');
    expect(ageOf(before(5 * MINUTE_MS), now)).toBe('5 min ago');
    expect(ageOf(before(2 * HOUR_MS + 59 * MINUTE_MS), now)).toBe('2 h ago');
    expect(ageOf(before(25 * HOUR_MS), now)).toBe('1 day ago');
    expect(ageOf(before(60 * DAY_MS), now)).toBe('60 days ago');
    expect(ageOf('2025-12-01T10:00:00Z', now)).toBe('on 1 Dec 2025');
    // 20:00 UTC on 30 November is already 1 December in India.
    expect(ageOf('2025-11-30T20:00:00Z', now)).toBe('on 1 Dec 2025');
    expect(ageOf(new Date(now + MINUTE_MS).toISOString(), now)).toBe('just now');
    expect(ageOf('yesterday', now)).toBe('yesterday');
  });

  it('says a span the way the bar does: seconds, minutes, then hours (BACKUP-4)', () => {
    expect(formatDuration(-5_000)).toBe('0 s');
    expect(formatDuration(3_400)).toBe('3 s');
    expect(formatDuration(89_000)).toBe('89 s');
    expect(formatDuration(90_000)).toBe('2 min');
    expect(formatDuration(12 * MINUTE_MS)).toBe('12 min');
    expect(formatDuration(90 * MINUTE_MS)).toBe('2 h');
    expect(formatDuration(5 * HOUR_MS)).toBe('5 h');
  });
});

describe("an instant's day and a zone's wall clock (TIME-2)", () => {
  it('names the day in Asia/Kolkata: 18:30 UTC is already the next day', () => {
    expect(propertyDate(Date.UTC(2099, 0, 1, 18, 29))).toBe('2099-01-01');
    expect(propertyDate(Date.UTC(2099, 0, 1, 18, 30))).toBe('2099-01-02');
    expect(propertyDate('2026-03-31T18:30:00.000Z')).toBe('2026-04-01');
    expect(() => propertyDate('soon')).toThrow(RangeError);
    // The arithmetic day is the zone database's day, whatever the instant (1946–2200).
    const months = [
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
    ];
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1946, 0, 2), max: Date.UTC(2200, 0, 1) }), (ms) => {
        const [day, month, year] = formatInstantDate(ms).split(' ');
        const zoned = `${year}-${String(months.indexOf(month!) + 1).padStart(2, '0')}-${day!.padStart(2, '0')}`;
        expect(propertyDate(ms)).toBe(zoned);
      }),
      { numRuns: 2000 },
    );
  });

  it('turns a wall-clock time of a zone into UTC', () => {
    const wall = { year: 2026, month: 1, day: 12, hour: 14, minute: 0, second: 0 };
    expect(zonedTimeToUtc(wall, 'Asia/Kolkata')).toBe(Date.UTC(2026, 0, 12, 8, 30));
    // Across New York's spring-forward change (UTC-5 before, UTC-4 after).
    const summer = { year: 2026, month: 3, day: 9, hour: 12, minute: 0, second: 0 };
    expect(zonedTimeToUtc(summer, 'America/New_York')).toBe(Date.UTC(2026, 2, 9, 16, 0));
    expect(() => zonedTimeToUtc(wall, 'Not/AZone')).toThrow(RangeError);
  });
});

describe('durations and the clock (TIME-3)', () => {
  it('counts a day as 24 hours of 60 minutes', () => {
    expect(MINUTE_MS).toBe(60_000);
    expect(HOUR_MS).toBe(3_600_000);
    expect(DAY_MS).toBe(86_400_000);
  });

  it("reads the machine's time in ms", () => {
    const before = Date.now();
    const read = systemClock();
    expect(read).toBeGreaterThanOrEqual(before);
    expect(read).toBeLessThanOrEqual(Date.now());
  });
});

describe('one module formats times (TIME-4): the ESLint guard', () => {
  const eslint = new ESLint({ cwd: process.cwd() });
  const lint = async (code: string, filePath: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
  };
  const refused = expect.stringContaining('no-restricted-syntax: A time is written by');

  it('refuses a formatter or a toLocale*String call in web, server (routes included), shared and test files', async () => {
    expect(
      await lint(
        "export const at = (iso: string) => new Date(iso).toLocaleString('en-IN');\n",
        'src/web/admin/probe.tsx',
      ),
    ).toEqual([refused]);
    expect(
      await lint(
        "export const f = new Intl.DateTimeFormat('en-IN', { timeStyle: 'short' });\n",
        'src/server/bookings/probe.ts',
      ),
    ).toEqual([refused]);
    expect(
      await lint(
        "export const f = Intl.DateTimeFormat('en-GB').format(0);\nexport const t = new Date(0).toLocaleTimeString();\nexport const d = new Date(0).toLocaleDateString();\n",
        'src/shared/probe.test.ts',
      ),
    ).toEqual([refused, refused, refused]);
    // The server's other rule (one error handler, decision 009) still applies beside it.
    expect(
      await lint(
        "import type { FastifyInstance } from 'fastify';\nexport function f(app: FastifyInstance) {\n  app.setErrorHandler(() => {});\n  return new Date(0).toLocaleString();\n}\n",
        'src/server/routes/probe.ts',
      ),
    ).toEqual([expect.stringContaining('one error handler'), refused]);
  });

  it('lets instants.ts build its formatters, and numbers be grouped by Intl.NumberFormat', async () => {
    expect(
      await lint(
        "export const f = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Kolkata' });\n",
        'src/shared/instants.ts',
      ),
    ).toEqual([]);
    expect(
      await lint(
        "export const n = new Intl.NumberFormat('en-IN').format(2000);\n",
        'src/shared/probe.ts',
      ),
    ).toEqual([]);
  });
});

describe('one clock on the server (TIME-5): the ESLint guard', () => {
  const eslint = new ESLint({ cwd: process.cwd() });
  const lint = async (code: string, filePath: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
  };
  const syntax = expect.stringMatching(/^no-restricted-syntax: The time is the app's one clock/);
  const property = expect.stringMatching(
    /^no-restricted-properties: 'Date.now' is restricted from being used\. The time is the app's one clock/,
  );

  it("refuses the machine's clock planted in a server module: Date.now called or passed, new Date(), Date()", async () => {
    expect(
      await lint(
        'export function stamp(): string {\n  return new Date().toISOString();\n}\n',
        'src/server/store/probe.ts',
      ),
    ).toEqual([syntax]);
    expect(
      await lint(
        'export const age = (at: number, now: number = Date.now()) => now - at;\nexport const clock: () => number = Date.now;\nexport const text = Date();\n',
        'src/server/auth/probe.ts',
      ),
    ).toEqual([property, property, syntax]);
    // app.ts, outside the server's other rule (one error handler), is guarded too.
    expect(await lint('export const started = Date.now();\n', 'src/server/app.ts')).toEqual([
      property,
    ]);
  });

  it('lets an instant be made from a value, elapsed time be measured, and tests and the allow-list read the machine', async () => {
    expect(
      await lint(
        'export const at = (ms: number) => new Date(ms).toISOString();\nexport const t0 = performance.now();\nexport const day = Date.UTC(2026, 10, 26);\n',
        'src/server/store/probe.ts',
      ),
    ).toEqual([]);
    expect(
      await lint('export const now = Date.now();\n', 'src/server/store/probe.test.ts'),
    ).toEqual([]);
    expect(
      await lint(
        'export const age = (mtime: number) => Date.now() - mtime;\n',
        'src/server/publish/publisher.ts',
      ),
    ).toEqual([]);
    // The browser has one clock and no test moves it: src/web is not guarded.
    expect(await lint('export const now = Date.now();\n', 'src/web/admin/probe.ts')).toEqual([]);
  });
});

describe('instants are numbers inside the server (SHAPE-5, decision 062): the ESLint guard', () => {
  const eslint = new ESLint({ cwd: process.cwd() });
  const lint = async (code: string, filePath: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
  };
  const refused = (what: string) =>
    expect.stringMatching(
      new RegExp(
        `^no-restricted-properties: '${what}' is restricted .*Instants are Unix ms inside`,
      ),
    );
  const roundTrip =
    'export const at = (ms: number) => new Date(ms).toISOString();\nexport const ms = (at: string) => Date.parse(at);\n';

  it('refuses ISO text made or read back in a service, a step or a job; Date.now stays refused beside it', async () => {
    expect(await lint(roundTrip, 'src/server/bookings/service.ts')).toEqual([
      refused('toISOString'),
      refused('Date.parse'),
    ]);
    expect(await lint(roundTrip, 'src/server/compose.ts')).toEqual([
      refused('toISOString'),
      refused('Date.parse'),
    ]);
    // The last four converted (SHAPE-7, SHAPE-8): no module is let off the rule any more.
    for (const service of [
      'src/server/privacy/service.ts',
      'src/server/images/pipeline.ts',
      'src/server/today/service.ts',
      'src/server/messages/service.ts',
    ])
      expect(await lint(roundTrip, service), service).toEqual([
        refused('toISOString'),
        refused('Date.parse'),
      ]);
    expect(await lint('export const now = Date.now();\n', 'src/server/gst/service.ts')).toEqual([
      expect.stringMatching(/^no-restricted-properties: 'Date.now' is restricted/),
    ]);
  });

  it('lets the edges convert (a store, a route, a page, iCalendar, the CLI) and tests, still without the machine clock', async () => {
    for (const edge of [
      'src/server/bookings/store.ts',
      'src/server/bookings/views.ts',
      'src/server/payments/recorded-store.ts',
      'src/server/ledger/routes.ts',
      'src/server/reviews/page.ts',
      'src/server/calendar/export.ts',
      'src/server/cli/admin.ts',
      'src/server/payments/service.test.ts',
    ])
      expect(await lint(roundTrip, edge), edge).toEqual([]);
    expect(await lint('export const now = Date.now();\n', 'src/server/bookings/store.ts')).toEqual([
      expect.stringMatching(/^no-restricted-properties: 'Date.now' is restricted/),
    ]);
  });
});
