/**
 * Decision 015's boundary, through the project's own ESLint configuration: calendar/ and
 * bookings/ read nights from nights/ and fail lint when one imports the other (tests may cross).
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** The messages ESLint gives `code` as if it were the file at `filePath`. */
async function lint(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => m.message);
}

describe('one owner for each night: the folder boundary', () => {
  it('refuses bookings/ importing calendar/ and calendar/ importing bookings/', async () => {
    expect(
      await lint(
        "import { listFeeds } from '../calendar/store.js';\nexport const f = listFeeds;\n",
        'src/server/bookings/probe.ts',
      ),
    ).toEqual([expect.stringContaining('bookings/ does not import calendar/')]);
    expect(
      await lint(
        "import { getBooking } from '../bookings/store.js';\nexport const g = getBooking;\n",
        'src/server/calendar/probe.ts',
      ),
    ).toEqual([expect.stringContaining('calendar/ does not import bookings/')]);
  });

  it('lets both import nights/ and the shared modules of the same names', async () => {
    expect(
      await lint(
        "import { heldStays } from '../nights/store.js';\nimport { today } from '../../shared/calendar-dates.js';\nimport { BOOKING_STATUSES } from '../../shared/bookings.js';\nexport const h = [heldStays, today, BOOKING_STATUSES];\n",
        'src/server/calendar/probe.ts',
      ),
    ).toEqual([]);
  });
});
