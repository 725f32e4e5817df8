import { Button, NumberInput, Select, Stack, Text, Title } from '@mantine/core';
import type { CallOutput } from '@portal/contract/shared/define-call';
import type { distributorUsageV2 } from '@portal/contract/reports/distributor-usage';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { useDistributors } from '../../companies/api';
import { useSetDistributorCommission } from './api';
import { monthLabel, reportMonths } from './months';

type Rates = CallOutput<typeof distributorUsageV2>['rates'];

export interface UsageFilterValues {
  yearmonth: string;
  distributorId: number | null;
}

/** The report's sidebar (spec-2 §5): the month, the distributor (admins) and the commission percentages. */
export function UsageFilters({
  isAdmin,
  values,
  onChange,
  rates,
}: {
  isAdmin: boolean;
  values: UsageFilterValues;
  onChange: (values: UsageFilterValues) => void;
  rates: Rates | undefined;
}) {
  const months = reportMonths(isAdmin).map((m) => ({ value: m, label: monthLabel(m) }));
  const distributors = useDistributors(isAdmin);
  return (
    <Stack gap="sm" component="aside" aria-label="Report filters">
      <Title order={3} size="h5">
        Filters
      </Title>
      <Select
        label="Month"
        data={months}
        value={values.yearmonth}
        onChange={(value) => value && onChange({ ...values, yearmonth: value })}
        allowDeselect={false}
        searchable
      />
      {isAdmin && (
        <Select
          label="Distributor"
          placeholder="Choose a distributor"
          data={(distributors.data ?? []).map((d) => ({ value: String(d.id), label: d.company_name }))}
          value={values.distributorId === null ? null : String(values.distributorId)}
          onChange={(value) => onChange({ ...values, distributorId: value ? Number(value) : null })}
          searchable
        />
      )}
      {rates &&
        (isAdmin && values.distributorId !== null ? (
          <RatesForm distributorId={values.distributorId} rates={rates} />
        ) : (
          <RatesView rates={rates} />
        ))}
    </Stack>
  );
}

/** Distributors see their percentages read-only. */
function RatesView({ rates }: { rates: Rates }) {
  return (
    <>
      <NumberInput label="Discount (%)" value={rates.discount_percent} readOnly />
      <NumberInput label="Indirect commission (%)" value={rates.indirect_commission_percent} readOnly />
    </>
  );
}

const clampPercent = (value: string | number) => (typeof value === 'number' ? value : Number.NaN);

/** Admins set a distributor's percentages, 0 to 100, and the report recomputes with them. */
function RatesForm({ distributorId, rates }: { distributorId: number; rates: Rates }) {
  const [discount, setDiscount] = useState<number>(rates.discount_percent);
  const [indirect, setIndirect] = useState<number>(rates.indirect_commission_percent);
  useEffect(() => {
    setDiscount(rates.discount_percent);
    setIndirect(rates.indirect_commission_percent);
  }, [rates.discount_percent, rates.indirect_commission_percent]);
  const save = useSetDistributorCommission();
  const valid = [discount, indirect].every((p) => Number.isInteger(p) && p >= 0 && p <= 100);
  const dirty = discount !== rates.discount_percent || indirect !== rates.indirect_commission_percent;
  return (
    <Stack gap="xs">
      <NumberInput
        label="Discount (%)"
        min={0}
        max={100}
        allowDecimal={false}
        value={discount}
        onChange={(v) => setDiscount(clampPercent(v))}
      />
      <NumberInput
        label="Indirect commission (%)"
        min={0}
        max={100}
        allowDecimal={false}
        value={indirect}
        onChange={(v) => setIndirect(clampPercent(v))}
      />
      {!valid && (
        <Text size="xs" c="red" role="alert">
          Enter a percentage from 0 to 100
        </Text>
      )}
      {save.error && (
        <Text size="xs" c="red" role="alert">
          {errorMessage(save.error)}
        </Text>
      )}
      <Button
        size="xs"
        disabled={!valid || !dirty}
        loading={save.isPending}
        onClick={() => save.mutate({ id: distributorId, discount_percent: discount, indirect_commission_percent: indirect })}
      >
        Save percentages
      </Button>
    </Stack>
  );
}
