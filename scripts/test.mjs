#!/usr/bin/env node
/**
 * `npm test`: build, then typecheck, lint (folder boundaries in eslint.config.js), import cycles
 * (dependency-cruiser), knip (no unused file, export or dependency, none undeclared: see
 * knip.json), build, unit and integration tests (Vitest), browser tests (Playwright + Debian's
 * Chromium). Prints one closing line `N passed, N failed` summing every suite (typecheck, lint,
 * cycles and knip count as one check each) and exits non-zero if anything failed. Each failed
 * test, and each that passed only on its CI retry (flaky), is named again with the first lines of
 * its error just above that closing line: CI keeps only the tail of the output.
 * Set CHROMIUM_PATH to use a Chromium other than /usr/bin/chromium.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const results = path.join(root, '.test-results');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

if (!fs.existsSync(chromium)) {
  console.error(
    `npm test: no Chromium at ${chromium}. Install it with "apt-get update && apt-get install -y chromium" (or set CHROMIUM_PATH).`,
  );
  process.exit(1);
}
// Every suite below starts `node` from PATH (the tools' `#!/usr/bin/env node`) or this same
// executable: the Node named here is the one the whole run is on (RUNTIME-1).
console.log(`npm test on Node ${process.version} (${process.execPath})`);
fs.rmSync(results, { recursive: true, force: true });
fs.mkdirSync(results, { recursive: true });
// The demo seed of every server this run starts renders each demo photo once (config.ts).
process.env.RENDER_CACHE = path.join(results, 'render-cache');

const started = performance.now();
let passed = 0;
let failed = 0;
const lines = [];
/** One entry per failed test: its name and the first lines of its error. */
const failures = [];
/** One entry per test that failed, then passed on its retry (CI only): flaky, to be mended. */
const flaky = [];

/** The first `n` non-blank lines of an error message, without terminal colour codes. */
function firstLines(message = '', n = 4) {
  return (
    message
      // eslint-disable-next-line no-control-regex
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .filter((l) => l.trim())
      .slice(0, n)
      .map((l) => `    ${l.trim()}`)
      .join('\n')
  );
}

/**
 * Failed and flaky tests of a Vitest JSON report, into `failures` and `flaky`. A file that failed
 * to load counts as one failure; a passed test that still carries failure messages passed on a retry.
 */
function collectVitest(report) {
  for (const file of report.testResults) {
    const rel = path.relative(root, file.name);
    const failedTests = file.assertionResults.filter((t) => t.status === 'failed');
    for (const t of file.assertionResults) {
      const entry = `vitest ${rel} › ${t.fullName}\n${firstLines(t.failureMessages.join('\n'))}`;
      if (t.status === 'failed') failures.push(entry);
      else if (t.status === 'passed' && t.failureMessages.length > 0) flaky.push(entry);
    }
    if (file.status === 'failed' && failedTests.length === 0)
      failures.push(`vitest ${rel}\n${firstLines(file.message)}`);
  }
}

/**
 * The presses of an owner's control that opened nothing the first time (e2e/owner-helpers.ts
 * `openWith`, which presses again): the page moved under them. Each with what the page recorded.
 */
const missedPresses = [];

/** Failed and flaky tests of a Playwright JSON report, into `failures` and `flaky`. */
function collectPlaywright(suite) {
  for (const spec of suite.specs ?? [])
    for (const t of spec.tests) {
      const notes = [t, ...t.results].flatMap((x) => x.annotations ?? []);
      const missed = new Set(
        notes.filter((a) => a.type === 'missed press').map((a) => a.description),
      );
      for (const seen of missed)
        missedPresses.push(
          `playwright [${t.projectName}] ${spec.file}:${spec.line} › ${spec.title}\n${firstLines(seen, 40)}`,
        );
      if (t.status !== 'unexpected' && t.status !== 'flaky') continue;
      const error = t.results.find((r) => r.error)?.error?.message;
      const entry = `playwright [${t.projectName}] ${spec.file}:${spec.line} › ${spec.title}\n${firstLines(error)}`;
      (t.status === 'flaky' ? flaky : failures).push(entry);
    }
  for (const child of suite.suites ?? []) collectPlaywright(child);
}

