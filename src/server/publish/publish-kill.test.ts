/**
 * Crash safety of publishing (PUB-2): the publish CLI (`tsx src/server/cli/publish.ts`) is killed
 * with SIGKILL at random points, at least 20 times, and after every kill the site still serves a
 * complete folder and the database is intact. Needs the SSR build (`node scripts/build.mjs`).
 */
import { PRIVACY_PAGES } from '../../shared/privacy-notice.js';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DomUtils, parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testProperty } from '../../../test/factories.js';
import { dataScriptOf, listFiles } from '../../../test/test-helpers.js';
import { prerenderPaths } from '../../shared/routes.js';
import type { SiteData } from '../../shared/site-data.js';
import { openDb } from '../store/db.js';
import { latestRevision, saveRevision, type RevisionRow } from '../store/revisions.js';
import { KEEP_PUBLISHED, readCurrent } from './folder-target.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const CLI = path.join(ROOT, 'src', 'server', 'cli', 'publish.ts');
const PROPERTIES = 30;
/** Kills timed from the spawn: they land in start-up, opening the database, loading the SSR build. */
const KILLS_FROM_SPAWN = 10;
/** Kills timed from the moment the build folder appears: they land in writing pages and the swap. */
const KILLS_FROM_BUILD = 12;
/**
 * Kills made the moment a build folder appears, after every other, so that their folders are still
 * there for the final publish to prune.
 */
const KILLS_WHILE_BUILDING = 2;
/** Kills that must have hit a running publish (PUB-2: at least 20). */
const MIN_KILLS = 20;
/**
 * Extra kills, early in the build, made only while fewer than MIN_KILLS have hit: a publish that
 * runs faster than the reference runs (a machine whose load drops) finishes before a late kill.
 */
const MAX_EXTRA_KILLS = 16;
const SUFFIX = ' - Stays In Chikmagalur';

function catalogue(): SiteData {
  const propertyList = Array.from({ length: PROPERTIES }, (_, i) =>
    testProperty({
      id: `stay-${i + 1}`,
      name: `Estate Stay ${i + 1}`,
      description: `<p>Stay number ${i + 1}, above the coffee estate.</p>`,
      facilities: ['Wi-Fi', 'Parking', 'Hot water'],
      bedCount: (i % 4) + 1,
      bathCount: (i % 2) + 1,
      photos: [
        { name: `stay-${i + 1}-a.jpg`, best: true, home: true },
        { name: `stay-${i + 1}-b.jpg`, best: false, home: false },
      ],
    }),
  );
  return {
    propertyList,
    homeSections: [
      {
        id: 'estates',
        name: 'Estate stays',
        properties: propertyList.slice(0, 15).map((p) => p.id),
      },
      { id: 'lakes', name: 'By the lakes', properties: propertyList.slice(15).map((p) => p.id) },
    ],
    revision: 0,
  };
}

interface Run {
  /** Exit code, or null when killed. */
  code: number | null;
  stdout: string;
  stderr: string;
  /** From the spawn to the exit. */
  ms: number;
  /** From the moment the build folder appeared to the exit; undefined when none appeared. */
  buildMs: number | undefined;
}

/** When to SIGKILL a publish: `ms` after the spawn or after its build folder appears. */
type Kill = { from: 'spawn' | 'build'; ms: number };

/**
 * Runs the publish CLI on `dataDir`, SIGKILLed as `kill` says (never when undefined). The CLI runs
 * in its own process group, killed as a whole, because tsx runs the script in a child node process.
 * Timing a kill from the build folder's appearance keeps it inside the publish's real work however
 * slow the start-up is on a loaded machine.
 */
