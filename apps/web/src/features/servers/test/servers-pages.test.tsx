import type { AuthContext } from '@portal/contract/auth/auth-context';
import { getAuthContext } from '@portal/contract/auth/auth-context';
import {
  archiveLicense,
  createLicense,
  deleteLicense,
  getSerialLogs,
  relaxLicense,
  setLicenseLockState,
  setLicenseName,
  unarchiveLicense,
} from '@portal/contract/servers/licences';
import {
  adminServerLicenseTable,
  type AdminLicenceRow,
  type SelfHostedRow,
  userMyServersTable,
} from '@portal/contract/servers/server-tables';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authContext } from '../../../test/auth-fixtures';
import { type FakeRoute, on } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const CUSTOMER: Partial<AuthContext> = { capabilities: ['use_self_hosted'] };

const licence = (o: Partial<SelfHostedRow> = {}): SelfHostedRow => ({
  serial_number: 'AAAAA-BBBBB-CCCCC-DDDDD-EEEEE',
  name: 'Rack',
  enabled: true,
  status: 'Active',
  server_version: '24.1.0',
  is_outdated: true,
  outdated: 'major',
  allowed_ip_address: '*',
  allowed_machine_id: '',
  last_ip_address: '',
  last_machine_id: '',
  num_clients_online: 12,
  num_boosters_online: 3,
  favourited: false,
  region: null,
  last_seen_at: null,
  archived_at: null,
  created_at: '2026-11-01T00:00:00Z',
  ...o,
});

const table = (rows: SelfHostedRow[]) =>
  on(userMyServersTable, () => ({ provisioning: [], hosted: [], self_hosted: rows, total: rows.length, latest_version: '25.3.0' }));

function page(path: string, routes: FakeRoute[], auth: Partial<AuthContext> = CUSTOMER) {
  return renderApp(path, [on(getAuthContext, () => authContext(auth)), ...routes]);
}

