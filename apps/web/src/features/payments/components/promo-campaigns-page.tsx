import { Button, Group, NumberInput, Stack, TextInput } from '@mantine/core';
import { adminCreatePromoCode, NEW_PROMO_CODE_ID, PROMO_CODE_PAGE_SIZE, type PromoCode } from '@portal/contract/payments/promo-codes';
import type { DataTableColumn } from 'mantine-datatable';
import { useMemo, useState } from 'react';
import { ConfirmDeleteButton } from '../../../components/confirm/confirm-delete-button';
import { DataTable } from '../../../components/data-table/data-table';
import { notifyFailure, notifySuccess } from '../../../components/feedback/notify';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { useContractForm } from '../../../components/form/use-contract-form';
import { PageHeader } from '../../../components/page/page-header';
import { formatDate } from '../../../lib/dates';
import { formatCents } from '../../../lib/money';
import { promoCodesSource, useCreatePromoCode, useDeletePromoCode, useEditPromoCode } from '../api';
import { NEW_PROMO_CODE, type PromoCodeFormValues, promoCodeForm, promoCodeInput } from '../lib/admin-forms';
import { Modal } from '../../../components/modal/modal';

function PromoCodeDialog({ initial, onClose }: { initial: PromoCodeFormValues; onClose: () => void }) {
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

function DeleteButton({ code }: { code: PromoCode }) {
  const remove = useDeletePromoCode();
  return (
    <ConfirmDeleteButton
      name={code.promo_key}
      title={`Delete promo code ${code.promo_key}?`}
      message="It stops redeeming; credit already given stays."
      loading={remove.isPending}
      onConfirmed={() =>
        remove.mutate(
          { promo_code_id: code.id },
          {
            onSuccess: () => notifySuccess(`Promo code ${code.promo_key} deleted`),
            onError: (error) => notifyFailure('Could not delete the promo code', error),
          },
        )
      }
    />
  );
}

/** /promo_campaigns: promo codes, 20 per page, with edit, delete and new (spec-2 §2.12). */
export function PromoCampaignsPage() {
  const [editing, setEditing] = useState<PromoCodeFormValues | null>(null);
  const source = useMemo(() => promoCodesSource(), []);
  const columns: DataTableColumn<PromoCode>[] = [
    { accessor: 'display_name', title: 'Name' },
    { accessor: 'promo_key', title: 'Code' },
    { accessor: 'amount', title: 'Amount ($)', textAlign: 'right', render: (code) => formatCents(code.amount) },
    { accessor: 'start_at', title: 'Start', render: (code) => (code.start_at ? formatDate(code.start_at) : '—') },
    { accessor: 'finish_at', title: 'Finish', render: (code) => (code.finish_at ? formatDate(code.finish_at) : '—') },
    { accessor: 'redemptions', title: 'Redeemed', textAlign: 'right' },
    {
      accessor: 'actions',
      title: 'Actions',
      textAlign: 'right',
      render: (code) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button size="xs" variant="light" onClick={() => setEditing(promoCodeForm(code))} aria-label={`Edit ${code.promo_key}`}>
            Edit
          </Button>
          <DeleteButton code={code} />
        </Group>
      ),
    },
  ];
  const add = <Button onClick={() => setEditing(NEW_PROMO_CODE)}>New promo code</Button>;
  return (
    <>
      <PageHeader
        title="Promo campaigns"
        description="Codes that give a company credit once, at signup or on the top-up page."
        actions={add}
      />
      <DataTable
        label="Promo codes"
        source={source}
        columns={columns}
        defaultPageSize={PROMO_CODE_PAGE_SIZE}
        searchable={false}
        emptyText="No promo codes"
        emptyDescription="Create a code to give new customers credit."
        emptyAction={add}
      />
      {editing ? <PromoCodeDialog initial={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
