/**
 * TEAM-1, TEAM-2, TEAM-6 in real Chromium against the shared server, phone and desktop: the owner
 * adds a manager from the Team dialog; the manager sets a password through the setup link, logs
 * in, and sees no Rates control on a property page and no Refund control in the inbox; the manager
 * makes a staff link and its page shows without script. axe on the Team dialog, the setup page and
 * the staff page. Screenshots: test-results/screenshots/{project}-team-{dialog,manager,staff-page}.png
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe.js';
import { E2E_ADMIN } from './global-setup.js';
import { BASE, pastToday } from './helpers.js';
import { openWith } from './owner-helpers.js';

test.describe.configure({ timeout: 120_000 });

const PASSWORD = 'the-managers-own-password';

async function logIn(page: Page, username: string, password: string) {
  await page.goto(`${BASE}/adminlogin`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await pastToday(page);
  await expect(page.getByRole('region', { name: 'Admin Tools' })).toBeVisible();
}

test('the owner adds a manager, who sees only what a manager may do and makes a staff link', async ({
  page,
  browser,
}, info) => {
  const shots = path.join('test-results', 'screenshots');
  const project = info.project.name;
  const manager = `manager-${project}-${Date.now().toString(36)}`;

  await logIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  const bar = page.getByRole('region', { name: 'Admin Tools' });
  const dialog = page.getByRole('dialog', { name: 'Team' });
  await openWith(bar.getByRole('button', { name: 'Team' }), dialog);
  await dialog.getByLabel('Username of the new person').fill(manager);
  await dialog.getByLabel('Their role').selectOption('manager');
  await dialog.getByRole('button', { name: 'Add person' }).click();
  const link = dialog.getByLabel(`Setup link for ${manager}`);
  await expect(link).toHaveValue(/\/account\/setup\//);
  const setupUrl = await link.inputValue();
  await expect(dialog.getByText(/waiting for their password/).first()).toBeVisible();
  await expectNoViolations(page, 'Team dialog', 'dialog');
  await page.screenshot({ path: path.join(shots, `${project}-team-dialog.png`) });

  // The manager, in a browser of their own.
  const context = await browser.newContext({ ...info.project.use });
  const their = await context.newPage();
  await their.goto(new URL(new URL(setupUrl).pathname, BASE).href);
  await expect(their.locator('script')).toHaveCount(0);
  await expectNoViolations(their, 'the setup page');
  await their.getByLabel('New password').fill(PASSWORD);
  await their.getByLabel('The same password again').fill(PASSWORD);
  await their.getByRole('button', { name: 'Set password' }).click();
  await expect(their.getByRole('heading', { name: 'Your password is set' })).toBeVisible();

  await logIn(their, manager, PASSWORD);
  const theirBar = their.getByRole('region', { name: 'Admin Tools' });
  await expect(theirBar.getByRole('button', { name: 'Team' })).toBeVisible();
  await expect(theirBar.getByRole('button', { name: 'History' })).toBeVisible();
  await their.goto(`${BASE}/stay/ig-road-town-studio`);
  // The page's own Calendar (the owner bar has one too); no Rates for a manager.
  await expect(their.getByRole('main').getByRole('button', { name: 'Calendar' })).toBeVisible();
  await expect(their.getByRole('button', { name: 'Rates' })).toHaveCount(0);
  const inbox = their.getByRole('dialog', { name: 'Bookings' });
  await openWith(theirBar.getByRole('button', { name: /^Bookings/ }), inbox);
  await expect(inbox.getByRole('button', { name: /Refund/ })).toHaveCount(0);
  await expect(inbox.getByRole('button', { name: /Send a new link/ })).toHaveCount(0);
  await their.screenshot({ path: path.join(shots, `${project}-team-manager.png`) });
  await inbox.getByRole('button', { name: 'Close' }).click();

  // A staff link, made by the manager, and its page.
  const theirTeam = their.getByRole('dialog', { name: 'Team' });
  await openWith(theirBar.getByRole('button', { name: 'Team' }), theirTeam);
  await expect(theirTeam.getByRole('button', { name: 'Add person' })).toHaveCount(0);
  await theirTeam.getByLabel('Who the link is for').fill(`Housekeeping ${project}`);
  await theirTeam.getByRole('button', { name: 'Make staff link' }).click();
  const staffUrl = await theirTeam
    .getByLabel(`Staff link for Housekeeping ${project}`)
    .inputValue();
  const staff = await context.newPage();
  await staff.goto(new URL(new URL(staffUrl).pathname, BASE).href);
  await expect(
    staff.getByRole('heading', { level: 1, name: 'Arrivals and departures' }),
  ).toBeVisible();
  await expect(staff.locator('script')).toHaveCount(0);
  await expect(staff.getByRole('heading', { level: 2 })).toHaveCount(14);
  await expectNoViolations(staff, 'the staff page');
  await staff.screenshot({
    path: path.join(shots, `${project}-team-staff-page.png`),
    fullPage: true,
  });
  await context.close();
});
