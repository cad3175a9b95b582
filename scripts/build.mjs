#!/usr/bin/env node
/**
 * Builds what `npm start` and the tests need: the client bundle (dist/client), the SSR entry
 * (dist/server) and the hero image variants (dist/client/hero).
 * With --if-needed, skips the build when dist/ is newer than every file under src/ and demo/hero/.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const stamp = path.join(root, 'dist', '.build-stamp');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

if (process.argv.includes('--if-needed') && fs.existsSync(stamp)) {
  const sources = Math.max(
    newestMtime(path.join(root, 'src')),
    newestMtime(path.join(root, 'demo', 'hero')),
    fs.statSync(path.join(root, 'vite.config.ts')).mtimeMs,
    fs.statSync(path.join(root, 'scripts', 'vite-plugins.ts')).mtimeMs,
    fs.statSync(path.join(root, 'package-lock.json')).mtimeMs,
  );
  if (fs.statSync(stamp).mtimeMs > sources) process.exit(0);
}

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`build: "${cmd} ${args.join(' ')}" failed`);
    process.exit(r.status ?? 1);
  }
}

// RUNTIME-9: a first start builds for about a minute; each step says what it is and how far.
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const began = Date.now();
console.log("build 1 of 3: the pages' scripts and styles (vite)...");
run(bin('vite'), ['build', '--logLevel', 'warn']);
console.log('build 2 of 3: the server-side renderer (vite --ssr)...');
run(bin('vite'), ['build', '--ssr', '--logLevel', 'warn']);
console.log('build 3 of 3: the hero image sizes...');
run(bin('tsx'), ['scripts/build-hero.ts']);
fs.writeFileSync(stamp, new Date().toISOString());
console.log(`build: done in ${Math.round((Date.now() - began) / 1000)} s`);
