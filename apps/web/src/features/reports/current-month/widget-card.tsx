import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { CurrentMonthData, CurrentMonthWidgetId, SignupEngagementFilter } from '@portal/contract/reports/current-month';
import type { ReactNode } from 'react';
import { TableSkeleton } from '../../../components/page/page-skeleton';
import { errorMessage } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/dates';
import { currentMonthQuery, useRefreshWidget } from '../api/current-month';

type DataOf<I extends CurrentMonthWidgetId> = Extract<CurrentMonthData, { id: I }>;

interface WidgetCardProps<I extends CurrentMonthWidgetId> {
  id: I;
  title: string;
  description: ReactNode;
  /** admin_signup_engagement's inputs. */
  params?: { start_time?: string; filter?: SignupEngagementFilter };
  /** Controls shown above the content (the engagement funnel's start and filter). */
  controls?: ReactNode;
  children: (data: DataOf<I>) => ReactNode;
}

/**
 * One Current Month widget in a card: its title, when its figures were computed (Pacific/Auckland), a Refresh
 * button when the answer says it may be refreshed, and loading and error states around its content.
 */
export function WidgetCard<I extends CurrentMonthWidgetId>({ id, title, description, params, controls, children }: WidgetCardProps<I>) {
  const input = { id, ...params };
  const widget = currentMonthQuery.useQuery(input);
  const refresh = useRefreshWidget();
  const headingId = `current-month-${id}`;
  let body: ReactNode;
  if (widget.error) body = <Alert color="red">{errorMessage(widget.error)}</Alert>;
  else if (!widget.data) body = <TableSkeleton label={`Loading ${title}`} />;
  else if (widget.data.data.id !== id) body = null;
  else body = children(widget.data.data as DataOf<I>);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div style={{ flex: 1, minWidth: 0 }}>
            <Title order={2} size="h4" id={headingId}>
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </div>
          {widget.data?.refreshable ? (
            <Button
              variant="default"
              size="xs"
              style={{ flexShrink: 0 }}
              loading={refresh.isPending}
              onClick={() => refresh.mutate({ ...input, refresh: true })}
              aria-label={`Refresh ${title}`}
            >
              Refresh
            </Button>
          ) : null}
        </Group>
        {controls}
        {refresh.error ? <Alert color="red">{errorMessage(refresh.error)}</Alert> : null}
        {body}
        {widget.data ? (
          <Text size="xs" c="dimmed">
            Computed {formatDateTime(widget.data.cached_at)} (Pacific/Auckland)
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
