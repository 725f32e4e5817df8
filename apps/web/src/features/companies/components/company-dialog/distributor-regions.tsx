import { Alert, Button, Stack, Title } from '@mantine/core';
import type { distributorRegionList } from '@portal/contract/companies/distributor-settings';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { DataTable } from '../../../../components/data-table/data-table';
import type { RowOf } from '../../../../components/data-table/list-source';
import { notifySuccess } from '../../../../components/feedback/notify';
import { errorMessage } from '../../../../lib/api-error';
import { distributorRegionSource, useRemoveRegion } from '../../api';
import { AddRegionForm } from './add-region-form';

type RegionRow = RowOf<typeof distributorRegionList>;

export function DistributorRegions({ companyId }: { companyId: number }) {
  const remove = useRemoveRegion();
  const [removeError, setRemoveError] = useState<string | null>(null);

  const columns: DataTableColumn<RegionRow>[] = [
    { accessor: 'name', title: 'Name', sortable: true, sortKey: 'name' },
    { accessor: 'code', title: 'Code', sortable: true, sortKey: 'code' },
    { accessor: 'managed_company_count', title: 'Sub-accounts', sortable: true, sortKey: 'managed_company_count' },
    {
      accessor: 'actions',
      title: 'Actions',
      render: (row) => (
        <Button
          size="xs"
          color="red"
          variant="outline"
          aria-label={`Remove ${row.name}`}
          disabled={row.managed_company_count > 0}
          onClick={() => {
            setRemoveError(null);
            remove.mutate(
              { target_id: companyId, target_region_code: row.code },
              {
                onSuccess: () => notifySuccess(`${row.name} removed`),
                onError: (error) => setRemoveError(`Failed to remove region! ${errorMessage(error)}`),
              },
            );
          }}
        >
          Remove
        </Button>
      ),
    },
  ];

  return (
    <Stack>
      <Title order={3} size="h4">
        Regions
      </Title>
      {removeError && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setRemoveError(null)}>
          {removeError}
        </Alert>
      )}
      <AddRegionForm companyId={companyId} />
      <DataTable label="Regions" source={distributorRegionSource(companyId)} columns={columns} defaultPageSize={10} idAccessor="code" />
    </Stack>
  );
}
