import { Alert, Button, Card, Grid, Group, Progress, Stack, Text } from '@mantine/core';
import type { CustomerUsageRow } from '@portal/contract/reports/customer-usage';
import type { DataTableColumn } from 'mantine-datatable';
import { useEffect, useMemo, useRef, useState } from 'react';
import { DataTable } from '../../../components/data-table/data-table';
import { errorMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/dates';
import { formatCents } from '../../../lib/money';
import { useAuthContext } from '../../auth/api';
import { useDistributors, useSales } from '../../companies/api';
import { streamedRowsSource } from './rows-source';
import { UsageFilterSidebar } from './usage-filter-sidebar';
import { initialFilters, payloadOf, type UsageFilterState } from './usage-filters';
import { MalformedStreamError, streamUsageReport } from './usage-stream';

interface RunState {
  id: number;
  status: 'idle' | 'running' | 'done' | 'failed';
  total: number | null;
  loaded: number;
  error: string | null;
}

const IDLE: RunState = { id: 0, status: 'idle', total: null, loaded: 0, error: null };

/** The month's charges by service type, largest first (the account fee included). */
const usageByType = (row: CustomerUsageRow) =>
  [...row.usage]
    .sort((x, y) => y.charge_total_cents - x.charge_total_cents)
    .map((u) => `${u.type.replaceAll('_', ' ')} ${formatCents(u.charge_total_cents)}`)
    .join(', ') || '—';

const COLUMNS: DataTableColumn<CustomerUsageRow>[] = [
  { accessor: 'company_name', title: 'Company', sortable: true },
  { accessor: 'distributor', title: 'Distributor', render: (r) => r.distributor?.company_name ?? '—' },
  { accessor: 'state', title: 'State' },
  { accessor: 'latest_plan', title: 'Plan', render: (r) => r.latest_plan.name },
  {
    accessor: 'flags',
    title: 'Flags',
    render: (r) =>
      [r.is_vip && 'VIP', r.is_partner_company && 'Partner', r.is_managed && 'Managed', r.has_contract_billing && 'Contract']
        .filter(Boolean)
        .join(', ') || '—',
  },
  { accessor: 'usage', title: 'By service', render: usageByType },
  { accessor: 'usage_total_cents', title: 'Usage', sortable: true, textAlign: 'right', render: (r) => formatCents(r.usage_total_cents) },
  { accessor: 'balance', title: 'Balance', sortable: true, textAlign: 'right', render: (r) => formatCents(r.balance) },
  { accessor: 'created_at', title: 'Created', sortable: true, render: (r) => formatDate(r.created_at) },
];

/** /reports?restrict=customerUsage (spec-2 §2.9): filters, Run, and the rows as they stream in. */
export function CustomerUsageTab() {
  const auth = useAuthContext();
  const canChooseSales = auth.data?.capabilities.includes('sales_commission') ?? false;
  const distributors = useDistributors();
  const sales = useSales({}, { enabled: canChooseSales });
  const [filters, setFilters] = useState<UsageFilterState>(() => initialFilters());
  const [run, setRun] = useState<RunState>(IDLE);
  const rows = useRef<CustomerUsageRow[]>([]);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const start = () => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    const id = run.id + 1;
    rows.current = [];
    setRun({ id, status: 'running', total: null, loaded: 0, error: null });
    const update = (change: Partial<RunState>) => {
      if (!controller.signal.aborted) setRun((current) => (current.id === id ? { ...current, ...change } : current));
    };
    streamUsageReport(
      payloadOf(filters, canChooseSales),
      {
        onTotal: (total) => update({ total }),
        onRows: (more) => {
          rows.current.push(...more);
          update({ loaded: rows.current.length });
        },
      },
      controller.signal,
    ).then(
      () => update({ status: 'done' }),
      (error: unknown) => update({ status: 'failed', error: error instanceof MalformedStreamError ? error.message : errorMessage(error) }),
    );
  };

  const source = useMemo(() => streamedRowsSource(rows.current, `${run.id}:${run.loaded}`), [run.id, run.loaded]);
  const percent = run.total ? Math.min(100, Math.round((run.loaded / run.total) * 100)) : run.status === 'done' ? 100 : 0;
  const distributorOptions = (distributors.data ?? []).map((d) => ({ value: String(d.id), label: d.company_name }));
  const salesOptions = canChooseSales ? (sales.data ?? []).map((s) => ({ value: String(s.id), label: s.contact_name || s.email })) : null;

  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Card withBorder>
          <Stack gap="md">
            <UsageFilterSidebar value={filters} onChange={setFilters} distributors={distributorOptions} salesPeople={salesOptions} />
            <Button onClick={start} loading={run.status === 'running'}>
              Run
            </Button>
          </Stack>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        <Stack gap="md">
          {run.status === 'failed' && (
            <Alert color="red" title="The report failed" role="alert">
              {run.error}
            </Alert>
          )}
          {run.status === 'idle' ? (
            <Text c="dimmed">Choose the filters and press Run.</Text>
          ) : (
            <Stack gap={4}>
              <Group justify="space-between">
                <Text size="sm" aria-live="polite">
                  Loaded {run.loaded.toLocaleString('en-US')} of {run.total === null ? '…' : run.total.toLocaleString('en-US')} companies
                </Text>
                <Text size="sm" fw={700}>
                  {percent}%
                </Text>
              </Group>
              <Progress value={percent} aria-label="Companies loaded" animated={run.status === 'running'} />
            </Stack>
          )}
          {run.status !== 'idle' && (
            <DataTable source={source} columns={COLUMNS} label="Customer usage" defaultPageSize={20} storageKey="reports-customer-usage" />
          )}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
