import { Button, Fieldset, Group, NumberInput, SimpleGrid, Text } from '@mantine/core';
import { DISTRIBUTOR_USAGE_MESSAGES } from '@portal/contract/reports/distributor-usage';
import { useState } from 'react';
import { notifySuccess } from '../../../../components/feedback/notify';
import { FormErrorAlert } from '../../../../components/form/form-error-alert';
import { CardSkeleton } from '../../../../components/page/page-skeleton';
import { errorMessage } from '../../../../lib/api-error';
import { distributorCommissionQuery, useSetDistributorCommission } from '../../../reports/api/distributor-commission';
import { useReportDirty } from './dialog-form-state';

type Rates = { discount_percent: number; indirect_commission_percent: number };

const asNumber = (value: string | number) => (typeof value === 'number' ? value : Number.NaN);
const isPercent = (p: number) => Number.isInteger(p) && p >= 0 && p <= 100;

function CommissionForm({ companyId, rates }: { companyId: number; rates: Rates }) {
  const [discount, setDiscount] = useState(rates.discount_percent);
  const [indirect, setIndirect] = useState(rates.indirect_commission_percent);
  const save = useSetDistributorCommission();
  const dirty = discount !== rates.discount_percent || indirect !== rates.indirect_commission_percent;
  const valid = isPercent(discount) && isPercent(indirect);
  useReportDirty('distributor-commission', dirty);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!valid || !dirty) return;
        save.mutate(
          { id: companyId, discount_percent: discount, indirect_commission_percent: indirect },
          { onSuccess: () => notifySuccess('Commission saved') },
        );
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
          onChange={(v) => setDiscount(asNumber(v))}
          error={isPercent(discount) ? undefined : DISTRIBUTOR_USAGE_MESSAGES.percent}
        />
        <NumberInput
          label="Indirect commission (%)"
          description="On indirect sub-accounts' usage, storage excluded"
          min={0}
          max={100}
          allowDecimal={false}
          value={indirect}
          onChange={(v) => setIndirect(asNumber(v))}
          error={isPercent(indirect) ? undefined : DISTRIBUTOR_USAGE_MESSAGES.percent}
        />
      </SimpleGrid>
      <FormErrorAlert message={save.error ? errorMessage(save.error) : null} />
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
