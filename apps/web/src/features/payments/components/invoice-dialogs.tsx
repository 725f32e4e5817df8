import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { type Invoice, INVOICE_MAX_LINES } from '@portal/contract/payments/invoices';
import { useState } from 'react';
import { confirmYesNo } from '../../../components/confirm/confirm-yes-no';
import { notifyFailure, notifySuccess } from '../../../components/feedback/notify';
import { DialogLoadError } from '../../../components/feedback/dialog-load-error';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { formatCents } from '../../../lib/money';
import {
  newInvoiceDialogQuery,
  processInvoiceDialogQuery,
  useCreateInvoice,
  usePreviewInvoice,
  useProcessInvoice,
  useVoidInvoice,
} from '../api';
import {
  NEW_INVOICE,
  NEW_INVOICE_LINE,
  type InvoiceFormValues,
  type InvoiceLineValues,
  invoiceErrors,
  invoiceInput,
  invoiceTotal,
} from '../lib/invoice-form';
import { invoiceHref, openPdf } from '../lib/pdf-links';
import { Modal } from '../../../components/modal/modal';

const moneyProps = { min: 0, step: 0.01, decimalScale: 2, prefix: '$', thousandSeparator: ',', allowNegative: false } as const;

/** Create A New Custom Invoice (spec-1 §2): name, due date and line items in dollars; Preview opens the PDF, Create saves it UNPAID. */
export function NewInvoiceDialog({
  companyId,
  onClose,
  onCreated,
}: {
  companyId: number;
  onClose: () => void;
  /** After Create; an invoice posted to a ticket opens that ticket (docs/decisions/0045). */
  onCreated?: (invoice: Invoice) => void;
}) {
  const dialog = newInvoiceDialogQuery.useQuery({ target_id: companyId });
  const preview = usePreviewInvoice();
  const create = useCreateInvoice();
  const [values, setValues] = useState<InvoiceFormValues>(NEW_INVOICE);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);

  /** A field's message goes once the field is changed; the next Create or Preview checks again. */
  const clearError = (key: string) =>
    setErrors((current) => {
      if (!(key in current) && !('target_line_items' in current)) return current;
      const { [key]: _gone, target_line_items: _lines, ...rest } = current;
      return rest;
    });
  const setLine = (index: number, change: Partial<InvoiceLineValues>) => {
    for (const field of Object.keys(change)) clearError(`target_line_items.${index}.${field}`);
    setValues((v) => ({ ...v, target_line_items: v.target_line_items.map((l, i) => (i === index ? { ...l, ...change } : l)) }));
  };
  const checked = () => {
    const input = invoiceInput(companyId, values);
    const found = invoiceErrors(input);
    setErrors(found);
    setAlert(null);
    return Object.keys(found).length ? null : input;
  };
  const serverFailed = (error: unknown) => {
    if (isApiError(error) && error.hasFieldErrors) setErrors({ ...error.fields });
    setAlert(errorMessage(error));
  };
  const onPreview = () => {
    const input = checked();
    if (input) openPdf(() => preview.mutateAsync(input)).catch(serverFailed);
  };
  const onCreate = (event: React.FormEvent) => {
    event.preventDefault();
    const input = checked();
    if (!input) return;
    create.mutate(input, {
      onSuccess: (invoice) => {
        notifySuccess(`Invoice #${invoice.id} created for ${formatCents(invoice.total_cost)}`);
        onClose();
        onCreated?.(invoice);
      },
      onError: serverFailed,
    });
  };
  const company = dialog.data?.company_name;
  return (
    <Modal opened onClose={onClose} size="xl" title="Create A New Custom Invoice" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form noValidate onSubmit={onCreate}>
        <Stack gap="sm">
          {company && <Text size="sm">For {company}</Text>}
          <Group grow align="flex-start">
            <TextInput
              label="Name"
              required
              data-autofocus
              value={values.target_name}
              onChange={(e) => {
                const target_name = e.currentTarget.value;
                clearError('target_name');
                setValues((v) => ({ ...v, target_name }));
              }}
              error={errors.target_name}
              maxLength={200}
            />
            <TextInput
              label="Due date"
              description="YYYY-MM-DD"
              placeholder="2026-12-31"
              required
              value={values.target_due_date}
              onChange={(e) => {
                const target_due_date = e.currentTarget.value;
                clearError('target_due_date');
                setValues((v) => ({ ...v, target_due_date }));
              }}
              error={errors.target_due_date}
              maxLength={10}
            />
          </Group>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th w={110}>Quantity</Table.Th>
                <Table.Th w={150}>Cost</Table.Th>
                <Table.Th w={50}>
                  <VisuallyHidden>Remove</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {values.target_line_items.map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id until saved; they are edited in place.
                <Table.Tr key={i}>
                  <Table.Td>
                    <TextInput
                      aria-label={`Item ${i + 1}`}
                      value={line.item}
                      onChange={(e) => setLine(i, { item: e.currentTarget.value })}
                      error={errors[`target_line_items.${i}.item`]}
                      maxLength={200}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`Quantity ${i + 1}`}
                      min={0}
                      allowDecimal={false}
                      allowNegative={false}
                      value={line.quantity}
                      onChange={(q) => setLine(i, { quantity: q })}
                      error={errors[`target_line_items.${i}.quantity`]}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`Cost ${i + 1} (dollars)`}
                      {...moneyProps}
                      value={line.cost}
                      onChange={(c) => setLine(i, { cost: c })}
                      error={errors[`target_line_items.${i}.cost`]}
                    />
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove line ${i + 1}`}
                      disabled={values.target_line_items.length === 1}
                      onClick={() => setValues((v) => ({ ...v, target_line_items: v.target_line_items.filter((_, j) => j !== i) }))}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {errors.target_line_items && (
            <Text c="red" size="sm" role="alert">
              {errors.target_line_items}
            </Text>
          )}
          <Group justify="space-between">
            <Button
              variant="light"
              disabled={values.target_line_items.length >= INVOICE_MAX_LINES}
              onClick={() => setValues((v) => ({ ...v, target_line_items: [...v.target_line_items, NEW_INVOICE_LINE] }))}
            >
              Add line
            </Button>
            <Text fw={600}>Total {formatCents(invoiceTotal(values))} USD</Text>
          </Group>
          <Group grow align="flex-start">
            <TextInput
              label="Post to ticket"
              description="Optional: the ticket number"
              placeholder="#123"
              value={values.target_ticket_search_id ?? ''}
              onChange={(e) => {
                const target_ticket_search_id = e.currentTarget.value;
                clearError('target_ticket_search_id');
                setValues((v) => ({ ...v, target_ticket_search_id }));
              }}
              error={errors.target_ticket_search_id}
              maxLength={100}
            />
            <Textarea
              label="Message on the ticket"
              description="Posted with a link to the invoice"
              rows={2}
              value={values.target_ticket_body ?? ''}
              onChange={(e) => {
                const target_ticket_body = e.currentTarget.value;
                setValues((v) => ({ ...v, target_ticket_body }));
              }}
              disabled={!values.target_ticket_search_id?.trim()}
              maxLength={20_000}
            />
          </Group>
          <FormErrorAlert message={alert} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button variant="light" onClick={onPreview} loading={preview.isPending}>
              Preview
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const STATUS_TEXT: Record<Invoice['status'], string> = { UNPAID: 'Unpaid', PAID: 'Paid', VOID: 'Void' };

/** Process Invoice (title 'Invoice #id', spec-1 §2): charge one of the company's saved cards, or void it. Only UNPAID can be either. */
export function ProcessInvoiceDialog({ invoiceId, onClose }: { invoiceId: number; onClose: () => void }) {
  const dialog = processInvoiceDialogQuery.useQuery({ target_id: invoiceId });
  const process = useProcessInvoice();
  const voidIt = useVoidInvoice();
  const [cardId, setCardId] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const data = dialog.data;
  const invoice = data?.invoice;
  const unpaid = invoice?.status === 'UNPAID';
  const chosen = cardId ?? (data?.cards.find((c) => c.is_default)?.id.toString() || null);

  const onProcess = () => {
    if (!chosen) return;
    process.mutate(
      { target_invoice_id: invoiceId, target_card_id: Number(chosen) },
      {
        onSuccess: (res) => setOutcome({ ok: res.success, text: res.message }),
        onError: (error) => setOutcome({ ok: false, text: errorMessage(error) }),
      },
    );
  };
  const onVoid = async () => {
    const yes = await confirmYesNo({
      title: `Void Invoice #${invoiceId}?`,
      message: 'A void invoice can no longer be paid.',
      yesLabel: 'Void',
      noLabel: 'Cancel',
    });
    if (!yes) return;
    voidIt.mutate(
      { target_invoice_id: invoiceId },
      {
        onSuccess: () => notifySuccess(`Invoice #${invoiceId} voided`),
        onError: (error) => notifyFailure('Could not void the invoice', error),
      },
    );
  };
  return (
    <Modal opened onClose={onClose} size="lg" title={`Invoice #${invoiceId}`} closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="sm">
        {dialog.error && <DialogLoadError error={dialog.error} onRetry={() => void dialog.refetch()} />}
        {invoice && (
          <>
            <Text>
              {invoice.name} for {data.company_name}: <strong>{formatCents(invoice.total_cost)}</strong> USD, due {invoice.due_date}.
              Status: <strong>{STATUS_TEXT[invoice.status]}</strong>.
            </Text>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Item</Table.Th>
                  <Table.Th ta="right">Quantity</Table.Th>
                  <Table.Th ta="right">Cost</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoice.line_items.map((l, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: an invoice's lines keep their order and have no id.
                  <Table.Tr key={i}>
                    <Table.Td>{l.item}</Table.Td>
                    <Table.Td ta="right">{l.quantity}</Table.Td>
                    <Table.Td ta="right">{formatCents(l.cost)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Select
              label="Saved card"
              placeholder={data.cards.length ? 'Pick a card' : 'The company has no saved card'}
              data={data.cards.map((c) => ({ value: String(c.id), label: `${c.card_type} ${c.card_number} (${c.card_expiry})` }))}
              value={chosen}
              onChange={setCardId}
              disabled={!unpaid || !data.cards.length}
            />
            {outcome && (
              <Alert color={outcome.ok ? 'green' : 'red'} role="status">
                {outcome.text}
              </Alert>
            )}
            <Group justify="space-between">
              <Button component="a" href={invoiceHref(invoiceId)} target="_blank" rel="noopener" variant="subtle">
                View PDF
              </Button>
              <Group>
                <Button variant="default" onClick={onClose}>
                  Done
                </Button>
                <Button color="red" variant="light" disabled={!unpaid} loading={voidIt.isPending} onClick={() => void onVoid()}>
                  Void
                </Button>
                <Button disabled={!unpaid || !chosen} loading={process.isPending} onClick={onProcess}>
                  Process
                </Button>
              </Group>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
