/**
 * The owner's in-memory catalogue (DATA-1, FLOW-7): the page's global data object
 * (`window.__STAYS_DATA__`, DATA_GLOBAL), which every edit replaces with a new object. React parts
 * of the admin tools subscribe to it (useSyncExternalStore) so an open dialog shows the current
 * photos; the visitor screens keep what they rendered until the reload that ends a full flush.
 */
import { DATA_GLOBAL, type PageData } from '../../shared/site-data.js';

export interface DataStore {
  get(): PageData;
  /** Replaces the data, writes it to the global data object and tells subscribers. */
  set(next: PageData): void;
  subscribe(listener: () => void): () => void;
}

type DataWindow = Window & { [DATA_GLOBAL]?: PageData };

/** A store over the global data object, starting from it when present, else from `initial`. */
export function createDataStore(initial: PageData, win: Window = window): DataStore {
  const w = win as DataWindow;
  let current: PageData = w[DATA_GLOBAL] ?? initial;
  w[DATA_GLOBAL] = current;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(next) {
      current = next;
      w[DATA_GLOBAL] = next;
      listeners.forEach((l) => l());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
