/**
 * What the owner specs share: answering the browser's own prompt/confirm/alert from a plan, logging
 * in once per spec, pressing a control the way the project's screen is used (a tap on the phone,
 * a click on the desktop: MOB-1), opening a dialog by its control, and putting a property back as
 * it was after a spec.
 */
import {
  expect,
  request,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Dialog,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import type { BookingCreated } from '../src/shared/bookings.js';
import type { Property } from '../src/shared/site-data.js';
import { E2E_ADMIN } from './global-setup.js';
import { BASE, pastToday, publishedData, stayOffline } from './helpers.js';

type Answer = string | null | boolean;

/** Answers the page's native dialogs from a plan and records every one (alerts are accepted). */
export class NativeDialogs {
  readonly log: Array<{ type: string; message: string; defaultValue: string }> = [];
  private plan: Answer[] = [];

  constructor(page: Page) {
    page.on('dialog', (d) => void this.handle(d));
  }

  /** Answers for the next prompts (string, or null to cancel) and confirms (true/false), in order. */
  answer(...answers: Answer[]): void {
    this.plan.push(...answers);
  }

  private async handle(d: Dialog): Promise<void> {
    this.log.push({ type: d.type(), message: d.message(), defaultValue: d.defaultValue() });
    if (d.type() === 'alert' || d.type() === 'beforeunload') return d.accept();
    const next = this.plan.shift();
    if (d.type() === 'prompt')
      return next === null || next === undefined ? d.dismiss() : d.accept(String(next));
    return next === true ? d.accept() : d.dismiss();
  }

  alerts(): string[] {
    return this.log.filter((l) => l.type === 'alert').map((l) => l.message);
  }
}

/** Logs in through /adminlogin in a new context and returns the owner's cookies. */
export async function ownerState(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/adminlogin');
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('region', { name: 'Admin Tools' })).toBeVisible();
  const state = await context.storageState();
  await context.close();
  return state;
}

/**
 * A tap on a touch screen, a click elsewhere. `force` presses a control that says it is disabled
 * (aria-disabled), to check that nothing happens.
 */
export async function press(target: Locator, force = false): Promise<void> {
  const touch = await target.page().evaluate(() => navigator.maxTouchPoints > 0);
  await (touch ? target.tap({ force }) : target.click({ force }));
}

/**
 * Presses `control` until `dialog` shows: a tap while the page still moves (lazy photos, the
 * owner's controls arriving) can land beside the control. A press that opened nothing is not
 * hidden: the test's report gets a "missed press" note with what the press reached and the
 * layout shifts the page made meanwhile (Chromium's `layout-shift` entries), so the move can be
 * found and fixed.
 */
export async function openWith(control: Locator, dialog: Locator): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  const page = control.page();
  await expect(async () => {
    await watchPress(page);
    await press(control);
    try {
      await expect(dialog).toBeVisible({ timeout: 2_000 });
    } catch (missed) {
      test.info().annotations.push({ type: 'missed press', description: await pressSeen(page) });
      throw missed;
    }
  }).toPass();
}

