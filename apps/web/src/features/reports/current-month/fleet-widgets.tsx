import { Group, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { SIGNUP_ENGAGEMENT_FILTERS, type SignupEngagementFilter, WINNERS_LOSERS_DAYS } from '@portal/contract/reports/current-month';
import { useState } from 'react';
import { ScrollTable } from '../../../components/table/scroll-table';
import { WidgetCard } from './widget-card';
import { MoversTable } from './widget-tables';

function Movers({
  id,
  title,
  what,
}: {
  id: 'admin_booster_winners_and_losers' | 'admin_device_winners_and_losers';
  title: string;
  what: string;
}) {
  return (
    <WidgetCard
      id={id}
      title={title}
      description={`Companies whose ${what} changed most on the latest day with stats against ${WINNERS_LOSERS_DAYS} days before.`}
    >
      {(data) => (
        <>
          {data.date ? (
            <Text size="sm" c="dimmed">
              {data.date} against {data.compared_with}
            </Text>
          ) : null}
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Stack gap={4}>
              <Title order={3} size="h6">
                Winners
              </Title>
              <MoversTable label={`${title}: winners`} rows={data.winners} empty={`No company gained ${what}.`} />
            </Stack>
            <Stack gap={4}>
              <Title order={3} size="h6">
                Losers
              </Title>
              <MoversTable label={`${title}: losers`} rows={data.losers} empty={`No company lost ${what}.`} />
            </Stack>
          </SimpleGrid>
        </>
      )}
    </WidgetCard>
  );
}

export const BoosterMovers = () => <Movers id="admin_booster_winners_and_losers" title="Booster Winners & Losers" what="boosters" />;
export const DeviceMovers = () => <Movers id="admin_device_winners_and_losers" title="Device Winners & Losers" what="devices" />;

export function ServersByVersion() {
  return (
    <WidgetCard
      id="admin_servers_by_version"
      title="Servers By Version"
      description="Servers in service (licences and hosted consoles) by the version they run, newest first."
    >
      {({ rows }) =>
        rows.length ? (
          <ScrollTable label="Servers by version" minWidth={420}>
            <Table striped aria-label="Servers by version">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Version</Table.Th>
                  <Table.Th ta="right">Servers</Table.Th>
                  <Table.Th ta="right">Companies</Table.Th>
                  <Table.Th ta="right">Devices</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.version}>
                    <Table.Td>{r.version}</Table.Td>
                    <Table.Td ta="right">{r.servers}</Table.Td>
                    <Table.Td ta="right">{r.companies}</Table.Td>
                    <Table.Td ta="right">{r.devices}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        ) : (
          <Text size="sm" c="dimmed">
            No servers in service.
          </Text>
        )
      }
    </WidgetCard>
  );
}

const FILTER_LABELS: Record<SignupEngagementFilter, string> = {
  all: 'All companies',
  direct: 'Direct customers',
  distributor_sub_accounts: 'Distributor sub-accounts',
  distributors: 'Distributors',
};
const STEPS = [
  ['signed_up', 'Signed up'],
  ['completed_signup', 'Completed signup'],
  ['downloaded', 'Downloaded'],
  ['first_device', 'First device'],
  ['paid', 'Paid'],
] as const;

export function SignupEngagement() {
  const [startTime, setStartTime] = useState('');
  const [filter, setFilter] = useState<SignupEngagementFilter>('all');
  const validStart = /^\d{4}-\d{2}-\d{2}$/.test(startTime) ? startTime : undefined;
  return (
    <WidgetCard
      id="admin_signup_engagement"
      title="Signup Engagement"
      description="How far the companies that signed up since the start day have come: each step counted on its own."
      params={{ start_time: validStart, filter }}
      controls={
        <Group align="flex-end">
          <TextInput
            label="Signed up from"
            description="YYYY-MM-DD; empty: three months back"
            placeholder="2026-08-01"
            value={startTime}
            onChange={(e) => setStartTime(e.currentTarget.value)}
            maxLength={10}
          />
          <Select
            label="Companies"
            data={SIGNUP_ENGAGEMENT_FILTERS.map((value) => ({ value, label: FILTER_LABELS[value] }))}
            value={filter}
            onChange={(value) => setFilter((value as SignupEngagementFilter | null) ?? 'all')}
            allowDeselect={false}
          />
        </Group>
      }
    >
      {(data) => (
        <ScrollTable label={`Signup engagement since ${data.start_time}`} minWidth={360}>
          <Table striped aria-label={`Signup engagement since ${data.start_time}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Step (since {data.start_time})</Table.Th>
                <Table.Th ta="right">Companies</Table.Th>
                <Table.Th ta="right">Of signups</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {STEPS.map(([key, label]) => (
                <Table.Tr key={key}>
                  <Table.Td>{label}</Table.Td>
                  <Table.Td ta="right">{data[key]}</Table.Td>
                  <Table.Td ta="right">{data.signed_up ? `${Math.round((data[key] * 100) / data.signed_up)}%` : '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </WidgetCard>
  );
}
