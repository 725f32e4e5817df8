import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { STORAGE_CHART_DAYS, STORAGE_HISTORY_DAYS } from '@portal/contract/storage/usage';
import { lazy, Suspense, useState } from 'react';
import { Modal } from '../../../components/modal/modal';
import { EmptyState } from '../../../components/page/empty-state';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { storageUsageQuery, storageUsageReportQuery } from '../api';
import { formatBytes } from '../lib/storage';
import { firstDayOf, historyPoints, reportPoints } from '../lib/usage';

// The charts library is the largest script of these pages: it loads with the first chart shown, not before.
const StorageUsageChart = lazy(() => import('./storage-usage-chart'));

const CHART_HEIGHT = 260;

function ChartSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} aria-busy="true">
      <Skeleton h={CHART_HEIGHT} radius="sm" aria-hidden />
    </div>
  );
}

/** /storage/wasabi's History tab: the last 90 measured days from wasabi-usage-get, by kind of bytes. */
export function StorageHistory() {
  const usage = storageUsageQuery.useQuery();
  if (usage.error) return <Alert color="red">{errorMessage(usage.error)}</Alert>;
  if (!usage.data) return <ChartSkeleton label="Loading the usage history" />;
  const points = historyPoints(usage.data.History);
  const latest = points.at(-1);
  if (!latest) {
    return (
      <EmptyState title="No history yet" description={`Usage is measured daily; the last ${STORAGE_HISTORY_DAYS} days will show here.`} />
    );
  }
  return (
    <figure
      style={{ margin: 0 }}
      aria-label={`Storage usage over the last ${STORAGE_HISTORY_DAYS} days: ${formatBytes(latest.total)} on ${latest.date}, ${points.length} measured day${points.length === 1 ? '' : 's'}.`}
    >
      <Suspense fallback={<ChartSkeleton label="Loading the chart" />}>
        <StorageUsageChart kind="history" points={points} height={CHART_HEIGHT} />
      </Suspense>
    </figure>
  );
}

/** The company's stored bytes per day from CometStorageUsageReport.json, `days` days ending today. */
function ReportChart({ companyId, days, to }: { companyId: number; days: number; to?: string | undefined }) {
  const report = storageUsageReportQuery.useQuery(
    to ? { target_company_id: companyId, target_from: firstDayOf(to, days), target_to: to } : { target_company_id: companyId },
  );
  if (report.error) return <Alert color="red">{errorMessage(report.error)}</Alert>;
  if (!report.data) return <ChartSkeleton label="Loading the storage usage" />;
  const points = reportPoints(report.data.rows);
  const latest = points.at(-1);
  if (!latest) return <Text c="dimmed">No usage measured in these {days} days yet.</Text>;
  return (
    <figure style={{ margin: 0 }} aria-label={`Storage usage over ${days} days: ${formatBytes(latest.stored)} on ${latest.date}.`}>
      <Suspense fallback={<ChartSkeleton label="Loading the chart" />}>
        <StorageUsageChart kind="report" points={points} height={CHART_HEIGHT} />
      </Suspense>
    </figure>
  );
}

/** The Storage usage chart dialog (spec-1 §2): the longest history the report gives, 90 days ending `to`. */
export function StorageUsageDialog({ companyId, to, onClose }: { companyId: number; to: string; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title="Storage usage" size="xl" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Stored bytes per day over the last {STORAGE_HISTORY_DAYS} days, as measured each day and charged.
        </Text>
        <ReportChart companyId={companyId} days={STORAGE_HISTORY_DAYS} to={to} />
      </Stack>
    </Modal>
  );
}

/**
 * The dashboard's storage widget (spec-1 §2, spec-2 §2.8): the last 60 days of stored bytes, with the
 * Storage usage chart dialog behind it; nothing at all when the company has no storage (has_comet_storage
 * false) or may not read it.
 */
export function StorageUsageCard({ companyId }: { companyId: number }) {
  const report = storageUsageReportQuery.useQuery({ target_company_id: companyId });
  const [open, setOpen] = useState(false);
  if (report.error) {
    if (isApiError(report.error) && (report.error.code === 403 || report.error.code === 404)) return null;
    return (
      <Alert color="red" role="alert" title="Could not load your storage usage">
        {errorMessage(report.error)}
      </Alert>
    );
  }
  if (!report.data?.has_comet_storage) return null;
  const points = reportPoints(report.data.rows);
  const latest = points.at(-1);
  return (
    <Card>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h3">
              Storage usage
            </Title>
            <Text size="sm" c="dimmed">
              {latest ? `${formatBytes(latest.stored)} stored on ${latest.date}` : 'Usage is measured daily.'}
            </Text>
          </div>
          <Button variant="default" size="xs" onClick={() => setOpen(true)}>
            Show {STORAGE_HISTORY_DAYS} days
          </Button>
        </Group>
        {latest ? (
          <figure
            style={{ margin: 0 }}
            aria-label={`Storage usage over the last ${STORAGE_CHART_DAYS} days: ${formatBytes(latest.stored)} on ${latest.date}.`}
          >
            <Suspense fallback={<ChartSkeleton label="Loading the chart" />}>
              <StorageUsageChart kind="report" points={points} height={CHART_HEIGHT} />
            </Suspense>
          </figure>
        ) : (
          <Text c="dimmed">No usage measured in the last {STORAGE_CHART_DAYS} days yet.</Text>
        )}
      </Stack>
      {open ? <StorageUsageDialog companyId={companyId} to={report.data.to} onClose={() => setOpen(false)} /> : null}
    </Card>
  );
}
