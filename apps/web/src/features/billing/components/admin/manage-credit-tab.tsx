import { Badge, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { ADMIN_CREDIT_PACK_PAGE_SIZE, type AdminCreditPack, EXPIRE_FAILED_PREFIX } from '@portal/contract/billing/credit-packs';
import type { DataTableColumn } from 'mantine-datatable';
import { useMemo, useState } from 'react';
import { confirmYesNo } from '../../../../components/confirm/confirm-yes-no';
import { showInformation } from '../../../../components/confirm/show-information';
import { DataTable } from '../../../../components/data-table/data-table';
import { notifySuccess } from '../../../../components/feedback/notify';
import { errorMessage } from '../../../../lib/api-error';
import { formatDate } from '../../../../lib/dates';
import { formatCents } from '../../../../lib/money';
import { adminCreditPacksSource, useExpireCreditPack } from '../../api';
import { packDisplay, remainingCents, remainingPercent } from '../../lib/credit-packs';
import { CreditPackForm } from './credit-pack-form';

const SOURCE_LABEL: Record<AdminCreditPack['source'], string> = {
  purchase: 'Customer purchase',
  admin: 'Admin entry',
  promo: 'Promo code',
  refund: 'Refund',
  invoice: 'Invoice',
};

const nowrap = () => ({ whiteSpace: 'nowrap' }) as const;

function PackState({ pack }: { pack: AdminCreditPack }) {
  const display = packDisplay(pack);
  if (display === 'expired')
    return (
      <Badge color="red" variant="dot">
        Expired
      </Badge>
    );
  if (display === 'empty')
    return (
      <Badge color="gray" variant="dot">
        Empty
      </Badge>
    );
  const percent = remainingPercent(pack);
  return (
    <Stack gap={4} miw={110}>
      <Text size="sm">{formatCents(remainingCents(pack))} left</Text>
      <Progress value={percent} size="sm" aria-label={`${pack.name}: ${percent}% remaining`} />
    </Stack>
  );
}

/** Expires a pack after saying what it does; a refusal reads as the spec's alert. */
function ExpireButton({ pack, disabled }: { pack: AdminCreditPack; disabled: boolean }) {
  const expire = useExpireCreditPack();
  const run = async () => {
    const confirmed = await confirmYesNo({
      title: `Expire ${pack.name} — this cannot be undone`,
      message: `Its unused ${formatCents(remainingCents(pack))} leaves the company's balance now.`,
      yesLabel: 'Expire',
      noLabel: 'Cancel',
    });
    if (!confirmed) return;
    expire.mutate(
      { target_credit_pack_id: pack.id },
      {
        onSuccess: () => notifySuccess(`Credit pack ${pack.name} expired`),
        onError: (error) =>
          void showInformation({ title: 'Could not expire the credit pack', message: `${EXPIRE_FAILED_PREFIX}${errorMessage(error)}` }),
      },
    );
  };
  return (
    <Button
      size="xs"
      variant="light"
      color="red"
      // Spec-2 §5: disabled for an expired pack (past its date or fully used).
      disabled={disabled || pack.is_expired || packDisplay(pack) === 'expired'}
      loading={expire.isPending}
      onClick={() => void run()}
      aria-label={`Expire ${pack.name}`}
    >
      Expire
    </Button>
  );
}

/** Few columns, so the list fits the drawer: where a pack came from and who added it sit under its name. */
function columns(readOnly: boolean): DataTableColumn<AdminCreditPack>[] {
  return [
    {
      accessor: 'name',
      title: 'Name',
      render: (pack) => (
        <Stack gap={0} miw={160}>
          <Text size="sm">{pack.name}</Text>
          <Text size="xs" c="dimmed">
            {SOURCE_LABEL[pack.source]}
            {pack.is_oob_payment ? ', out of band' : ''} · {formatDate(pack.purchase_date)}
          </Text>
          <Text size="xs" c="dimmed">
            {pack.added_by_user}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'expiry_date',
      title: 'Expires',
      render: (pack) => (pack.expiry_date ? formatDate(pack.expiry_date) : 'Never'),
      cellsStyle: nowrap,
    },
    { accessor: 'cost', title: 'Cost', textAlign: 'right', render: (pack) => formatCents(pack.cost) },
    { accessor: 'amount', title: 'Amount', textAlign: 'right', render: (pack) => formatCents(pack.amount) },
    { accessor: 'remaining', title: 'Remaining', render: (pack) => <PackState pack={pack} /> },
    {
      accessor: 'actions',
      title: 'Actions',
      textAlign: 'right',
      render: (pack) => <ExpireButton pack={pack} disabled={readOnly} />,
    },
  ];
}

interface ManageCreditTabProps {
  companyId: number;
  /** A deleted company's packs are read, not changed. */
  readOnly?: boolean;
  onDirtyChange?: (dirty: boolean) => void;
}

/** The company drawer's Manage credit tab (admins, customer companies): the balance, the packs 15 a page, add and expire. */
export function ManageCreditTab({ companyId, readOnly = false, onDirtyChange }: ManageCreditTabProps) {
  const [balance, setBalance] = useState<number | null>(null);
  const source = useMemo(() => adminCreditPacksSource(companyId), [companyId]);
  const cols = useMemo(() => columns(readOnly), [readOnly]);
  return (
    <Stack gap="md">
      <Group gap="xs" align="baseline">
        <Text size="sm" c="dimmed">
          Balance
        </Text>
        <Text fw={600} fz="lg" data-testid="company-balance" aria-live="polite">
          {balance === null ? '…' : formatCents(balance)}
        </Text>
      </Group>
      <CreditPackForm companyId={companyId} disabled={readOnly} {...(onDirtyChange ? { onDirtyChange } : {})} />
      <DataTable
        label="Credit packs"
        source={source}
        columns={cols}
        defaultPageSize={ADMIN_CREDIT_PACK_PAGE_SIZE}
        searchable={false}
        emptyText="No credit packs"
        emptyDescription="Credit this company buys or is given appears here."
        onData={(output) => setBalance(output.balance)}
      />
    </Stack>
  );
}
