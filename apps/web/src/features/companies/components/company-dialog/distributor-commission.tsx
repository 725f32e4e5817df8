import { Button, Fieldset, Group, NumberInput, SimpleGrid, Text } from '@mantine/core';
import { DISTRIBUTOR_USAGE_MESSAGES, setDistributorCommission } from '@portal/contract/reports/distributor-usage';
import { notifySuccess } from '../../../../components/feedback/notify';
import { FormErrorAlert } from '../../../../components/form/form-error-alert';
import { useContractForm } from '../../../../components/form/use-contract-form';
import { CardSkeleton } from '../../../../components/page/page-skeleton';
import { errorMessage } from '../../../../lib/api-error';
import { distributorCommissionQuery, useSetDistributorCommission } from '../../../reports/api/distributor-commission';
import { useReportDirty } from './dialog-form-state';

type Rates = { discount_percent: number; indirect_commission_percent: number };

const asNumber = (value: string | number) => (typeof value === 'number' ? value : Number.NaN);
const isPercent = (p: number) => Number.isInteger(p) && p >= 0 && p <= 100;

function CommissionForm({ companyId, rates }: { companyId: number; rates: Rates }) {
  const save = useSetDistributorCommission();
  const form = useContractForm(setDistributorCommission, {
    initialValues: { discount_percent: rates.discount_percent, indirect_commission_percent: rates.indirect_commission_percent },
    toInput: (values) => ({ id: companyId, ...values }),
    serverError: save.error,
  });
  const { discount_percent: discount, indirect_commission_percent: indirect } = form.values;
  const dirty = form.isDirty;
  // A percentage out of range is said while it is typed, not only on Save.
  const valid = isPercent(discount) && isPercent(indirect);
  const submit = form.onSubmit((input) => save.mutate(input, { onSuccess: () => notifySuccess('Commission saved') }));
  useReportDirty('distributor-commission', dirty);
  return (
    <form
      onSubmit={(event) => {
        if (valid && dirty) submit(event);
        else event.preventDefault();
      }}
      noValidate
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label="Discount (%)"
          description="On direct sub-accounts' usage, storage excluded"
          min={0}
          max={100}
          allowDecimal={false}
          value={discount}
          onChange={(v) => form.setValue('discount_percent', asNumber(v))}
          error={isPercent(discount) ? form.errors.discount_percent : DISTRIBUTOR_USAGE_MESSAGES.percent}
        />
        <NumberInput
          label="Indirect commission (%)"
          description="On indirect sub-accounts' usage, storage excluded"
          min={0}
          max={100}
          allowDecimal={false}
          value={indirect}
          onChange={(v) => form.setValue('indirect_commission_percent', asNumber(v))}
          error={isPercent(indirect) ? form.errors.indirect_commission_percent : DISTRIBUTOR_USAGE_MESSAGES.percent}
        />
      </SimpleGrid>
      <FormErrorAlert message={form.alert} />
      <Group justify="flex-end" mt="sm">
        <Button type="submit" disabled={!valid || !dirty} loading={save.isPending}>
          Save commission
        </Button>
      </Group>
    </form>
  );
}

/**
 * The distributor's discount and indirect commission: its own settings, set here by the vendor, which its
 * usage report shows and applies (docs/decisions/0084).
 */
export function DistributorCommission({ companyId }: { companyId: number }) {
  const rates = distributorCommissionQuery.useQuery({ id: companyId });
  return (
    <Fieldset legend="Commission">
      <Text size="sm" c="dimmed" mb="sm">
        The distributor's usage report applies these and shows them to the distributor, who cannot change them.
      </Text>
      {rates.error && <FormErrorAlert message={errorMessage(rates.error)} />}
      {rates.data ? (
        <CommissionForm key={JSON.stringify(rates.data)} companyId={companyId} rates={rates.data} />
      ) : (
        !rates.error && <CardSkeleton label="Loading commission" />
      )}
    </Fieldset>
  );
}
