/**
 * TOTP-1..TOTP-3 in real Chromium against the shared server, phone and desktop: the owner adds a
 * manager; the manager sets a password, logs in, sets up two-step login in the Team dialog (the
 * key read off the page, the code computed here with otpauth as a phone's app would), sees the
 * recovery codes, then logs in again in a new browser with password and code and lands on Today;
 * the owner resets it from the Team dialog.
 * axe on the Team dialog with the QR code and on the login's code step. Screenshots:
 * test-results/screenshots/{project}-two-step-{setup,codes,login,owner}.png
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectNoViolations } from './axe.js';
import { E2E_ADMIN } from './global-setup.js';
import { BASE, pastToday } from './helpers.js';
import { openWith } from './owner-helpers.js';

test.describe.configure({ timeout: 120_000 });

const PASSWORD = 'the-managers-own-password';

async function typePassword(page: Page, username: string, password: string) {
  await page.goto(`${BASE}/adminlogin`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('a manager sets up two-step login and logs in with a code from the app', async ({
  page,
  browser,
}, info) => {
  const shots = path.join('test-results', 'screenshots');
  const project = info.project.name;
  const manager = `totp-${project}-${Date.now().toString(36)}`;

  await typePassword(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await pastToday(page);
  const bar = page.getByRole('region', { name: 'Admin Tools' });
  const team = page.getByRole('dialog', { name: 'Team' });
  await openWith(bar.getByRole('button', { name: 'Team' }), team);
  await team.getByLabel('Username of the new person').fill(manager);
  await team.getByLabel('Their role').selectOption('manager');
  await team.getByRole('button', { name: 'Add person' }).click();
  const setupUrl = await team.getByLabel(`Setup link for ${manager}`).inputValue();

  const context = await browser.newContext({ ...info.project.use });
  const their = await context.newPage();
  await their.goto(new URL(new URL(setupUrl).pathname, BASE).href);
  await their.getByLabel('New password').fill(PASSWORD);
  await their.getByLabel('The same password again').fill(PASSWORD);
  await their.getByRole('button', { name: 'Set password' }).click();
  await typePassword(their, manager, PASSWORD);
  await pastToday(their);

  const theirTeam = their.getByRole('dialog', { name: 'Team' });
  await openWith(
    their.getByRole('region', { name: 'Admin Tools' }).getByRole('button', { name: 'Team' }),
    theirTeam,
  );
  await theirTeam.getByRole('button', { name: 'Set up two-step login' }).click();
  await expect(theirTeam.getByRole('img', { name: /QR code/ })).toBeVisible();
  const key = (await theirTeam.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/).textContent()) ?? '';
  const app = new TOTP({ secret: Secret.fromBase32(key.replace(/ /g, '')) });
  await expectNoViolations(their, 'Team dialog, two-step setup', 'dialog');
  await their.screenshot({ path: path.join(shots, `${project}-two-step-setup.png`) });
  await theirTeam.getByLabel('Code from your app').fill(app.generate());
  await theirTeam.getByRole('button', { name: 'Turn two-step login on' }).click();
  await expect(
    theirTeam.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
  ).toHaveCount(10);
  await expect(theirTeam.getByText(/^On: after your password/)).toBeVisible();
  await their.screenshot({ path: path.join(shots, `${project}-two-step-codes.png`) });
  await context.close();

  // A new browser: password, then the code. The code just used is spent (the replay guard), so
  // the app's next one, accepted one step early, is typed.
  const again = await browser.newContext({ ...info.project.use });
  const login = await again.newPage();
  await typePassword(login, manager, PASSWORD);
  const code = login.getByLabel('Code from your app');
  await expect(code).toBeFocused();
  // No wrong code here: the server's login limit counts failures per address, shared by every
  // spec (login.spec.ts); wrong codes are tested in two-step.test.ts and login-two-step.test.tsx.
  await expectNoViolations(login, 'the login code step');
  await login.screenshot({ path: path.join(shots, `${project}-two-step-login.png`) });
  await code.fill(app.generate({ timestamp: Date.now() + 30_000 }));
  await login.getByRole('button', { name: 'Log in' }).click();
  await pastToday(login);
  await expect(login.getByRole('region', { name: 'Admin Tools' })).toBeVisible();
  await again.close();

  // The owner sees it on, resets it (a lost phone), then puts things back: the manager is removed.
  await team.getByRole('button', { name: 'Close' }).click();
  await openWith(bar.getByRole('button', { name: 'Team' }), team);
  const reset = team.getByRole('button', { name: `Reset two-step ${manager}` });
  const required = team.getByRole('group', { name: 'Two-step login required for' });
  await required.scrollIntoViewIfNeeded();
  await expect(required.getByRole('checkbox', { name: 'Manager' })).not.toBeChecked();
  await page.screenshot({ path: path.join(shots, `${project}-two-step-owner.png`) });
  page.once('dialog', (d) => void d.accept());
  await reset.click();
  await expect(reset).toHaveCount(0);
  page.once('dialog', (d) => void d.accept());
  await team.getByRole('button', { name: `Remove ${manager}` }).click();
  await expect(team.getByText(manager, { exact: true })).toHaveCount(0);
});
