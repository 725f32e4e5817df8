import { Badge, Button, Card, Checkbox, Group, Stack, Table, TextInput, VisuallyHidden } from '@mantine/core';
import type { DownloadAdmin } from '@portal/contract/downloads/downloads';
import { useState } from 'react';
import { notifySuccess } from '../../../components/feedback/notify';
import { EmptyState } from '../../../components/page/empty-state';
import { PageHeader } from '../../../components/page/page-header';
import { TableSkeleton } from '../../../components/page/page-skeleton';
import { allDownloadsQuery, useCreateDownload } from '../api';
import { formatBytes } from '../lib/downloads';
import { ManageDownloadDialog } from './manage-download-dialog';
import { Modal } from '../../../components/modal/modal';

function NewVersionDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (d: DownloadAdmin) => void }) {
  const create = useCreateDownload();
  const [version, setVersion] = useState('');
  const [prerelease, setPrerelease] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  return (
    <Modal opened onClose={onClose} title="New version">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setFieldError(null);
          create.mutate(
            { target_version_key: version, is_hidden: true, is_prerelease: prerelease },
            {
              onSuccess: (made) => {
                notifySuccess(`Version ${made.version_key} created`);
                onCreated(made);
              },
              onError: (err) => {
                const fields = (err as { fields?: Record<string, string> }).fields;
                setFieldError(fields?.target_version_key ?? err.message);
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Version"
            placeholder="24.12.3"
            required
            data-autofocus
            value={version}
            onChange={(e) => setVersion(e.currentTarget.value)}
            error={fieldError}
          />
          <Checkbox label="Prerelease" checked={prerelease} onChange={(e) => setPrerelease(e.currentTarget.checked)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** /manage_downloads: every version, hidden ones too; each opens the Manage Download dialog. */
export function ManageDownloadsPage() {
  const { data, isPending } = allDownloadsQuery.useQuery({ page: 1, page_size: 20 });
  const [creating, setCreating] = useState(false);
  const [managing, setManaging] = useState<string | null>(null);
  const current = data?.rows.find((d) => d.version_key === managing) ?? null;
  return (
    <>
      <PageHeader
        title="Manage downloads"
        description="Versions of the backup server and their installers."
        actions={<Button onClick={() => setCreating(true)}>New version</Button>}
      />
      <Card withBorder padding={0}>
        {isPending ? (
          <TableSkeleton label="Loading versions" />
        ) : !data?.rows.length ? (
          <EmptyState title="No versions yet" description="Create a version, then upload its installers." />
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Version</Table.Th>
                <Table.Th>Codename</Table.Th>
                <Table.Th>Release date</Table.Th>
                <Table.Th>Files</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.rows.map((d) => (
                <Table.Tr key={d.version_key}>
                  <Table.Td>{d.version_key}</Table.Td>
                  <Table.Td>{d.codename}</Table.Td>
                  <Table.Td>{d.release_date}</Table.Td>
                  <Table.Td>
                    {d.platforms.length ? d.platforms.map((p) => `${p.platform_name} ${formatBytes(p.filesize_bytes)}`).join(', ') : 'None'}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {d.is_hidden ? <Badge color="gray">Hidden</Badge> : <Badge color="green">Visible</Badge>}
                      {d.is_prerelease ? <Badge variant="light">Prerelease</Badge> : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="light" onClick={() => setManaging(d.version_key)} aria-label={`Manage ${d.version_key}`}>
                      Manage
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
      {creating ? (
        <NewVersionDialog
          onClose={() => setCreating(false)}
          onCreated={(d) => {
            setCreating(false);
            setManaging(d.version_key);
          }}
        />
      ) : null}
      {managing && current ? <ManageDownloadDialog download={current} onClose={() => setManaging(null)} /> : null}
    </>
  );
}
