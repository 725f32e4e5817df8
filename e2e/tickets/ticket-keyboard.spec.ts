import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible, logOut, screenshot, signIn } from '../support/journeys.ts';

/**
 * Keyboard only (issue 15): from the top of each page, Tab reaches every control of the ticket view in order,
 * Enter and the arrow keys work them, and Escape leaves a dialog with focus back where it was. Only signing in
 * uses the mouse: the walk is the ticket's.
 */

/** Presses Tab until `target` has focus; fails if it is not reached within `max` presses. */
async function tabTo(page: Page, target: Locator, max = 80) {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Opens a focused select with the keyboard, moves to `option` with the arrow keys and picks it with Enter. */
async function pickWithKeys(page: Page, option: string) {
  await page.keyboard.press('ArrowDown');
  const wanted = page.getByRole('option', { name: option, exact: true });
  await expect(wanted).toBeVisible();
  for (let i = 0; i < 20 && (await wanted.getAttribute('data-combobox-selected')) === null; i++) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(wanted).toHaveAttribute('data-combobox-selected');
  await page.keyboard.press('Enter');
  await expect(wanted).toBeHidden();
}

test('a customer and support walk a ticket with the keyboard alone', async ({ page }) => {
  // Each Tab is a round trip to the browser, and a walk from the top of a page is dozens of them.
  test.setTimeout(180_000);
  const subject = `Keyboard walk ${Date.now()}`;
  await signIn(page, 'customer@example.com');
  await expect(page).toHaveURL(/\/dashboard$/);

  // Create: the type, subject and problem, then the button, in Tab order.
  await page.goto('/tickets/create');
  const type = page.getByRole('combobox', { name: 'Type' });
  await tabTo(page, type);
  await pickWithKeys(page, 'General');
  await expect(type).toHaveValue('General');
  await tabTo(page, page.getByLabel('Subject'));
  await page.keyboard.type(subject);
  await tabTo(page, page.getByLabel('What is the problem?'));
  await page.keyboard.type('Typed without a mouse.');
  await tabTo(page, page.getByRole('button', { name: 'Create ticket' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/tickets\/\d+$/);
  const ticketUrl = page.url();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(subject);

  // Comment: the box, Attach files, then Add comment.
  await tabTo(page, page.getByLabel('Add a comment'));
  await page.keyboard.type('A first answer from the keyboard.');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Attach files' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Add comment' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('A first answer from the keyboard.')).toBeVisible();
  // Sent, the button is disabled again: focus is back in the box for the next comment.
  await expect(page.getByLabel('Add a comment')).toBeFocused();

  // A dialog opened with Enter and left with Escape gives focus back to the button that opened it.
  const closeButton = page.getByRole('button', { name: 'Close ticket' });
  await tabTo(page, closeButton);
  await page.keyboard.press('Enter');
  const closeDialog = page.getByRole('dialog', { name: 'Close ticket' });
  await expect(closeDialog).toBeVisible();
  await expect(closeDialog.getByRole('combobox', { name: 'Reason' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(closeDialog).toBeHidden();
  await expect(closeButton).toBeFocused();

  // Close for real: the reason with the arrow keys, its text, then the dialog's own button.
  await page.keyboard.press('Enter');
  await expect(closeDialog.getByRole('combobox', { name: 'Reason' })).toBeFocused();
  await pickWithKeys(page, 'Other');
  await tabTo(page, closeDialog.getByLabel('Other Reason'));
  await page.keyboard.type('Answered my own question');
  await tabTo(page, closeDialog.getByRole('button', { name: 'Close ticket' }));
  await page.keyboard.press('Enter');
  await expect(closeDialog).toBeHidden();
  const reopenButton = page.getByRole('button', { name: 'Reopen ticket' });
  await expect(reopenButton).toBeVisible();

  // Reopen through its confirmation.
  await tabTo(page, reopenButton);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog');
  await tabTo(page, confirm.getByRole('button', { name: 'Reopen ticket' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Close ticket' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add comment' })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'tickets-keyboard-customer');
  await logOut(page);

  // Support: status and priority with the arrow keys, then a note, all from Tab.
  await signIn(page, 'support@example.com');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(ticketUrl);
  const status = page.getByRole('combobox', { name: 'Status' });
  await tabTo(page, status);
  await pickWithKeys(page, 'Need investigation');
  await expect(status).toHaveValue('Need investigation');
  await expect(page.getByText(/Sam Support changed the status: .* → Need investigation/)).toBeVisible();
  const priority = page.getByRole('combobox', { name: 'Priority' });
  await tabTo(page, priority);
  await pickWithKeys(page, 'Important');
  await expect(priority).toHaveValue('Important');
  await tabTo(page, page.getByLabel('New note'));
  await page.keyboard.type('Checked from the keyboard.');
  const addNote = page.getByRole('button', { name: 'Add note' });
  await tabTo(page, addNote);
  // What has focus is always shown: the focus ring is not switched off on the focused control.
  expect(await addNote.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Checked from the keyboard.')).toBeVisible();
  await expect(page.getByLabel('New note')).toBeFocused();
  await expectAccessible(page);
  await screenshot(page, 'tickets-keyboard-support');
});
