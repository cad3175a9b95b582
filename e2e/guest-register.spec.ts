/**
 * REG-2, REG-3, REG-10 in real Chromium, against a server of its own: a confirmed booking's page
 * links the guest register; the guest fills it for two adults (one foreign), is refused once for a
 * passport that expires before check-out (the form comes back as typed, the field named), then
 * sends it; the owner opens the Register dialog on the arrival day, sees both guests and the
 * foreign guest's Form III worksheet, copies a particular and marks it submitted; then records a
 * walk-in foreign guest at check-in in the same dialog (REG-4, REG-11), refused once beside the
 * field at fault. axe on the form and the dialog. Screenshots:
 * test-results/screenshots/{project}-register-{form,form-iii,refused,dialog,worksheet,check-in,check-in-refused,print}.png
 * and the printed register, {project}-register-print.pdf.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { addDays, formatDay, today } from '../src/shared/calendar-dates.js';
import { portalDate } from '../src/shared/register.js';
import { expectNoViolations } from './axe.js';
import { confirmedBooking, logInAsOwner, openWith, ownerApiForSpec } from './owner-helpers.js';
import { BASE } from './helpers.js';

const PROPERTY = 'mullayanagiri-foothills-retreat';

const owner = ownerApiForSpec();

test.describe.configure({ timeout: 120_000 });

test('the guest fills the register for two adults; the owner copies the Form III worksheet', async ({
  page,
  context,
}, info) => {
  const shots = path.join('test-results', 'screenshots');
  // Nights no other spec books on the shared server.
  const from = info.project.name === 'phone' ? 600 : 610;
  const arrival = addDays(today(), from);
  const booking = await confirmedBooking(owner.api, {
    propertyId: PROPERTY,
    checkIn: arrival,
    checkOut: addDays(arrival, 3),
    guests: 2,
    name: 'Anil Shenoy',
    phone: '+91 98450 55555',
  });

  await page.goto(new URL(booking.url).pathname.replace(/^/, BASE));
  await page.getByRole('link', { name: 'Fill in the guest register' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Guest register' })).toBeVisible();
  await expect(page.locator('script')).toHaveCount(0);

  const first = page.getByRole('group', { name: /^Adult 1/ });
  await first.getByLabel('Full name').fill('Kavya Hegde');
  await first.getByLabel('Indian citizen', { exact: true }).check();
  await first.getByLabel('Home address').fill('12 Temple Road, Udupi, Karnataka 576101');
  await first.getByLabel('Phone number').fill('094480 33333');
  await first.getByLabel('Identity document shown at check-in').selectOption('aadhaar');
  await first.getByLabel('Last four characters of its number').fill('9012');
  // The Form III part is hidden while "Indian citizen" is chosen.
  await expect(first.getByLabel('Passport number')).toBeHidden();

  const second = page.getByRole('group', { name: /^Adult 2/ });
  await second.getByLabel('Full name').fill('Jane Traveller');
  await second.getByLabel('Foreign national', { exact: true }).check();
  await second.getByLabel('Nationality').fill('United Kingdom');
  await second.getByLabel('Home address').fill('4 Canal Street, Manchester M1 3HE');
  await second.getByLabel('Phone number').fill('+44 7911 123456');
  await second.getByLabel('Identity document shown at check-in').selectOption('passport');
  await second.getByLabel('Last four characters of its number').fill('1726');
  const formIII: [string, string][] = [
    ['Surname (as in the passport)', 'TRAVELLER'],
    ['Given name(s)', 'JANE'],
    ['Date of birth', '1988-04-17'],
    ['Passport number', 'ZX9081726'],
    ['Passport place of issue', 'London, United Kingdom'],
    ['Passport date of issue', '2021-06-01'],
    ['Passport valid until', addDays(arrival, 1)],
    ['Visa number (OCI: OCI card number)', 'EVISA55501234'],
    ['Visa date of issue', addDays(today(), -5)],
    ['Visa place of issue', 'e-Visa, India'],
    ['Visa valid until', addDays(arrival, 40)],
    ['Visa type', 'e-Tourist'],
    ['Arrived in India from', 'London, United Kingdom'],
    ['Date of arrival in India', addDays(arrival, -1)],
    ['Purpose of the visit', 'Tourism'],
    ['Next destination after this stay', 'Mysuru, India'],
    ['Contact in India', 'Priya Nair +91 98860 44444'],
  ];
  for (const [label, value] of formIII) await second.getByLabel(label, { exact: true }).fill(value);
  await second.getByLabel('Sex').selectOption('female');
  await page.getByLabel('Expected arrival time').fill('15:30');
  await expectNoViolations(page, 'the guest register form');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(shots, `${info.project.name}-register-form.png`) });
  await second.getByLabel('Foreign national', { exact: true }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shots, `${info.project.name}-register-form-iii.png`) });
  await page.getByRole('button', { name: 'Send the register' }).click();

  // Refused: the passport expires before check-out. The form comes back as typed.
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Adult 2: Passport valid until');
  await expect(alert).toContainText('The passport must be valid after check-out');
  const expiry = second.getByLabel('Passport valid until', { exact: true });
  await expect(expiry).toHaveAttribute('aria-invalid', 'true');
  await expect(first.getByLabel('Full name')).toHaveValue('Kavya Hegde');
  await expect(second.getByLabel('Passport number')).toHaveValue('ZX9081726');
  await expectNoViolations(page, 'the refused guest register form');
  await alert.getByRole('link').click();
  await expect(expiry).toBeFocused();
  await page.screenshot({ path: path.join(shots, `${info.project.name}-register-refused.png`) });
  await expiry.fill(addDays(arrival, 900));
  await page.getByRole('button', { name: 'Send the register' }).click();
  await expect(page.getByText('We received the register for 2 adults')).toBeVisible();

  // The owner's Register dialog on the arrival day.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE });
  await logInAsOwner(page);
  const bar = page.getByRole('region', { name: 'Admin Tools' });
  const dialog = page.getByRole('dialog', { name: 'Register' });
  // Pressed until it opens: a tap before the owner's tools are hydrated does nothing.
  await openWith(bar.getByRole('button', { name: /^Register/ }), dialog);
  await dialog.getByLabel('Day').fill(arrival);
  await expect(dialog.getByRole('heading', { name: 'Arrivals (2)' })).toBeVisible();
  // The other project's guests, days before, are in the dialog too (a Form III still owed is
  // listed for a month): each worksheet is told by its deadline, the day after this arrival.
  const dueBy = `Form III due by ${portalDate(addDays(arrival, 1))}`;
  const sheet = dialog.getByRole('region', { name: `Form III: Jane Traveller ${dueBy} 15:30` });
  // Far ahead, the deadline itself: arrival + 24 hours, in India.
  await expect(sheet).toContainText(`Form III due by ${portalDate(addDays(arrival, 1))} 15:30`);
  await expect(sheet.getByRole('row', { name: /Date of birth/ })).toContainText('17/04/1988');
  // On a phone a label has its own line above its value, never broken inside a word to make room.
  if (info.project.name === 'phone') {
    const nationality = sheet.getByRole('rowheader', { name: 'Nationality' });
    const row = sheet.getByRole('row', { name: /Nationality/ });
    const [label, whole] = [await nationality.boundingBox(), await row.boundingBox()];
    expect(label!.width).toBeGreaterThan(whole!.width * 0.9);
  }
  await sheet.getByRole('button', { name: 'Copy Passport number' }).click();
  await expect(sheet.getByRole('status')).toHaveText('Passport number copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('ZX9081726');
  await expectNoViolations(page, 'Register dialog', 'dialog');
  await page.screenshot({ path: path.join(shots, `${info.project.name}-register-worksheet.png`) });
  await page.evaluate(() => document.getElementById('register')!.scrollTo(0, 0));
  await page.screenshot({ path: path.join(shots, `${info.project.name}-register-dialog.png`) });
  // The month's register for an inspection: two controls a thumb can tap, not words in a sentence.
  for (const name of ['Printable page', 'Spreadsheet (CSV)']) {
    const link = dialog.getByRole('link', { name });
    expect((await link.boundingBox())!.height, name).toBeGreaterThanOrEqual(44);
  }
  await sheet.getByLabel('Portal’s reference').fill('FRO-KA-000123');
  await sheet.getByRole('button', { name: 'Mark submitted' }).click();
  await expect(sheet).toHaveCount(0);

  // REG-4, REG-11: the owner records a walk-in foreign guest at check-in, in the same dialog,
  // with the guest form's fields; the server's refusal is shown beside its field, in its words.
  await dialog.getByText('Record a guest at check-in').click();
  const checkIn = dialog.getByRole('form', { name: 'Record a guest at check-in' });
  await checkIn.getByLabel('Property').selectOption(PROPERTY);
  await expect(checkIn.getByLabel('Arrival', { exact: true })).toHaveValue(formatDay(arrival));
  await checkIn.getByLabel('Full name').fill('Ana Walker');
  await checkIn.getByLabel('Foreign national', { exact: true }).check();
  await checkIn.getByLabel('Nationality').fill('Portugal');
  await checkIn.getByLabel('Home address').fill('Rua Augusta 10, 1100-053 Lisboa');
  await checkIn.getByLabel('Phone number').fill('+351 912 345 678');
  await checkIn.getByLabel('Identity document shown at check-in').selectOption('passport');
  await checkIn.getByLabel('Last four characters of its number').fill('4521');
  const walkIn: [string, string][] = [
    ['Surname (as in the passport)', 'WALKER'],
    ['Given name(s)', 'ANA'],
    ['Date of birth', '1990-02-03'],
    ['Passport number', 'CB1234521'],
    ['Passport place of issue', 'Lisboa, Portugal'],
    ['Passport date of issue', '2022-03-01'],
    ['Passport valid until', arrival],
    ['Visa number (OCI: OCI card number)', 'EVISA77700001'],
    ['Visa date of issue', addDays(today(), -3)],
    ['Visa place of issue', 'e-Visa, India'],
    ['Visa valid until', addDays(arrival, 30)],
    ['Visa type', 'e-Tourist'],
    ['Arrived in India from', 'Lisboa, Portugal'],
    ['Date of arrival in India', addDays(arrival, -2)],
    ['Purpose of the visit', 'Tourism'],
    ['Next destination after this stay', 'Hampi, India'],
    ['Contact in India', 'Kavya Hegde +91 94480 33333'],
  ];
  for (const [label, value] of walkIn) await checkIn.getByLabel(label, { exact: true }).fill(value);
  await checkIn.getByLabel('Sex').selectOption('female');
  await checkIn.getByRole('button', { name: 'Record this adult' }).click();
  const walkInExpiry = checkIn.getByLabel('Passport valid until', { exact: true });
  await expect(checkIn.getByRole('alert')).toHaveText(
    `Not recorded: Passport valid until: The passport must be valid after check-out (${portalDate(addDays(arrival, 1))}).`,
  );
  await expect(walkInExpiry).toHaveAttribute('aria-invalid', 'true');
  await expect(walkInExpiry).toBeFocused();
  await expectNoViolations(page, 'Register dialog, check-in form refused', 'dialog');
  await page.screenshot({
    path: path.join(shots, `${info.project.name}-register-check-in-refused.png`),
  });
  await checkIn.getByLabel('Full name').scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shots, `${info.project.name}-register-check-in.png`) });
  await walkInExpiry.fill(addDays(arrival, 2000));
  await checkIn.getByRole('button', { name: 'Record this adult' }).click();
  await expect(checkIn.getByRole('status')).toHaveText(
    'Ana Walker is recorded. Record the next adult of this stay the same way.',
  );
  await expect(dialog.getByRole('heading', { name: 'Arrivals (3)' })).toBeVisible();
  const walkInSheet = dialog.getByRole('region', { name: `Form III: Ana Walker ${dueBy}` });
  await expect(walkInSheet.getByRole('row', { name: /Passport number/ })).toContainText(
    'CB1234521',
  );
  // Usable on a phone: the dialog, the form and the worksheet open, nothing scrolls sideways.
  expect(
    await page.evaluate(() => {
      const d = document.getElementById('register')!;
      return d.scrollWidth - d.clientWidth;
    }),
  ).toBe(0);

  // The printable register for an inspection (REG-5): A4 landscape, no script.
  await page.goto(`${BASE}/api/register/print?from=${arrival}&to=${arrival}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Guest register');
  await expect(page.getByRole('region', { name: 'Guests' })).toContainText('FRO-KA-000123');
  await expect(page.locator('script')).toHaveCount(0);
  await expectNoViolations(page, 'the printable register');
  await page.screenshot({ path: path.join(shots, `${info.project.name}-register-print.png`) });
  await page.emulateMedia({ media: 'print' });
  await page.pdf({
    path: path.join(shots, `${info.project.name}-register-print.pdf`),
    preferCSSPageSize: true,
  });
});