/** Seconds since `start`, to one decimal: each suite says how long it took (CI keeps under 25 min). */
const took = (start) => `${((performance.now() - start) / 1000).toFixed(1)} s`;

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label}`);
  const start = performance.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${label}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${took(start)}`);
  return r.status === 0;
}

/**
 * Runs `cmd` with its output held and printed whole when it ends, so that suites run side by side
 * keep their logs apart. Resolves true when it exits 0.
 */
function runHeld(label, cmd, args) {
  const start = performance.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env: process.env });
    const out = [];
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => out.push(c));
    child.on('close', (code) => {
      console.log(`\n=== ${label}`);
      process.stdout.write(Buffer.concat(out));
      console.log(`=== ${label}: ${code === 0 ? 'ok' : 'FAILED'} in ${took(start)}`);
      resolve(code === 0);
    });
  });
}

function check(label, ok) {
  if (ok) passed += 1;
  else failed += 1;
  lines.push(`${label}: ${ok ? 'ok' : 'FAILED'}`);
}

const built = run('build', process.execPath, ['scripts/build.mjs']);
check('build', built);

// The four static checks are each one thread: two at a time use both cores of a CI machine.
// Beside them, one server renders the demo photos into RENDER_CACHE (it needs the build).
const [typecheckOk, lintOk] = await Promise.all([
  runHeld('typecheck', bin('tsc'), ['--noEmit', '-p', '.']),
  runHeld('lint', bin('eslint'), ['.', '--max-warnings', '0']),
  built &&
    runHeld('demo photos rendered once for the run', bin('tsx'), ['scripts/warm-seed-renders.ts']),
]);
const [cyclesOk, knipOk] = await Promise.all([
  runHeld('import cycles (dependency-cruiser)', bin('depcruise'), [
    '--config',
    '.dependency-cruiser.cjs',
    'src',
    'test',
    'scripts',
    'bench',
    'e2e',
  ]),
  runHeld('unused files, exports and dependencies (knip)', bin('knip'), []),
]);
check('typecheck', typecheckOk);
check('lint', lintOk);
check('import cycles', cyclesOk);
check('knip', knipOk);

const vitestJson = path.join(results, 'vitest.json');
const vitestOk = run('unit and integration tests (vitest)', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
if (fs.existsSync(vitestJson)) {
  const r = JSON.parse(fs.readFileSync(vitestJson, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests + (vitestOk || r.numFailedTests > 0 ? 0 : 1);
  lines.push(`vitest: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
  collectVitest(r);
} else {
  check('vitest', false);
}

if (built) {
  const pwJson = path.join(results, 'playwright.json');
  const pwOk = run('browser tests (playwright)', bin('playwright'), ['test'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
    CHROMIUM_PATH: chromium,
  });
  if (fs.existsSync(pwJson)) {
    const report = JSON.parse(fs.readFileSync(pwJson, 'utf8'));
    const s = report.stats;
    collectPlaywright(report);
    const pwFailed = s.unexpected + (pwOk || s.unexpected > 0 ? 0 : 1);
    passed += s.expected + s.flaky;
    failed += pwFailed;
    lines.push(
      `playwright: ${s.expected + s.flaky} passed, ${pwFailed} failed, ${s.skipped} skipped`,
    );
  } else {
    check('playwright', false);
  }
} else {
  check('playwright (not run: the build failed)', false);
}

if (missedPresses.length > 0)
  console.log(`\nPresses that opened nothing, then pressed again:\n${missedPresses.join('\n')}`);
if (flaky.length > 0) console.log(`\nFlaky (passed on retry):\n${flaky.join('\n')}`);
if (failures.length > 0) console.log(`\nFailed tests:\n${failures.join('\n')}`);
console.log('\n' + lines.join('\n'));
console.log(`npm test took ${took(started)}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
