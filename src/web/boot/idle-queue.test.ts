import { describe, expect, it } from 'vitest';
import { whenIdle } from './idle-queue.js';

const nextTimer = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('whenIdle', () => {
  it('runs queued tasks in order, one per idle period (a 0 ms timer without requestIdleCallback)', async () => {
    const ran: string[] = [];
    whenIdle(() => ran.push('a'));
    whenIdle(() => ran.push('b'));
    whenIdle(() => ran.push('c'));
    expect(ran).toEqual([]);
    await nextTimer();
    expect(ran).toEqual(['a']);
    await nextTimer();
    expect(ran).toEqual(['a', 'b']);
    await nextTimer();
    expect(ran).toEqual(['a', 'b', 'c']);
  });

  it('a cancelled task never runs; the others still do', async () => {
    const ran: string[] = [];
    whenIdle(() => ran.push('a'));
    const cancel = whenIdle(() => ran.push('b'));
    whenIdle(() => ran.push('c'));
    cancel();
    for (let i = 0; i < 4; i++) await nextTimer();
    expect(ran).toEqual(['a', 'c']);
  });
});
