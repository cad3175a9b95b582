/**
 * The owner's login (AUTH-1..AUTH-4) in real Chromium against the real server: /adminlogin with the
 * configured account lands on the home page in admin mode with the right cookies; a wrong password
 * shows the message on the page; logout ends the session on the server; the form also works before
 * (or without) its script.
 *
 * The e2e server is shared by every spec and login failures are throttled per IP (5 in 15 minutes),
 * so only the one wrong-password test here fails a login; throttling itself is tested in
 * src/server/auth/routes.test.ts.
 */
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from './global-setup.js';

test.use({ baseURL: process.env.E2E_BASE_URL });

/** Waits until React has hydrated the form, so 'Continue' runs its script, not a plain POST. */
async function formHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const form = document.querySelector('form[action="/api/login"]');
    return !!form && Object.keys(form).some((k) => k.startsWith('__reactProps$'));
  });
}

async function fillAndContinue(page: Page, username: string, password: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('logging in through /adminlogin lands on the home page in admin mode', async ({
  page,
  context,
}) => {
  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });
  await page.goto('/adminlogin');
  await formHydrated(page);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveAttribute('autocomplete', 'username');
  await expect(page.getByLabel('Password')).toHaveAttribute('autocomplete', 'current-password');

  await fillAndContinue(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.locator('body')).toHaveClass(/(^|\s)admin(\s|$)/);
  expect(consoleErrors).toEqual([]);

  const cookies = await context.cookies();
  const session = cookies.find((c) => c.name === 'stays-session');
  const adminKey = cookies.find((c) => c.name === 'admin-key');
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/', secure: false });
  expect(adminKey).toMatchObject({ httpOnly: false, sameSite: 'Strict', path: '/' });
  expect(adminKey?.value).not.toBe('');
  expect(await page.evaluate(() => document.cookie)).toMatch(/(^|; )admin-key=[^;]+/);
  expect(await page.evaluate(() => document.cookie)).not.toContain('stays-session');

  const who = await page.evaluate(async () => {
    const res = await fetch('/api/session');
    return { status: res.status, body: (await res.json()) as unknown };
  });
  expect(who).toMatchObject({ status: 200, body: { username: E2E_ADMIN.username, role: 'owner' } });
});

test('a wrong password shows the message on the page and logs nobody in', async ({
  page,
  context,
  baseURL,
}) => {
  await page.goto('/adminlogin');
  await formHydrated(page);
  await fillAndContinue(page, E2E_ADMIN.username, 'not-the-e2e-password');
  await expect(page.getByRole('alert')).toHaveText('Wrong username or password.');
  await expect(page.getByLabel('Password')).toHaveValue('');
  await expect(page.getByLabel('Password')).toBeFocused();
  expect(page.url()).toBe(`${baseURL}/adminlogin`);
  expect((await context.cookies()).map((c) => c.name)).toEqual([]);
  await expect(page.locator('body')).not.toHaveClass(/(^|\s)admin(\s|$)/);
});

test('logout ends the session on the server and clears both cookies', async ({ page, context }) => {
  await page.goto('/adminlogin');
  await formHydrated(page);
  await fillAndContinue(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.waitForURL((url) => url.pathname === '/');

  const statuses = await page.evaluate(async () => {
    const out = await fetch('/api/logout', { method: 'POST' });
    const after = await fetch('/api/session');
    return [out.status, after.status];
  });
  expect(statuses).toEqual([200, 401]);
  expect((await context.cookies()).map((c) => c.name)).toEqual([]);
  await page.reload();
  await expect(page.locator('body')).not.toHaveClass(/(^|\s)admin(\s|$)/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form still logs in with a plain POST and never puts the password in the URL', async ({
    page,
    context,
  }) => {
    await page.goto('/adminlogin');
    await fillAndContinue(page, E2E_ADMIN.username, E2E_ADMIN.password);
    await page.waitForURL((url) => url.pathname === '/');
    expect(page.url()).not.toContain(E2E_ADMIN.password);
    const names = (await context.cookies()).map((c) => c.name).sort();
    expect(names).toEqual(['admin-key', 'stays-session']);
  });
});
