/**
 * DAY-17 (issue's "the month of 50 apartments drawn in ≤ 300 ms at 4× CPU slowdown"): the owner's
 * month grid (src/web/admin/month/month-grid.tsx, its own CSS module) built by Vite in production
 * form into one page, then drawn in Chromium with the CPU slowed 4× (DevTools'
 * Emulation.setCPUThrottlingRate) for 50 apartments over 31 nights with a busy month of stays
 * (bookings in every state, channel stays, blocks, double bookings): from the call that renders
 * it to the end of the first frame that shows it (a message posted from that frame's
 * requestAnimationFrame arrives after its style, layout and paint). Median of MONTH_RUNS, each on
 * a fresh page, after one unmeasured. What it leaves out: `GET /api/stays` (one query, measured
 * by the ledger's tests) and the dialog's frame around the grid.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDays } from '../src/shared/calendar-dates.js';
import type { LedgerStay } from '../src/shared/ledger.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const MONTH_APARTMENTS = 50;
const MONTH_RUNS = 5;
const MONTH = { from: '2026-12-01', days: 31 };

/** A busy month: per apartment, stays of 1–4 nights with gaps, every kind, a double booking in 1 of 5. */
function monthStays(): LedgerStay[] {
  const seen = '2026-11-01T00:00:00.000Z';
  const kinds: Pick<LedgerStay, 'source' | 'status'>[] = [
    { source: 'direct', status: 'confirmed' },
    { source: 'direct', status: 'accepted' },
    { source: 'direct', status: 'requested' },
    { source: 'feed', status: 'current' },
    { source: 'block', status: 'blocked' },
  ];
  const stays: LedgerStay[] = [];
  let id = 1;
  for (let a = 0; a < MONTH_APARTMENTS; a++) {
    let night = (a * 3) % 4;
    while (night < MONTH.days) {
      const length = 1 + ((a + id) % 4);
      const kind = kinds[id % kinds.length]!;
      const checkIn = addDays(MONTH.from, night);
      const stay = {
        id: id++,
        ...kind,
        propertyId: `apt-${a}`,
        checkIn,
        checkOut: addDays(checkIn, length),
        nights: length,
        firstSeenAt: seen,
        lastSeenAt: seen,
        ...(kind.source === 'direct' ? { guest: `Guest ${id}`, reference: `STY-${id}` } : {}),
        ...(kind.source === 'feed' ? { feedLabel: 'Airbnb' } : {}),
      } as LedgerStay;
      stays.push(stay);
      if (a % 5 === 0 && night === 10) stays.push({ ...stay, id: id++, guest: 'Overlap' });
      night += length + (id % 3);
    }
  }
  return stays;
}

/** The page's entry: draws the grid on `window.draw()` and records when its frame ended. */
const ENTRY = `
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { MonthGrid } from '../src/web/admin/month/month-grid.tsx';
const data = window.monthData;
// The owner's page has run React before the grid opens (the bar, the page in place): a list of
// buttons drawn and removed once, so React's own code and the page's text layout are warm as they are there; the grid's code is
// not.
const warm = document.createElement('div');
document.body.append(warm);
const warmRoot = createRoot(warm);
flushSync(() =>
  warmRoot.render(
    createElement('ul', null, Array.from({ length: 300 }, (_, i) =>
      createElement('li', { key: i, 'data-i': i },
        createElement('button', { type: 'button', 'aria-label': 'Warm ' + i, onClick: () => {} }, i)),
    )),
  ),
);
void warm.offsetHeight;
warmRoot.unmount();
warm.remove();
window.draw = () => {
  const t = { start: performance.now() };
  window.drawn = t;
  const root = createRoot(document.getElementById('root'));
  flushSync(() =>
    root.render(
      createElement(MonthGrid, {
        ...data,
        selection: null,
        openStay: () => {},
        selectNight: () => {},
      }),
    ),
  );
  t.rendered = performance.now();
  // A message posted from a frame's requestAnimationFrame arrives after that frame's style,
  // layout and paint; the first such frame shows the grid, a later one the last row filled.
  const afterFrame = (done) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => done(performance.now());
      channel.port2.postMessage(0);
    });
  const untilFilled = (now) => {
    if (document.querySelector('[data-later]')) afterFrame(untilFilled);
    else t.filled = now;
  };
  afterFrame((now) => {
    t.frame = now;
    untilFilled(now);
  });
};
`;

