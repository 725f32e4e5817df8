import { Badge, Button, Card, Checkbox, Group, NumberInput, Stack, Table, TextInput } from '@mantine/core';
import { adminEditTopupOption, NEW_TOPUP_OPTION_ID, type TopupOption } from '@portal/contract/payments/topup-options';
import { useState } from 'react';
import { ConfirmDeleteButton } from '../../../components/confirm/confirm-delete-button';
import { notifyFailure, notifySuccess } from '../../../components/feedback/notify';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { useContractForm } from '../../../components/form/use-contract-form';
import { EmptyState } from '../../../components/page/empty-state';
import { PageHeader } from '../../../components/page/page-header';
import { TableSkeleton } from '../../../components/page/page-skeleton';
import { formatCents } from '../../../lib/money';
import { topupOptionsQuery, useDeleteTopupOption, useEditTopupOption } from '../api';
import { NEW_TOPUP_OPTION, type TopupOptionFormValues, topupOptionForm, topupOptionInput } from '../lib/admin-forms';
import { Modal } from '../../../components/modal/modal';

/** Money fields: dollars with cents (spec-2 §5), never below zero. */
const moneyProps = { min: 0, step: 0.01, decimalScale: 2, prefix: '$', thousandSeparator: ',', allowNegative: false } as const;

function TopupOptionDialog({ initial, onClose }: { initial: TopupOptionFormValues; onClose: () => void }) {
  const edit = useEditTopupOption();
  const form = useContractForm(adminEditTopupOption, { initialValues: initial, toInput: topupOptionInput, serverError: edit.error });
  const isNew = initial.id === NEW_TOPUP_OPTION_ID;
  const money = (key: 'cost' | 'amount', label: string) => (
    <NumberInput
      label={label}
      required
      {...moneyProps}
      value={form.values[key]}
      onChange={(value) => form.setValue(key, value)}
      error={form.errors[key]}
    />
  );
  return (
    <Modal opened onClose={onClose} title={isNew ? 'Add a top-up option' : `Edit ${initial.name}`}>
      <form
        noValidate
        onSubmit={form.onSubmit((input) =>
          edit.mutate(input, {
            onSuccess: (option) => {
              notifySuccess(isNew ? `Top-up option ${option.name} added` : `Top-up option ${option.name} saved`);
              onClose();
            },
          }),
        )}
      >
        <Stack gap="sm">
          <TextInput label="Name" required data-autofocus {...form.textProps('name')} />
          {money('cost', 'Cost')}
          {money('amount', 'Amount of credit')}
          <NumberInput
            label="Expiry (days)"
            description="0: the credit never expires."
            min={0}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            value={form.values.expiry_length_days}
            onChange={(value) => form.setValue('expiry_length_days', value)}
            error={form.errors.expiry_length_days}
          />
          <Checkbox label="Visible to customers" {...form.checkboxProps('is_user_visible')} />
          <Checkbox label="Default option" description="Offered even below the minimum top-up." {...form.checkboxProps('is_default')} />
          <FormErrorAlert message={form.alert} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={edit.isPending}>
              {isNew ? 'Add option' : 'Save changes'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function DeleteButton({ option }: { option: TopupOption }) {
  const remove = useDeleteTopupOption();
  return (
    <ConfirmDeleteButton
      name={option.name}
      title={`Delete ${option.name}?`}
      message="Customers can no longer buy it; past purchases keep its name."
      loading={remove.isPending}
      onConfirmed={() =>
        remove.mutate(
          { topup_option_id: option.id },
          {
            onSuccess: () => notifySuccess(`Top-up option ${option.name} deleted`),
            onError: (error) => notifyFailure('Could not delete the top-up option', error),
          },
        )
      }
    />
  );
}

/** /manage_topup_options: the packs customers may buy (spec-2 §2.12), with edit, delete and add. */
export function ManageTopupOptionsPage() {
  const options = topupOptionsQuery.useQuery({});
  const [editing, setEditing] = useState<TopupOptionFormValues | null>(null);
  const add = (
    <Button onClick={() => setEditing(NEW_TOPUP_OPTION)} disabled={options.isPending}>
      Add option
    </Button>
  );
  const rows = options.data?.options ?? [];
  return (
    <>
      <PageHeader title="Top-up options" description="The credit packs customers can buy on the top-up page." actions={add} />
      <Card withBorder padding={0}>
        {options.isPending ? (
          <TableSkeleton label="Loading top-up options" columns={7} />
        ) : rows.length === 0 ? (
          <EmptyState title="No top-up options" description="Add an option so customers can buy credit." action={add} />
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped highlightOnHover aria-label="Top-up options">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th ta="right">Cost</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th>Expiry</Table.Th>
                  <Table.Th>Visible</Table.Th>
                  <Table.Th>Default</Table.Th>
                  <Table.Th ta="right">Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((option) => (
                  <Table.Tr key={option.id}>
                    <Table.Td>{option.name}</Table.Td>
                    <Table.Td ta="right">{formatCents(option.cost)}</Table.Td>
                    <Table.Td ta="right">{formatCents(option.amount)}</Table.Td>
                    <Table.Td>{option.expiry_length_days === 0 ? 'Never' : `${option.expiry_length_days} days`}</Table.Td>
                    <Table.Td>{option.is_user_visible ? 'Yes' : 'Hidden'}</Table.Td>
                    <Table.Td>{option.is_default ? <Badge variant="light">Default</Badge> : null}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => setEditing(topupOptionForm(option))}
                          aria-label={`Edit ${option.name}`}
                        >
                          Edit
                        </Button>
                        <DeleteButton option={option} />
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      {editing ? <TopupOptionDialog initial={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
