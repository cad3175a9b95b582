/**
 * Vitest set-up for every test file (vite.config.ts `setupFiles`). In a file that runs in jsdom,
 * Testing Library's `find*` queries and `waitFor` wait up to 10 s instead of 1 s: what they wait
 * for (an answer of a loopback server, what a component draws a frame later) can take over a
 * second while the whole suite runs on two cores, and a wait that passes returns at once.
 * Files in Node's environment do not load Testing Library at all.
 */
import { beforeAll } from 'vitest';

beforeAll(async () => {
  if (typeof document === 'undefined') return;
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 10_000 });
});
