/**
 * Whether the Node running the server still gets security fixes (RUNTIME-2). `npm start` keeps
 * working on Node 20.19 and later (`engines`), but a release line past its end of life gets none:
 * the server then prints one line at start saying so and which Node to move to.
 */

/**
 * The end of life of each Node release line, `YYYY-MM-DD` (UTC), from the Node.js Release working
 * group's schedule (github.com/nodejs/Release, schedule.json): even lines are LTS for three years
 * after their first release, odd lines are never LTS and end about two months after the next even
 * line's first release.
 */
const END_OF_LIFE: Readonly<Record<number, string>> = {
  18: '2025-04-30',
  19: '2023-06-01',
  20: '2026-04-30',
  21: '2024-06-01',
  22: '2027-04-30',
  23: '2025-06-01',
  24: '2028-04-30',
  25: '2026-06-01',
  26: '2029-04-30',
};

/** The Node the README's deployment section names for production. */
const SUPPORTED = 'Node 24 LTS (or 26)';

/**
 * The one line to print at start when Node `version` (e.g. `process.versions.node`, "20.19.5") is
 * past its end of life at `now` (ms since the epoch), or undefined while it is supported, and for
 * a release line the table does not hold (newer than 26; one older than 18 cannot run Stays). A
 * line ends at the start of its end-of-life day, UTC.
 */
export function endOfLifeNotice(version: string, now: number): string | undefined {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1]);
  const end = END_OF_LIFE[major];
  if (end === undefined || now < Date.parse(`${end}T00:00:00Z`)) return undefined;
  return `Node ${version.replace(/^v/, '')} reached its end of life on ${end} and gets no security fixes: run Stays on ${SUPPORTED} (README, "Deploying").`;
}
