import { expect, test } from '@playwright/test';
import { expectAccessible, screenshot, signIn } from '../support/journeys.ts';
import { captureMail } from '../support/mail.ts';

test('an admin previews two mail templates in a sandboxed frame', async ({ page }) => {
  test.slow();
  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/dashboard_admin/);
  await page.getByRole('link', { name: 'Email templates' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Email templates' })).toBeVisible();

  const first = page.getByTitle('Preview of the verify email address email');
  await expect(first).toHaveAttribute('sandbox', '');
  await expect(page.getByTestId('email-subject')).toHaveText('Please verify your email address for Backup Portal');
  await expect(
    page.frameLocator('iframe[title="Preview of the verify email address email"]').getByText('Verify your email address').first(),
  ).toBeVisible();
  // The frame shows a mail's own markup, which scripts cannot reach (sandbox): the page around it is checked.
  await expectAccessible(page, ['iframe']);
  await screenshot(page, 'admin-email-template-verify');

  await page.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: 'Low balance' }).click();
  const frame = page.frameLocator('iframe[title="Preview of the low balance email"]');
  await expect(frame.getByText('Your balance is $42.30, which lasts about 3 days at your recent usage.')).toBeVisible();
  await expect(page.getByTestId('email-subject')).toHaveText('Your Backup Portal credit is running low');
  await expectAccessible(page, ['iframe']);
  await screenshot(page, 'admin-email-template-low-balance');
});

test('an admin sends a career test and the applicant receives the invitation with the test link', async ({ page }) => {
  test.slow();
  const mailbox = await captureMail();
  try {
    await signIn(page, 'admin@example.com');
    await expect(page).toHaveURL(/\/dashboard_admin/);
    await page.getByRole('link', { name: 'Career tests' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Career tests' })).toBeVisible();

    const emails = page.getByLabel('Email addresses');
    await page.getByRole('button', { name: 'Send tests' }).click();
    await expect(page.getByText('Please enter at least one email address')).toBeVisible();
    await emails.fill('ada@applicants.example.com\nnot an address');
    await page.getByRole('button', { name: 'Send tests' }).click();
    await expect(page.getByText('Please enter valid email addresses (separate multiple emails by line)')).toBeVisible();
    await expectAccessible(page);

    await emails.fill('ada@applicants.example.com\nbo@applicants.example.com');
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Frontend developer' }).click();
    await page.getByRole('button', { name: 'Send tests' }).click();
    await expect(page.getByText('Test sent to 2 applicants')).toBeVisible();
    await expect(emails).toHaveValue('');
    await screenshot(page, 'admin-career-tests-sent');

    const mail = await mailbox.waitFor('bo@applicants.example.com', 15_000);
    expect(mail.subject).toBe('Your frontend developer skills test');
    expect(mail.text).toContain('https://careers.example.com/tests/frontend-developer');
    await mailbox.waitFor('ada@applicants.example.com', 15_000);
  } finally {
    await mailbox.close();
  }
});
