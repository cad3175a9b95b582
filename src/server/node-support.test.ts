/**
 * RUNTIME-7: the line a start on a Node older than 24 prints before it exits 1, and the line a
 * start on a release line past its end of life prints (main.test.ts checks the real process on the
 * Node running the tests).
 */
import { describe, expect, it } from 'vitest';
import { endOfLifeNotice, runtimeRefusal } from './node-support.js';

const at = (iso: string) => Date.parse(iso);

describe('RUNTIME-7: runtimeRefusal', () => {
  it('refuses Node 22, 20 and older in one line naming Node 24', () => {
    const line = runtimeRefusal('20.20.2');
    expect(line).toBe(
      'Stays needs Node 24 LTS; this is Node 20.20.2. Install Node 24 (README, "Quick start") and start again.',
    );
    expect(line).not.toContain('\n');
    for (const version of ['v22.22.0', '23.11.1', '18.20.8'])
      expect(runtimeRefusal(version), version).toMatch(/^Stays needs Node 24 LTS; this is Node /);
  });

  it('lets Node 24 and every later line start, and a version it cannot read', () => {
    for (const version of ['24.0.0', '24.21.0', 'v25.2.0', '26.1.0', '30.2.1', '', 'latest'])
      expect(runtimeRefusal(version), version).toBeUndefined();
  });
});

describe('RUNTIME-7: endOfLifeNotice', () => {
  it('keeps quiet on Node 24 and 26 now, and on a line newer than the table', () => {
    const now = at('2026-11-26T10:00:00Z');
    for (const version of ['24.21.0', '26.1.0', '27.0.0', '30.2.1'])
      expect(endOfLifeNotice(version, now), version).toBeUndefined();
  });

  it('says nothing the day before Node 24 ends, and from its first instant on says so', () => {
    expect(endOfLifeNotice('24.21.0', at('2028-04-29T23:59:59Z'))).toBeUndefined();
    expect(endOfLifeNotice('24.21.0', at('2028-04-30T00:00:00Z'))).toBe(
      'Node 24.21.0 reached its end of life on 2028-04-30 and gets no security fixes: run Stays on Node 24 LTS (or 26) (README, "Deploying").',
    );
  });

  it('names an odd line, never LTS, once it has ended', () => {
    expect(endOfLifeNotice('v25.2.0', at('2026-11-26T10:00:00Z'))).toMatch(
      /^Node 25\.2\.0 reached its end of life on 2026-06-01 /,
    );
  });

  it('says nothing for a version it cannot read', () => {
    expect(endOfLifeNotice('', at('2026-11-26T10:00:00Z'))).toBeUndefined();
    expect(endOfLifeNotice('latest', at('2026-11-26T10:00:00Z'))).toBeUndefined();
  });
});
