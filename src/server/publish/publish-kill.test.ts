/**
 * Crash safety of publishing (issue 3): the publish CLI (`tsx src/server/cli/publish.ts`) is killed
 * with SIGKILL at random points, at least 20 times, and after every kill the site still serves a
 * complete folder and the database is intact. Needs the SSR build (`node scripts/build.mjs`).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DomUtils, parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteData } from '../../shared/site-data.js';
import { openDb } from '../store/db.js';
import { latestRevision, saveRevision, type RevisionRow } from '../store/revisions.js';
import { KEEP_PUBLISHED, readCurrent } from './publisher.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const CLI = path.join(ROOT, 'src', 'server', 'cli', 'publish.ts');
const PROPERTIES = 30;
const RANDOM_KILLS = 20;
/** Extra kills made the moment a build folder appears, so there are leftovers for the final prune. */
const KILLS_WHILE_BUILDING = 2;
const SUFFIX = ' - Stays In Chikmagalur';
const DATA_TAG_RE = /<script defer data-site-data src="\/(site-data\.[0-9a-f]{12}\.js)"><\/script>/;

function catalogue(): SiteData {
  const propertyList = Array.from({ length: PROPERTIES }, (_, i) => ({
    id: `stay-${i + 1}`,
    name: `Estate Stay ${i + 1}`,
    address: 'Kalasa Road, Chikmagalur',
    description: `<p>Stay number ${i + 1}, above the coffee estate.</p>`,
    facilities: ['Wi-Fi', 'Parking', 'Hot water'],
    bedCount: (i % 4) + 1,
    bathCount: (i % 2) + 1,
    photos: [
      { name: `stay-${i + 1}-a.jpg`, best: true, home: true },
      { name: `stay-${i + 1}-b.jpg`, best: false, home: false },
    ],
  }));
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
  ms: number;
}

/**
 * Runs the publish CLI on `dataDir`. `kill` says when to SIGKILL it: after a delay in ms, or
 * 'building' (as soon as a build folder appears). The CLI runs in its own process group, killed as
 * a whole, because tsx runs the script in a child node process.
 */
function runCli(dataDir: string, kill?: number | 'building'): Promise<Run> {
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
  let timer: NodeJS.Timeout | undefined;
  if (typeof kill === 'number') timer = setTimeout(killGroup, kill);
  if (kill === 'building') {
    const siteDir = path.join(dataDir, 'site');
    const building = (n: string) => n.startsWith('.building-');
    const before = new Set(fs.readdirSync(siteDir).filter(building));
    timer = setInterval(() => {
      if (fs.readdirSync(siteDir).some((n) => building(n) && !before.has(n))) killGroup();
    }, 5);
  }
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      exited = true;
      clearTimeout(timer);
      clearInterval(timer);
      // A killed group may still be dying: wait until every process of it is dead (a zombie
      // waiting for its reaper is dead: it holds no files and runs no code).
      const waitGone = () => {
        if (liveMembers(pid) > 0) setTimeout(waitGone, 10);
        else resolve({ code, stdout, stderr, ms: performance.now() - started });
      };
      waitGone();
    });
  });
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
    const dataName = DATA_TAG_RE.exec(html)?.[1];
    if (!dataName) problems.push(`${rel} has no data script tag`);
    else if (!fs.existsSync(path.join(dir, dataName)))
      problems.push(`${rel} names ${dataName}, which is missing`);
  }
  return problems;
}

/** Opens the database as a fresh process would and compares it with what was stored. */
function checkDatabase(dataDir: string, stored: RevisionRow): void {
  const db = openDb(dataDir);
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
    const db = openDb(dataDir);
    saveRevision(db, catalogue(), 'test');
    stored = latestRevision(db)!;
    db.close();
  });
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(`leaves the previous site serving and the database intact after ${RANDOM_KILLS + KILLS_WHILE_BUILDING} kills, and the next publish cleans up`, async () => {
    const first = await runCli(dataDir);
    expect(first.code, first.stderr).toBe(0);
    expect(problemsWithCurrent(siteDir, stored.data)).toEqual([]);
    const normalMs = first.ms;

    // Delays spread evenly over 0 .. 1.5x a normal publish, each at a random point of its slot.
    const delays = Array.from(
      { length: RANDOM_KILLS },
      (_, i) => ((i + Math.random()) / RANDOM_KILLS) * 1.5 * normalMs,
    );
    const plan: (number | 'building')[] = [
      ...delays,
      ...Array<'building'>(KILLS_WHILE_BUILDING).fill('building'),
    ];
    let killed = 0;
    for (const kill of plan) {
      const run = await runCli(dataDir, kill);
      if (run.code === null) killed += 1;
      else
        expect(run.code, `publish after a kill planned at ${String(kill)}: ${run.stderr}`).toBe(0);
      expect(problemsWithCurrent(siteDir, stored.data), `kill at ${String(kill)}`).toEqual([]);
      checkDatabase(dataDir, stored);
    }
    // Most kills land before the publish ends; the last slots may see it finish.
    expect(killed).toBeGreaterThanOrEqual(RANDOM_KILLS / 2 + KILLS_WHILE_BUILDING);
    const leftovers = fs.readdirSync(siteDir).filter((n) => n.startsWith('.building-'));
    expect(leftovers.length).toBeGreaterThanOrEqual(1);

    const last = await runCli(dataDir);
    expect(last.code, last.stderr).toBe(0);
    const result = JSON.parse(last.stdout) as { dir: string; revision: number; pages: number };
    expect(result.revision).toBe(stored.id);
    expect(result.pages).toBe(PROPERTIES + 4);
    expect(readCurrent(siteDir)).toBe(result.dir);
    expect(problemsWithCurrent(siteDir, stored.data)).toEqual([]);
    const entries = fs.readdirSync(siteDir);
    expect(entries.filter((n) => n.startsWith('.') || n.includes('.tmp-'))).toEqual([]);
    const published = entries.filter((n) => /^\d+-\d+$/.test(n));
    expect(published.length).toBeGreaterThanOrEqual(1);
    expect(published.length).toBeLessThanOrEqual(KEEP_PUBLISHED);
    expect(entries.length).toBe(published.length + 1);
    checkDatabase(dataDir, stored);
  }, 180_000);
});
