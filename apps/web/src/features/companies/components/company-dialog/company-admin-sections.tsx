import { Fieldset, Group, NumberInput, Select, SimpleGrid } from '@mantine/core';
import { COMPANY_TYPES, type CompanyType } from '@portal/contract/shared/fields';
import { PLAN_IDS } from '@portal/contract/shared/plans';
import { useSales } from '../../api';
import { FlagCheckbox } from './flag-checkbox';
import type { FormSectionProps } from './form-section-props';

/** Account managers, billing, permissions and plan: admin only. */
export function CompanyAdminSections({ company, values, set, errors, limits }: FormSectionProps) {
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
          <FlagCheckbox label="Out-of-band payment" field="has_oob_payment" values={values} set={set} />
          <FlagCheckbox label="Contract billing" field="has_contract_billing" values={values} set={set} />
          <NumberInput
            label="Refund window (days)"
            {...limits.range('target_customer_trial_length_days')}
            value={values.customer_trial_length_days}
            error={errors.target_customer_trial_length_days}
            onChange={(value) => set('customer_trial_length_days', typeof value === 'number' ? value : 0)}
          />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend="Permissions">
        <Group>
          <FlagCheckbox label="VIP" field="is_vip" values={values} set={set} />
          <FlagCheckbox label="Partner" field="is_partner" values={values} set={set} />
          <FlagCheckbox label="Internal" field="is_internal" values={values} set={set} />
          {isAdminCompany && (
            <>
              <FlagCheckbox label="Sales" field="can_have_sales" values={values} set={set} />
              <FlagCheckbox label="Support" field="can_have_support" values={values} set={set} />
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
      <PlanFieldset {...{ company, values, set, errors, limits }} withForce />
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
        {withForce && <FlagCheckbox label="Force plan change" field="plan_force" values={values} set={set} />}
      </Group>
    </Fieldset>
  );
}
