import { Anchor, Button, Card, Group, NativeSelect, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import {
  FEEDBACK_FIRST_MONTH,
  USAGE_FIRST_MONTH,
  reportBalances,
  reportCommission,
  reportConsumption,
  reportCustomersByServerVersion,
  reportFeedbacks,
  reportNebula,
  reportServerFeatures,
  reportTickets,
} from '@portal/contract/reports/downloads';
import { useMemo } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { downloadsQuery } from '../../downloads/api';
import { analyticsLinksQuery } from '../api/downloads';
import { DailyGeneralForm, EnterpriseDealsForm, FormatSelect } from './download-forms';
import { MonthReportForm } from './month-report-form';

/** The report links (spec-2 §7), each a file streamed from the database (docs/decisions/0062). */
const LINKS = [
  { label: 'Commission (last month)', path: reportCommission.path },
  { label: 'Balances', path: reportBalances.path },
  { label: 'Consumption', path: reportConsumption.path },
  { label: 'Server telemetry (server features)', path: reportServerFeatures.path },
  { label: 'Ticket statistics (last 12 months)', path: reportTickets.path },
];

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card withBorder padding="md">
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** The Downloads tab of /reports (admin). */
export function DownloadsTab() {
  return (
    <Stack gap="md">
      <Section title="General daily report">
        <DailyGeneralForm />
      </Section>
      <Section title="Enterprise billing report">
        <EnterpriseDealsForm />
      </Section>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section title="Feedback by month">
          <MonthReportForm label="Feedback by month" path={reportFeedbacks.path} firstMonth={FEEDBACK_FIRST_MONTH} />
        </Section>
        <Section title="Usage by month">
          <MonthReportForm label="Usage by month" path={reportNebula.path} firstMonth={USAGE_FIRST_MONTH} />
        </Section>
      </SimpleGrid>
      <Section title="Reports">
        <Table>
          <Table.Tbody>
            {LINKS.map((link) => (
              <Table.Tr key={link.path}>
                <Table.Td>{link.label}</Table.Td>
                <Table.Td>
                  <Group gap="md">
                    <Anchor href={`${link.path}?format=csv`} aria-label={`${link.label} as CSV`}>
                      CSV
                    </Anchor>
                    <Anchor href={`${link.path}?format=xlsx`} aria-label={`${link.label} as XLSX`}>
                      XLSX
                    </Anchor>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
      <Section title="Customers by server version">
        <VersionForm />
      </Section>
      <Section title="Analytics questions">
        <AnalyticsLinks />
      </Section>
    </Stack>
  );
}

const VERSION_LIST_INPUT = { page: 1, page_size: 100 } as const;

function VersionForm() {
  const versions = downloadsQuery.useQuery(VERSION_LIST_INPUT);
  const options = useMemo(() => [...new Set((versions.data?.rows ?? []).map((v) => v.version))], [versions.data]);
  if (versions.isError) return <Text c="red">{errorMessage(versions.error)}</Text>;
  if (!versions.isPending && options.length === 0) return <Text>No server version is in the downloads list yet.</Text>;
  return (
    <form method="get" action={reportCustomersByServerVersion.path} aria-label="Customers by server version">
      <Group align="end" gap="sm">
        <NativeSelect name="version_key" label="Server version" data={options} w={180} disabled={versions.isPending} />
        <FormatSelect />
        <Button type="submit" disabled={versions.isPending}>
          Download
        </Button>
      </Group>
    </form>
  );
}

function AnalyticsLinks() {
  const links = analyticsLinksQuery.useQuery({});
  if (links.isPending) return <Text c="dimmed">Loading…</Text>;
  if (links.isError) return <Text c="red">{errorMessage(links.error)}</Text>;
  if (links.data.links.length === 0) return <Text c="dimmed">No analytics questions are configured (REPORTS_ANALYTICS_LINKS).</Text>;
  return (
    <Stack gap={4}>
      {links.data.links.map((link) => (
        <Anchor key={link.url} href={link.url} target="_blank" rel="noopener noreferrer">
          {link.label}
        </Anchor>
      ))}
    </Stack>
  );
}
