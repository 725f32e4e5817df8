import { Button, Checkbox, Fieldset, Group, NativeSelect, NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { adminCreateCreditPack } from '@portal/contract/billing/credit-packs';
import { useEffect } from 'react';
import { notifySuccess } from '../../../../components/feedback/notify';
import { FormErrorAlert } from '../../../../components/form/form-error-alert';
import { useContractForm } from '../../../../components/form/use-contract-form';
import { formatCents } from '../../../../lib/money';
import { useCreateCreditPack } from '../../api';
import { CREDIT_PACK_PRESETS, type CreditPackFormValues, creditPackInput, EMPTY_CREDIT_PACK_FORM } from '../../lib/credit-pack-form';

interface CreditPackFormProps {
  companyId: number;
  disabled?: boolean;
  /** Whether the form holds edits not yet sent, for the drawer's unsaved-changes guard. */
  onDirtyChange?: (dirty: boolean) => void;
}

/** Money fields: dollars with cents (spec-2 §5), never below zero. */
const moneyProps = {
  min: 0,
  step: 0.01,
  decimalScale: 2,
  fixedDecimalScale: false,
  prefix: '$',
  thousandSeparator: ',',
  allowNegative: false,
} as const;

/** Spec-2 §5: cost and amount in dollars (sent in cents), expiry in days, the two flags, and presets that fill it. */
export function CreditPackForm({ companyId, disabled = false, onDirtyChange }: CreditPackFormProps) {
  const create = useCreateCreditPack();
  const form = useContractForm(adminCreateCreditPack, {
    initialValues: EMPTY_CREDIT_PACK_FORM,
    toInput: (values: CreditPackFormValues) => creditPackInput(companyId, values),
    serverError: create.error,
  });
  useEffect(() => onDirtyChange?.(form.isDirty), [form.isDirty, onDirtyChange]);

  const applyPreset = (label: string) => {
    const preset = CREDIT_PACK_PRESETS.find((item) => item.label === label);
    if (preset) form.setValues(preset.values);
  };

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((input) =>
        create.mutate(input, {
          onSuccess: (pack) => {
            notifySuccess(`Credit pack ${pack.name} added (${formatCents(pack.amount)})`);
            form.reset();
          },
        }),
      )}
    >
      <Fieldset legend="Add a credit pack" disabled={disabled}>
        <NativeSelect
          label="Preset"
          description="Fills the form; change anything before adding."
          value=""
          onChange={(event) => applyPreset(event.currentTarget.value)}
          data={[{ value: '', label: 'Choose a preset' }, ...CREDIT_PACK_PRESETS.map((preset) => preset.label)]}
          mb="sm"
          w={{ base: '100%', sm: 360 }}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" required {...form.textProps('target_name')} />
          <NumberInput
            label="Expiry (days)"
            description="Empty or 0: never expires."
            min={0}
            max={36_500}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            value={form.values.target_expiry_days}
            onChange={(value) => form.setValue('target_expiry_days', value)}
            error={form.errors.target_expiry_days}
          />
          <NumberInput
            label="Cost"
            description="What the company paid, in dollars."
            {...moneyProps}
            value={form.values.target_cost}
            onChange={(value) => form.setValue('target_cost', value)}
            error={form.errors.target_cost}
          />
          <NumberInput
            label="Amount"
            description="The credit, in dollars."
            required
            {...moneyProps}
            value={form.values.target_amount}
            onChange={(value) => form.setValue('target_amount', value)}
            error={form.errors.target_amount}
          />
        </SimpleGrid>
        <Group mt="sm" gap="lg">
          <Checkbox label="Create billing entry" {...form.checkboxProps('target_create_billing_entry')} />
          <Checkbox label="Out-of-band payment" {...form.checkboxProps('target_is_oob_payment')} />
        </Group>
        <FormErrorAlert message={form.alert} />
        <Group justify="flex-end" mt="sm">
          {form.isDirty && (
            <Button variant="default" onClick={() => form.reset()}>
              Clear
            </Button>
          )}
          <Button type="submit" loading={create.isPending}>
            Add credit pack
          </Button>
        </Group>
      </Fieldset>
    </form>
  );
}
