import {
  ActionIcon,
  Alert,
  Button,
  ColorSwatch,
  Group,
  Menu,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { SERVERS_PAGE_SIZE } from '@portal/contract/servers/licences';
import { isLocked } from '@portal/contract/servers/payload';
import type { SelfHostedRow } from '@portal/contract/servers/server-tables';
import { IconDots, IconStar, IconStarFilled } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { confirmTyped } from '../../../components/confirm/confirm-typed';
import { showInformation } from '../../../components/confirm/show-information';
import { notifySuccess } from '../../../components/feedback/notify';
import { PageHeader } from '../../../components/page/page-header';
import { errorMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/dates';
import { useAuthContext } from '../../auth/api';
import {
  myServersQuery,
  useArchiveLicence,
  useCreateLicence,
  useDeleteLicence,
  useFavouriteLicence,
  useLockLicence,
  useRelaxLicence,
  useRenameLicence,
  useSerialLogs,
} from '../api';
import { confirmArchive } from './confirm-archive';
import { HostedServers } from './hosted/hosted-servers';
import { type LicenceAction, displayName, failureText, lockText, statusColour, versionColour } from '../lib/licence-rules';
import { Modal } from '../../../components/modal/modal';

/** The spec's alert for a failed row action: its sentence and the server's message (spec-2 §8). */
const alertFailure = (action: LicenceAction) => (error: unknown) =>
  showInformation({
    title: action === 'create' ? 'Error' : 'Something went wrong',
    message: failureText(action, errorMessage(error)),
    okLabel: action === 'create' ? 'Close' : 'OK',
  });

function RenameDialog({ row, onClose }: { row: SelfHostedRow; onClose: () => void }) {
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

function LicenceActions({ row, adminAsUser, onRename }: { row: SelfHostedRow; adminAsUser: boolean; onRename: () => void }) {
  const relax = useRelaxLicence();
  const archive = useArchiveLicence();
  const remove = useDeleteLicence();
  const logs = useSerialLogs();
  const name = displayName(row);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={`Actions for ${name}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={onRename}>Rename</Menu.Item>
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
              { onSuccess: () => notifySuccess(`${name} archived`), onError: alertFailure('archive') },
            );
          }}
        >
          Archive
        </Menu.Item>
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
      </Menu.Dropdown>
    </Menu>
  );
}

function LicenceRow({ row, adminAsUser, onRename }: { row: SelfHostedRow; adminAsUser: boolean; onRename: () => void }) {
  const favourite = useFavouriteLicence();
  const lock = useLockLicence();
  const name = displayName(row);
  const locked = isLocked(row.allowed_ip_address);
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
          <ColorSwatch size={10} color={`var(--mantine-color-${statusColour(row.status)}-6)`} withShadow={false} aria-hidden />
          <Text size="sm">{row.status}</Text>
        </Group>
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          <Text size="sm">{lockText(row)}</Text>
          <Switch
            size="xs"
            label={locked ? 'Locked' : 'Unlocked'}
            checked={locked}
            onChange={(e) =>
              lock.mutate(
                { target_serial: row.serial_number, target_lock_state: e.currentTarget.checked },
                { onError: alertFailure('lock') },
              )
            }
          />
        </Stack>
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
        <LicenceActions row={row} adminAsUser={adminAsUser} onRename={onRename} />
      </Table.Td>
    </Table.Tr>
  );
}

/** /my_servers: the company's servers, hosted and self-hosted, with their row actions (spec-2 §2.11). */
export function MyServersPage() {
  const auth = useAuthContext();
  const adminAsUser = Boolean(auth.data?.roles.includes('admin_impersonating'));
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const table = myServersQuery.useQuery({ page, page_size: SERVERS_PAGE_SIZE, target_search_query: search });
  const create = useCreateLicence();
  const [renaming, setRenaming] = useState<SelfHostedRow | null>(null);
  const rows = table.data?.self_hosted ?? [];
  const pages = Math.max(1, Math.ceil((table.data?.total ?? 0) / SERVERS_PAGE_SIZE));
  const add = (
    <Group gap="sm">
      <Button component={Link} to="/create_server" variant="default">
        Create a server
      </Button>
      <Button
        loading={create.isPending}
        onClick={() =>
          create.mutate(
            {},
            { onSuccess: (data) => notifySuccess(`Licence ${data.serial_number} created`), onError: alertFailure('create') },
          )
        }
      >
        New licence
      </Button>
    </Group>
  );
  return (
    <>
      <PageHeader title="My servers" description="Your hosted consoles and self-hosted server licences." actions={add} />
      <TextInput
        label="Search"
        placeholder="Name or serial"
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        mb="md"
        maw={320}
      />
      {table.error ? <Alert color="red">{errorMessage(table.error)}</Alert> : null}
      <Title order={2} size="h4" mt="md">
        Hosted
      </Title>
      <HostedServers data={table.data} canCreate={Boolean(auth.data?.capabilities.includes('use_hosted'))} />
      <Title order={2} size="h4">
        Self-hosted
      </Title>
      {rows.length === 0 && !table.isLoading ? (
        <Text size="sm" c="dimmed">
          {search ? 'No results found with that filter!' : 'No self-hosted licences yet.'}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped aria-label="Self-hosted licences">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <VisuallyHidden>Favourite</VisuallyHidden>
                </Table.Th>
                <Table.Th>Name or serial</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>IP and hardware ID</Table.Th>
                <Table.Th>Region</Table.Th>
                <Table.Th>Version</Table.Th>
                <Table.Th ta="right">Devices</Table.Th>
                <Table.Th ta="right">Boosters</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th ta="right">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <LicenceRow key={row.serial_number} row={row} adminAsUser={adminAsUser} onRename={() => setRenaming(row)} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 ? (
        <Group mt="md">
          <Button variant="default" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <Text size="sm">
            Page {page} of {pages}
          </Text>
          <Button variant="default" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </Group>
      ) : null}
      {renaming ? <RenameDialog row={renaming} onClose={() => setRenaming(null)} /> : null}
    </>
  );
}
