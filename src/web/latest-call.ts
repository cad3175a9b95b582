/**
 * The one way a page drops a stale answer (CLIENT-3): every hook that loads from the server runs
 * its calls through a `LatestCall`. Each `run` gives its call a fresh AbortSignal and aborts the
 * call before it, so only the latest call's answer is applied; an answer that arrives after its
 * call was replaced, stopped or its component unmounted is dropped, even when the call ignored the
 * signal. With apiFetch an aborted call resolves as status 0 (api-fetch.ts), and is dropped too.
 *
 *   const latest = useLatestCall();
 *   useEffect(() => latest.run((signal) => apiFetch(API.x, { signal }), setAnswer), [key]);
 *
 * In an effect, `run`'s return (it aborts that call) is the cleanup; from an event handler the
 * next `run`, or the unmount, aborts it.
 *
 * `{ afterPaint: true }` starts the call once the browser has drawn the next frame (PERF-22): a
 * dialog that loads again at its opening shows what it holds first. Starting a `fetch` costs the
 * page's main thread tens of milliseconds at PERF-8's 4× CPU slowdown (a profile of the inbox's
 * opening: 40–55 ms for its two calls), and effects of a click's update run before the click's
 * task ends, so the inbox's calls came before its first frame (decision 065).
 */
import { useEffect, useState } from 'react';

export interface LatestCall {
  /**
   * Starts `call(signal)`, aborting the call before it. `apply` gets its result only if no later
   * `run` or `stop` came meanwhile. Returns what aborts this call (and only this one).
   */
  run<T>(
    call: (signal: AbortSignal) => Promise<T>,
    apply: (result: T) => void,
    options?: { afterPaint?: boolean },
  ): () => void;
  /** Aborts the running call: its answer is dropped. */
  stop(): void;
}

/**
 * Calls `start` after the next frame: a requestAnimationFrame callback runs just before the frame's
 * style, layout and paint, and a task it posts runs after them. At once in a hidden tab, which
 * draws no frames.
 */
function afterNextFrame(start: () => void): void {
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState !== 'visible') {
    start();
    return;
  }
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      start();
    };
    channel.port2.postMessage(null);
  });
}

/** A LatestCall outside React (one per thing that loads). */
export function latestCall(): LatestCall {
  let current: AbortController | null = null;
  return {
    run(call, apply, { afterPaint = false } = {}) {
      current?.abort();
      const mine = new AbortController();
      current = mine;
      const start = () => {
        if (mine.signal.aborted) return;
        void call(mine.signal).then((result) => {
          if (!mine.signal.aborted) apply(result);
        });
      };
      if (afterPaint) afterNextFrame(start);
      else start();
      return () => mine.abort();
    },
    stop() {
      current?.abort();
      current = null;
    },
  };
}

/** A component's LatestCall: the same one for its life, stopped when it unmounts. */
export function useLatestCall(): LatestCall {
  const [latest] = useState(latestCall);
  useEffect(() => () => latest.stop(), [latest]);
  return latest;
}
