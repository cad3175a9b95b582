/**
 * One owner at a time (MOB-1): the owner specs run on the desktop and the phone projects, which
 * Playwright runs side by side against the one e2e server. Every save is refused with 409 when
 * another one came first (SAF-6), so two owners editing at once would fail each other's tests.
 * A spec that saves holds this lock from its beforeAll to its afterAll: the projects take turns.
 *
 * The lock is a directory (mkdir is atomic) next to the server's DATA_DIR, holding the owner's
 * process id; a lock whose process is gone (a crashed worker) is taken over.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { TestInfo } from '@playwright/test';

const LOCK = `${process.env.E2E_DATA_DIR ?? path.resolve('.test-results/e2e')}-owner-lock`;
/** How long a spec may wait for the other project's owner specs, which take minutes. */
const WAIT_MS = 15 * 60_000;

function holderAlive(): boolean {
  try {
    const pid = Number(fs.readFileSync(path.join(LOCK, 'pid'), 'utf8'));
    if (!Number.isInteger(pid) || pid <= 0) return false;
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists; anything else (no file yet, no process): treated as gone only
    // when the pid file is readable and the process is not.
    return (
      (err as NodeJS.ErrnoException).code === 'EPERM' || !fs.existsSync(path.join(LOCK, 'pid'))
    );
  }
}

/** Waits for the lock and takes it; call in beforeAll. Lengthens that hook's time limit to wait. */
export async function takeOwnerLock(info: TestInfo): Promise<void> {
  info.setTimeout(WAIT_MS + 60_000);
  const until = Date.now() + WAIT_MS;
  for (;;) {
    try {
      fs.mkdirSync(LOCK);
      fs.writeFileSync(path.join(LOCK, 'pid'), String(process.pid));
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    if (!holderAlive()) {
      fs.rmSync(LOCK, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > until) throw new Error(`the owner lock ${LOCK} was not released in time`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Gives the lock back; call in afterAll. */
export function releaseOwnerLock(): void {
  try {
    if (fs.readFileSync(path.join(LOCK, 'pid'), 'utf8') === String(process.pid)) {
      fs.rmSync(LOCK, { recursive: true, force: true });
    }
  } catch {
    // Not ours or already gone.
  }
}
