import { Checkbox, Fieldset, Group, NumberInput, Select, SimpleGrid } from '@mantine/core';
import { COMPANY_TYPES, type CompanyType } from '@portal/contract/shared/fields';
import { PLAN_IDS } from '@portal/contract/shared/plans';
import { useSales } from '../../api/list-sales';
import type { FormSectionProps } from './form-section-props';

/** Account managers, billing, permissions and plan: admin only. */
export function CompanyAdminSections({ company, values, set, errors }: FormSectionProps) {
  const sales = useSales();
  const isCustomer = company.company_type === 'customer';
  const isAdminCompany = company.company_type === 'admin';
  const salesOptions = (sales.data ?? []).map((person) => ({ value: String(person.id), label: person.contact_name || person.email }));
  return (
    <>
      <Fieldset legend="Account managers">
        <Select
          label="Sales representative"
          data={salesOptions}
          value={values.sales_id}
          onChange={(value) => set('sales_id', value)}
          clearable
          placeholder="None"
          error={errors.target_sales_id}
        />
      </Fieldset>
      <Fieldset legend="Billing" disabled={!isCustomer}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Checkbox
            label="Out-of-band payment"
            checked={values.has_oob_payment}
            onChange={(event) => set('has_oob_payment', event.currentTarget.checked)}
          />
          <Checkbox
            label="Contract billing"
            checked={values.has_contract_billing}
            onChange={(event) => set('has_contract_billing', event.currentTarget.checked)}
          />
          <NumberInput
            label="Refund window (days)"
            min={0}
            max={365}
            value={values.customer_trial_length_days}
            error={errors.target_customer_trial_length_days}
            onChange={(value) => set('customer_trial_length_days', typeof value === 'number' ? value : 0)}
          />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend="Permissions">
        <Group>
          <Checkbox label="VIP" checked={values.is_vip} onChange={(event) => set('is_vip', event.currentTarget.checked)} />
          <Checkbox label="Partner" checked={values.is_partner} onChange={(event) => set('is_partner', event.currentTarget.checked)} />
          <Checkbox label="Internal" checked={values.is_internal} onChange={(event) => set('is_internal', event.currentTarget.checked)} />
          {isAdminCompany && (
            <>
              <Checkbox
                label="Sales"
                checked={values.can_have_sales}
                onChange={(event) => set('can_have_sales', event.currentTarget.checked)}
              />
              <Checkbox
                label="Support"
                checked={values.can_have_support}
                onChange={(event) => set('can_have_support', event.currentTarget.checked)}
              />
            </>
          )}
        </Group>
        <Select
          mt="sm"
          label="Company type"
          data={[...COMPANY_TYPES]}
          value={values.company_type}
          allowDeselect={false}
          disabled={!isCustomer}
          error={errors.target_company_type}
          onChange={(value) => value && set('company_type', value as CompanyType)}
        />
      </Fieldset>
      <PlanFieldset {...{ company, values, set, errors }} withForce />
    </>
  );
}

export function PlanFieldset({ values, set, errors, withForce }: FormSectionProps & { withForce: boolean }) {
  const plans = PLAN_IDS.includes(values.plan_id as (typeof PLAN_IDS)[number]) ? [...PLAN_IDS] : [values.plan_id, ...PLAN_IDS];
  return (
    <Fieldset legend="Plan">
      <Group align="flex-end">
        <Select
          label="Plan"
          data={plans}
          value={values.plan_id}
          allowDeselect={false}
          error={errors.target_plan_id}
          onChange={(value) => value && set('plan_id', value)}
        />
        {withForce && (
          <Checkbox
            label="Force plan change"
            checked={values.plan_force}
            onChange={(event) => set('plan_force', event.currentTarget.checked)}
          />
        )}
      </Group>
    </Fieldset>
  );
}
