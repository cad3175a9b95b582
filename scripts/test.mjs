#!/usr/bin/env node
/**
 * `npm test`: typecheck, lint, build, unit and integration tests (Vitest), browser tests
 * (Playwright + Debian's Chromium). Prints one closing line `N passed, N failed` summing every
 * suite (typecheck and lint count as one check each) and exits non-zero if anything failed.
 * Set CHROMIUM_PATH to use a Chromium other than /usr/bin/chromium.
 */
import { spawnSync } from 'node:child_process';
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
fs.rmSync(results, { recursive: true, force: true });
fs.mkdirSync(results, { recursive: true });

let passed = 0;
let failed = 0;
const lines = [];

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}

function check(label, ok) {
  if (ok) passed += 1;
  else failed += 1;
  lines.push(`${label}: ${ok ? 'ok' : 'FAILED'}`);
}

check('typecheck', run('typecheck', bin('tsc'), ['--noEmit', '-p', '.']));
check('lint', run('lint', bin('eslint'), ['.', '--max-warnings', '0']));
const built = run('build', process.execPath, ['scripts/build.mjs']);
check('build', built);

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
    const s = JSON.parse(fs.readFileSync(pwJson, 'utf8')).stats;
    const pwFailed = s.unexpected + (pwOk || s.unexpected > 0 ? 0 : 1);
    passed += s.expected + s.flaky;
    failed += pwFailed;
    lines.push(`playwright: ${s.expected + s.flaky} passed, ${pwFailed} failed, ${s.skipped} skipped`);
  } else {
    check('playwright', false);
  }
} else {
  check('playwright (not run: the build failed)', false);
}

console.log('\n' + lines.join('\n'));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