function runCli(dataDir: string, kill?: Kill): Promise<Run> {
  const started = performance.now();
  const child = spawn(TSX, [CLI], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DATA_DIR: dataDir, SITE_URL: 'http://localhost' },
  });
  const pid = child.pid!;
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  let exited = false;
  const killGroup = () => {
    if (exited) return;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // The group is gone already: the publish finished before the kill.
    }
  };
  const timers: NodeJS.Timeout[] = [];
  if (kill?.from === 'spawn') timers.push(setTimeout(killGroup, kill.ms));
  const siteDir = path.join(dataDir, 'site');
  const building = (n: string) => n.startsWith('.building-');
  const before = new Set(fs.readdirSync(siteDir).filter(building));
  let buildSeenAt: number | undefined;
  const watcher = setInterval(() => {
    if (buildSeenAt !== undefined) return;
    if (!fs.readdirSync(siteDir).some((n) => building(n) && !before.has(n))) return;
    buildSeenAt = performance.now();
    if (kill?.from === 'build') timers.push(setTimeout(killGroup, kill.ms));
  }, 2);
  timers.push(watcher);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      exited = true;
      const endedAt = performance.now();
      for (const timer of timers) clearTimeout(timer);
      // A killed group may still be dying: wait until every process of it is dead (a zombie
      // waiting for its reaper is dead: it holds no files and runs no code).
      const waitGone = () => {
        if (liveMembers(pid) > 0) setTimeout(waitGone, 10);
        else
          resolve({
            code,
            stdout,
            stderr,
            ms: endedAt - started,
            buildMs: buildSeenAt === undefined ? undefined : endedAt - buildSeenAt,
          });
      };
      waitGone();
    });
  });
}

/** `count` delays spread evenly over 0 .. `span` ms, each at a random point of its slot. */
function spreadDelays(count: number, span: number): number[] {
  return Array.from({ length: count }, (_, i) => ((i + Math.random()) / count) * span);
}

/** How many processes of process group `pgid` are not yet dead (Linux /proc). */
function liveMembers(pgid: number): number {
  let live = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // Fields after "(comm)": state, ppid, pgrp, ...
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) === pgid && state !== 'Z' && state !== 'X') live += 1;
  }
  return live;
}

function titleOf(html: string): string {
  const title = DomUtils.findOne((e) => e.name === 'title', parseDocument(html).children);
  return title ? DomUtils.textContent(title) : '';
}

/** Problems with the folder `current` points at; [] when it is a complete published site. */
function problemsWithCurrent(siteDir: string, data: SiteData): string[] {
  const dir = readCurrent(siteDir);
  if (!dir) return ['current is missing'];
  if (!/^\d+-\d+$/.test(path.basename(dir))) return [`current points at ${dir}`];
  const expected: [string, string][] = [
    ['index.html', `Service Apartments in Chikmagalur${SUFFIX}`],
    ['404.html', `Page not found${SUFFIX}`],
    ...data.propertyList.map((p): [string, string] => [`stay/${p.id}.html`, `${p.name}${SUFFIX}`]),
  ];
  const problems: string[] = [];
  for (const [rel, title] of expected) {
    const file = path.join(dir, rel);
    if (!fs.existsSync(file)) {
      problems.push(`${rel} is missing`);
      continue;
    }
    const html = fs.readFileSync(file, 'utf8');
    if (!html.trimEnd().endsWith('</html>')) problems.push(`${rel} is incomplete`);
    if (titleOf(html) !== title) problems.push(`${rel} has the title "${titleOf(html)}"`);
    let dataName: string | undefined;
    try {
      dataName = dataScriptOf(html).slice(1);
    } catch {
      problems.push(`${rel} names no data script`);
    }
    if (dataName && !fs.existsSync(path.join(dir, dataName)))
      problems.push(`${rel} names ${dataName}, which is missing`);
  }
  return problems;
}

/** Opens the database as a fresh process would and compares it with what was stored. */
function checkDatabase(dataDir: string, stored: RevisionRow): void {
  const db = openDb(dataDir, Date.now());
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(latestRevision(db)).toEqual(stored);
  } finally {
    db.close();
  }
}

