import { ActionIcon, Badge, Button, Group, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { HOSTED_FAILURES } from '@portal/contract/servers/hosted';
import type { CallOutput } from '@portal/contract/shared/define-call';
import type { userMyServersTable } from '@portal/contract/servers/server-tables';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { ActionMenu, type MenuAction } from '../../../../components/action-menu';
import { confirmTyped } from '../../../../components/confirm/confirm-typed';
import { showInformation } from '../../../../components/confirm/show-information';
import { notifySuccess } from '../../../../components/feedback/notify';
import { errorMessage } from '../../../../lib/api-error';
import { invalidateCalls } from '../../../../lib/call-hooks';
import { formatDate } from '../../../../lib/dates';
import { asyncTasksQuery, useDeleteHosted, useFavouriteHosted, useRenameHosted } from '../../api/hosted';
import { consoleLoginUrl } from '../../lib/provision';
import { useConfirmSender } from '../../api/hosted-settings';
import { Modal } from '../../../../components/modal/modal';

// The two dialogs load when first opened, not with /my_servers (the route's JavaScript budget, decision 0018).
const CreateHostedDialog = lazy(() => import('./create-hosted-dialog').then((m) => ({ default: m.CreateHostedDialog })));
const HostedSettingsDialog = lazy(() => import('./hosted-settings-dialog').then((m) => ({ default: m.HostedSettingsDialog })));

type Servers = CallOutput<typeof userMyServersTable>;
type HostedRow = Servers['hosted'][number];

const POLL_MS = 5000;

/** The spec's alert for a failed row action: its sentence and the server's message (spec-2 §8). */
const alertFailure = (text: string) => (error: unknown) =>
  showInformation({ title: 'Something went wrong', message: `${text} ${errorMessage(error)}`, okLabel: 'OK' });

function RenameDialog({ row, onClose }: { row: HostedRow; onClose: () => void }) {
  const rename = useRenameHosted();
  const [name, setName] = useState(row.server_name);
  return (
    <Modal opened onClose={onClose} title={`Rename ${row.server_name}`} closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          rename.mutate(
            { target_hosted_server_id: row.id, target_name: name },
            { onSuccess: () => notifySuccess('Server renamed'), onError: alertFailure(HOSTED_FAILURES.rename), onSettled: onClose },
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

/**
 * The link in a sender verification mail opens /my_servers?verify_sender=<token> (docs/decisions/0053): the token
 * is sent once, the address taken out of the bar, and the outcome said.
 */
function useSenderLink() {
  const confirm = useConfirmSender();
  const sent = useRef(false);
  const send = confirm.mutate;
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const token = params.get('verify_sender');
    if (!token || sent.current) return;
    sent.current = true;
    params.delete('verify_sender');
    const rest = params.toString();
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${rest ? `?${rest}` : ''}`);
    send(
      { token },
      {
        onSuccess: (r) => notifySuccess(`Sender address ${r.email} verified`),
        onError: (e) => void showInformation({ title: 'Sender address not verified', message: errorMessage(e), okLabel: 'OK' }),
      },
    );
  }, [send]);
}

function stateBadge(row: HostedRow) {
  if (row.pending_delete) return <Badge color="gray">Deleting</Badge>;
  if (row.pending_delete_failed) return <Badge color="red">Delete failed</Badge>;
  return <Badge color="green">Ready</Badge>;
}

function HostedRowView({ row, onRename, onSettings }: { row: HostedRow; onRename: () => void; onSettings: () => void }) {
  const favourite = useFavouriteHosted();
  const remove = useDeleteHosted();
  // A console being deleted takes no action until the provisioner has removed it (or the delete failed).
  const busy = row.pending_delete;
  const actions: MenuAction[] = [
    { label: 'Login', href: consoleLoginUrl(row.user_dns) },
    { label: 'Rename', onClick: onRename },
    { label: 'Settings', onClick: onSettings, disabled: row.pending_delete_failed },
    {
      label: row.pending_delete_failed ? 'Retry delete' : 'Delete',
      danger: true,
      onClick: async () => {
        const typed = await confirmTyped({
          title: `Delete ${row.server_name}?`,
          message: 'The console and its settings are removed and it is no longer billed. This cannot be undone.',
          placeholder: row.server_name,
          okLabel: 'Delete',
        });
        if (!typed) return;
        remove.mutate(
          { target_hosted_server_id: row.id, target_confirm_name: row.server_name },
          { onSuccess: () => notifySuccess(`${row.server_name} is being deleted`), onError: alertFailure(HOSTED_FAILURES.remove) },
        );
      },
    },
  ];
  return (
    <Table.Tr>
      <Table.Td>
        <ActionIcon
          variant="subtle"
          color="yellow"
          aria-pressed={row.favourited}
          aria-label={row.favourited ? `Unstar ${row.server_name}` : `Star ${row.server_name}`}
          onClick={() =>
            favourite.mutate(
              { target_hosted_server_id: row.id, target_state: !row.favourited },
              { onError: alertFailure(HOSTED_FAILURES.favourite) },
            )
          }
        >
          {row.favourited ? <IconStarFilled size={18} /> : <IconStar size={18} />}
        </ActionIcon>
      </Table.Td>
      <Table.Td>
        <Text fw={500}>{row.server_name}</Text>
      </Table.Td>
      <Table.Td>{stateBadge(row)}</Table.Td>
      <Table.Td>
        <Text size="sm">{row.user_custom_dns || row.user_dns}</Text>
        <Text size="xs" c="dimmed">
          Admin user: {row.admin_username}
        </Text>
      </Table.Td>
      <Table.Td>{row.region}</Table.Td>
      <Table.Td>{row.version || 'Unknown'}</Table.Td>
      <Table.Td ta="right">{row.num_devices_online}</Table.Td>
      <Table.Td ta="right">{row.num_boosters_online}</Table.Td>
      <Table.Td>{formatDate(row.created_at)}</Table.Td>
      <Table.Td ta="right">
        <ActionMenu label={`Actions for ${row.server_name}`} actions={busy ? [] : actions} />
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * /my_servers' hosted group: consoles being built ('provisioning', or failed), and consoles that exist. While a
 * creation task is open the task list is polled; when the count drops the table reloads (spec-1 §4).
 */
export function HostedServers({ data, canCreate }: { data: Servers | undefined; canCreate: boolean }) {
  const queryClient = useQueryClient();
  const tasks = useQuery({
    ...asyncTasksQuery.options({}),
    refetchInterval: (q) => ((q.state.data?.tasks.length ?? 0) > 0 ? POLL_MS : false),
  });
  const open = tasks.data?.tasks.length ?? 0;
  const last = useRef(open);
  useEffect(() => {
    if (open < last.current) void invalidateCalls(queryClient, [{ path: '/api/v1/web/UserMyServersTable.json' }]);
    last.current = open;
  }, [open, queryClient]);
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<HostedRow | null>(null);
  const [configuring, setConfiguring] = useState<HostedRow | null>(null);
  useSenderLink();
  const provisioning = data?.provisioning ?? [];
  const hosted = data?.hosted ?? [];
  const remove = useDeleteHosted();
  return (
    <Stack gap="xs" mb="lg">
      {canCreate ? (
        <Group>
          <Button variant="light" onClick={() => setCreating(true)}>
            New hosted console
          </Button>
        </Group>
      ) : null}
      {provisioning.length === 0 && hosted.length === 0 ? (
        <Text size="sm" c="dimmed">
          No hosted consoles.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped aria-label="Hosted consoles">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <VisuallyHidden>Favourite</VisuallyHidden>
                </Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Domain</Table.Th>
                <Table.Th>Region</Table.Th>
                <Table.Th>Version</Table.Th>
                <Table.Th ta="right">Devices</Table.Th>
                <Table.Th ta="right">Boosters</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th ta="right">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {provisioning.map((p) => (
                <Table.Tr key={`p${p.id}`}>
                  <Table.Td />
                  <Table.Td>
                    <Text fw={500}>{p.name}</Text>
                    {p.failed ? (
                      <Text size="xs" c="red">
                        {p.failure_message}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{p.failed ? <Badge color="red">Failed</Badge> : <Badge color="blue">Provisioning</Badge>}</Table.Td>
                  <Table.Td>—</Table.Td>
                  <Table.Td>{p.region}</Table.Td>
                  <Table.Td>—</Table.Td>
                  <Table.Td />
                  <Table.Td />
                  <Table.Td>{formatDate(p.created_at)}</Table.Td>
                  <Table.Td ta="right">
                    {p.failed ? (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() =>
                          remove.mutate(
                            { target_hosted_server_id: p.id, target_confirm_name: p.name },
                            { onError: alertFailure(HOSTED_FAILURES.remove) },
                          )
                        }
                      >
                        Remove
                      </Button>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
              {hosted.map((row) => (
                <HostedRowView key={row.id} row={row} onRename={() => setRenaming(row)} onSettings={() => setConfiguring(row)} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Suspense fallback={null}>
        {creating ? <CreateHostedDialog onClose={() => setCreating(false)} /> : null}
        {configuring ? (
          <HostedSettingsDialog hostedId={configuring.id} serverName={configuring.server_name} onClose={() => setConfiguring(null)} />
        ) : null}
      </Suspense>
      {renaming ? <RenameDialog row={renaming} onClose={() => setRenaming(null)} /> : null}
    </Stack>
  );
}
