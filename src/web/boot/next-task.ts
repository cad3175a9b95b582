/**
 * Resolves in a task of the browser's event loop after this one (a 0 ms timer), so what follows
 * an `await nextTask()` is a task of its own: PERF-1, PERF-26, Total Blocking Time counts every
 * task's time past 50 ms, and two halves of a long task count nothing where the whole did.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
