import { expect, type Page, test } from '@playwright/test';
import { newCustomer } from '../support/admin-api.ts';
import { expectAccessible, logOut, openCompany, screenshot, signIn } from '../support/journeys.ts';

/** A self-hosted server checking in, as the simulator does (npm run simulate:servers). */
async function checkIn(page: Page, serial: string, devices: number) {
  const res = await page.request.post('/api/v1/license/check_in', {
    data: { serial_number: serial, machine_id: 'journey-box', version: '25.3.0', device_count: devices, boosters: { microsoft365: 2 } },
  });
  return res.status();
}

test('a customer creates a licence, a server brings it online, then locks, relaxes, renames and archives it', async ({ page }) => {
  test.slow();
  // A new customer: the demo's Acme Dental runs servers and a console of its own.
  await newCustomer('Licence Labs', 'licence-labs@example.com');
  await signIn(page, 'licence-labs@example.com');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My servers' }).click();
  await expect(page).toHaveURL(/\/my_servers/);
  await expect(page.getByText('No hosted consoles.')).toBeVisible();

  await page.getByRole('button', { name: 'New licence' }).click();
  const created = page.getByText(/^Licence [0-9A-Z-]{29} created$/);
  await expect(created).toBeVisible();
  const serial = ((await created.textContent()) ?? '').split(' ')[1] ?? '';
  const table = page.getByRole('table', { name: 'Self-hosted licences' });
  let row = table.getByRole('row', { name: new RegExp(serial) });
  await expect(row).toContainText('Offline');

  expect(await checkIn(page, serial, 17)).toBe(200);
  await page.reload();
  row = table.getByRole('row', { name: new RegExp(serial) });
  await expect(row).toContainText('Active');
  await expect(row).toContainText('25.3.0');
  await expect(row.getByRole('cell', { name: '17', exact: true })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'servers-my-servers-active');

  // Lock: the portal first says what the lock binds to (the latest check-in's address), then the next check-in
  // binds the licence to this address and machine.
  await row.getByRole('switch', { name: 'Unlocked' }).click({ force: true });
  const question = page.getByRole('dialog', { name: /^Lock / });
  await expect(question).toContainText('It binds to the next server that checks in');
  await question.getByRole('button', { name: 'Lock' }).click();
  await expect(row.getByText('Locked on first use')).toBeVisible();
  expect(await checkIn(page, serial, 18)).toBe(200);
  await page.reload();
  row = table.getByRole('row', { name: new RegExp(serial) });
  await expect(row).toContainText('(journey-box)');

  await row.getByRole('button', { name: `Actions for ${serial}` }).click();
  await page.getByRole('menuitem', { name: 'Relax licence' }).click();
  await expect(row.getByText('Locked on first use')).toBeVisible();

  await row.getByRole('button', { name: `Actions for ${serial}` }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const dialog = page.getByRole('dialog', { name: `Rename ${serial}` });
  await dialog.getByLabel('Name').fill('Office rack');
  await dialog.getByRole('button', { name: 'Save' }).click();
  row = table.getByRole('row', { name: /Office rack/ });
  await expect(row).toContainText(serial);
  await expectAccessible(page);
  await screenshot(page, 'servers-my-servers-renamed');

  await row.getByRole('button', { name: 'Actions for Office rack' }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Office rack archived')).toBeVisible();
  await expect(page.getByText('No self-hosted licences yet.')).toBeVisible();
  expect(await checkIn(page, serial, 18)).toBe(403);
  // It is not gone: the Archived list has it, with Restore to undo.
  await page.getByText('Archived', { exact: true }).click();
  await expect(table.getByRole('row', { name: /Office rack/ })).toBeVisible();
});

test('an admin reads every licence on /manage_servers and opens the payload calculator', async ({ page }) => {
  await signIn(page, 'admin@example.com');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Manage servers' }).click();
  await expect(page).toHaveURL(/\/manage_servers/);
  const row = page.getByRole('row', { name: /Office rack/ });
  await expect(row).toContainText('Archived');
  await row.getByRole('button', { name: /Payload calculator for/ }).click();
  const dialog = page.getByRole('dialog', { name: /Payload calculator/ });
  await expect(dialog.getByRole('checkbox', { name: 'OFFLINE' })).toBeDisabled();
  await dialog.getByRole('checkbox', { name: 'ALL FEATURES' }).uncheck({ force: true });
  await dialog.getByRole('checkbox', { name: 'OFFLINE' }).check({ force: true });
  await dialog.getByLabel('Maximum devices').fill('25');
  await expect(dialog.getByLabel('Payload', { exact: true })).toHaveValue('2|23.3.0|{"max_devices":25}');
  await expectAccessible(page);
  await screenshot(page, 'servers-payload-calculator');
  await dialog.getByRole('button', { name: 'Save override' }).click();
  await expect(page.getByText('Payload saved')).toBeVisible();
  await expect(row).toContainText('max_devices 25');
});

test("an admin archives a customer's licence from its company dialog, where Create Serial is not offered yet", async ({ page }) => {
  // Acme Dental's dialog lists its servers and console too: the scan takes longer.
  test.slow();
  await signIn(page, 'customer@example.com');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My servers' }).click();
  await page.getByRole('button', { name: 'New licence' }).click();
  const created = page.getByText(/^Licence [0-9A-Z-]{29} created$/);
  await expect(created).toBeVisible();
  const serial = ((await created.textContent()) ?? '').split(' ')[1] ?? '';
  await logOut(page);

  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/dashboard_admin/);
  const dialog = await openCompany(page, 'Acme Dental');
  await dialog.getByRole('tab', { name: 'Manage services' }).click();
  const licences = dialog.getByRole('table', { name: 'Licences' });
  await expect(licences.getByRole('row', { name: new RegExp(serial) })).toBeVisible();
  await expectAccessible(page);
  await licences.scrollIntoViewIfNeeded();
  await screenshot(page, 'company-dialog-licences');

  await dialog.getByRole('button', { name: 'Create Serial' }).click();
  const info = page.getByRole('dialog', { name: 'Create Serial' });
  await expect(info.getByText('This feature is not yet available...')).toBeVisible();
  await info.getByRole('button', { name: 'OK' }).click();

  await licences.getByRole('button', { name: `Archive ${serial}` }).click();
  await page
    .getByRole('dialog', { name: `Archive ${serial}?` })
    .getByRole('button', { name: 'Yes' })
    .click();
  await expect(page.getByText(`${serial} archived`)).toBeVisible();
  await expect(licences.getByRole('row', { name: new RegExp(serial) })).toContainText('Archived');
  await expect(licences.getByRole('button', { name: `Archive ${serial}` })).toBeDisabled();
});
