import { Button, Group } from '@mantine/core';
import { PROMO_CODE_PAGE_SIZE, type PromoCode } from '@portal/contract/payments/promo-codes';
import type { DataTableColumn } from 'mantine-datatable';
import { lazy, Suspense, useMemo, useState } from 'react';
import { ConfirmDeleteButton } from '../../../components/confirm/confirm-delete-button';
import { DataTable } from '../../../components/data-table/data-table';
import { notifyFailure, notifySuccess } from '../../../components/feedback/notify';
import { PageHeader } from '../../../components/page/page-header';
import { formatDate } from '../../../lib/dates';
import { formatCents } from '../../../lib/money';
import { promoCodesSource, useDeletePromoCode } from '../api';
import { NEW_PROMO_CODE, type PromoCodeFormValues, promoCodeForm } from '../lib/admin-forms';

const PromoCodeDialog = lazy(() => import('./promo-code-dialog').then((m) => ({ default: m.PromoCodeDialog })));

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
      {editing ? (
        <Suspense fallback={null}>
          <PromoCodeDialog initial={editing} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
