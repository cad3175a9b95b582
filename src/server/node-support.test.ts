/**
 * RUNTIME-2: the line a start prints on a Node past its end of life, and none on a supported one
 * (main.test.ts checks the real process prints it first on the Node running the tests).
 */
import { describe, expect, it } from 'vitest';
import { endOfLifeNotice } from './node-support.js';

const at = (iso: string) => Date.parse(iso);

describe('RUNTIME-2: endOfLifeNotice', () => {
  it('names a Node 20 past 30 April 2026, its date and the Node to move to, in one line', () => {
    const line = endOfLifeNotice('20.19.5', at('2026-11-26T10:00:00Z'));
    expect(line).toBe(
      'Node 20.19.5 reached its end of life on 2026-04-30 and gets no security fixes: run Stays on Node 24 LTS (or 26) (README, "Deploying").',
    );
    expect(line).not.toContain('\n');
    expect(endOfLifeNotice('v20.20.2', at('2026-11-26T10:00:00Z'))).toMatch(/^Node 20\.20\.2 /);
  });

  it('says nothing the day before a line ends, and from its first instant on says so', () => {
    expect(endOfLifeNotice('20.19.0', at('2026-04-29T23:59:59Z'))).toBeUndefined();
    expect(endOfLifeNotice('20.19.0', at('2026-04-30T00:00:00Z'))).toContain('2026-04-30');
    expect(endOfLifeNotice('22.12.0', at('2026-11-26T10:00:00Z'))).toBeUndefined();
    expect(endOfLifeNotice('22.12.0', at('2027-04-30T00:00:00Z'))).toContain('2027-04-30');
  });

  it('keeps quiet on Node 24 and 26 now, and on a line newer than the table', () => {
    const now = at('2026-11-26T10:00:00Z');
    for (const version of ['24.21.0', '26.1.0', '27.0.0', '30.2.1'])
      expect(endOfLifeNotice(version, now), version).toBeUndefined();
    expect(endOfLifeNotice('24.21.0', at('2028-04-30T00:00:00Z'))).toContain('2028-04-30');
  });

  it('names an odd line, never LTS, once it has ended', () => {
    expect(endOfLifeNotice('25.2.0', at('2026-11-26T10:00:00Z'))).toContain('2026-06-01');
    expect(endOfLifeNotice('23.11.1', at('2026-11-26T10:00:00Z'))).toContain('2025-06-01');
  });

  it('says nothing for a version it cannot read', () => {
    expect(endOfLifeNotice('', at('2026-11-26T10:00:00Z'))).toBeUndefined();
    expect(endOfLifeNotice('latest', at('2026-11-26T10:00:00Z'))).toBeUndefined();
  });
});
