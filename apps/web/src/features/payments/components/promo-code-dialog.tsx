import { Button, Group, NumberInput, Stack, TextInput } from '@mantine/core';
import { adminCreatePromoCode, NEW_PROMO_CODE_ID, type PromoCode } from '@portal/contract/payments/promo-codes';
import { notifySuccess } from '../../../components/feedback/notify';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { useContractForm } from '../../../components/form/use-contract-form';
import { Modal } from '../../../components/modal/modal';
import { useCreatePromoCode, useEditPromoCode } from '../api';
import { type PromoCodeFormValues, promoCodeInput } from '../lib/admin-forms';

/** Its own chunk: the page's first load needs the table, not the form (Mantine's NumberInput alone is 9 kB gzip). */
export function PromoCodeDialog({ initial, onClose }: { initial: PromoCodeFormValues; onClose: () => void }) {
  const isNew = initial.id === NEW_PROMO_CODE_ID;
  const create = useCreatePromoCode();
  const edit = useEditPromoCode();
  const pending = create.isPending || edit.isPending;
  const form = useContractForm(adminCreatePromoCode, {
    initialValues: initial,
    toInput: promoCodeInput,
    fields: ['promo_key', 'display_name', 'amount', 'start_at', 'finish_at'],
    serverError: isNew ? create.error : edit.error,
  });
  const saved = (code: PromoCode) => {
    notifySuccess(isNew ? `Promo code ${code.promo_key} created` : `Promo code ${code.promo_key} saved`);
    onClose();
  };
  return (
    <Modal opened onClose={onClose} title={isNew ? 'New promo code' : `Edit ${initial.promo_key}`}>
      <form
        noValidate
        onSubmit={form.onSubmit((input) => {
          // A new code is sent with id -1 (spec-2 §3) to create; a saved one to edit.
          if (isNew) create.mutate({ ...input, id: NEW_PROMO_CODE_ID }, { onSuccess: saved });
          else edit.mutate({ ...input, id: initial.id }, { onSuccess: saved });
        })}
      >
        <Stack gap="sm">
          <TextInput label="Name" required data-autofocus {...form.textProps('display_name')} />
          <TextInput label="Code" required description="Customers type it in any case." {...form.textProps('promo_key')} />
          <NumberInput
            label="Amount ($)"
            required
            min={0}
            step={0.01}
            decimalScale={2}
            prefix="$"
            thousandSeparator=","
            allowNegative={false}
            value={form.values.amount}
            onChange={(value) => form.setValue('amount', value)}
            error={form.errors.amount}
          />
          <Group grow>
            <TextInput type="date" label="Start" description="Optional" {...form.textProps('start_at')} />
            <TextInput type="date" label="Finish" description="Optional" {...form.textProps('finish_at')} />
          </Group>
          <FormErrorAlert message={form.alert} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              {isNew ? 'Create promo code' : 'Save changes'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
