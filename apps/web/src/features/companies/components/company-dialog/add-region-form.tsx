import { Button, Checkbox, Group, Select } from '@mantine/core';
import { addDistributorRegion } from '@portal/contract/companies/distributor-settings';
import { notifySuccess } from '../../../../components/feedback/notify';
import { FormErrorAlert } from '../../../../components/form/form-error-alert';
import { useContractForm } from '../../../../components/form/use-contract-form';
import { useAddRegion, useRegions } from '../../api';

const NONE = { region: null as string | null, all: false };

/** Adds one region to a distributor, or every region at once (the region is then not sent). */
export function AddRegionForm({ companyId }: { companyId: number }) {
  const regions = useRegions();
  const add = useAddRegion();
  const form = useContractForm(addDistributorRegion, {
    initialValues: NONE,
    toInput: ({ region, all }) => ({
      target_id: companyId,
      target_region_code: all ? '' : (region ?? ''),
      target_include_all_regions: all,
    }),
    serverError: add.error,
  });
  const { region, all } = form.values;
  const submit = form.onSubmit((input) =>
    add.mutate(input, {
      onSuccess: () => {
        notifySuccess(input.target_include_all_regions ? 'All regions added' : 'Region added');
        form.reset();
      },
    }),
  );
  return (
    <>
      <Group align="flex-end">
        <Select
          label="Region"
          data={(regions.data ?? []).map((item) => ({ value: item.code, label: item.name }))}
          value={region}
          onChange={(value) => form.setValue('region', value)}
          disabled={all}
          error={form.errors.target_region_code}
        />
        <Checkbox label="Include all regions" {...form.checkboxProps('all')} />
        <Button disabled={!all && region === null} loading={add.isPending} onClick={() => submit()}>
          Add
        </Button>
      </Group>
      <FormErrorAlert message={form.alert} />
    </>
  );
}
