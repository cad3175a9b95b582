/**
 * The owner's photo tools and safety net in real Chromium against the real server, on the desktop
 * and on the phone (MOB-1, touch: taps and a touch drag there): photo order by 'Move Earlier' /
 * 'Move Later', by dragging and by keyboard (PHO-1); descriptions (PHO-2); per-file upload
 * progress and errors (PHO-3); a stale tab's refused change (SAF-6); History with preview and
 * restore (SAF-1, SAF-2, SAF-3). Saves test-results/screenshots/{project}-manage-images.png and
 * {project}-history.png.
 *
 * It edits one property that the other specs do not look at closely (a shown one with at least
 * three photos, neither the visitor spec's first one nor the admin spec's last one), and puts its
 * photos and name back at the end through the import API. One project at a time (owner-lock.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  expect,
  test,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import type { Photo, Property } from '../src/shared/site-data.js';
import { hydrated, publishedData } from './helpers.js';
import { NativeDialogs, ownerState, press, restoreProperty, visit } from './owner-helpers.js';
import { releaseOwnerLock, takeOwnerLock } from './owner-lock.js';

test.describe.configure({ mode: 'serial' });
// Every test saves several times and publishes after each save: slow on a busy 2-core machine.
test.setTimeout(240_000);

const baseURL = process.env.E2E_BASE_URL ?? '';
const RESULT_OK = 'Result\nImport: 200\nGenerate Properties: 200';
const PHOTO = path.resolve('e2e/fixtures/portrait-rotated.jpg');
const SCREENSHOTS = 'test-results/screenshots';

let state: Awaited<ReturnType<typeof ownerState>>;
let target: Property;

interface Owner {
  context: BrowserContext;
  page: Page;
  dialogs: NativeDialogs;
}

async function openOwner(browser: Browser, url = `/stay/${target.id}`): Promise<Owner> {
  const context = await browser.newContext({ baseURL, storageState: state });
  const page = await context.newPage();
  const dialogs = new NativeDialogs(page);
  await page.goto(url);
  await expect(page.getByRole('region', { name: 'Admin Tools' })).toBeVisible();
  return { context, page, dialogs };
}

/** The target's photos in a page's global data object (the owner's in-memory one, or as published). */
const photosOf = async (page: Page): Promise<Photo[]> =>
  (await publishedData(page)).propertyList.find((p) => p.id === target.id)!.photos;
const names = (photos: Photo[]) => photos.map((p) => p.name);

/** Runs `action`, which saves silently (import, then generate): waits for the publish. */
async function silentSave(o: Owner, action: () => Promise<void>): Promise<void> {
  const generated = o.page.waitForResponse((r) => r.url().endsWith('/api/genproperties.php'), {
    timeout: 120_000,
  });
  await action();
  expect((await generated).status()).toBe(200);
}

/** Runs `action`, which ends in a full flush: waits for the alert and the reload. */
async function fullFlush(o: Owner, action: () => Promise<void>): Promise<void> {
  const before = o.dialogs.alerts().length;
  const reloaded = o.page.waitForEvent('load', { timeout: 120_000 });
  await action();
  await reloaded;
  expect(o.dialogs.alerts().slice(before)).toEqual([RESULT_OK]);
  await expect(o.page.getByRole('region', { name: 'Admin Tools' })).toBeVisible();
}

async function openManageImages(o: Owner): Promise<Locator> {
  await press(o.page.getByRole('button', { name: `Manage images of ${target.name}` }));
  const dialog = o.page.getByRole('dialog', { name: /^Manage Images/ });
  await expect(dialog).toBeVisible();
  return dialog;
}

const item = (dialog: Locator, photo: string) => dialog.locator(`li[data-photo="${photo}"]`);

/** The photo names of the dialog's list, in the order shown. */
const shownOrder = (dialog: Locator) =>
  dialog
    .getByRole('list', { name: 'Photos' })
    .locator('li[data-photo]')
    .evaluateAll((lis) => lis.map((li) => li.getAttribute('data-photo')));

test.beforeAll(async ({ browser }, info) => {
  await takeOwnerLock(info);
  state = await ownerState(browser, baseURL);
  const data = await visit(browser, baseURL, '/', publishedData);
  const shown = data.homeSections.flatMap((s) => s.properties);
  const visitorsOwn = data.propertyList.find((p) => p.photos.length >= 3)?.id;
  const adminsOwn = data.propertyList.filter((p) => shown.includes(p.id)).at(-1)?.id;
  target = data.propertyList.find(
    (p) =>
      shown.includes(p.id) && p.photos.length >= 3 && p.id !== visitorsOwn && p.id !== adminsOwn,
  )!;
  expect(target, 'a shown property with 3 photos that no other spec edits').toBeTruthy();
});

