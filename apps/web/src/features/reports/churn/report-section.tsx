import { Alert, Card, Stack, Text, Title } from '@mantine/core';
import type { ChurnReportId, ChurnTrackingOutput } from '@portal/contract/reports/churn';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/page/empty-state';
import { TableSkeleton } from '../../../components/page/page-skeleton';
import { errorMessage } from '../../../lib/api-error';
import { churnTrackingQuery } from '../api/churn';

type Answer<I extends ChurnReportId> = Extract<ChurnTrackingOutput, { id: I }>;

interface ReportSectionProps<I extends ChurnReportId> {
  id: I;
  title: string;
  description: ReactNode;
  /** What the empty state says when the report has no rows. */
  empty: { title: string; description: string };
  /** Whether the answer has nothing to show; by default, no rows. */
  isEmpty?: (answer: Answer<I>) => boolean;
  children: (answer: Answer<I>) => ReactNode;
}

/** One report of the Churn Tracking tab in a card: loading, error and empty states, then its content. */
export function ReportSection<I extends ChurnReportId>({ id, title, description, empty, isEmpty, children }: ReportSectionProps<I>) {
  const report = churnTrackingQuery.useQuery({ id });
  const headingId = `churn-${id}`;
  let body: ReactNode;
  if (report.error) body = <Alert color="red">{errorMessage(report.error)}</Alert>;
  else if (!report.data) {
    body = <TableSkeleton label={`Loading ${title}`} />;
  } else if (report.data.id !== id) body = null;
  else {
    const answer = report.data as Answer<I>;
    body = (isEmpty ? isEmpty(answer) : answer.rows.length === 0) ? (
      <EmptyState title={empty.title} description={empty.description} />
    ) : (
      children(answer)
    );
  }
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id={headingId}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
        {body}
      </Stack>
    </Card>
  );
}
