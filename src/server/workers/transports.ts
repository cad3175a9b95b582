/**
 * How a JobWorker (job-worker.ts) starts its worker: a thread (`node:worker_threads`, for pure
 * JavaScript whose loops must be stoppable: the feed parser, decision 008) or a child process
 * (`fork`, for native code whose memory must leave the server's resident set: libvips, decision
 * 007). Either way the worker runs its TypeScript entry through tsx as the server does, and gets
 * an environment built by workerEnv's allow-list, never the server's own (RUNTIME-6, WORK-3): no
 * transport can start a worker any other way.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { workerEnv } from '../worker-env.js';

/** What a transport reports of its worker. `exit` is called once, after the worker is gone. */
interface ChannelEvents {
  message(message: unknown): void;
  /** 'memory' when the runtime ended it for its heap cap; 'stopped' for any other end. */
  exit(reason: 'memory' | 'stopped'): void;
}

/** A started worker. */
export interface Channel {
  /** Its process id or thread id. */
  readonly id: number | undefined;
  /** Resolves once the worker has exited. */
  readonly exited: Promise<void>;
  /** Sends a message; one that cannot be delivered ends the worker (reported as its exit). */
  post(message: unknown): void;
  /** Ends the worker at once, even inside a loop that never yields. */
  kill(): void;
  /** Whether the worker keeps the server's event loop alive. */
  ref(): void;
  unref(): void;
  /** The worker's resident set in bytes, where it can be read apart from the server's. */
  residentBytes(): number | undefined;
  /** The CPU time (user + system, µs) the worker has used since it started; undefined once gone or where unreadable. */
  cpuMicros(): Promise<number | undefined>;
}

/** Starts one worker each time it is asked. */
export interface Transport {
  start(events: ChannelEvents): Channel;
}

/** tsx's ESM API, resolved from this module so workers start the same under npm start, the bench and Vitest. */
function tsxApi(): string {
  return import.meta.resolve('tsx/esm/api');
}

/**
 * A worker thread running `entry`, its V8 heap (old generation) capped at `heapMb`; past the cap
 * V8 ends it (ERR_WORKER_OUT_OF_MEMORY), reported as 'memory'. `terminate()` stops even a loop that
 * never yields. The thread loads tsx's API itself: Node 20 does not pass a loader given with
 * --import to workers. Its resident set is the server's, so none is reported.
 */
export function threadTransport(entry: string, options: { heapMb: number }): Transport {
  return {
    start(events) {
      const tsx = tsxApi();
      const worker = new Worker(
        `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(tsx)}));`,
        {
          eval: true,
          env: workerEnv(),
          resourceLimits: { maxOldGenerationSizeMb: options.heapMb },
        },
      );
      let outOfMemory = false;
      worker.on('message', (message) => events.message(message));
      worker.on('error', (err: NodeJS.ErrnoException) => {
        if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') outOfMemory = true;
      });
      const exited = new Promise<void>((resolve) =>
        worker.once('exit', () => {
          resolve();
          events.exit(outOfMemory ? 'memory' : 'stopped');
        }),
      );
      return {
        id: worker.threadId,
        exited,
        post: (message) => worker.postMessage(message),
        kill: () => void worker.terminate(),
        ref: () => worker.ref(),
        unref: () => worker.unref(),
        residentBytes: () => undefined,
        // Read from the server's thread, so it answers while the worker is inside a loop that never yields.
        cpuMicros: () =>
          worker.cpuUsage().then(
            ({ user, system }) => user + system,
            () => undefined,
          ),
      };
    },
  };
}

/** The text of /proc/PID/`name` (Linux); undefined elsewhere, or once the process is gone. */
function procFile(pid: number | undefined, name: 'status' | 'stat'): string | undefined {
  if (pid === undefined) return undefined;
  try {
    return fs.readFileSync(`/proc/${pid}/${name}`, 'utf8');
  } catch {
    return undefined;
  }
}

/** Resident set of process `pid` in bytes, from /proc (Linux); undefined elsewhere or once it is gone. */
function residentBytes(pid: number | undefined): number | undefined {
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(procFile(pid, 'status') ?? '')?.[1];
  return kb === undefined ? undefined : Number(kb) * 1024;
}

/** Linux's USER_HZ: the unit of /proc's CPU times, fixed at 100 for user space (proc(5)). */
const TICKS_PER_SECOND = 100;

/** CPU time (user + system, µs) process `pid` has used, from /proc/PID/stat (Linux); undefined elsewhere or once it is gone. */
function cpuMicros(pid: number | undefined): number | undefined {
  const stat = procFile(pid, 'stat');
  if (stat === undefined) return undefined;
  // Fields after the command name, which may hold spaces and parentheses: utime and stime are the 14th and 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? (ticks * 1_000_000) / TICKS_PER_SECOND : undefined;
}

/**
 * A child process running `entry` under tsx, with an IPC channel (`serialization: 'advanced'`, so
 * bytes cross as one copy) and `env` added to the allowed environment. `kill()` is SIGKILL. The
 * worker exits when the channel closes (serve-jobs.ts), so it never outlives the server.
 */
export function processTransport(
  entry: string,
  options: { env?: Record<string, string> } = {},
): Transport {
  const loader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return {
    start(events) {
      const child = fork(entry, [], {
        execArgv: ['--import', loader],
        serialization: 'advanced',
        env: workerEnv(options.env),
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      child.on('message', (message) => events.message(message));
      const exited = new Promise<void>((resolve) => {
        child.once('exit', () => {
          resolve();
          events.exit('stopped');
        });
        // A process that could not be spawned never exits; any other error is followed by an exit.
        child.on('error', () => {
          if (child.pid !== undefined) return;
          resolve();
          events.exit('stopped');
        });
      });
      return {
        id: child.pid,
        exited,
        post: (message) =>
          void child.send(message as never, (err) => {
            // The channel closed under us: the worker is gone or going, and its exit fails the job.
            if (err) child.kill('SIGKILL');
          }),
        kill: () => void child.kill('SIGKILL'),
        ref: () => {
          child.ref();
          child.channel?.ref();
        },
        unref: () => {
          child.unref();
          child.channel?.unref();
        },
        residentBytes: () => residentBytes(child.pid),
        cpuMicros: () => Promise.resolve(cpuMicros(child.pid)),
      };
    },
  };
}
