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
 */
import { useEffect, useState } from 'react';

export interface LatestCall {
  /**
   * Starts `call(signal)`, aborting the call before it. `apply` gets its result only if no later
   * `run` or `stop` came meanwhile. Returns what aborts this call (and only this one).
   */
  run<T>(call: (signal: AbortSignal) => Promise<T>, apply: (result: T) => void): () => void;
  /** Aborts the running call: its answer is dropped. */
  stop(): void;
}

/** A LatestCall outside React (one per thing that loads). */
export function latestCall(): LatestCall {
  let current: AbortController | null = null;
  return {
    run(call, apply) {
      current?.abort();
      const mine = new AbortController();
      current = mine;
      void call(mine.signal).then((result) => {
        if (!mine.signal.aborted) apply(result);
      });
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
