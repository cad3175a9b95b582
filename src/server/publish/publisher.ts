/** Publishing (issue 3): prerender the latest revision into a fresh folder, swap it in atomically. */
import type { AppContext } from '../context.js';

export interface PublishResult {
  revision: number;
  pages: number;
  ms: number;
  /** Absolute path of the folder now serving. */
  dir: string;
}

export interface Publisher {
  /** Publishes the latest stored revision. Concurrent calls are serialised. */
  publish(): Promise<PublishResult>;
  /** Absolute path of the folder serving now, or undefined before the first publish. */
  currentDir(): string | undefined;
}

export function createPublisher(ctx: Omit<AppContext, 'publisher'>): Publisher {
  void ctx;
  return {
    publish: () => Promise.reject(new Error('publisher: not built yet (issue 3)')),
    currentDir: () => undefined,
  };
}