describe('publishing killed with SIGKILL at random points', () => {
  let dataDir: string;
  let siteDir: string;
  let stored: RevisionRow;

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stays-kill-'));
    siteDir = path.join(dataDir, 'site');
    fs.mkdirSync(siteDir);
    const db = openDb(dataDir, Date.now());
    saveRevision(db, catalogue(), 'test', Date.now());
    stored = latestRevision(db)!;
    db.close();
  });
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(`leaves the previous site serving and the database intact after at least ${MIN_KILLS} kills at random points, and the next publish cleans up`, async () => {
    // Two undisturbed publishes give the typical durations; the shorter keeps kills inside a publish.
    const reference: Run[] = [];
    for (let i = 0; i < 2; i++) {
      const run = await runCli(dataDir);
      expect(run.code, run.stderr).toBe(0);
      expect(run.buildMs, 'a publish builds in a hidden folder first').toBeDefined();
      expect(problemsWithCurrent(siteDir, stored.data)).toEqual([]);
      reference.push(run);
    }
    const totalMs = Math.min(...reference.map((r) => r.ms));
    const buildMs = Math.min(...reference.map((r) => r.buildMs!));

    const plan: Kill[] = [
      ...spreadDelays(KILLS_FROM_SPAWN, totalMs).map((ms): Kill => ({ from: 'spawn', ms })),
      ...spreadDelays(KILLS_FROM_BUILD, buildMs).map((ms): Kill => ({ from: 'build', ms })),
    ];
    let killed = 0;
    /** Runs the publish killed as `kill` says, then checks the site and the database. */
    const killOnce = async (kill: Kill) => {
      const when = `${Math.round(kill.ms)} ms after the ${kill.from === 'spawn' ? 'spawn' : 'build folder appeared'}`;
      const run = await runCli(dataDir, kill);
      if (run.code === null) killed += 1;
      else expect(run.code, `publish with a kill planned ${when}: ${run.stderr}`).toBe(0);
      expect(problemsWithCurrent(siteDir, stored.data), `killed ${when}`).toEqual([]);
      checkDatabase(dataDir, stored);
    };
    let extra = 0;
    for (let i = 0; i < plan.length; i++) {
      await killOnce(plan[i]!);
      const missing = MIN_KILLS - killed - KILLS_WHILE_BUILDING - (plan.length - 1 - i);
      if (missing > 0 && extra < MAX_EXTRA_KILLS) {
        extra += 1;
        plan.push({ from: 'build', ms: Math.random() * buildMs * 0.5 });
      }
    }
    // Last, so that no publish that outran its kill cleans their folders up before the prune below.
    for (let i = 0; i < KILLS_WHILE_BUILDING; i++) await killOnce({ from: 'build', ms: 0 });
    // A kill planned near the end of a publish may come after it finished; most must not.
    expect(killed, `${plan.length + KILLS_WHILE_BUILDING} kills planned`).toBeGreaterThanOrEqual(
      MIN_KILLS,
    );
    const leftovers = fs.readdirSync(siteDir).filter((n) => n.startsWith('.building-'));
    expect(leftovers.length).toBeGreaterThanOrEqual(1);

    const last = await runCli(dataDir);
    expect(last.code, last.stderr).toBe(0);
    const result = JSON.parse(last.stdout) as { dir: string; revision: number; pages: number };
    expect(result.revision).toBe(stored.id);
    expect(result.pages).toBe(
      PROPERTIES + prerenderPaths({ propertyList: [] }).length + PRIVACY_PAGES.length,
    );
    expect(readCurrent(siteDir)).toBe(result.dir);
    expect(problemsWithCurrent(siteDir, stored.data)).toEqual([]);
    const entries = fs.readdirSync(siteDir);
    expect(entries.filter((n) => n.startsWith('.') || n.includes('.tmp-'))).toEqual([]);
    const published = entries.filter((n) => /^\d+-\d+$/.test(n));
    expect(published.length).toBeGreaterThanOrEqual(1);
    expect(published.length).toBeLessThanOrEqual(KEEP_PUBLISHED);
    // Besides them: `current`, the kept files (UPGRADE-3) and the publish records.
    expect(entries.length).toBe(published.length + 3);
    const kept = listFiles(path.join(siteDir, 'files'));
    expect(kept.filter((n) => n.includes('.tmp-'))).toEqual([]);
    expect(kept.filter((n) => n.startsWith('site-data.'))).not.toEqual([]);
    checkDatabase(dataDir, stored);
  }, 300_000);
});
