/**
 * Starts the real server (`tsx src/server/main.ts`, serving the built site) as a child process on a
 * free loopback port with a fresh temporary DATA_DIR (or the one `env.DATA_DIR` names, which it
 * then leaves in place), for the browser tests, the benchmark and the crash tests.
 * Resolves once it prints its URL (after seeding and the first publish); rejects after `timeoutMs`
 * or if it exits first, with its output in the message. `onSpawn` gets the pid of the `tsx`
 * process at once, before the seed (the benchmark samples the server's memory from there, OPS-4).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * glibc malloc settings of the server process, the same as `npm start` sets (package.json; a test
 * keeps the two equal). OPS-4: with glibc's defaults (an arena per thread, large blocks kept for
 * reuse) the memory that sharp's threads free stays resident, ~1 GB after the seed and a few
 * uploads; two arenas, and blocks of 128 KB or more mapped and unmapped on their own, give it
 * back. Ignored on other C libraries (musl, macOS).
 */
export const MALLOC_TUNABLES =
  'glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072';

/**
 * V8 flags of the server process, the same as `npm start` passes to tsx (package.json; a test keeps
 * the two equal). OPS-4, OPS-10, decision 036: a semi-space (half of V8's young generation) may
 * grow to 8 MB. V8 picks its own maximum from the machine's memory: 64 MB on Node 24.21.0 on this
 * 24 GiB host, 16 MB on Node 20.20.2. Measured, the server's young generation reached 64–128 MB on
 * Node 24, and the ~2.5 MB of ArrayBuffers each upload leaves (the photo's bytes and its encoded
 * files) waited for the rarer scavenges, ~60 MB of them at a time: the resident set went over
 * 300 MB. With 8 MB, on both Nodes, it stays under (bench/README.md, "Server memory"). Both Nodes
 * know the flag; it is a maximum: V8 starts smaller and grows the space only as objects survive.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8'];

export interface SpawnedServer {
  url: string;
  dataDir: string;
  /** Stops the server and removes its DATA_DIR (unless the caller gave it). */
  stop(): Promise<void>;
  /** Kills the server at once (SIGKILL, no shutdown), as a power cut would; keeps DATA_DIR. */
  kill(): Promise<void>;
}

export async function spawnServer(
  env: Record<string, string> = {},
  timeoutMs = 300_000,
  onSpawn?: (pid: number) => void,
  cwd = process.cwd(),
): Promise<SpawnedServer> {
  const ownDir = env.DATA_DIR === undefined;
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'stays-'));
  const child = spawn(
    path.resolve(cwd, 'node_modules/.bin/tsx'),
    [...SERVER_NODE_FLAGS, 'src/server/main.ts'],
    {
      cwd,
      env: {
        ...process.env,
        GLIBC_TUNABLES: MALLOC_TUNABLES,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so stopping it also stops the node process tsx starts.
      detached: true,
    },
  );
  if (child.pid !== undefined) onSpawn?.(child.pid);
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // Already gone.
    }
  };
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      killGroup('SIGKILL');
      reject(new Error(`server did not start in ${timeoutMs / 1000} s:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /serving on (http:\/\/\S+?)\/?\s/.exec(output);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  const exited = new Promise((r) => child.once('exit', r));
  return {
    url,
    dataDir,
    async stop() {
      killGroup('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      killGroup('SIGKILL');
      if (ownDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
    async kill() {
      killGroup('SIGKILL');
      await exited;
    },
  };
}
