/**
 * Decisions 030 and 041's rule, through the project's own dependency-cruiser configuration: a
 * feature that imports another feature's store fails `npm run cycles`. A probe file is planted in
 * a feature folder for the test and removed after it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';

const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as {
  forbidden: IForbiddenRuleType[];
};

const planted: string[] = [];
afterEach(() => {
  for (const file of planted.splice(0)) fs.rmSync(file, { force: true });
});

/** The rules `code`, planted as `file` (under src/server), breaks: their names and the target. */
async function violationsOf(file: string, code: string): Promise<string[]> {
  const abs = path.join(process.cwd(), file);
  fs.writeFileSync(abs, code);
  planted.push(abs);
  const result = await cruise([file], {
    ruleSet: { forbidden: config.forbidden },
    validate: true,
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    maxDepth: 1,
  });
  const output = result.output as ICruiseResult;
  return output.summary.violations
    .filter((v) => v.from === file)
    .map((v) => `${v.rule.name} ${v.to}`);
}

describe('features keep their stores (decision 041)', () => {
  it("fails on a planted import of another feature's store", async () => {
    expect(
      await violationsOf(
        'src/server/gst/probe-store.ts',
        "import { getBooking } from '../bookings/store.js';\nexport const g = getBooking;\n",
      ),
    ).toEqual(['no-store-of-another-feature src/server/bookings/store.ts']);
  });

  it("lets a feature read its own store, another feature's service, the outbox and the nights", async () => {
    expect(
      await violationsOf(
        'src/server/gst/probe-store.ts',
        [
          "import { getDocument } from './store.js';",
          "import type { BookingService } from '../bookings/service.js';",
          "import { enqueueMail } from '../mail/store.js';",
          "import { heldStays } from '../nights/store.js';",
          'export const g: [unknown, BookingService | undefined, unknown, unknown] = [getDocument, undefined, enqueueMail, heldStays];',
          '',
        ].join('\n'),
      ),
    ).toEqual([]);
  });
});
