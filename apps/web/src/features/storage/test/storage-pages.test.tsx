import type { AuthContext } from '@portal/contract/auth/auth-context';
import { getAuthContext } from '@portal/contract/auth/auth-context';
import {
  type Bucket,
  STORAGE_PRICE_TEXT,
  storageAccountGet,
  storageActiveRegions,
  storageCreateBucket,
  storageDeleteBucket,
  storageEnable,
  storageListBuckets,
  storageRotateKeys,
} from '@portal/contract/storage/storage';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authContext } from '../../../test/auth-fixtures';
import { type FakeRoute, on } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const CUSTOMER: Partial<AuthContext> = { capabilities: ['use_storage'] };
const KEYS = { endpoint: 'http://127.0.0.1:9000', AccessKey: 'AKIDEXAMPLE', SecretKey: 'secret-example' };
const off = on(storageAccountGet, () => ({ enabled: false, current_usage_bytes: 0, endpoint: '', AccessKey: '', SecretKey: '' }));
const enabled = (usage = 0) => on(storageAccountGet, () => ({ enabled: true, current_usage_bytes: usage, ...KEYS }));
const bucket = (o: Partial<Bucket> = {}): Bucket => ({
  id: 1,
  bucket: 'c7-0a1b2c3d4e5f',
  region: 'us-east-1',
  has_object_lock: false,
  created_at: '2026-11-20T00:00:00Z',
  updated_at: '2026-11-20T00:00:00Z',
  active_storage_bytes: 1500,
  deleted_storage_bytes: 0,
  pending_delete: false,
  ...o,
});
const list = (buckets: Bucket[]) => on(storageListBuckets, () => ({ buckets }));
const regions = on(storageActiveRegions, () => ({
  regions: { 'us-east-1': 'US East 1 (N. Virginia)', 'eu-central-1': 'EU Central 1 (Amsterdam)' },
  default_region: 'us-east-1',
}));

function page(path: string, routes: FakeRoute[], auth: Partial<AuthContext> = CUSTOMER) {
  return renderApp(path, [on(getAuthContext, () => authContext(auth)), ...routes]);
}

