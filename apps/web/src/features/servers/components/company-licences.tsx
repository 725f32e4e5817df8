import { Badge, Button, Group, Stack, Title } from '@mantine/core';
import { SERVERS_PAGE_SIZE } from '@portal/contract/servers/licences';
import type { AdminLicenceRow } from '@portal/contract/servers/server-tables';
import type { DataTableColumn } from 'mantine-datatable';
import { useMemo } from 'react';
import { showInformation } from '../../../components/confirm/show-information';
import { DataTable } from '../../../components/data-table/data-table';
import { notifyFailure, notifySuccess } from '../../../components/feedback/notify';
import { formatDate } from '../../../lib/dates';
import { companyLicencesSource, useArchiveCompanyLicence } from '../api';
import { displayName } from '../lib/licence-rules';
import { confirmArchive } from './confirm-archive';

/** What Create Serial answers in the company dialog (spec-2 §5): customers create their own serials on /my_servers. */
export const CREATE_SERIAL_UNAVAILABLE = 'This feature is not yet available...';

interface CompanyLicencesProps {
  companyId: number;
  /** A deleted company's licences are shown, and nothing can be created or archived (spec-1 §4). */
  deleted: boolean;
}

/** The company dialog's licences (admins): each can be archived for the company; Create Serial is not offered yet. */
export function CompanyLicences({ companyId, deleted }: CompanyLicencesProps) {
  const source = useMemo(() => companyLicencesSource(companyId), [companyId]);
  const archive = useArchiveCompanyLicence();
  const columns = useMemo<DataTableColumn<AdminLicenceRow>[]>(
    () => [
      { accessor: 'serial_number', title: 'Serial number' },
      { accessor: 'name', title: 'Name', render: (r) => r.name || '—' },
      {
        accessor: 'enabled',
        title: 'Status',
        render: (r) => (r.archived ? <Badge color="gray">Archived</Badge> : r.enabled ? 'Enabled' : 'Disabled'),
      },
      { accessor: 'server_version', title: 'Version', render: (r) => r.server_version || '—' },
      { accessor: 'created_at', title: 'Created', render: (r) => formatDate(r.created_at) },
      {
        accessor: 'actions',
        title: 'Actions',
        textAlign: 'right',
        render: (r) => (
          <Button
            size="xs"
            variant="default"
            disabled={deleted || r.archived || archive.isPending}
            aria-label={`Archive ${displayName(r)}`}
            onClick={async () => {
              const name = displayName(r);
              if (!(await confirmArchive(name))) return;
              archive.mutate(
                { serial: r.serial_number, target_company_id: companyId },
                {
                  onSuccess: () => notifySuccess(`${name} archived`),
                  // Spec-1 §8: the server's message, or 'Unknown Error'.
                  onError: (error) => notifyFailure('Could not archive the licence', error),
                },
              );
            }}
          >
            Archive
          </Button>
        ),
      },
    ],
    [archive, companyId, deleted],
  );
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3} size="h5">
          Licences
        </Title>
        <Button
          size="xs"
          variant="default"
          disabled={deleted}
          onClick={() => void showInformation({ title: 'Create Serial', message: CREATE_SERIAL_UNAVAILABLE })}
        >
          Create Serial
        </Button>
      </Group>
      <DataTable
        label="Licences"
        source={source}
        columns={columns}
        defaultPageSize={SERVERS_PAGE_SIZE}
        emptyText="No licences"
        emptyDescription="The company's licences appear here once it creates one on its servers page."
      />
    </Stack>
  );
}
