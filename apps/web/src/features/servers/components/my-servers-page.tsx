import { Alert, Button, Group, SegmentedControl, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { SERVERS_PAGE_SIZE } from '@portal/contract/servers/licences';
import type { SelfHostedRow } from '@portal/contract/servers/server-tables';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { notifySuccess } from '../../../components/feedback/notify';
import { PageHeader } from '../../../components/page/page-header';
import { errorMessage } from '../../../lib/api-error';
import { useAuthContext } from '../../auth/api';
import { myServersQuery, useCreateLicence } from '../api';
import { HostedServers } from './hosted/hosted-servers';
import { LicenceLogDialog } from './licence-log-dialog';
import { LicenceRow, type LicenceRowHandlers, RenameDialog, alertFailure } from './licence-row';

/** /my_servers: the company's servers, hosted and self-hosted, with their row actions (spec-2 §2.11). */
export function MyServersPage() {
  const auth = useAuthContext();
  const adminAsUser = Boolean(auth.data?.roles.includes('admin_impersonating'));
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [archived, setArchived] = useState(false);
  const table = myServersQuery.useQuery({ page, page_size: SERVERS_PAGE_SIZE, target_search_query: search, target_archived: archived });
  const create = useCreateLicence();
  const [renaming, setRenaming] = useState<SelfHostedRow | null>(null);
  const [showingLog, setShowingLog] = useState<SelfHostedRow | null>(null);
  const handlers = useMemo<LicenceRowHandlers>(() => ({ onRename: setRenaming, onShowLog: setShowingLog }), []);
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
      <Group justify="space-between" align="center" mb="xs">
        <Title order={2} size="h4">
          Self-hosted
        </Title>
        <SegmentedControl
          size="xs"
          aria-label="Licences to show"
          value={archived ? 'archived' : 'in-use'}
          onChange={(value) => {
            setArchived(value === 'archived');
            setPage(1);
          }}
          data={[
            { value: 'in-use', label: 'In use' },
            { value: 'archived', label: 'Archived' },
          ]}
        />
      </Group>
      {rows.length === 0 && !table.isLoading ? (
        <Text size="sm" c="dimmed">
          {search ? 'No results found with that filter!' : archived ? 'No archived licences.' : 'No self-hosted licences yet.'}
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
                <LicenceRow key={row.serial_number} row={row} adminAsUser={adminAsUser} handlers={handlers} />
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
      {showingLog ? <LicenceLogDialog row={showingLog} onClose={() => setShowingLog(null)} /> : null}
    </>
  );
}
