import { Alert, Button, Checkbox, FileInput, Group, Progress, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import {
  adminPatchDownload,
  type DownloadAdmin,
  DOWNLOAD_MESSAGES,
  DOWNLOAD_PLATFORMS,
  type DownloadPlatformId,
  platformOfFileName,
} from '@portal/contract/downloads/downloads';
import { useState } from 'react';
import { notifySuccess } from '../../../components/feedback/notify';
import { useContractForm } from '../../../components/form/use-contract-form';
import { usePatchDownload, usePresignUpload } from '../api';
import { formatBytes, uploadWithProgress } from '../lib/downloads';
import { Modal } from '../../../components/modal/modal';

interface Upload {
  file: File;
  platform: DownloadPlatformId | null;
  progress: number;
  state: 'waiting' | 'uploading' | 'done' | 'failed' | 'refused';
  message?: string;
}

const platformName = (id: string) => DOWNLOAD_PLATFORMS.find((p) => p.id === id)?.name ?? id;

/** Checks a chosen file's name against this version before anything is sent (spec-1 §5). */
export function checkFileName(name: string, version: string): { platform: DownloadPlatformId } | { error: string } {
  const parsed = platformOfFileName(name);
  if (!parsed) return { error: DOWNLOAD_MESSAGES.fileName };
  if (parsed.version !== version) return { error: DOWNLOAD_MESSAGES.wrongVersion };
  return { platform: parsed.platform };
}

/**
 * The Manage Download dialog (spec-1 §2): the version's flags and details, its files, and new installers
 * uploaded straight to object storage with progress; Save attaches the uploaded files.
 */
export function ManageDownloadDialog({ download, onClose }: { download: DownloadAdmin; onClose: () => void }) {
  const presign = usePresignUpload();
  const patch = usePatchDownload();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const form = useContractForm(adminPatchDownload, {
    initialValues: {
      is_hidden: download.is_hidden,
      is_prerelease: download.is_prerelease,
      codename: download.codename,
      release_notes: download.release_notes,
      release_date: download.release_date,
    },
    toInput: (values) => {
      // Only the files uploaded in this dialog are attached; the others stay as they are.
      const files: Record<string, string> = {};
      for (const u of uploads) if (u.state === 'done' && u.platform) files[`file_${u.platform}`] = u.file.name;
      return { target_version_key: download.version_key, ...values, ...files };
    },
    serverError: patch.error,
  });
  const busy = uploads.some((u) => u.state === 'uploading');

  const update = (i: number, change: Partial<Upload>) => setUploads((all) => all.map((u, j) => (j === i ? { ...u, ...change } : u)));

  const choose = (files: File[]) => {
    setUploads(
      files.map((file) => {
        const checked = checkFileName(file.name, download.version_key);
        return 'error' in checked
          ? { file, platform: null, progress: 0, state: 'refused', message: checked.error }
          : { file, platform: checked.platform, progress: 0, state: 'waiting' };
      }),
    );
  };

  const uploadAll = async () => {
    for (const [i, u] of uploads.entries()) {
      if (u.state !== 'waiting' && u.state !== 'failed') continue;
      update(i, { state: 'uploading', progress: 0, message: undefined });
      try {
        const signed = await presign.mutateAsync({ target_version_key: download.version_key, target_path: u.file.name });
        await uploadWithProgress(signed.url, u.file, (progress) => update(i, { progress }));
        update(i, { state: 'done', progress: 1 });
      } catch (err) {
        update(i, { state: 'failed', message: err instanceof Error ? err.message : String(err) });
      }
    }
  };

  const save = form.onSubmit((input) =>
    patch.mutate(input, {
      onSuccess: () => {
        notifySuccess(`Version ${download.version_key} saved`);
        onClose();
      },
    }),
  );

  const waiting = uploads.some((u) => u.state === 'waiting' || u.state === 'failed');
  return (
    <Modal
      opened
      onClose={busy ? () => {} : onClose}
      title={`Manage Download ${download.version_key}`}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm">
        <Group>
          <Checkbox label="Hidden from customers" {...form.checkboxProps('is_hidden')} />
          <Checkbox label="Prerelease" {...form.checkboxProps('is_prerelease')} />
        </Group>
        <TextInput label="Codename" {...form.textProps('codename')} />
        <TextInput label="Release date" placeholder="YYYY-MM-DD" {...form.textProps('release_date')} />
        <Textarea label="Release notes" rows={4} {...form.textProps('release_notes')} />
        <Text fw={600} size="sm">
          Files
        </Text>
        {download.platforms.length ? (
          <Table>
            <Table.Tbody>
              {download.platforms.map((p) => (
                <Table.Tr key={p.platform_id}>
                  <Table.Td>{p.platform_name}</Table.Td>
                  <Table.Td>{p.filename}</Table.Td>
                  <Table.Td>{formatBytes(p.filesize_bytes)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm" c="dimmed">
            {uploads.some((u) => u.state === 'done') ? 'None attached yet: Save attaches the uploaded files below.' : 'No files yet.'}
          </Text>
        )}
        <FileInput
          label="Upload installers"
          description={`Names like cometd-${download.version_key}-linux-x86_64.deb; one per platform.`}
          multiple
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the chosen files' }}
          onChange={choose}
          disabled={busy}
        />
        {uploads.map((u) => (
          <Stack key={u.file.name} gap={4}>
            <Group justify="space-between">
              <Text size="sm">
                {u.file.name} {u.platform ? `(${platformName(u.platform)}, ${formatBytes(u.file.size)})` : ''}
              </Text>
              <Text size="sm" c={u.state === 'refused' || u.state === 'failed' ? 'red' : 'dimmed'}>
                {u.state === 'uploading' ? `${Math.round(u.progress * 100)}%` : u.state === 'done' ? 'Uploaded' : (u.message ?? '')}
              </Text>
            </Group>
            {u.state !== 'refused' ? (
              <Progress value={u.progress * 100} aria-label={`Upload of ${u.file.name}`} color={u.state === 'failed' ? 'red' : undefined} />
            ) : null}
          </Stack>
        ))}
        {form.alert ? <Alert color="red">{form.alert}</Alert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="light" onClick={uploadAll} disabled={!waiting || busy} loading={busy}>
            Upload
          </Button>
          <Button onClick={() => save()} loading={patch.isPending} disabled={busy || waiting}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