test.afterAll(async ({ browser }) => {
  try {
    if (!target) return;
    const o = await openOwner(browser);
    // Back to the photos (order, no descriptions) and name it had.
    await restoreProperty(o.page, target.id, (p) => ({
      ...p,
      photos: target.photos,
      name: target.name,
    }));
    await o.context.close();
  } finally {
    releaseOwnerLock();
  }
});

test('Move Earlier and Move Later set the order of the photos everywhere (PHO-1)', async ({
  browser,
}, info) => {
  const o = await openOwner(browser);
  const dialog = await openManageImages(o);
  const [first, second, third] = names(target.photos) as [string, string, string];
  expect(await shownOrder(dialog)).toEqual(names(target.photos));
  await expect(item(dialog, first).getByRole('button', { name: 'Move Earlier' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await expect(
    item(dialog, target.photos.at(-1)!.name).getByRole('button', { name: 'Move Later' }),
  ).toHaveAttribute('aria-disabled', 'true');
  await o.page.screenshot({ path: `${SCREENSHOTS}/${info.project.name}-manage-images.png` });

  await silentSave(o, () => press(item(dialog, first).getByRole('button', { name: 'Move Later' })));
  await expect
    .poll(() => shownOrder(dialog))
    .toEqual([second, first, third, ...names(target.photos).slice(3)]);
  await expect(item(dialog, first).getByRole('button', { name: 'Move Later' })).toBeFocused();
  await silentSave(o, () =>
    press(item(dialog, third).getByRole('button', { name: 'Move Earlier' })),
  );
  const expected = [second, third, first, ...names(target.photos).slice(3)];
  await expect.poll(() => shownOrder(dialog)).toEqual(expected);
  // A press on a disabled end does nothing.
  await press(item(dialog, second).getByRole('button', { name: 'Move Earlier' }), true);
  await o.page.waitForTimeout(300);
  expect(await shownOrder(dialog)).toEqual(expected);
  expect(o.dialogs.alerts()).toEqual([]);

  await visit(browser, baseURL, `/stay/${target.id}`, async (page) => {
    expect(names(await photosOf(page))).toEqual(expected);
    const slider = page
      .getByRole('region', { name: 'Photos' })
      .locator('button:not([aria-hidden]) img');
    await expect(slider).toHaveCount(expected.length);
    const srcs = await slider.evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')!));
    const want = expected.map((n) => `/imported-images/${n}`);
    // PERF-14: the slider starts after the hero's photo and goes round in the owner's order.
    const k = srcs.indexOf(want[0]!);
    expect([...srcs.slice(k), ...srcs.slice(0, k)]).toEqual(want);
    await page.getByRole('region', { name: 'Photos' }).getByRole('button').first().focus();
    await press(page.getByRole('region', { name: 'Photos' }).getByRole('button').first());
    await expect(page.locator('.yarl__slide_current img')).toHaveAttribute(
      'src',
      new RegExp(`${srcs[0]!.split('/').pop()!.replace('.', '\\.')}$`),
    );
  });
  await visit(browser, baseURL, '/', async (page) => {
    const homePhotos = (await photosOf(page)).filter((p) => p.home).map((p) => p.name);
    const card = page.locator(`a[href="/stay/${target.id}"]`).first();
    expect(
      await card.locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src'))),
    ).toEqual(homePhotos.map((n) => `/imported-images/${n}`));
  });
  await o.context.close();
});

test('photos can be dragged, with a mouse or a finger, and moved with the keyboard (PHO-1)', async ({
  browser,
  isMobile,
}) => {
  const o = await openOwner(browser);
  const dialog = await openManageImages(o);
  const start = (await shownOrder(dialog)) as string[];
  const [a, b, c] = start as [string, string, string];

  // Drag the second photo's handle onto the first photo (the one above it on the phone, at its
  // left on the desktop), both on screen: the finger moves as far as one photo is from the other.
  await item(dialog, b).evaluate((el) => el.scrollIntoView({ block: 'end' }));
  const handle = item(dialog, b).getByRole('button', { name: /^Drag photo 2/ });
  const grip = (await handle.boundingBox())!;
  const source = (await item(dialog, b).boundingBox())!;
  const destination = (await item(dialog, a).boundingBox())!;
  const fromX = grip.x + grip.width / 2;
  const fromY = grip.y + grip.height / 2;
  const toX = fromX + (destination.x + destination.width / 2 - (source.x + source.width / 2));
  const toY = fromY + (destination.y + destination.height / 2 - (source.y + source.height / 2));
  await silentSave(o, async () => {
    if (isMobile) {
      // A finger: press and hold (TouchSensor's delay), then slide, then lift.
      const cdp = await o.context.newCDPSession(o.page);
      const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
        cdp.send('Input.dispatchTouchEvent', {
          type,
          touchPoints: type === 'touchEnd' ? [] : [{ x, y }],
        });
      await touch('touchStart', fromX, fromY);
      await o.page.waitForTimeout(400);
      for (let i = 1; i <= 12; i += 1) {
        await touch(
          'touchMove',
          fromX + ((toX - fromX) * i) / 12,
          fromY + ((toY - fromY) * i) / 12,
        );
        await o.page.waitForTimeout(30);
      }
      await touch('touchEnd', toX, toY);
    } else {
      await o.page.mouse.move(fromX, fromY);
      await o.page.mouse.down();
      await o.page.mouse.move(fromX + 10, fromY + 10, { steps: 2 });
      await o.page.mouse.move(toX, toY, { steps: 12 });
      await o.page.mouse.up();
    }
  });
  const dragged = [b, a, c, ...start.slice(3)];
  await expect.poll(() => shownOrder(dialog)).toEqual(dragged);
  expect(names(await photosOf(o.page))).toEqual(dragged);

  // The keyboard: Space picks the handle up, an arrow moves it one place, Space drops it.
  const keyHandle = item(dialog, c).getByRole('button', { name: /^Drag photo 3/ });
  await keyHandle.focus();
  await silentSave(o, async () => {
    // dnd-kit listens for the next keys from a timer after the pick-up, and animates each step.
    await o.page.keyboard.press('Space');
    await o.page.waitForTimeout(300);
    await o.page.keyboard.press(isMobile ? 'ArrowUp' : 'ArrowLeft');
    await o.page.waitForTimeout(300);
    await o.page.keyboard.press('Space');
  });
  const moved = [b, c, a, ...start.slice(3)];
  await expect.poll(() => shownOrder(dialog)).toEqual(moved);
  await visit(browser, baseURL, `/stay/${target.id}`, async (page) => {
    expect(names(await photosOf(page))).toEqual(moved);
  });
  expect(o.dialogs.alerts()).toEqual([]);
  await o.context.close();
});

test('Describe: cancel and blank change nothing; a description is the alt and the caption (PHO-2)', async ({
  browser,
}) => {
  const o = await openOwner(browser);
  const dialog = await openManageImages(o);
  const order = (await shownOrder(dialog)) as string[];
  const photo = order[1]!;
  const imports: string[] = [];
  o.page.on('request', (r) => {
    if (r.url().endsWith('/api/import.php')) imports.push(r.method());
  });
  const describe = () => press(item(dialog, photo).getByRole('button', { name: 'Describe' }));

  o.dialogs.answer(null, '   ', 'x'.repeat(201));
  await describe();
  await describe();
  await describe();
  await expect.poll(() => o.dialogs.log.length).toBe(4);
  expect(o.dialogs.log[0]!.message).toContain(`photo 2 of ${order.length} of ${target.name}`);
  expect(o.dialogs.log.at(-1)).toMatchObject({
    type: 'alert',
    message: 'A photo description can be at most 200 characters long; this one has 201.',
  });
  await o.page.waitForTimeout(300);
  expect(imports).toEqual([]);

  const words = 'Sit-out with cane chairs facing the misty Mullayanagiri hills';
  o.dialogs.answer(`  ${words} `);
  await silentSave(o, describe);
  await expect(item(dialog, photo)).toContainText(words);
  await expect(item(dialog, photo).getByRole('img')).toHaveAttribute('alt', words);
  await o.context.close();

  await visit(browser, baseURL, `/stay/${target.id}`, async (page) => {
    expect((await photosOf(page)).find((p) => p.name === photo)!.alt).toBe(words);
    const open = page.getByRole('button', { name: `Open ${words} in full screen` });
    await expect(open).toHaveCount(1);
    await expect(open.locator('img')).toHaveAttribute('alt', words);
    // Every other photo keeps its generated alt: "{name} – photo N of M".
    await expect(
      page.getByRole('button', {
        name: `Open ${target.name} – photo 1 of ${order.length} in full screen`,
      }),
    ).toHaveCount(1);
    // By keyboard: a tap computed before the owner's controls finish loading can land on the hero
    // photo above the slider, which opens Manage Images instead (seen once in CI). And after
    // hydration: an Enter before the page's script has taken over opens nothing (seen once at
    // 390 px).
    await hydrated(page);
    await open.focus();
    await open.press('Enter');
    const lightbox = page.getByRole('dialog', { name: 'Lightbox' });
    await expect(lightbox.locator('.yarl__slide_current img')).toHaveAttribute('alt', words);
    await expect(lightbox.locator('.yarl__slide_current')).toContainText(words);
  });
});

test('uploading several photos: a progress bar each, and a clear reason for each refused one while the others go on (PHO-3)', async ({
  browser,
}) => {
  const o = await openOwner(browser);
  const dialog = await openManageImages(o);
  const before = (await shownOrder(dialog)) as string[];
  const generated = o.page.waitForResponse((r) => r.url().endsWith('/api/genproperties.php'), {
    timeout: 120_000,
  });
  const chooser = o.page.waitForEvent('filechooser');
  await press(dialog.getByRole('button', { name: 'Upload Image' }));
  const picker = await chooser;
  // The phone offers its gallery and camera for any image type.
  expect(await dialog.locator('input[type="file"]').getAttribute('accept')).toBe('image/*');
  expect(picker.isMultiple()).toBe(true);
  await picker.setFiles([
    {
      name: 'shopping-list.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('milk, eggs, coffee\n'),
    },
    // One byte over the limit: refused before sending (OPS-3's 25 MB).
    { name: 'panorama.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(25 * 1024 * 1024 + 1) },
    { name: 'portrait-rotated.jpg', mimeType: 'image/jpeg', buffer: fs.readFileSync(PHOTO) },
  ]);
  await expect(
    o.page.getByRole('progressbar', { name: 'Uploading shopping-list.jpg' }),
  ).toBeVisible();
  await expect(
    o.page.getByRole('progressbar', { name: 'Uploading portrait-rotated.jpg' }),
  ).toBeVisible();
  expect((await generated).status()).toBe(200);
  await expect.poll(() => shownOrder(dialog)).toHaveLength(before.length + 1);
  const uploads = dialog.getByRole('list', { name: 'Uploads' });
  await expect(uploads.getByRole('listitem')).toHaveCount(2);
  await expect(uploads.getByRole('listitem').first()).toContainText(
    /^shopping-list\.jpg\s*Not uploaded: This file is not a photo/,
  );
  await expect(uploads.getByRole('listitem').last()).toContainText(
    /^panorama\.jpg\s*Not uploaded: This file is too large \(25 MB\): a photo can be at most 25 MB\.$/,
  );
  expect(o.dialogs.alerts()).toEqual([
    expect.stringMatching(
      /^These photos were not uploaded:\nshopping-list\.jpg: This file is not a photo.*\npanorama\.jpg: This file is too large/,
    ),
  ]);

  const added = (await shownOrder(dialog)).at(-1)!;
  await silentSave(o, () =>
    press(item(dialog, added!).getByRole('button', { name: 'Delete photo' })),
  );
  await expect.poll(() => shownOrder(dialog)).toEqual(before);
  await o.context.close();
});

test('a change refused as stale says what happened and what to do, and shows the change across the reload (SAF-6)', async ({
  browser,
}) => {
  const a = await openOwner(browser);
  const b = await openOwner(browser);
  const heading = (o: Owner) => o.page.getByRole('heading', { level: 1 }).getByRole('button');

  a.dialogs.answer(`${target.name} (tab A)`);
  await fullFlush(a, () => press(heading(a)));

  const refused = `${target.name} (tab B)`;
  b.dialogs.answer(refused);
  await press(heading(b));
  await expect.poll(() => b.dialogs.alerts()).toHaveLength(1);
  const alert = b.dialogs.alerts()[0]!;
  expect(alert).toContain('Your change was not saved');
  expect(alert).toContain('Reload the page');
  // The change in the server's words (the 409's yourChanges), as History says it (SAF-1).
  const yourChange = `Renamed '${target.name}' to '${refused}'`;
  expect(alert).toContain(`Your change was:\n${yourChange}`);
  const bar = b.page.getByRole('region', { name: 'Admin Tools' });
  const change = bar.getByRole('list', { name: 'Your change, not saved' });
  await expect(change).toHaveText(yourChange);
  // The page shows what is stored, not the refused name.
  await expect(b.page.getByRole('heading', { level: 1 })).toHaveText(target.name);

  const reloaded = b.page.waitForEvent('load');
  await press(bar.getByRole('button', { name: 'Reload Page' }));
  await reloaded;
  await expect(b.page.getByRole('heading', { level: 1 })).toHaveText(`${target.name} (tab A)`);
  await expect(change).toHaveText(yourChange);
  await expect(bar.getByRole('button', { name: 'Reload Page' })).toHaveCount(0);
  await press(bar.getByRole('button', { name: 'Dismiss' }));
  await expect(change).toHaveCount(0);
  await b.page.reload();
  await expect(bar).toBeVisible();
  await expect(bar.getByRole('list', { name: 'Your change, not saved' })).toHaveCount(0);

  b.dialogs.answer(target.name);
  await fullFlush(b, () => press(heading(b)));
  await a.context.close();
  await b.context.close();
});

test('History lists revisions newest first; Preview opens a new tab; Restore brings a revision back (SAF-1)', async ({
  browser,
}, info) => {
  const o = await openOwner(browser);
  const renamed = `${target.name} (before restore)`;
  o.dialogs.answer(renamed);
  await fullFlush(o, () => press(o.page.getByRole('heading', { level: 1 }).getByRole('button')));
  const latest = (await publishedData(o.page)).revision;

  await press(o.page.getByRole('button', { name: 'History' }));
  const history = o.page.getByRole('dialog', { name: 'History' });
  await expect(history).toBeVisible();
  const entries = history
    .getByRole('list', { name: 'Revisions, newest first' })
    .getByRole('listitem');
  await expect(entries.first()).toBeVisible();
  const numbers = await entries.evaluateAll((lis) =>
    lis.map((li) => Number(li.getAttribute('data-revision'))),
  );
  expect(numbers[0]).toBe(latest);
  expect(numbers).toEqual([...numbers].sort((x, y) => y - x));
  const newest = entries.first();
  await expect(newest).toContainText(`Revision ${latest}`);
  await expect(newest.locator('time')).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
  await expect(newest).toContainText('owner');
  await expect(newest).toContainText(renamed);
  await expect(newest.getByRole('button', { name: /^Restore/ })).toHaveCount(0);
  await o.page.screenshot({ path: `${SCREENSHOTS}/${info.project.name}-history.png` });

  const previous = entries.nth(1);
  const preview = previous.getByRole('link', { name: `Preview revision ${latest - 1}` });
  await expect(preview).toHaveAttribute('href', `/admin/preview/${latest - 1}/`);
  await expect(preview).toHaveAttribute('target', '_blank');
  const opened = o.context.waitForEvent('page');
  await press(preview);
  const tab = await opened;
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe(`/admin/preview/${latest - 1}/`);
  await expect(tab.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await tab.close();

  o.dialogs.answer(false);
  await press(previous.getByRole('button', { name: `Restore revision ${latest - 1}` }));
  await expect.poll(() => o.dialogs.log.at(-1)?.type).toBe('confirm');
  expect(o.dialogs.log.at(-1)!.message).toContain(`Restore revision ${latest - 1} of `);
  await expect(history).toBeVisible();

  o.dialogs.answer(true);
  const reloaded = o.page.waitForEvent('load', { timeout: 120_000 });
  await press(previous.getByRole('button', { name: `Restore revision ${latest - 1}` }));
  await reloaded;
  expect(o.dialogs.alerts().at(-1)).toBe(
    `Revision ${latest - 1} was restored and published as revision ${latest + 1}.`,
  );
  await visit(browser, baseURL, `/stay/${target.id}`, async (page) => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(target.name);
  });

  await press(o.page.getByRole('button', { name: 'History' }));
  await expect(entries.first()).toHaveAttribute('data-revision', String(latest + 1));
  const older = history.getByRole('button', { name: /^(Older|No Older Revisions)$/ });
  if ((await entries.count()) >= 20) {
    await expect(older).toHaveText('Older');
    await press(older);
    await expect.poll(() => entries.count()).toBeGreaterThan(20);
  } else {
    await expect(older).toHaveText('No Older Revisions');
  }
  await o.context.close();
});
