/**
 * Tasks run one after another per key, in the order they were given, each after the one before it
 * settled (fulfilled or rejected); tasks of other keys are not held up. One in-process turn: the
 * calendar sync asks one host at a time (AVL-4), and each property's held nights are written one
 * change at a time (CONFLICT-4). A key's entry is dropped once its last task settled.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  /** Runs `task` in `key`'s turn; resolves or rejects with its result. */
  run<T>(key: string, task: () => T | Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const start = () => task();
    const next = previous.then(start, start);
    const settled = next.catch(() => undefined);
    this.tails.set(key, settled);
    void settled.then(() => {
      if (this.tails.get(key) === settled) this.tails.delete(key);
    });
    return next;
  }
}
