import { Badge, Button, Group, Select, Stack, Title } from '@mantine/core';
import type { PaymentCard } from '@portal/contract/payments/cards';
import type { Invoice } from '@portal/contract/payments/invoices';
import type { DataTableColumn } from 'mantine-datatable';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { DataTable } from '../../../components/data-table/data-table';
import { formatDate } from '../../../lib/dates';
import { formatCents } from '../../../lib/money';
import { adminInvoicesSource, adminSavedCardsQuery, adminSavedCardsSource, adminTransactionsSource } from '../api';
import { invoiceHref } from '../lib/pdf-links';
import { NewInvoiceDialog } from './new-invoice-dialog';
import { ProcessInvoiceDialog } from './process-invoice-dialog';
import { TransactionsTable } from './mybill-page';

/** Invoice status (spec-2 §4): PAID, VOID, otherwise unpaid in the danger colour. */
export function InvoiceStatusBadge({ status }: { status: Invoice['status'] }) {
  if (status === 'PAID') return <Badge color="green">Paid</Badge>;
  if (status === 'VOID') return <Badge color="gray">Void</Badge>;
  return <Badge color="red">Unpaid</Badge>;
}

/** The company dialog's Invoices tab: the company's custom invoices, a new one, and each one's Process Invoice dialog. */
export function InvoicesTab({ companyId, readOnly = false }: { companyId: number; readOnly?: boolean }) {
  const source = useMemo(() => adminInvoicesSource(companyId), [companyId]);
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const navigate = useNavigate();
  const columns: DataTableColumn<Invoice>[] = [
    { accessor: 'id', title: 'Invoice', render: (r) => `#${r.id}` },
    { accessor: 'name', title: 'Name' },
    { accessor: 'due_date', title: 'Due' },
    { accessor: 'total_cost', title: 'Total', textAlign: 'right', render: (r) => formatCents(r.total_cost) },
    { accessor: 'status', title: 'Status', render: (r) => <InvoiceStatusBadge status={r.status} /> },
    { accessor: 'paid_at', title: 'Paid', render: (r) => (r.paid_at ? formatDate(r.paid_at) : '') },
    {
      accessor: 'actions',
      title: 'Actions',
      textAlign: 'right',
      render: (r) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button
            size="xs"
            variant="subtle"
            component="a"
            href={invoiceHref(r.id)}
            target="_blank"
            rel="noopener"
            aria-label={`View Invoice #${r.id} PDF`}
          >
            PDF
          </Button>
          <Button
            size="xs"
            variant="light"
            onClick={() => setOpen(r.id)}
            aria-label={`${r.status === 'UNPAID' ? 'Process' : 'Open'} Invoice #${r.id}`}
          >
            {r.status === 'UNPAID' ? 'Process' : 'Open'}
          </Button>
        </Group>
      ),
    },
  ];
  const add = (
    <Button onClick={() => setCreating(true)} disabled={readOnly}>
      New invoice
    </Button>
  );
  return (
    <>
      <DataTable
        label="Invoices"
        source={source}
        columns={columns}
        defaultPageSize={20}
        searchable={false}
        emptyText="No invoices yet."
        emptyAction={add}
        toolbar={add}
      />
      {creating && (
        <NewInvoiceDialog
          companyId={companyId}
          onClose={() => setCreating(false)}
          // Posted to a ticket: open it, where the invoice now is (spec-1 §2 tickets/{searchId}).
          onCreated={(invoice) =>
            invoice.ticket_search_id && void navigate({ to: '/tickets/$ticketId', params: { ticketId: invoice.ticket_search_id } })
          }
        />
      )}
      {open !== null && <ProcessInvoiceDialog invoiceId={open} onClose={() => setOpen(null)} />}
    </>
  );
}

/** The company dialog's Transactions tab (admins): its bill, filtered by one of its saved cards. */
export function CompanyTransactionsTab({ companyId }: { companyId: number }) {
  const cards = adminSavedCardsQuery.useQuery({ target_id: companyId, page_size: 100 });
  const [cardId, setCardId] = useState<string | null>(null);
  const source = useMemo(() => adminTransactionsSource(companyId, cardId ? Number(cardId) : null), [companyId, cardId]);
  const cardsSource = useMemo(() => adminSavedCardsSource(companyId), [companyId]);
  const cardColumns: DataTableColumn<PaymentCard>[] = [
    { accessor: 'card_type', title: 'Type' },
    { accessor: 'card_number', title: 'Number', render: (c) => <span style={{ whiteSpace: 'nowrap' }}>{c.card_number}</span> },
    { accessor: 'card_expiry', title: 'Expiry' },
    { accessor: 'is_default', title: 'Default', render: (c) => (c.is_default ? <Badge>Default</Badge> : null) },
    { accessor: 'transaction_success_count', title: 'Succeeded', textAlign: 'right' },
    { accessor: 'transaction_failure_count', title: 'Failed', textAlign: 'right' },
    { accessor: 'charged_amount', title: 'Charged', textAlign: 'right', render: (c) => formatCents(c.charged_amount) },
  ];
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        Saved cards
      </Title>
      <DataTable
        label="Saved cards"
        source={cardsSource}
        columns={cardColumns}
        defaultPageSize={20}
        searchable={false}
        emptyText="No credit card on file."
      />
      <Group justify="space-between" align="flex-end">
        <Title order={3} size="h5">
          Transactions
        </Title>
        <Select
          label="Saved card"
          placeholder="All cards and entries"
          clearable
          data={(cards.data?.rows ?? []).map((c) => ({ value: String(c.id), label: `${c.card_type} ${c.card_number} (${c.card_expiry})` }))}
          value={cardId}
          onChange={setCardId}
          w={280}
        />
      </Group>
      <TransactionsTable source={source} label="Company transactions" />
    </Stack>
  );
}
