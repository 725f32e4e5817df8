import type { AuthContext } from '@portal/contract/auth/auth-context';
import { getAuthContext } from '@portal/contract/auth/auth-context';
import {
  HOSTED_FAILURES,
  hostedDelete,
  hostedDescribeAsyncTask,
  hostedListAsyncTasks,
  hostedListRegions,
} from '@portal/contract/servers/hosted';
import { userMyServersTable } from '@portal/contract/servers/server-tables';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authContext } from '../../../test/auth-fixtures';
import { type FakeRoute, on } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { NO_ACTIONS } from '../../../components/action-menu';

const CUSTOMER: Partial<AuthContext> = { capabilities: ['use_self_hosted', 'use_hosted'] };
const page = (path: string, routes: FakeRoute[], auth: Partial<AuthContext> = CUSTOMER) =>
  renderApp(path, [on(getAuthContext, () => authContext(auth)), on(hostedListAsyncTasks, () => ({ tasks: [] })), ...routes]);

const hostedRow = {
  id: 4,
  server_name: 'acme-x7k2',
  user_dns: 'acme-x7k2.cometbackup.example',
  user_custom_dns: '',
  version: '25.3.0',
  num_devices_online: 3,
  num_boosters_online: 1,
  pending_delete: false,
  pending_delete_failed: true,
  favourited: false,
  admin_username: 'admin',
  admin_password: 'secret',
  region: 'Europe (London)',
  created_at: '2026-11-01T00:00:00Z',
};
const serversData = {
  provisioning: [
    { id: 5, name: 'building-one', failed: false, failure_message: '', region: 'Canada (Central)', created_at: '2026-11-02T00:00:00Z' },
    {
      id: 6,
      name: 'broken-one',
      failed: true,
      failure_message: 'The console did not start',
      region: 'Canada (Central)',
      created_at: '2026-11-02T00:00:00Z',
    },
  ],
  hosted: [hostedRow],
  self_hosted: [],
  total: 0,
  latest_version: '25.3.0',
};
const servers = on(userMyServersTable, () => serversData);

describe('/my_servers hosted group', () => {
  it('shows consoles being built, failed ones with their message, and consoles whose delete failed', async () => {
    await page('/my_servers', [servers]);
    const grid = await screen.findByRole('table', { name: 'Hosted consoles' });
    expect(within(within(grid).getByText('building-one').closest('tr') as HTMLElement).getByText('Provisioning')).toBeTruthy();
    const broken = within(grid).getByText('broken-one').closest('tr') as HTMLElement;
    expect(within(broken).getByText('Failed')).toBeTruthy();
    expect(within(broken).getByText('The console did not start')).toBeTruthy();
    const ready = within(grid).getByText('acme-x7k2').closest('tr') as HTMLElement;
    expect(within(ready).getByText('Delete failed')).toBeTruthy();
    expect(within(ready).getByText('Europe (London)')).toBeTruthy();
  });

  it('alerts the spec’s failure with the server’s message when a delete is refused', async () => {
    await page('/my_servers', [
      servers,
      on(hostedDelete, () => ({ error: { code: 400, message: 'This server is already being deleted' } })),
    ]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for acme-x7k2' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Retry delete' }));
    await user.type(await screen.findByLabelText('Type acme-x7k2 to confirm'), 'acme-x7k2');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(`${HOSTED_FAILURES.remove} This server is already being deleted`)).toBeTruthy();
  });

  it("says 'No actions available' in the menu of a console being deleted, which takes none", async () => {
    const deleting = { ...hostedRow, pending_delete: true, pending_delete_failed: false };
    await page('/my_servers', [on(userMyServersTable, () => ({ ...serversData, hosted: [deleting] }))]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for acme-x7k2' }));
    const only = await screen.findAllByRole('menuitem');
    expect(only.map((item) => item.textContent)).toEqual([NO_ACTIONS]);
    expect(only[0]?.hasAttribute('disabled') || only[0]?.getAttribute('data-disabled') === 'true').toBe(true);
  });

  it('offers Comet Storage in the create dialog only when the company can have storage', async () => {
    const regions = on(hostedListRegions, () => ({
      regions: [{ code: 'us-east', name: 'United States (East)' }],
      default_region: 'us-east',
    }));
    await page('/my_servers', [servers, regions], { capabilities: ['use_self_hosted', 'use_hosted', 'use_storage'] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New hosted console' }));
    expect(await screen.findByRole('switch', { name: /Include Comet Storage/ })).toBeTruthy();
  });

  it('hides it without storage', async () => {
    const regions = on(hostedListRegions, () => ({
      regions: [{ code: 'us-east', name: 'United States (East)' }],
      default_region: 'us-east',
    }));
    await page('/my_servers', [servers, regions]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New hosted console' }));
    await screen.findByLabelText(/Send email from/);
    expect(screen.queryByRole('switch', { name: /Include Comet Storage/ })).toBeNull();
  });
});

describe('/provision_server', () => {
  it('counts down to liftoff while the task runs', async () => {
    await page('/provision_server?task=9', [
      on(hostedDescribeAsyncTask, () => ({
        id: 9,
        action: 'CREATE' as const,
        status: 'running' as const,
        created_at: '2026-11-01T00:00:00Z',
        data: { completed_at: null, hosted_server_id: 4, message: '' },
      })),
    ]);
    expect(await screen.findByRole('heading', { name: 'Seconds To Liftoff' })).toBeTruthy();
    expect(screen.getByText('60')).toBeTruthy();
  });

  it('heads a ready console’s page as ready, no longer as being created', async () => {
    await page('/provision_server?task=9', [
      on(hostedDescribeAsyncTask, () => ({
        id: 9,
        action: 'CREATE' as const,
        status: 'success' as const,
        created_at: '2026-11-01T00:00:00Z',
        data: { completed_at: '2026-11-01T00:01:00Z', hosted_server_id: 4, message: '' },
      })),
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your server is ready' })).toBeTruthy();
    expect(screen.queryByText('Creating your server')).toBeNull();
  });

  it('shows the spec’s failure with Go Back to /my_servers when the task failed', async () => {
    await page('/provision_server?task=9', [
      on(hostedDescribeAsyncTask, () => ({
        id: 9,
        action: 'CREATE' as const,
        status: 'error' as const,
        created_at: '2026-11-01T00:00:00Z',
        data: { completed_at: '2026-11-01T00:01:00Z', hosted_server_id: 4, message: 'boom' },
      })),
    ]);
    expect(await screen.findByRole('heading', { name: HOSTED_FAILURES.provisionTitle })).toBeTruthy();
    expect(screen.getByText(HOSTED_FAILURES.provisionText)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Go Back' }).getAttribute('href')).toBe('/my_servers'));
  });
});
