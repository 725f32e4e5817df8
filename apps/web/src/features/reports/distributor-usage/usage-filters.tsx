import { Select, Stack, Text, Title } from '@mantine/core';
import type { CallOutput } from '@portal/contract/shared/define-call';
import type { distributorUsageV2 } from '@portal/contract/reports/distributor-usage';
import { useDistributors } from '../../companies/api';
import { monthLabel, reportMonths } from './months';

type Rates = CallOutput<typeof distributorUsageV2>['rates'];

export interface UsageFilterValues {
  yearmonth: string;
  distributorId: number | null;
}

/** The report's sidebar (spec-2 §5): the month, the distributor (admins) and the commission percentages it applies. */
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
      {rates && <RatesView rates={rates} isAdmin={isAdmin} />}
    </Stack>
  );
}

/**
 * The percentages are the distributor's own settings, set by the vendor in its company dialog: the report shows
 * them and applies them, never asks for them (docs/decisions/0084).
 */
function RatesView({ rates, isAdmin }: { rates: Rates; isAdmin: boolean }) {
  const none = rates.discount_percent === 0 && rates.indirect_commission_percent === 0;
  return (
    <Stack gap={4} role="group" aria-label="Commission">
      <Text size="sm" fw={600}>
        Commission
      </Text>
      <Text size="sm">Discount: {rates.discount_percent}%</Text>
      <Text size="sm">Indirect commission: {rates.indirect_commission_percent}%</Text>
      <Text size="xs" c="dimmed">
        {none ? 'No discount or commission is set for this distributor yet. ' : ''}
        {isAdmin
          ? "Set in the distributor's company dialog, on its Distributor settings tab."
          : 'Set by your vendor for your account; contact them to change it.'}
      </Text>
    </Stack>
  );
}
