/**
 * The one accessibility check of the browser specs: axe-core on WCAG 2.2 AA (MOB-2), on the whole
 * page or only inside the open `<dialog>`, failing with one readable line per violation and element.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Fails the test with every axe violation on the page (`scope: 'dialog'`: inside the open dialog). */
export async function expectNoViolations(
  page: Page,
  where: string,
  scope: 'page' | 'dialog' = 'page',
): Promise<void> {
  let axe = new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(WCAG_TAGS)
    // The map frame is Google's page, not ours, and it navigates when scrolled into view (which
    // axe does while checking contrast): axe talking to a frame mid-navigation can hang the run.
    .exclude('iframe[title^="Map of"]');
  if (scope === 'dialog') axe = axe.include('dialog[open]');
  const { violations } = await axe.analyze();
  const lines = violations.flatMap((v) =>
    v.nodes.map(
      (n) =>
        `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.replace(/\s+/g, ' ')}`,
    ),
  );
  expect(lines, `axe violations on ${where}`).toEqual([]);
}
