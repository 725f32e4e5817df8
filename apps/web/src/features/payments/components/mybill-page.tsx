import { Anchor } from '@mantine/core';
import { TRANSACTION_PAGE_SIZE, type Transaction } from '@portal/contract/payments/transactions';
import type { DataTableColumn } from 'mantine-datatable';
import { useMemo } from 'react';
import { DataTable } from '../../../components/data-table/data-table';
import type { TableSource } from '../../../components/data-table/list-source';
import { PageHeader } from '../../../components/page/page-header';
import { formatDateTime } from '../../../lib/dates';
import { formatCents } from '../../../lib/money';
import { transactionsSource } from '../api';
import { invoiceHref, receiptHref } from '../lib/pdf-links';

/** The PDF of a bill line: a paid invoice opens the invoice, a purchase or an admin entry its receipt. */
export function TransactionPdfLink({ row }: { row: Transaction }) {
  if (!row.invoice_exists) return null;
  const href = row.invoice_number !== null ? invoiceHref(row.invoice_number) : receiptHref(row.id);
  const what = row.invoice_number !== null ? `Invoice #${row.invoice_number}` : `receipt for ${row.item}`;
  return (
    <Anchor href={href} target="_blank" rel="noopener" aria-label={`Download PDF: ${what}`}>
      PDF
    </Anchor>
  );
}

export function transactionColumns(): DataTableColumn<Transaction>[] {
  return [
    { accessor: 'created_at', title: 'Date', render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.created_at)}</span> },
    { accessor: 'type_label', title: 'Type' },
    { accessor: 'item', title: 'Item' },
    { accessor: 'amount', title: 'Credit amount', textAlign: 'right', render: (r) => formatCents(r.amount) },
    { accessor: 'charged_amount', title: 'Cost', textAlign: 'right', render: (r) => formatCents(r.charged_amount) },
    { accessor: 'invoice', title: 'Invoice', textAlign: 'right', render: (r) => <TransactionPdfLink row={r} /> },
  ];
}

/** The bill's table, for /mybill and the admin's Transactions tab. */
export function TransactionsTable({ source, label = 'Transactions' }: { source: TableSource<Transaction>; label?: string }) {
  const columns = useMemo(() => transactionColumns(), []);
  return (
    <DataTable
      label={label}
      source={source}
      columns={columns}
      defaultPageSize={TRANSACTION_PAGE_SIZE}
      searchable={false}
      emptyText="No transactions yet."
      emptyDescription="Card payments, credit added for you and paid invoices appear here."
    />
  );
}

/** /mybill: the company's transactions, 20 a page, each with its PDF (spec-2 §2.10). */
export function MyBillPage() {
  const source = useMemo(() => transactionsSource(), []);
  return (
    <>
      <PageHeader
        title="Billing history"
        description="Your payments and the credit they bought. Times are New Zealand time; amounts in US dollars."
      />
      <TransactionsTable source={source} />
    </>
  );
}
