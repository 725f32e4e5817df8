import { Alert, Button, Checkbox, Code, CopyButton, Group, Select, Stack, Text } from '@mantine/core';
import { DEFAULT_STORAGE_REGION, type StorageRegion } from '@portal/contract/storage/storage';
import { useState } from 'react';
import { confirmYesNo } from '../../../components/confirm/confirm-yes-no';
import { notifySuccess } from '../../../components/feedback/notify';
import { errorMessage } from '../../../lib/api-error';
import { activeRegionsQuery, useCreateBucket } from '../api';
import { createBucketFailure } from '../lib/storage';
import { Modal } from '../../../components/modal/modal';

/** Add New Bucket: a region (us-east-1 by default) and object lock, which is confirmed first (spec-1 §5). */
export function AddBucketDialog({ onClose }: { onClose: () => void }) {
  const regions = activeRegionsQuery.useQuery();
  const create = useCreateBucket();
  const [region, setRegion] = useState<string>(DEFAULT_STORAGE_REGION);
  const [objectLock, setObjectLock] = useState(false);
  const [failure, setFailure] = useState('');
  const options = Object.entries(regions.data?.regions ?? {}).map(([value, label]) => ({ value, label }));

  const submit = async () => {
    if (objectLock) {
      const yes = await confirmYesNo({
        title: 'Enable object lock?',
        message:
          'A bucket with object lock cannot be deleted. Objects stored in it with a retention period (set by your backup software, or the bucket’s default retention) cannot be deleted or overwritten until that period ends, not even with your own keys.',
        yesLabel: 'Enable object lock',
        noLabel: 'Cancel',
      });
      if (!yes) return;
    }
    setFailure('');
    create.mutate(
      { target_region: region as StorageRegion, target_object_lock_enabled: objectLock },
      {
        onSuccess: (bucket) => {
          notifySuccess(`Bucket ${bucket.bucket} created`);
          onClose();
        },
        onError: (error) => setFailure(createBucketFailure(errorMessage(error))),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title="Add New Bucket" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Select
          label="Region"
          data={options}
          value={region}
          onChange={(v) => setRegion(v ?? DEFAULT_STORAGE_REGION)}
          allowDeselect={false}
          disabled={regions.isPending}
        />
        <Checkbox
          label="Enable object lock"
          description="Objects cannot be deleted, and the bucket can never be deleted here."
          checked={objectLock}
          onChange={(e) => setObjectLock(e.currentTarget.checked)}
        />
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
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
