/**
 * MSG-1, MSG-2, MSG-3, MSG-7, MSG-9 in real Chromium: the owner opens the Messages dialog from the
 * admin bar, sets a property's arrival instructions, edits the "Before arrival" rule (its time and
 * its words, typed with the keys into the chip field, DAY-21), is refused once for a variable not
 * in the list (the field named and marked), writes it again with the chip buttons, steps over and
 * deletes a chip as one unit, types beside a chip it tapped, saves (the stored text checked byte for byte), and previews the rule
 * for a confirmed booking. The rule stays off, so the shared server's other bookings get nothing.
 * axe on the dialog, before and after the preview (the chips in the message).
 * Screenshots: test-results/screenshots/{project}-messages-{dialog,chips,preview}.png.
 */
import path from 'node:path';
import { expect, test, type Locator } from '@playwright/test';
import { addDays, today } from '../src/shared/calendar-dates.js';
import { expectNoViolations } from './axe.js';
import {
  confirmedBooking,
  logInAsOwner,
  openWith,
  ownerApiForSpec,
  press,
} from './owner-helpers.js';

const PROPERTY = 'mullayanagiri-foothills-retreat';

const owner = ownerApiForSpec();

test.describe.configure({ timeout: 120_000 });

test('the owner edits a message rule and previews it for a booking', async ({ page }, info) => {
  const shots = path.join('test-results', 'screenshots');
  // Nights no other spec books on the shared server.
  // A retry books nights of its own: the first try's booking holds its nights.
  const from = (info.project.name === 'phone' ? 640 : 650) + 3 * info.retry;
  const checkIn = addDays(today(), from);
  const booking = await confirmedBooking(owner.api, {
    propertyId: PROPERTY,
    checkIn,
    checkOut: addDays(checkIn, 2),
    guests: 2,
    name: 'Anil Shenoy',
    phone: '+91 98450 55555',
  });

  await logInAsOwner(page);
  const bar = page.getByRole('region', { name: 'Admin Tools' });
  const dialog = page.getByRole('dialog', { name: 'Messages to guests' });
  await openWith(bar.getByRole('button', { name: 'Messages' }), dialog);
  const status = dialog.getByRole('status').first();
  const rule = dialog.getByRole('button', { name: /^Before arrival/ });
  await expect(rule).toHaveAttribute('aria-pressed', 'true');
  await expect(rule).toContainText('Off');
  await expectNoViolations(page, 'Messages dialog', 'dialog');
  await page.screenshot({ path: path.join(shots, `${info.project.name}-messages-dialog.png`) });

  // The property's arrival instructions: the owner's only, for the messages.
  await dialog.getByLabel('Property', { exact: true }).selectOption(PROPERTY);
  await dialog
    .getByLabel('Arrival instructions')
    .fill('Take the left fork after the temple; the gate code is 4321.');
  await press(dialog.getByRole('button', { name: 'Save for this property' }));
  await expect(status).toContainText('Saved for');

  // The rule: a variable not in the list is refused with its field named and marked.
  await dialog.getByLabel('Time (India)').fill('09:30');
  // DAY-21: the message is a contenteditable textbox, typed with the keys (fill() is an input's).
  const body = dialog.getByRole('textbox', { name: 'Message', exact: true });
  await expect(body).toHaveAttribute('aria-multiline', 'true');
  const clear = async () => {
    await body.click();
    await body.press('ControlOrMeta+a');
    await body.press('Backspace');
    await expect(body).toHaveText('');
  };
  await clear();
  await body.pressSequentially(
    'Dear {{guest_name}},\n\n{{arrival_instructions}}\n\nCall [Your phone number].',
  );
  await press(dialog.getByRole('button', { name: 'Save all messages' }));
  await expect(status).toContainText('“guest_name” in double braces is not a word');
  await expect(body).toHaveAttribute('aria-invalid', 'true');
  // A variable typed in braces or in brackets became its chip; the unknown one stayed text.
  const chips = body.locator('[data-variable]');
  await expect(chips).toHaveText(['Arrival instructions', 'Your phone number']);
  await expect(body).toHaveText(
    'Dear {{guest_name}}, Arrival instructions Call Your phone number.',
  );
  // A tap on a chip puts the caret at the chip's nearer edge, never in its words, which cannot be
  // edited: what the owner types next is kept.
  const tapEdge = async (chip: Locator, edge: 'left' | 'right') => {
    const box = (await chip.boundingBox())!;
    await chip.tap({ position: { x: edge === 'left' ? 3 : box.width - 3, y: box.height / 2 } });
  };
  await tapEdge(chips.first(), 'right');
  await page.keyboard.type('!');
  await tapEdge(chips.last(), 'left');
  await page.keyboard.type('(');
  await expect(body).toHaveText(
    'Dear {{guest_name}}, Arrival instructions! Call (Your phone number.',
  );

  // DAY-15, DAY-21: the owner writes with the named buttons; each puts a chip at the caret.
  await clear();
  await body.pressSequentially('Dear ');
  await press(dialog.getByRole('button', { name: 'Guest first name', exact: true }));
  await body.pressSequentially(',\n\n');
  await press(dialog.getByRole('button', { name: 'Arrival instructions', exact: true }));
  await body.pressSequentially('\n\nCall ');
  const phone = dialog.getByRole('button', { name: 'Your phone number', exact: true });
  await press(phone);
  await body.pressSequentially(' on the way.');
  // The caret steps over a chip as one unit; Backspace and Delete take it whole.
  for (let i = 0; i < ' on the way.'.length; i++) await body.press('ArrowLeft');
  await body.press('Backspace');
  await expect(chips).toHaveText(['Guest first name', 'Arrival instructions']);
  await press(phone);
  await body.press('ArrowLeft');
  await body.press('Delete');
  await expect(chips).toHaveText(['Guest first name', 'Arrival instructions']);
  // From the keyboard alone: the button, focused, puts the chip where the caret was.
  await phone.focus();
  await page.keyboard.press('Enter');
  await expect(body).toBeFocused();
  await expect(chips).toHaveText(['Guest first name', 'Arrival instructions', 'Your phone number']);
  await expect(body).toHaveText(
    'Dear Guest first name, Arrival instructions Call Your phone number on the way.',
  );
  await expect(dialog.getByText(/\{\{/)).toHaveCount(0);
  await body.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shots, `${info.project.name}-messages-chips.png`) });
  await press(dialog.getByRole('button', { name: 'Save all messages' }));
  await expect(status).toContainText('Saved.');
  await expect(rule).toContainText('2 days before check-in, 09:30');
  await expect(body).not.toHaveAttribute('aria-invalid', 'true');

  // The preview for the confirmed booking.
  await dialog.getByLabel('Booking', { exact: true }).selectOption(booking.id);
  await press(dialog.getByRole('button', { name: 'Preview', exact: true }));
  const shown = dialog.getByText(/^Dear Anil,/);
  await expect(shown).toBeVisible();
  await expect(shown).toContainText('the gate code is 4321.');
  await expect(shown).toContainText('Call +91');
  await expectNoViolations(page, 'Messages dialog with a preview', 'dialog');
  await shown.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shots, `${info.project.name}-messages-preview.png`) });

  // Saved on the server, still off.
  const saved = await owner.api.get('/api/messages');
  const rules = (
    (await saved.json()) as {
      rules: { id: string; time: string; enabled: boolean; body: string }[];
    }
  ).rules;
  expect(rules.find((r) => r.id === 'pre-arrival')).toMatchObject({
    time: '09:30',
    enabled: false,
    body: 'Dear {{guest_first_name}},\n\n{{arrival_instructions}}\n\nCall {{owner_phone}} on the way.',
  });
});
