/**
 * Keyboard only, in real Chromium (A11Y-2: "Everything works by keyboard alone ... A visible focus
 * ring"): from the home page Tab to a property card and Enter into the property; Tab to a slider
 * photo and Enter opens the lightbox at it; ArrowRight shows the next photo; Escape closes it and
 * focus comes back; then Shift+Tab to the link home and Enter. And the footer dialogs: focus
 * moves in, stays in, and returns.
 */
import { expect, test, type Page } from '@playwright/test';
import { BASE, stayOffline, hydrated } from './helpers.js';

test.use({ baseURL: BASE });

interface Focused {
  tag: string;
  href: string | null;
  name: string;
  /** A visible focus indicator: an outline or a box-shadow is drawn. */
  ring: boolean;
  inDialog: boolean;
}

async function focused(page: Page): Promise<Focused | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    return {
      tag: el.tagName.toLowerCase(),
      href: el.getAttribute('href'),
      name: (
        el.getAttribute('aria-label') ??
        (el as HTMLInputElement).labels?.[0]?.textContent ??
        el.textContent ??
        ''
      ).trim(),
      ring: outline || style.boxShadow !== 'none',
      inDialog: !!el.closest('dialog[open], [role="dialog"]'),
    };
  });
}

/** Presses `key` until the focused element matches, at most `limit` times; returns it. */
async function tabTo(
  page: Page,
  matches: (f: Focused) => boolean,
  what: string,
  key = 'Tab',
  limit = 60,
): Promise<Focused> {
  const seen: string[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(key);
    const f = await focused(page);
    if (f && matches(f)) return f;
    seen.push(
      f ? `${f.tag}${f.href ? `[href=${f.href}]` : ''} "${f.name.slice(0, 40)}"` : '(nothing)',
    );
  }
  throw new Error(`${key} never reached ${what}; focus went through:\n${seen.join('\n')}`);
}

test.beforeEach(async ({ page }) => {
  await stayOffline(page);
});

test('home → property card → slider photo → lightbox → next → Escape → back home, by keyboard only', async ({
  page,
}) => {
  await page.goto('/');
  await hydrated(page);

  const card = await tabTo(
    page,
    (f) => f.tag === 'a' && !!f.href?.startsWith('/stay/'),
    'a property card',
  );
  expect(card.ring, 'the focused card shows a focus ring').toBe(true);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === card.href);
  await hydrated(page);

  const photo = await tabTo(
    page,
    (f) => f.tag === 'button' && /^Open .* in full screen$/.test(f.name),
    'a slider photo',
  );
  expect(photo.ring, 'the focused slider photo shows a focus ring').toBe(true);
  const position = /photo (\d+) of (\d+)/.exec(photo.name);
  expect(position, `slider photo label "${photo.name}" names its position`).not.toBeNull();
  const [index, total] = [Number(position![1]), Number(position![2])];

  await page.keyboard.press('Enter');
  const lightbox = page.getByRole('dialog', { name: 'Lightbox' });
  await expect(lightbox).toBeVisible();
  const current = lightbox.locator('.yarl__slide_current');
  await expect(current).toHaveAttribute('aria-label', `${index} of ${total}`);
  const inside = await focused(page);
  expect(inside?.inDialog, 'focus moved into the lightbox').toBe(true);

  await page.keyboard.press('ArrowRight');
  await expect(current).toHaveAttribute('aria-label', `${(index % total) + 1} of ${total}`);

  await page.keyboard.press('Escape');
  await expect(lightbox).toBeHidden();
  const back = await focused(page);
  expect(back?.name, 'focus returned to the photo that opened the lightbox').toBe(photo.name);

  const home = await tabTo(
    page,
    (f) => f.tag === 'a' && f.href === '/',
    'a link to the home page',
    'Shift+Tab',
  );
  expect(home.ring, 'the focused home link shows a focus ring').toBe(true);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === '/');
});

test('Check Availability and the footer dialogs by keyboard: focus moves in, stays in, and returns', async ({
  page,
}) => {
  await page.goto('/');
  await page.goto((await page.locator('main a[href^="/stay/"]').first().getAttribute('href'))!);
  await hydrated(page);

  const openers: [string, string][] = [
    ['Check Availability', 'the enquiry dialog'],
    ['Contact Us', 'Contact Us'],
    ['Office Address', 'Office Address'],
  ];
  for (const [label, what] of openers) {
    const opener = await tabTo(
      page,
      (f) => f.tag === 'button' && f.name === label,
      `the ${label} button`,
    );
    expect(opener.ring, `the ${label} button shows a focus ring`).toBe(true);
    await page.keyboard.press('Enter');
    await expect(page.locator('dialog[open]')).toHaveCount(1);
    // Chromium's modal dialog lets Tab leave for the browser's own controls after the last control
    // (no focused element in the page), then comes back into the dialog: never onto the inert page.
    let insideSteps = 0;
    for (let i = 0; i < 12; i++) {
      const f = await focused(page);
      if (f) {
        expect(f.inDialog, `Tab ${i} stays in ${what}, not "${f.name}" behind it`).toBe(true);
        expect(f.ring, `"${f.name}" in ${what} shows a focus ring (Tab ${i})`).toBe(true);
        insideSteps += 1;
      }
      await page.keyboard.press('Tab');
    }
    // A dialog with one control alternates in, out, in...: half the 12 steps inside at least.
    expect(insideSteps, `focus came back into ${what}`).toBeGreaterThanOrEqual(6);
    await page.keyboard.press('Escape');
    await expect(page.locator('dialog[open]')).toHaveCount(0);
    expect((await focused(page))?.name, `focus returned to ${label}`).toBe(label);
  }
});
