import { adminCreateCompany } from '@portal/contract/companies/company-create';
import { expect, test } from '@playwright/test';
import { adminApi } from '../support/admin-api.ts';
import { DEMO_PASSWORD, expectAccessible, screenshot, signIn } from '../support/journeys.ts';

const EMAIL = 'owner@account-journey.example.com';

test('a new customer completes signup, updates their account, signs out another session and sets security questions', async ({
  page,
  browser,
}) => {
  // The longest journey (two browsers, four pages, a dozen axe scans): give it twice the default time.
  test.slow();
  // A company made by an admin has no phone or address yet, so its first sign-in completes signup.
  const admin = await adminApi();
  await admin.call(adminCreateCompany, {
    target_company_name: 'Account Journey Ltd',
    target_contact_name: 'Ari Owner',
    target_email: EMAIL,
    target_password: DEMO_PASSWORD,
  });
  await admin.dispose();

  await signIn(page, EMAIL);
  await expect(page).toHaveURL(/\/complete_signup$/);
  await expect(page.getByLabel('Company name')).toHaveValue('Account Journey Ltd');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Please enter your phone number')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'complete-signup-errors');
  await page.getByLabel('Phone number').fill('  +64 9 555 0199  ');
  await page.getByLabel('Street address').fill('12 Karangahape Road');
  await page.getByLabel('City').fill('Auckland');
  await page.getByLabel('Zip or postal code').fill('1010');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Account Updated')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  // A second device, to be signed out from the first.
  const phone = await browser.newContext();
  const phonePage = await phone.newPage();
  await signIn(phonePage, EMAIL);
  await expect(phonePage).toHaveURL(/\/dashboard$/);

  await page.goto('/myaccount');
  await expect(page.getByLabel('Phone number')).toHaveValue('+64 9 555 0199');
  await page.getByLabel('Contact name').fill('Ari Owner-Smith');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Account Updated')).toBeVisible();
  await expect(page.getByText('Not enabled')).toBeVisible();
  const sessions = page.getByRole('list', { name: 'Active sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await expect(sessions.getByText('Chrome on Linux').first()).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'my-account');

  await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('Other sessions signed out')).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await phonePage.reload();
  await expect(phonePage).toHaveURL(/\/login/);
  await phone.close();

  await page.goto('/security_questions');
  const questions = page.getByLabel('Question', { exact: true });
  const answers = page.getByLabel('Answer', { exact: true });
  for (const [index, answer] of ['Rex', 'Whangarei', 'Hillcrest'].entries()) {
    await questions.nth(index).click();
    await page.getByRole('option').nth(index).click();
    await answers.nth(index).fill(answer);
  }
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your security questions have been saved.')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'security-questions');

  // Change password stays in the app: the current password, the new one twice, a strength hint.
  await page.goto('/myaccount');
  await page.getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await dialog.getByLabel('Current password').fill('not-the-password');
  await dialog.getByLabel(/^New password/).fill('tidal crane orbit velvet');
  await expect(dialog.getByText('Strength: Strong.')).toBeVisible();
  await dialog.getByLabel('Confirm new password').fill('tidal crane orbit velvet');
  await expectAccessible(page);
  await screenshot(page, 'change-password');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog.getByText('The password is not correct')).toBeVisible();
  await expect(dialog.getByLabel('Current password')).toHaveValue('');
  await dialog.getByLabel('Current password').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/myaccount$/);
});
