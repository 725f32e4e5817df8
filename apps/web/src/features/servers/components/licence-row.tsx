import { ActionIcon, Button, ColorSwatch, Group, Menu, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { isLocked } from '@portal/contract/servers/payload';
import type { SelfHostedRow } from '@portal/contract/servers/server-tables';
import { IconDots, IconStar, IconStarFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { confirmTyped } from '../../../components/confirm/confirm-typed';
import { confirmYesNo } from '../../../components/confirm/confirm-yes-no';
import { showInformation } from '../../../components/confirm/show-information';
import { notifySuccess } from '../../../components/feedback/notify';
import { Modal } from '../../../components/modal/modal';
import { errorMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/dates';
import {
  useArchiveLicence,
  useDeleteLicence,
  useFavouriteLicence,
  useLockLicence,
  useRelaxLicence,
  useRenameLicence,
  useRestoreLicence,
  useSerialLogs,
} from '../api';
import {
  type LicenceAction,
  displayName,
  failureText,
  lastCheckInText,
  lockQuestion,
  lockText,
  statusColour,
  versionColour,
} from '../lib/licence-rules';
import { confirmArchive } from './confirm-archive';

/** The spec's alert for a failed row action: its sentence and the server's message (spec-2 §8). */
export const alertFailure = (action: LicenceAction) => (error: unknown) =>
  showInformation({
    title: action === 'create' ? 'Error' : 'Something went wrong',
    message: failureText(action, errorMessage(error)),
    okLabel: action === 'create' ? 'Close' : 'OK',
  });

export function RenameDialog({ row, onClose }: { row: SelfHostedRow; onClose: () => void }) {
  const rename = useRenameLicence();
  const [name, setName] = useState(row.name);
  return (
    <Modal opened onClose={onClose} title={`Rename ${displayName(row)}`} closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          rename.mutate(
            { target_serial: row.serial_number, target_name: name },
            { onSuccess: () => notifySuccess('Licence renamed'), onError: alertFailure('rename'), onSettled: onClose },
          );
        }}
      >
        <Stack gap="sm">
          <TextInput label="Name" data-autofocus maxLength={100} value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={rename.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Saves the logs the endpoint recorded as a file the admin can attach to a ticket. */
function saveLogs(serial: string, logs: unknown) {
  const blob = new Blob([JSON.stringify(logs, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `licence-${serial}-logs.json`;
  a.click();
  URL.revokeObjectURL(url);
}

export interface LicenceRowHandlers {
  onRename: (row: SelfHostedRow) => void;
  onShowLog: (row: SelfHostedRow) => void;
}

function DeleteItem({ row }: { row: SelfHostedRow }) {
  const remove = useDeleteLicence();
  const name = displayName(row);
  return (
    <Menu.Item
      color="red"
      onClick={async () => {
        const typed = await confirmTyped({
          title: `Delete ${name}?`,
          message: 'The server using this licence stops working. This cannot be undone.',
          placeholder: name,
          okLabel: 'Delete',
        });
        if (!typed) return;
        remove.mutate(
          { target_serial: row.serial_number, target_confirm_name: name },
          { onSuccess: () => notifySuccess(`${name} deleted`), onError: alertFailure('remove') },
        );
      }}
    >
      Delete licence
    </Menu.Item>
  );
}

function LicenceActions({ row, adminAsUser, handlers }: { row: SelfHostedRow; adminAsUser: boolean; handlers: LicenceRowHandlers }) {
  const relax = useRelaxLicence();
  const archive = useArchiveLicence();
  const restore = useRestoreLicence();
  const logs = useSerialLogs();
  const name = displayName(row);
  const archived = row.archived_at !== null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={`Actions for ${name}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {archived ? (
          <Menu.Item
            onClick={() =>
              restore.mutate(
                { serial: row.serial_number },
                { onSuccess: () => notifySuccess(`${name} restored: it works and is billed again`), onError: alertFailure('restore') },
              )
            }
          >
            Restore
          </Menu.Item>
        ) : (
          <>
            <Menu.Item onClick={() => handlers.onRename(row)}>Rename</Menu.Item>
            <Menu.Item
              onClick={() =>
                relax.mutate(
                  { serial: row.serial_number },
                  { onSuccess: () => notifySuccess(`${name} relaxed: the next server to use it binds it`), onError: alertFailure('relax') },
                )
              }
            >
              Relax licence
            </Menu.Item>
            <Menu.Item
              onClick={async () => {
                if (!(await confirmArchive(name))) return;
                archive.mutate(
                  { serial: row.serial_number },
                  { onSuccess: () => notifySuccess(`${name} archived: restore it from Archived`), onError: alertFailure('archive') },
                );
              }}
            >
              Archive
            </Menu.Item>
          </>
        )}
        <Menu.Item onClick={() => handlers.onShowLog(row)}>View log</Menu.Item>
        {adminAsUser ? (
          <Menu.Item
            onClick={() =>
              logs.mutate(
                { serial: row.serial_number },
                { onSuccess: (data) => saveLogs(row.serial_number, data.logs), onError: alertFailure('logs') },
              )
            }
          >
            Download Logs (Admin)
          </Menu.Item>
        ) : null}
        <Menu.Divider />
        <DeleteItem row={row} />
      </Menu.Dropdown>
    </Menu>
  );
}

/** The lock column: the binding, where the latest check-in came from, and the switch, which asks first. */
function LockCell({ row }: { row: SelfHostedRow }) {
  const lock = useLockLicence();
  const locked = isLocked(row.allowed_ip_address);
  const last = lastCheckInText(row);
  const bound = lockText(row);
  return (
    <Stack gap={2}>
      <Text size="sm">{bound}</Text>
      {last && last !== bound ? (
        <Text size="xs" c="dimmed">
          Last check-in: {last}
        </Text>
      ) : null}
      {row.archived_at === null ? (
        <Switch
          size="xs"
          label={locked ? 'Locked' : 'Unlocked'}
          checked={locked}
          onChange={async (e) => {
            const next = e.currentTarget.checked;
            if (!(await confirmYesNo({ ...lockQuestion(row, next), noLabel: 'Cancel' }))) return;
            lock.mutate({ target_serial: row.serial_number, target_lock_state: next }, { onError: alertFailure('lock') });
          }}
        />
      ) : null}
    </Stack>
  );
}

export function LicenceRow({ row, adminAsUser, handlers }: { row: SelfHostedRow; adminAsUser: boolean; handlers: LicenceRowHandlers }) {
  const favourite = useFavouriteLicence();
  const name = displayName(row);
  return (
    <Table.Tr>
      <Table.Td>
        <ActionIcon
          variant="subtle"
          color="yellow"
          aria-pressed={row.favourited}
          aria-label={row.favourited ? `Unstar ${name}` : `Star ${name}`}
          onClick={() =>
            favourite.mutate({ target_serial: row.serial_number, target_state: !row.favourited }, { onError: alertFailure('favourite') })
          }
        >
          {row.favourited ? <IconStarFilled size={18} /> : <IconStar size={18} />}
        </ActionIcon>
      </Table.Td>
      <Table.Td>
        <Text fw={500}>{name}</Text>
        {row.name ? (
          <Text size="xs" c="dimmed" ff="monospace">
            {row.serial_number}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <ColorSwatch
            size={10}
            color={`var(--mantine-color-${row.archived_at ? 'gray' : statusColour(row.status)}-6)`}
            withShadow={false}
            aria-hidden
          />
          <Text size="sm">{row.archived_at ? `Archived ${formatDate(row.archived_at)}` : row.status}</Text>
        </Group>
      </Table.Td>
      <Table.Td>
        <LockCell row={row} />
      </Table.Td>
      <Table.Td>{row.region?.name ?? '—'}</Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          {row.outdated ? (
            <ColorSwatch size={10} color={`var(--mantine-color-${versionColour(row.outdated)}-6)`} withShadow={false} aria-hidden />
          ) : null}
          <Text size="sm" fw={row.outdated ? 600 : undefined}>
            {row.server_version || 'Unknown'}
            {row.outdated ? ' (outdated)' : ''}
          </Text>
        </Group>
      </Table.Td>
      <Table.Td ta="right">{row.num_clients_online}</Table.Td>
      <Table.Td ta="right">{row.num_boosters_online}</Table.Td>
      <Table.Td>{formatDate(row.created_at)}</Table.Td>
      <Table.Td ta="right">
        <LicenceActions row={row} adminAsUser={adminAsUser} handlers={handlers} />
      </Table.Td>
    </Table.Tr>
  );
}
