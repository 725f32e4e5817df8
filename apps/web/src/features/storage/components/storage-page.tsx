import { Alert, Button, Card, Code, Menu, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { confirmTyped } from '../../../components/confirm/confirm-typed';
import { showInformation } from '../../../components/confirm/show-information';
import { notifySuccess } from '../../../components/feedback/notify';
import { EmptyState } from '../../../components/page/empty-state';
import { PageHeader } from '../../../components/page/page-header';
import { PageSkeleton } from '../../../components/page/page-skeleton';
import { errorMessage } from '../../../lib/api-error';
import { formatCents } from '../../../lib/money';
import { useAuthContext } from '../../auth/api';
import { bucketsQuery, storageAccountQuery, storageUsageQuery, useDisableStorage, useRotateKeys } from '../api';
import { estimatedCostCents, formatBytes, plainFailure, rotateKeysFailure } from '../lib/storage';
import { AccessKeysDialog, AddBucketDialog } from './bucket-dialogs';
import { BucketsTable } from './buckets-table';
import { StorageHistory } from './storage-usage';
import { measuredCostCents } from '../lib/usage';

type Dialog = 'bucket' | 'keys' | null;

/** /storage/wasabi (spec-1 §2): usage and its estimate, buckets, access keys, and the Options menu. */
export function StoragePage() {
  const auth = useAuthContext();
  const adminAsUser = Boolean(auth.data?.roles.includes('admin_impersonating'));
  const account = storageAccountQuery.useQuery();
  const enabled = account.data?.enabled ?? false;
  const buckets = bucketsQuery.useQuery(undefined, { enabled });
  const measured = storageUsageQuery.useQuery(undefined, { enabled });
  const rotate = useRotateKeys();
  const disable = useDisableStorage();
  const [dialog, setDialog] = useState<Dialog>(null);

  if (account.isPending) return <PageSkeleton label="Loading storage" />;
  if (account.error) return <Alert color="red">{errorMessage(account.error)}</Alert>;
  if (!enabled) {
    return (
      <>
        <PageHeader title="Storage" />
        <EmptyState
          title="Storage is not enabled"
          description="Enable storage to create buckets and get access keys."
          action={
            <Button component={Link} to="/add_storage">
              Add Storage
            </Button>
          }
        />
      </>
    );
  }

  const rotateKeys = async () => {
    const yes = await confirmTyped({
      title: 'Rotate access keys?',
      message: 'New root keys are made and the current ones stop working at once: update every client that uses them.',
      okLabel: 'Rotate',
    });
    if (!yes) return;
    rotate.mutate(undefined, {
      onSuccess: () => {
        notifySuccess('Access keys rotated');
        setDialog('keys');
      },
      onError: (error) => void showInformation({ title: 'Error', message: rotateKeysFailure(errorMessage(error)) }),
    });
  };

  const disableStorage = async () => {
    const yes = await confirmTyped({
      title: 'Disable storage?',
      message: 'Every bucket and everything in it is deleted, and your access keys stop working. This cannot be undone.',
      okLabel: 'Disable',
    });
    if (!yes) return;
    disable.mutate(
      { confirm: 'yes' },
      {
        onSuccess: (answer) =>
          answer.disabled
            ? notifySuccess(answer.message)
            : void showInformation({ title: 'Storage is still enabled', message: answer.message }),
        onError: (error) => void showInformation({ title: 'Storage was not disabled', message: plainFailure(errorMessage(error)) }),
      },
    );
  };

  // The Buckets tab measures at the provider as it loads: its sum is the newest figure.
  const usage = buckets.data ? buckets.data.buckets.reduce((sum, b) => sum + b.active_storage_bytes, 0) : account.data.current_usage_bytes;
  // The cost of the latest measured day (what billing charges), 30 of them a month; until the first
  // measurement, the estimate from the buckets' bytes.
  const cost = measuredCostCents(measured.data) ?? estimatedCostCents(usage);
  const actions = (
    <>
      <Button onClick={() => setDialog('bucket')}>Add New Bucket</Button>
      <Menu position="bottom-end">
        <Menu.Target>
          <Button
            variant="default"
            rightSection={<IconChevronDown size={16} aria-hidden />}
            loading={rotate.isPending || disable.isPending}
          >
            Options
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => setDialog('bucket')}>Add New Bucket</Menu.Item>
          <Menu.Item onClick={() => setDialog('keys')}>Show Access Keys</Menu.Item>
          <Menu.Item onClick={() => void rotateKeys()}>Rotate Access Keys</Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" onClick={() => void disableStorage()}>
            Disable Storage
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </>
  );

  return (
    <>
      <PageHeader title="Storage" description="Your S3-compatible storage account and its buckets." actions={actions} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} mb="lg">
        <Card withBorder radius="md">
          <Text size="sm" c="dimmed">
            Current usage
          </Text>
          <Text fw={700} fz="xl">
            {formatBytes(usage)}
          </Text>
        </Card>
        <Card withBorder radius="md">
          <Text size="sm" c="dimmed">
            Estimated cost per day
          </Text>
          <Text fw={700} fz="xl">
            {formatCents(Math.round(cost.perDay))}
          </Text>
        </Card>
        <Card withBorder radius="md">
          <Text size="sm" c="dimmed">
            Estimated cost per month
          </Text>
          <Text fw={700} fz="xl">
            {formatCents(Math.round(cost.perMonth))}
          </Text>
        </Card>
      </SimpleGrid>
      <Tabs defaultValue="buckets" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="history">History</Tabs.Tab>
          <Tabs.Tab value="buckets">Buckets</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="history">
          <StorageHistory />
        </Tabs.Panel>
        <Tabs.Panel value="buckets">
          {buckets.error ? <Alert color="red">{errorMessage(buckets.error)}</Alert> : null}
          <BucketsTable buckets={buckets.data?.buckets} loading={buckets.isPending} onAdd={() => setDialog('bucket')} />
        </Tabs.Panel>
      </Tabs>
      {adminAsUser ? (
        <Stack gap={4} mt="xl">
          <Text fw={600}>Raw storage account (admin)</Text>
          <Code block>
            {JSON.stringify({ account: { ...account.data, SecretKey: '…' }, buckets: buckets.data?.buckets ?? [] }, null, 2)}
          </Code>
        </Stack>
      ) : null}
      {dialog === 'bucket' ? <AddBucketDialog onClose={() => setDialog(null)} /> : null}
      {dialog === 'keys' ? <AccessKeysDialog keys={account.data} onClose={() => setDialog(null)} /> : null}
    </>
  );
}