describe('/my_servers', () => {
  it('shows the self-hosted licences with status, devices, boosters and the outdated marker', async () => {
    await page('/my_servers', [table([licence()])]);
    const grid = await screen.findByRole('table', { name: 'Self-hosted licences' });
    const row = within(grid).getByText('Rack').closest('tr') as HTMLElement;
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(within(row).getByText('24.1.0 (outdated)')).toBeTruthy();
    expect(within(row).getByText('12')).toBeTruthy();
    expect((within(row).getByRole('switch', { name: 'Unlocked' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('No hosted consoles.')).toBeTruthy();
  });

  it('alerts the spec’s failure with the server’s message when relaxing fails, and reloads the table', async () => {
    const { api } = await page('/my_servers', [
      table([licence()]),
      on(relaxLicense, () => ({ error: { code: 400, message: 'This licence is archived' } })),
    ]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for Rack' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Relax licence' }));
    expect(
      await screen.findByText('Failed to relax the licence. Please try again or contact support for assistance. This licence is archived'),
    ).toBeTruthy();
    await waitFor(() => expect(api.requests.filter((r) => r.url.includes('UserMyServersTable')).length).toBeGreaterThan(1));
  });

  it('deletes only after the name is typed exactly', async () => {
    const { api } = await page('/my_servers', [table([licence()]), on(deleteLicense, () => null)]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for Rack' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete licence' }));
    const input = await screen.findByLabelText('Type Rack to confirm');
    const remove = screen.getByRole('button', { name: 'Delete' });
    await user.type(input, 'rack');
    expect((remove as HTMLButtonElement).disabled).toBe(true);
    await user.clear(input);
    await user.type(input, 'Rack');
    await user.click(remove);
    await waitFor(() =>
      expect(api.requests.find((r) => r.url.endsWith(deleteLicense.path))?.body).toEqual({
        target_serial: licence().serial_number,
        target_confirm_name: 'Rack',
      }),
    );
  });

  it('toggles the lock, renames and archives through their calls', async () => {
    const { api } = await page('/my_servers', [
      table([licence()]),
      on(setLicenseLockState, () => null),
      on(setLicenseName, () => null),
      on(archiveLicense, () => null),
    ]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'Unlocked' }));
    await user.click(await screen.findByRole('button', { name: 'Lock' }));
    await waitFor(() =>
      expect(api.requests.find((r) => r.url.endsWith(setLicenseLockState.path))?.body).toEqual({
        target_serial: licence().serial_number,
        target_lock_state: true,
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Actions for Rack' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Rack 2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.requests.find((r) => r.url.endsWith(setLicenseName.path))?.body).toEqual({
        target_serial: licence().serial_number,
        target_name: 'Rack 2',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Actions for Rack' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Archive' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.requests.some((r) => r.url.endsWith(archiveLicense.path))).toBe(true));
  });

  it('shows where the latest check-in came from and the region, and asks what the lock binds to before locking', async () => {
    const checkedIn = licence({
      last_ip_address: '203.0.113.40',
      last_machine_id: 'rack-7',
      last_seen_at: '2026-11-20T00:00:00Z',
      region: { code: 'eu-central', name: 'Europe Central (Frankfurt)' },
    });
    const { api } = await page('/my_servers', [table([checkedIn]), on(setLicenseLockState, () => null)]);
    const grid = await screen.findByRole('table', { name: 'Self-hosted licences' });
    const row = within(grid).getByText('Rack').closest('tr') as HTMLElement;
    expect(within(row).getByText('Last check-in: 203.0.113.40 (rack-7)')).toBeTruthy();
    expect(within(row).getByText('Europe Central (Frankfurt)')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(row).getByRole('switch', { name: 'Unlocked' }));
    const question = await screen.findByRole('dialog', { name: 'Lock Rack?' });
    expect(within(question).getByText(/normally the one that last did, at 203\.0\.113\.40 \(rack-7\)/)).toBeTruthy();
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Lock Rack?' })).toBeNull());
    expect(api.requests.some((r) => r.url.endsWith(setLicenseLockState.path))).toBe(false);
  });

  it('lists archived licences under Archived, and restores one from there', async () => {
    const shelved = licence({ name: 'Shelved', enabled: false, status: 'Inactive', archived_at: '2026-11-20T00:00:00Z' });
    const { api } = await page('/my_servers', [
      on(userMyServersTable, (input) => ({
        provisioning: [],
        hosted: [],
        self_hosted: input.target_archived ? [shelved] : [],
        total: input.target_archived ? 1 : 0,
        latest_version: '25.3.0',
      })),
      on(unarchiveLicense, () => null),
    ]);
    expect(await screen.findByText('No self-hosted licences yet.')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Archived' }));
    const grid = await screen.findByRole('table', { name: 'Self-hosted licences' });
    expect(within(grid).getByText('Archived 2026-11-20')).toBeTruthy();
    await user.click(within(grid).getByRole('button', { name: 'Actions for Shelved' }));
    expect(screen.queryByRole('menuitem', { name: 'Archive' })).toBeNull();
    await user.click(await screen.findByRole('menuitem', { name: 'Restore' }));
    await waitFor(() =>
      expect(api.requests.find((r) => r.url.endsWith(unarchiveLicense.path))?.body).toEqual({ serial: shelved.serial_number }),
    );
  });

  it('opens the licence’s log from its row', async () => {
    await page('/my_servers', [
      table([licence()]),
      on(getSerialLogs, () => ({
        serial_number: licence().serial_number,
        logs: [
          {
            at: '2026-11-20T01:00:00Z',
            ip: '203.0.113.40',
            machine_id: 'rack-7',
            version: '25.3.0',
            device_count: 4,
            booster_count: 1,
            outcome: 'This licence is locked to another server; relax it in the portal to move it',
          },
        ],
      })),
    ]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for Rack' }));
    await user.click(await screen.findByRole('menuitem', { name: 'View log' }));
    const log = await screen.findByRole('table', { name: 'Check-ins of Rack' });
    expect(within(log).getByText('2026-11-20 14:00')).toBeTruthy();
    expect(within(log).getByText('rack-7')).toBeTruthy();
    expect(within(log).getByText(/locked to another server/)).toBeTruthy();
  });

  it('shows a failed licence generation with a Close button', async () => {
    await page('/my_servers', [
      table([]),
      on(createLicense, () => ({ error: { code: 400, message: 'Your plan allows 1 self-hosted licence' } })),
    ]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New licence' }));
    expect(await screen.findByText('There was an issue generating your license: Your plan allows 1 self-hosted licence')).toBeTruthy();
    // The dialog's own Close action (its × is named Close too).
    expect(screen.getAllByRole('button', { name: 'Close' }).some((b) => b.textContent === 'Close')).toBe(true);
  });

  it('offers Download Logs (Admin) only to an admin signed in as the user', async () => {
    await page('/my_servers', [table([licence()])], { ...CUSTOMER, roles: ['customer', 'admin_impersonating'] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for Rack' }));
    expect(await screen.findByRole('menuitem', { name: 'Download Logs (Admin)' })).toBeTruthy();
  });

  it('hides Download Logs (Admin) from the customer', async () => {
    await page('/my_servers', [table([licence()])]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for Rack' }));
    await screen.findByRole('menuitem', { name: 'Rename' });
    expect(screen.queryByRole('menuitem', { name: 'Download Logs (Admin)' })).toBeNull();
  });
});

const adminRow = (o: Partial<AdminLicenceRow> = {}): AdminLicenceRow => ({
  serial_number: 'AAAAA-BBBBB-CCCCC-DDDDD-EEEEE',
  name: 'Rack',
  enabled: true,
  archived: false,
  company_name: 'Acme',
  company_id: 7,
  plan_name: 'Growth',
  plan_payload: '1|23.3.0|{}',
  payload_override: null,
  payload_diff: '',
  server_version: '25.3.0',
  created_at: '2026-11-01T00:00:00Z',
  last_issue_end: null,
  ...o,
});

describe('/manage_servers', () => {
  it('sends the filters and opens the payload calculator: ALL FEATURES disables the rest, limits need OFFLINE', async () => {
    const { api } = await page('/manage_servers', [on(adminServerLicenseTable, () => ({ rows: [adminRow()], total: 1 }))], {
      roles: ['admin'],
      company_type: 'admin',
    });
    const user = userEvent.setup();
    await screen.findByText('Acme');
    await user.click(within(screen.getByRole('radiogroup', { name: 'Has plan override' })).getByText('yes'));
    await waitFor(() =>
      expect(
        api.requests.some((r) => (r.body as { filters?: { has_plan_override: boolean | null } }).filters?.has_plan_override === true),
      ).toBe(true),
    );
    await user.click(await screen.findByRole('button', { name: `Payload calculator for ${adminRow().serial_number}` }));
    const offline = await screen.findByRole('checkbox', { name: 'OFFLINE' });
    expect((offline as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('textbox', { name: 'Maximum devices' }) as HTMLInputElement).disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'ALL FEATURES' }));
    expect((offline as HTMLInputElement).disabled).toBe(false);
    await user.click(offline);
    expect((screen.getByRole('textbox', { name: 'Maximum devices' }) as HTMLInputElement).disabled).toBe(false);
  });
});
