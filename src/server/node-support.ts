/**
 * The Node the server runs on (RUNTIME-7). Node 24 LTS is the one runtime: `engines` says `>=24`
 * and `.npmrc`'s `engine-strict` stops an install on an older Node; a start on one (`tsx
 * src/server/main.ts` run by hand, an old service file) is refused with one line, before any
 * module that needs Node 24 (better-sqlite3 13 crashes on Node 20) is loaded. A newer line that
 * has reached its end of life gets one line of warning.
 */

/** The release line Stays runs on (decision 038). */
const RUNTIME_MAJOR = 24;

/**
 * The end of life of each release line Stays may run on, `YYYY-MM-DD` (UTC), from the Node.js
 * Release working group's schedule (github.com/nodejs/Release, schedule.json): even lines are LTS
 * for three years after their first release, odd lines are never LTS and end about two months
 * after the next even line's first release.
 */
const END_OF_LIFE: Readonly<Record<number, string>> = {
  24: '2028-04-30',
  25: '2026-06-01',
  26: '2029-04-30',
};

/** The Node the README's Quick start and deployment section name. */
const SUPPORTED = `Node ${RUNTIME_MAJOR} LTS (or 26)`;

const majorOf = (version: string) => Number(/^v?(\d+)\./.exec(version)?.[1]);

/**
 * The one line to print before exiting 1 when Node `version` (e.g. `process.versions.node`,
 * "20.19.5") is older than Node 24, or undefined on Node 24 and later and for a version it cannot
 * read (the start then goes on, and fails on its own if the Node is unusable).
 */
export function runtimeRefusal(version: string): string | undefined {
  const major = majorOf(version);
  if (!(major < RUNTIME_MAJOR)) return undefined;
  return `Stays needs Node ${RUNTIME_MAJOR} LTS; this is Node ${version.replace(/^v/, '')}. Install Node ${RUNTIME_MAJOR} (README, "Quick start") and start again.`;
}

/**
 * The one line to print at start when Node `version` is past its end of life at `now` (ms since
 * the epoch), or undefined while it is supported, and for a release line the table does not hold.
 * A line ends at the start of its end-of-life day, UTC.
 */
export function endOfLifeNotice(version: string, now: number): string | undefined {
  const end = END_OF_LIFE[majorOf(version)];
  if (end === undefined || now < Date.parse(`${end}T00:00:00Z`)) return undefined;
  return `Node ${version.replace(/^v/, '')} reached its end of life on ${end} and gets no security fixes: run Stays on ${SUPPORTED} (README, "Deploying").`;
}
