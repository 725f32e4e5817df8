import { Alert, Button, Checkbox, Code, CopyButton, Group, Select, Stack, Text } from '@mantine/core';
import { DEFAULT_STORAGE_REGION, type StorageRegion, storageCreateBucket } from '@portal/contract/storage/storage';
import { confirmYesNo } from '../../../components/confirm/confirm-yes-no';
import { notifySuccess } from '../../../components/feedback/notify';
import { useContractForm } from '../../../components/form/use-contract-form';
import { activeRegionsQuery, useCreateBucket } from '../api';
import { createBucketFailure } from '../lib/storage';
import { Modal } from '../../../components/modal/modal';

/** Add New Bucket: a region (us-east-1 by default) and object lock, which is confirmed first (spec-1 §5). */
export function AddBucketDialog({ onClose }: { onClose: () => void }) {
  const regions = activeRegionsQuery.useQuery();
  const create = useCreateBucket();
  const form = useContractForm(storageCreateBucket, {
    initialValues: { target_region: DEFAULT_STORAGE_REGION as StorageRegion, target_object_lock_enabled: false },
    serverError: create.error,
  });
  const options = Object.entries(regions.data?.regions ?? {}).map(([value, label]) => ({ value, label }));

  const submit = async () => {
    if (form.values.target_object_lock_enabled) {
      const yes = await confirmYesNo({
        title: 'Enable object lock?',
        message:
          'A bucket with object lock cannot be deleted. Objects stored in it with a retention period (set by your backup software, or the bucket’s default retention) cannot be deleted or overwritten until that period ends, not even with your own keys.',
        yesLabel: 'Enable object lock',
        noLabel: 'Cancel',
      });
      if (!yes) return;
    }
    form.onSubmit((input) =>
      create.mutate(input, {
        onSuccess: (bucket) => {
          notifySuccess(`Bucket ${bucket.bucket} created`);
          onClose();
        },
      }),
    )();
  };

  return (
    <Modal opened onClose={onClose} title="Add New Bucket" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Select
          label="Region"
          data={options}
          value={form.values.target_region}
          onChange={(v) => form.setValue('target_region', (v ?? DEFAULT_STORAGE_REGION) as StorageRegion)}
          allowDeselect={false}
          disabled={regions.isPending}
          error={form.errors.target_region}
        />
        <Checkbox
          label="Enable object lock"
          description="Objects cannot be deleted, and the bucket can never be deleted here."
          {...form.checkboxProps('target_object_lock_enabled')}
        />
        {form.alert ? (
          <Alert color="red" role="alert">
            {createBucketFailure(form.alert)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={create.isPending} onClick={() => void submit()}>
            Create Bucket
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function Secret({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Code style={{ wordBreak: 'break-all' }} aria-label={label}>
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant="light" onClick={copy} aria-label={`Copy ${label}`}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/** Show Access Keys: the endpoint and root keys for an S3 client. */
export function AccessKeysDialog({
  keys,
  onClose,
}: {
  keys: { endpoint: string; AccessKey: string; SecretKey: string };
  onClose: () => void;
}) {
  return (
    <Modal opened onClose={onClose} title="Access Keys" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Text size="sm" c="dimmed">
          Use these with any S3-compatible client (path-style addressing). Anyone holding them can read and change your buckets.
        </Text>
        <Secret label="Endpoint" value={keys.endpoint} />
        <Secret label="Access Key" value={keys.AccessKey} />
        <Secret label="Secret Key" value={keys.SecretKey} />
        <Group justify="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
