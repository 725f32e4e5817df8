import { Alert, Button, Checkbox, Group, Select, Stack, Title } from '@mantine/core';
import type { distributorRegionList } from '@portal/contract/companies/distributor-settings';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { DataTable } from '../../../../components/data-table/data-table';
import type { RowOf } from '../../../../components/data-table/list-source';
import { notifySuccess } from '../../../../components/feedback/notify';
import { FormErrorAlert } from '../../../../components/form/form-error-alert';
import { errorMessage } from '../../../../lib/api-error';
import { distributorRegionSource, useAddRegion, useRegions, useRemoveRegion } from '../../api';

type RegionRow = RowOf<typeof distributorRegionList>;

export function DistributorRegions({ companyId }: { companyId: number }) {
  const regions = useRegions();
  const add = useAddRegion();
  const remove = useRemoveRegion();
  const [region, setRegion] = useState<string | null>(null);
  const [all, setAll] = useState(false);
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
      <Group align="flex-end">
        <Select
          label="Region"
          data={(regions.data ?? []).map((item) => ({ value: item.code, label: item.name }))}
          value={region}
          onChange={setRegion}
          disabled={all}
        />
        <Checkbox label="Include all regions" checked={all} onChange={(event) => setAll(event.currentTarget.checked)} />
        <Button
          disabled={!all && region === null}
          loading={add.isPending}
          onClick={() =>
            add.mutate(
              { target_id: companyId, target_region_code: all ? '' : (region ?? ''), target_include_all_regions: all },
              {
                onSuccess: () => {
                  notifySuccess(all ? 'All regions added' : 'Region added');
                  setRegion(null);
                  setAll(false);
                },
              },
            )
          }
        >
          Add
        </Button>
      </Group>
      <FormErrorAlert message={add.error ? errorMessage(add.error) : null} />
      <DataTable label="Regions" source={distributorRegionSource(companyId)} columns={columns} defaultPageSize={10} idAccessor="code" />
    </Stack>
  );
}