/** Starts recording, in the page, the next click's target and every layout shift from now on. */
async function watchPress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const describe = (node: Node | null | undefined): string => {
      const el = node instanceof Element ? node : node?.parentElement;
      if (!el) return String(node);
      const r = el.getBoundingClientRect();
      const words = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${el.tagName.toLowerCase()} class="${el.className}"> "${words}" at y ${Math.round(r.top)}–${Math.round(r.bottom)}`;
    };
    const seen: string[] = [`scrollY ${Math.round(scrollY)}`];
    (window as unknown as { e2ePress: string[] }).e2ePress = seen;
    document.addEventListener(
      'click',
      (e) => seen.push(`click at ${e.clientX},${e.clientY} on ${describe(e.target as Node)}`),
      { capture: true, once: true },
    );
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      }[])
        for (const s of entry.sources)
          seen.push(
            `shift ${entry.value.toFixed(3)}: ${describe(s.node)} from y ${Math.round(s.previousRect.top)} to ${Math.round(s.currentRect.top)}`,
          );
    }).observe({ type: 'layout-shift' });
  });
}

/** What watchPress recorded, one line per event, then the page's state now. */
async function pressSeen(page: Page): Promise<string> {
  return page
    .evaluate(() => [
      ...((window as unknown as { e2ePress?: string[] }).e2ePress ?? []),
      `scrollY now ${Math.round(scrollY)}`,
      `open dialogs: ${[...document.querySelectorAll('dialog[open]')].map((d) => d.id).join(', ') || 'none'}`,
      `focus on <${document.activeElement?.tagName.toLowerCase()}> "${(document.activeElement?.textContent ?? '').trim().slice(0, 40)}"`,
    ])
    .then((lines) => lines.join('\n'))
    .catch((e: unknown) => `not read: ${String(e)}`);
}

/**
 * A spec's clean-up: the property `id` as `restore` makes it from the published one, put back as one
 * import and publish from the owner's `page` (as Import And Flush Changes does).
 */
export async function restoreProperty(
  page: Page,
  id: string,
  restore: (published: Property) => Property,
): Promise<void> {
  const data = await publishedData(page);
  const body = {
    propertyList: data.propertyList.map((p) => (p.id === id ? restore(p) : p)),
    homeSections: data.homeSections,
    revision: data.revision,
  };
  const answer = await page.evaluate(async (b) => {
    const imported = await fetch('/api/import.php', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(b),
    });
    const generated = await fetch('/api/genproperties.php');
    return [imported.status, generated.status];
  }, body);
  expect(answer).toEqual([200, 200]);
}

/** A fresh visitor (no cookies) reading the published site at `url`: runs `check` on the page. */
export async function visit<T>(
  browser: Browser,
  baseURL: string,
  url: string,
  check: (page: Page) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await page.goto(url);
    return await check(page);
  } finally {
    await context.close();
  }
}

/**
 * The owner's API session of a spec on the shared e2e server. Called at the spec's top level, it
 * registers the login before the spec's tests, the session's disposal after them, and each test's
 * page kept offline (stayOffline). `owner.api` is the session from the first test on.
 */
export function ownerApiForSpec(): { readonly api: APIRequestContext } {
  let api: APIRequestContext | undefined;
  test.beforeAll(async () => {
    api = await request.newContext({ baseURL: BASE });
    const login = await api.post('/api/login', { headers: { origin: BASE }, data: E2E_ADMIN });
    expect(login.status()).toBe(200);
  });
  test.afterAll(async () => {
    await api?.dispose();
  });
  test.beforeEach(async ({ page }) => {
    await stayOffline(page);
  });
  return {
    get api() {
      if (!api) throw new Error('ownerApiForSpec: the session is opened in beforeAll');
      return api;
    },
  };
}

/**
 * A direct booking of `stay` (POST /api/bookings' body) requested, then accepted and marked paid
 * through the owner's `api`: a confirmed booking (BOOK-4), as a guest and the owner make one.
 */
export async function confirmedBooking(
  api: APIRequestContext,
  stay: Record<string, unknown>,
): Promise<BookingCreated> {
  const res = await api.post('/api/bookings', { headers: { origin: BASE }, data: stay });
  expect(res.status(), await res.text()).toBe(201);
  const booking = (await res.json()) as BookingCreated;
  for (const action of ['accept', 'paid']) {
    const r = await api.post(`/api/bookings/${booking.id}/${action}`, {
      headers: { origin: BASE },
      data: {},
    });
    expect(r.status(), await r.text()).toBe(200);
  }
  return booking;
}

/**
 * The owner's tools in front of answers the spec gives itself (`page.route`), with no owner session:
 * every request off BASE refused, an `admin-key` cookie that only makes the page load the owner's
 * code (the server is never asked with it), and the home page opened. Answers its first property and
 * `shot(name)`, a screenshot at test-results/screenshots/{project}-{prefix}-{name}.png.
 */
export async function ownerOnStandIns(
  page: Page,
  context: BrowserContext,
  testInfo: TestInfo,
  prefix: string,
): Promise<{ property: Property; shot(name: string): Promise<Buffer> }> {
  await stayOffline(page);
  await context.addCookies([{ name: 'admin-key', value: 'x', url: BASE }]);
  await page.goto('/');
  const property = (await publishedData(page)).propertyList[0]!;
  return {
    property,
    shot: (name) =>
      page.screenshot({
        path: `test-results/screenshots/${testInfo.project.name}-${prefix}-${name}.png`,
      }),
  };
}

/**
 * The owner logs in through the login form in `page` and is taken past Today (DAY-6) to the
 * home page in admin mode, ready for the Admin Tools section's controls.
 */
export async function logInAsOwner(page: Page): Promise<void> {
  await page.goto(`${BASE}/adminlogin`);
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await pastToday(page);
}
