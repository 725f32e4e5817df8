import { Alert, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import type { Invoice } from '@portal/contract/payments/invoices';
import { useState } from 'react';
import { confirmYesNo } from '../../../components/confirm/confirm-yes-no';
import { DialogLoadError } from '../../../components/feedback/dialog-load-error';
import { notifyFailure, notifySuccess } from '../../../components/feedback/notify';
import { Modal } from '../../../components/modal/modal';
import { errorMessage } from '../../../lib/api-error';
import { formatCents } from '../../../lib/money';
import { processInvoiceDialogQuery, useProcessInvoice, useVoidInvoice } from '../api';
import { invoiceHref } from '../lib/pdf-links';

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
