import { Alert, Card, Table, Text } from '@mantine/core';
import type { scheduledJobList } from '@portal/contract/admin-tools/scheduled-jobs';
import type { CallOutput } from '@portal/contract/shared/define-call';
import { DotBadge } from '../../../components/data-table/table-cells';
import { EmptyState } from '../../../components/page/empty-state';
import { PageHeader } from '../../../components/page/page-header';
import { TableSkeleton } from '../../../components/page/page-skeleton';
import { ScrollTable } from '../../../components/table/scroll-table';
import { errorMessage } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/dates';
import { scheduledJobsQuery } from '../api';

type ScheduledJob = CallOutput<typeof scheduledJobList>['rows'][number];

/** '850 ms', '12.4 s', '3 min 5 s': a run's length at the precision that matters for it. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

function JobStatus({ job }: { job: ScheduledJob }) {
  if (job.last_succeeded === null)
    return (
      <Text size="sm" c="dimmed">
        Not run yet
      </Text>
    );
  return job.last_succeeded ? <DotBadge color="green">Succeeded</DotBadge> : <DotBadge color="red">Failed</DotBadge>;
}

function JobRow({ job }: { job: ScheduledJob }) {
  const ran = job.last_started_at !== null;
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{job.name}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{ran ? formatDateTime(job.last_started_at) : '—'}</Table.Td>
      <Table.Td>
        <JobStatus job={job} />
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {job.last_duration_ms === null ? '—' : formatDuration(job.last_duration_ms)}
      </Table.Td>
      <Table.Td ta="right">{job.last_rows === null ? '—' : job.last_rows.toLocaleString('en-US')}</Table.Td>
      <Table.Td>
        {job.last_error === null ? (
          <Text size="sm" c="dimmed">
            None
          </Text>
        ) : (
          <>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {job.last_error}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(job.last_error_at)}
            </Text>
          </>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * /scheduled_jobs (admins): each scheduled job's latest run on any node, as the scheduler records it
 * (docs/decisions/0079), so an admin sees a job that stopped running or keeps failing without reading logs.
 */
export function ScheduledJobsPage() {
  const { data, error } = scheduledJobsQuery.useQuery();
  return (
    <>
      <PageHeader
        title="Scheduled jobs"
        description="When each scheduled job last ran, how long it took, the rows it handled and its last error. Times are Pacific/Auckland."
      />
      {error ? (
        <Alert color="red" title="Could not load the scheduled jobs" role="alert">
          {errorMessage(error)}
        </Alert>
      ) : (
        <Card>
          {!data ? (
            <TableSkeleton label="Loading the scheduled jobs" rows={8} columns={6} />
          ) : data.rows.length === 0 ? (
            <EmptyState title="No scheduled jobs yet" description="Each node lists its jobs here when it starts." />
          ) : (
            <ScrollTable label="Scheduled jobs" minWidth={880}>
              <Table verticalSpacing={6} fz="sm" striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Job</Table.Th>
                    <Table.Th>Last run</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th ta="right">Duration</Table.Th>
                    <Table.Th ta="right">Rows handled</Table.Th>
                    <Table.Th>Last error</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.rows.map((job) => (
                    <JobRow key={job.name} job={job} />
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          )}
        </Card>
      )}
    </>
  );
}