/** Vite's production build of ENTRY: one script and its CSS, as strings. */
async function buildPage(): Promise<{ js: string; css: string }> {
  const { build } = await import('vite');
  const react = (await import('@vitejs/plugin-react')).default;
  const dir = fs.mkdtempSync(path.join(here, '.month-grid-'));
  try {
    const entry = path.join(dir, 'entry.ts');
    fs.writeFileSync(entry, ENTRY.replaceAll('../src/', `${path.join(here, '..', 'src')}/`));
    await build({
      configFile: false,
      logLevel: 'silent',
      plugins: [react()],
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        outDir: path.join(dir, 'out'),
        emptyOutDir: true,
        cssCodeSplit: false,
        modulePreload: false,
        rollupOptions: {
          input: entry,
          output: { entryFileNames: 'grid.js', assetFileNames: 'grid[extname]' },
        },
      },
    });
    const out = path.join(dir, 'out');
    const read = (ext: string) =>
      fs
        .readdirSync(out, { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith(ext))
        .map((f) => fs.readFileSync(path.join(out, f), 'utf8'))
        .join('\n');
    return { js: read('.js'), css: read('.css') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Draws the month MONTH_RUNS + 1 times, CPU slowed 4×; resolves with the medians (ms) of call to
 * rendered (React's commit) and call to the end of the first frame, and the cells drawn.
 */
export async function monthGridFigures(
  chromePath: string,
  args: string[],
): Promise<{
  frameMs: number;
  renderMs: number;
  filledMs: number;
  runs: number[];
  cells: number;
  stays: number;
}> {
  const { js, css } = await buildPage();
  const days = Array.from({ length: MONTH.days }, (_, i) => addDays(MONTH.from, i));
  const properties = Array.from({ length: MONTH_APARTMENTS }, (_, i) => ({
    id: `apt-${i}`,
    name: `Apartment ${i + 1}, Coffee Estate Road`,
  }));
  const stays = monthStays();
  const data = { properties, days, stays, today: MONTH.from };
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><style>${css}</style>
<style>.scroller{overflow:auto;width:390px;max-height:min(62vh,40rem)}:root{--month-name:6.5rem;--month-night:50px}</style>
</head><body><div class="scroller"><div id="root"></div></div>
<script>window.monthData=${JSON.stringify(data)}</script><script type="module">${js}</script></body></html>`;
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: chromePath, args });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const frames: number[] = [];
    const renders: number[] = [];
    const fills: number[] = [];
    let cells = 0;
    for (let i = 0; i <= MONTH_RUNS; i++) {
      const page = await context.newPage();
      await page.setContent(html);
      await page.waitForFunction(() => typeof (window as { draw?: unknown }).draw === 'function');
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.evaluate(() => (window as unknown as { draw: () => void }).draw());
      const t = (await (
        await page.waitForFunction(
          () => {
            const d = (window as unknown as { drawn?: Record<string, number> }).drawn;
            return d?.filled !== undefined && d;
          },
          undefined,
          { polling: 100, timeout: 30_000 },
        )
      ).jsonValue()) as Record<string, number>;
      cells = await page.locator('td').count();
      if (i > 0) {
        frames.push(t.frame! - t.start!);
        renders.push(t.rendered! - t.start!);
        fills.push(t.filled! - t.start!);
      }
      await page.close();
    }
    const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
    return {
      frameMs: median(frames),
      renderMs: median(renders),
      filledMs: median(fills),
      runs: frames,
      cells,
      stays: stays.length,
    };
  } finally {
    await browser.close();
  }
}
