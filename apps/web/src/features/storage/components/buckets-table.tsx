import { Badge, Button, Table, Text, VisuallyHidden } from '@mantine/core';
import type { Bucket } from '@portal/contract/storage/storage';
import { confirmTyped } from '../../../components/confirm/confirm-typed';
import { showInformation } from '../../../components/confirm/show-information';
import { notifySuccess } from '../../../components/feedback/notify';
import { EmptyState } from '../../../components/page/empty-state';
import { TableSkeleton } from '../../../components/page/page-skeleton';
import { errorMessage } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/dates';
import { useDeleteBucket } from '../api';
import { formatBytes, plainFailure } from '../lib/storage';

function DeleteBucketButton({ bucket }: { bucket: Bucket }) {
  const remove = useDeleteBucket();
  if (bucket.has_object_lock) {
    return (
      <Text size="xs" c="dimmed">
        Object lock: cannot be deleted
      </Text>
    );
  }
  const run = async () => {
    const typed = await confirmTyped({
      title: `Delete ${bucket.bucket}?`,
      message: 'Every object in the bucket is deleted with it. This cannot be undone. Type the bucket name to confirm.',
      placeholder: bucket.bucket,
      okLabel: 'Delete',
    });
    if (!typed) return;
    remove.mutate(
      { target_bucket_name: bucket.bucket },
      {
        onSuccess: () => notifySuccess(`Bucket ${bucket.bucket} deleted`),
        onError: (error) => void showInformation({ title: 'The bucket was not deleted', message: plainFailure(errorMessage(error)) }),
      },
    );
  };
  return (
    <Button
      size="xs"
      variant="light"
      color="red"
      loading={remove.isPending}
      onClick={() => void run()}
      aria-label={`Delete ${bucket.bucket}`}
    >
      Delete
    </Button>
  );
}

/** The Buckets tab (spec-1 §3 Bucket): a bucket with pending_delete shows as Pending Delete (§4). */
export function BucketsTable({ buckets, loading, onAdd }: { buckets: Bucket[] | undefined; loading: boolean; onAdd: () => void }) {
  if (loading) return <TableSkeleton label="Loading buckets" columns={6} rows={3} />;
  if (!buckets?.length) {
    return (
      <EmptyState
        title="No buckets yet"
        description="Create a bucket, then point your backup software at it with your access keys."
        action={<Button onClick={onAdd}>Add New Bucket</Button>}
      />
    );
  }
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped aria-label="Buckets">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Bucket</Table.Th>
            <Table.Th>Region</Table.Th>
            <Table.Th>Object lock</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th ta="right">Active</Table.Th>
            <Table.Th ta="right">Deleted</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {buckets.map((b) => (
            <Table.Tr key={b.id}>
              <Table.Td>
                <Text ff="monospace" size="sm">
                  {b.bucket}
                </Text>
                {b.pending_delete ? <Badge color="orange">Pending Delete</Badge> : null}
              </Table.Td>
              <Table.Td>{b.region}</Table.Td>
              <Table.Td>{b.has_object_lock ? 'Yes' : 'No'}</Table.Td>
              <Table.Td>{formatDateTime(b.created_at)}</Table.Td>
              <Table.Td ta="right">{formatBytes(b.active_storage_bytes)}</Table.Td>
              <Table.Td ta="right">{formatBytes(b.deleted_storage_bytes)}</Table.Td>
              <Table.Td ta="right">{b.pending_delete ? null : <DeleteBucketButton bucket={b} />}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
