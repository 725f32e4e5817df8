import { Accordion, Anchor, Button, Code, Group } from '@mantine/core';
import type { CompanyDetail } from '@portal/contract/companies/company-detail';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { DataTableColumn } from 'mantine-datatable';
import { DataTable } from '../../../../components/data-table/data-table';
import type { RowOf } from '../../../../components/data-table/list-source';
import { notifySuccess } from '../../../../components/feedback/notify';
import { FormErrorAlert } from '../../../../components/form/form-error-alert';
import { errorMessage } from '../../../../lib/api-error';
import { formatDateTime } from '../../../../lib/dates';
import { requestLogSource, useImpersonateCompany } from '../../api';
import type { requestLogList } from '@portal/contract/admin-tools/request-log-list';

type LogRow = RowOf<typeof requestLogList>;

const LOG_COLUMNS: DataTableColumn<LogRow>[] = [
  { accessor: 'timestamp', title: 'Time', sortable: true, sortKey: 'timestamp', render: (row) => formatDateTime(row.timestamp) },
  { accessor: 'ip', title: 'IP' },
  { accessor: 'method', title: 'Method' },
  { accessor: 'uri', title: 'URI' },
];

/** Log in as company, create ticket, the raw describe payload and the request log. */
export function CompanyAdminExtras({ company }: { company: CompanyDetail }) {
  const login = useImpersonateCompany();
  const navigate = useNavigate();
  const [open, setOpen] = useState<string | null>(null);
  const loginAs = () =>
    login.mutate(
      { target_id: company.id },
      {
        onSuccess: () => {
          notifySuccess(`Logged in as ${company.company_name}`);
          void navigate({ to: '/' });
        },
      },
    );
  return (
    <>
      <Group>
        <Button variant="default" loading={login.isPending} onClick={loginAs} disabled={company.users.length === 0}>
          Log in as company
        </Button>
        <Anchor href={`/tickets/create?target_company=${company.id}`}>Create ticket</Anchor>
      </Group>
      <FormErrorAlert message={login.error ? errorMessage(login.error) : null} />
      <Accordion variant="contained" value={open} onChange={setOpen}>
        <Accordion.Item value="raw">
          <Accordion.Control>Raw JSON</Accordion.Control>
          <Accordion.Panel>{open === 'raw' && <Code block>{JSON.stringify(company, null, 2)}</Code>}</Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="log">
          <Accordion.Control>Request log</Accordion.Control>
          <Accordion.Panel>
            {open === 'log' && (
              <DataTable
                label="Request log"
                source={requestLogSource(company.id)}
                columns={LOG_COLUMNS}
                defaultPageSize={10}
                idAccessor={(row) => `${row.timestamp}-${row.uri}`}
              />
            )}
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </>
  );
}