describe('/add_storage', () => {
  it('shows the price and enables storage only once CONFIRM is typed, then opens /storage/wasabi', async () => {
    let subscribed = false;
    const { api } = await page('/add_storage', [
      on(storageAccountGet, () => ({
        enabled: subscribed,
        current_usage_bytes: 0,
        ...(subscribed ? KEYS : { endpoint: '', AccessKey: '', SecretKey: '' }),
      })),
      on(storageEnable, () => {
        subscribed = true;
        return { message: 'Storage is enabled' };
      }),
      list([]),
    ]);
    expect(await screen.findByText(STORAGE_PRICE_TEXT)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Enable Storage' }));
    const input = await screen.findByLabelText('Type CONFIRM to confirm');
    const ok = screen.getByRole('button', { name: 'Enable' });
    await user.type(input, 'confirm');
    expect((ok as HTMLButtonElement).disabled).toBe(true);
    await user.clear(input);
    await user.type(input, 'CONFIRM');
    await user.click(ok);
    await waitFor(() => expect(api.callsTo(storageEnable)).toHaveLength(1));
    expect(await screen.findByRole('heading', { name: 'Storage', level: 1 })).toBeTruthy();
  });
});

describe('/storage/wasabi', () => {
  it('sends a company without storage to /add_storage', async () => {
    await page('/storage/wasabi', [off]);
    expect(await screen.findByText('Storage is not enabled')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add Storage' }).getAttribute('href')).toBe('/add_storage');
  });

  it('lists the buckets with their bytes, and estimates at least 1 TB: $0.23 a day, $6.99 a month', async () => {
    await page('/storage/wasabi', [
      enabled(1500),
      list([bucket(), bucket({ id: 2, bucket: 'c7-locked', has_object_lock: true, pending_delete: true })]),
    ]);
    const grid = await screen.findByRole('table', { name: 'Buckets' });
    const row = within(grid).getByText('c7-0a1b2c3d4e5f').closest('tr') as HTMLElement;
    expect(within(row).getByText('1.50 KB')).toBeTruthy();
    expect(within(grid).getByText('Pending Delete')).toBeTruthy();
    expect(screen.getByText('$0.23')).toBeTruthy();
    expect(screen.getByText('$6.99')).toBeTruthy();
  });

  it('deletes a bucket only once its name is typed; an object lock bucket has no Delete', async () => {
    const { api } = await page('/storage/wasabi', [
      enabled(),
      list([bucket(), bucket({ id: 2, bucket: 'c7-locked', has_object_lock: true })]),
      on(storageDeleteBucket, () => ({ message: 'Bucket deleted' })),
    ]);
    const user = userEvent.setup();
    expect(screen.queryByRole('button', { name: 'Delete c7-locked' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Delete c7-0a1b2c3d4e5f' }));
    const input = await screen.findByLabelText('Type c7-0a1b2c3d4e5f to confirm');
    await user.type(input, 'c7-0a1b2c3d4e5f');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo(storageDeleteBucket).map((r) => r.body)).toEqual([{ target_bucket_name: 'c7-0a1b2c3d4e5f' }]));
  });

  it('creates a bucket in the chosen region and shows the spec’s failure text', async () => {
    const { api } = await page('/storage/wasabi', [
      enabled(),
      list([]),
      regions,
      on(storageCreateBucket, () => ({ error: { code: 502, message: 'The storage provider refused: full' } })),
    ]);
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Add New Bucket' }))[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Add New Bucket' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Bucket' }));
    expect(
      await within(dialog).findByText('Error: Failed to create Wasabi bucket. Please contact support. The storage provider refused: full'),
    ).toBeTruthy();
    expect(api.callsTo(storageCreateBucket).map((r) => r.body)).toEqual([
      { target_region: 'us-east-1', target_object_lock_enabled: false },
    ]);
  });

  it('asks before object lock, in words that say what the endpoint keeps: retained objects, until their retention ends', async () => {
    const { api } = await page('/storage/wasabi', [
      enabled(),
      list([]),
      regions,
      on(storageCreateBucket, () => bucket({ bucket: 'c7-locked', has_object_lock: true })),
    ]);
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Add New Bucket' }))[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Add New Bucket' });
    await user.click(within(dialog).getByLabelText('Enable object lock'));
    await user.click(within(dialog).getByRole('button', { name: 'Create Bucket' }));
    const ask = await screen.findByRole('dialog', { name: 'Enable object lock?' });
    expect(ask.textContent).toContain('cannot be deleted or overwritten until that period ends, not even with your own keys');
    expect(api.callsTo(storageCreateBucket)).toEqual([]);
    await user.click(within(ask).getByRole('button', { name: 'Enable object lock' }));
    await waitFor(() =>
      expect(api.callsTo(storageCreateBucket).map((r) => r.body)).toEqual([
        { target_region: 'us-east-1', target_object_lock_enabled: true },
      ]),
    );
  });

  it('rotates the keys after CONFIRM and shows the spec’s failure text', async () => {
    const { api } = await page('/storage/wasabi', [
      enabled(),
      list([]),
      on(storageRotateKeys, () => ({ error: { code: 502, message: 'The storage provider refused: down' } })),
    ]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rotate Access Keys' }));
    await user.type(await screen.findByLabelText('Type CONFIRM to confirm'), 'CONFIRM');
    await user.click(screen.getByRole('button', { name: 'Rotate' }));
    expect(
      await screen.findByText('Failed to refresh root access keys! Please contact support. The storage provider refused: down'),
    ).toBeTruthy();
    expect(api.callsTo(storageRotateKeys)).toHaveLength(1);
  });

  it('shows the access keys from the Options menu', async () => {
    await page('/storage/wasabi', [enabled(), list([])]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Show Access Keys' }));
    const dialog = await screen.findByRole('dialog', { name: 'Access Keys' });
    expect(within(dialog).getByText('AKIDEXAMPLE')).toBeTruthy();
    expect(within(dialog).getByText('secret-example')).toBeTruthy();
  });
});
