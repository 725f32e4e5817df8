import { Checkbox, Fieldset, MultiSelect, SegmentedControl, Select, Stack } from '@mantine/core';
import { SERVER_REGIONS } from '@portal/contract/shared/plans';
import { chooseDistributor, recentMonths, type TriState, type UsageFilterState } from './usage-filters';

interface Option {
  value: string;
  label: string;
}

interface UsageFilterSidebarProps {
  value: UsageFilterState;
  onChange: (next: UsageFilterState) => void;
  distributors: Option[];
  /** Null hides the Sales Person filter: the user lacks the sales-commission capability (spec-2 §6). */
  salesPeople: Option[] | null;
  disabled?: boolean;
}

const TRI_STATE_DATA = [
  { value: 'any', label: 'Any' },
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

const REGION_DATA = SERVER_REGIONS.map((r) => ({ value: r.code, label: r.name }));

function TriStateFilter(props: { label: string; value: TriState; disabled: boolean; onChange: (value: TriState) => void }) {
  return (
    <Fieldset variant="unstyled" legend={props.label} p={0}>
      <SegmentedControl
        fullWidth
        size="xs"
        data={TRI_STATE_DATA}
        value={props.value}
        disabled={props.disabled}
        onChange={(value) => props.onChange(value as TriState)}
      />
    </Fieldset>
  );
}

/** The Customer Usage filters (spec-2 §2.9): a distributor chosen disables every other filter. */
export function UsageFilterSidebar({ value, onChange, distributors, salesPeople, disabled = false }: UsageFilterSidebarProps) {
  const locked = disabled || value.distributorId !== null;
  const set = (changes: Partial<UsageFilterState>) => onChange({ ...value, ...changes });
  const months = recentMonths().map((m) => ({ value: m, label: m }));
  return (
    <Stack gap="sm" component="form" aria-label="Customer usage filters" onSubmit={(e) => e.preventDefault()}>
      <Select
        label="Month"
        data={months}
        value={value.yearMonth}
        allowDeselect={false}
        disabled={disabled}
        onChange={(month) => month && set({ yearMonth: month })}
      />
      <Select
        label="Distributor"
        placeholder="All companies"
        data={distributors}
        value={value.distributorId === null ? null : String(value.distributorId)}
        searchable
        clearable
        disabled={disabled}
        onChange={(id) => onChange(chooseDistributor(value, id === null ? null : Number(id)))}
      />
      <MultiSelect
        label="Region"
        placeholder={value.regions.length ? undefined : 'All regions'}
        data={REGION_DATA}
        value={value.regions}
        disabled={locked}
        clearable
        onChange={(regions) => set({ regions })}
      />
      {salesPeople && (
        <Select
          label="Sales Person"
          placeholder="Anyone"
          data={salesPeople}
          value={value.salesId === null ? null : String(value.salesId)}
          clearable
          searchable
          disabled={locked}
          onChange={(id) => set({ salesId: id === null ? null : Number(id) })}
        />
      )}
      <TriStateFilter
        label="Contract billing"
        value={value.contractBilling}
        disabled={locked}
        onChange={(v) => set({ contractBilling: v })}
      />
      <TriStateFilter label="Managed" value={value.managed} disabled={locked} onChange={(v) => set({ managed: v })} />
      <TriStateFilter label="Partner" value={value.partner} disabled={locked} onChange={(v) => set({ partner: v })} />
      <TriStateFilter label="VIP" value={value.vip} disabled={locked} onChange={(v) => set({ vip: v })} />
      <Checkbox
        label="Has real usage"
        checked={value.hasRealUsage}
        disabled={locked}
        onChange={(e) => set({ hasRealUsage: e.currentTarget.checked })}
      />
    </Stack>
  );
}
