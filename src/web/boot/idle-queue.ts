/**
 * Deferred work, one piece per idle period (PERF-1: Total Blocking Time). Several carousels
 * come on screen at once after the page loads; started together, their set-ups (each measures its
 * slides) make one long task. Queued here, each runs in an idle period of its own
 * (`requestIdleCallback`; a 0 ms timer where the browser has none, e.g. Safari), so a tap that
 * arrives meanwhile is answered between two of them.
 */
type Task = () => void;

const queue: Task[] = [];
let scheduled = false;

const whenBrowserIdle: (run: () => void) => void =
  typeof requestIdleCallback === 'function'
    ? (run) => requestIdleCallback(run, { timeout: 500 })
    : (run) => setTimeout(run, 0);

function runNext(): void {
  scheduled = false;
  queue.shift()?.();
  schedule();
}

function schedule(): void {
  if (scheduled || queue.length === 0) return;
  scheduled = true;
  whenBrowserIdle(runNext);
}

/** Runs `task` in a later idle period, after the tasks queued before it; returns a cancel function. */
export function whenIdle(task: Task): () => void {
  queue.push(task);
  schedule();
  return () => {
    const index = queue.indexOf(task);
    if (index >= 0) queue.splice(index, 1);
  };
}
