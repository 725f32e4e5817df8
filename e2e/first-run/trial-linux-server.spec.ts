import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { newServer } from '../../apps/server/src/domains/servers/simulator.ts';
import { PUBLIC_URL } from '../support/addresses.ts';
import { expectAccessible, screenshot, signIn } from '../support/journeys.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..', '..');
/** A release the demo world made, with an installer for every platform. */
const VERSION = '25.3.0';
const INSTALLER = `cometd-${VERSION}-linux-x86_64.deb`;

/**
 * Southern Bakery (trial@southern.example.com), a distributor's customer ten days into its trial, has no server
 * yet and no other journey signs in as it: its first server is set up the way the README tells a new user to,
 * from the wizard's download to `npm run simulate:servers` checking the licence in.
 */
test('a trial customer downloads the Linux installer through the wizard, checks it in with the simulator and sees it Active', async ({
  page,
}) => {
  test.slow();
  await signIn(page, 'trial@southern.example.com');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My servers' }).click();
  await expect(page.getByText('No self-hosted licences yet.')).toBeVisible();
  await page.goto('/create_server');

  const card = page.getByRole('region', { name: 'Self-hosted server' });
  await card.getByRole('combobox', { name: 'Version' }).click();
  await page.getByRole('option', { name: VERSION, exact: true }).click();
  await card.getByRole('combobox', { name: 'Platform' }).click();
  await page.getByRole('option', { name: 'Linux x86_64 (deb)' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('link', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toBe(INSTALLER);
  // The demo world's installers are small stand-ins that say what they are.
  expect((await readFile(await download.path())).toString()).toContain(`Comet Backup ${VERSION}`);

  const key = card.getByTestId('licence-key');
  await expect(key).toHaveText(/^[0-9A-Z-]{29}$/);
  const serial = (await key.textContent()) ?? '';
  await expect(card.getByText(`sudo apt install ./${INSTALLER}`)).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'first-run-create-server-linux');

  // The installed server, as the project's simulator plays it, checks in once with the key.
  const { stdout } = await run(
    'npm',
    ['run', '--silent', 'simulate:servers', '--', '--servers', '1', '--serials', serial, '--url', PUBLIC_URL, '--once'],
    {
      cwd: ROOT,
    },
  );
  expect(stdout).toContain(`${serial} 200 lease until`);
  const simulated = newServer(serial, 0);

  await card.getByRole('link', { name: 'Go to My servers' }).click();
  await expect(page).toHaveURL(/\/my_servers$/);
  const row = page.getByRole('table', { name: 'Self-hosted licences' }).getByRole('row', { name: new RegExp(serial) });
  await expect(row).toContainText('Active');
  await expect(row).toContainText(simulated.version);
  await expect(row.getByRole('cell', { name: String(simulated.devices), exact: true })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'first-run-my-servers');
});
