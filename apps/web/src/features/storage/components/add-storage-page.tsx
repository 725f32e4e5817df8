import { Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { STORAGE_PRICE_TEXT } from '@portal/contract/storage/storage';
import { IconCloudUpload } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { confirmTyped } from '../../../components/confirm/confirm-typed';
import { showInformation } from '../../../components/confirm/show-information';
import { notifySuccess } from '../../../components/feedback/notify';
import { PageHeader } from '../../../components/page/page-header';
import { errorMessage } from '../../../lib/api-error';
import { storageAccountQuery, useEnableStorage } from '../api';
import { plainFailure } from '../lib/storage';

/** /add_storage (spec-1 §2): the product card; typing CONFIRM enables storage, then /storage/wasabi. */
export function AddStoragePage() {
  const account = storageAccountQuery.useQuery();
  const enable = useEnableStorage();
  const navigate = useNavigate();
  const enabled = account.data?.enabled ?? false;

  const start = async () => {
    const yes = await confirmTyped({
      title: 'Enable Storage?',
      message: `Your company gets its own S3-compatible storage account and access keys. ${STORAGE_PRICE_TEXT}.`,
      okLabel: 'Enable',
    });
    if (!yes) return;
    enable.mutate(undefined, {
      onSuccess: () => {
        notifySuccess('Storage enabled');
        void navigate({ to: '/storage/wasabi' });
      },
      onError: (error) => void showInformation({ title: 'Storage was not enabled', message: plainFailure(errorMessage(error)) }),
    });
  };

  return (
    <>
      <PageHeader title="Add Storage" description="S3-compatible cloud storage for your backups, billed from your credit." />
      <Card withBorder radius="md" padding="lg" maw={520}>
        <Stack gap="sm">
          <Group gap="sm">
            <IconCloudUpload size={28} stroke={1.6} aria-hidden />
            <Title order={2} size="h3">
              Storage
            </Title>
            {enabled ? <Badge color="green">Enabled</Badge> : null}
          </Group>
          <Text fw={600}>{STORAGE_PRICE_TEXT}</Text>
          <List size="sm" spacing={4}>
            <List.Item>Buckets in 13 regions, us-east-1 by default</List.Item>
            <List.Item>Root access keys for any S3 client, rotated whenever you like</List.Item>
            <List.Item>Object lock: backups stored with a retention period cannot be deleted or overwritten until it ends</List.Item>
          </List>
          {enabled ? (
            <Button onClick={() => void navigate({ to: '/storage/wasabi' })}>Open Storage</Button>
          ) : (
            <Button loading={enable.isPending} disabled={account.isPending} onClick={() => void start()}>
              Enable Storage
            </Button>
          )}
        </Stack>
      </Card>
    </>
  );
}
