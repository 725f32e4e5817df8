import { Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type Invoice, INVOICE_MAX_LINES } from '@portal/contract/payments/invoices';
import { useState } from 'react';
import { notifySuccess } from '../../../components/feedback/notify';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { Modal } from '../../../components/modal/modal';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { formatCents } from '../../../lib/money';
import { newInvoiceDialogQuery, useCreateInvoice, usePreviewInvoice } from '../api';
import {
  NEW_INVOICE,
  NEW_INVOICE_LINE,
  type InvoiceFormValues,
  type InvoiceLineValues,
  invoiceErrors,
  invoiceInput,
  invoiceTotal,
} from '../lib/invoice-form';
import { openPdf } from '../lib/pdf-links';
import { InvoiceLines } from './invoice-lines';

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
          <InvoiceLines
            lines={values.target_line_items}
            errors={errors}
            onChange={setLine}
            onRemove={(index) => setValues((v) => ({ ...v, target_line_items: v.target_line_items.filter((_, j) => j !== index) }))}
          />
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
