import { Table, Text } from '@mantine/core';
import { BOOSTER_MINIMUM_VERSION, CURRENT_MONTH_DAYS } from '@portal/contract/reports/current-month';
import { formatCents } from '../../../lib/money';
import { monthLabel } from '../churn/churn-format';
import { ScrollTable } from '../../../components/table/scroll-table';
import { WidgetCard } from './widget-card';
import { bytesLabel, dayLabel } from './widget-format';
import { CHART_HEIGHT, LazyChart } from './widget-tables';

export function MonthlyTotals() {
  return (
    <WidgetCard
      id="admin_monthly_totals"
      title="Monthly Totals"
      description="Active companies (money received or an out-of-band payment, and a positive balance), devices, boosters, storage and usage charged, per Pacific/Auckland month."
    >
      {({ rows }) => (
        <>
          <LazyChart
            kind="bars"
            label={`Active companies per month: ${rows.map((r) => `${monthLabel(r.month)} ${r.active_companies}`).join(', ')}.`}
            data={rows.map((r) => ({ month: monthLabel(r.month), active: r.active_companies }))}
            dataKey="month"
            series={[{ name: 'active', label: 'Active companies', color: 'brand.6' }]}
            height={CHART_HEIGHT}
          />
          <ScrollTable label="Monthly totals" minWidth={620}>
            <Table striped aria-label="Monthly totals">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Month</Table.Th>
                  <Table.Th ta="right">Active companies</Table.Th>
                  <Table.Th ta="right">Devices</Table.Th>
                  <Table.Th ta="right">Boosters</Table.Th>
                  <Table.Th ta="right">Storage</Table.Th>
                  <Table.Th ta="right">Charged</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {[...rows].reverse().map((r) => (
                  <Table.Tr key={r.month}>
                    <Table.Td>
                      {monthLabel(r.month)}
                      {r.is_partial ? ' (so far)' : ''}
                    </Table.Td>
                    <Table.Td ta="right">{r.active_companies}</Table.Td>
                    <Table.Td ta="right">{r.devices}</Table.Td>
                    <Table.Td ta="right">{r.boosters}</Table.Td>
                    <Table.Td ta="right">{bytesLabel(r.storage_bytes)}</Table.Td>
                    <Table.Td ta="right">{formatCents(r.revenue_charged)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </>
      )}
    </WidgetCard>
  );
}

export function SignupsByMonth() {
  return (
    <WidgetCard
      id="admin_signup_by_month"
      title="Number of Signups"
      description="New companies per Pacific/Auckland month; the current month also shows its estimate (signups so far scaled to the whole month)."
    >
      {({ rows }) => {
        const current = rows.at(-1);
        return (
          <LazyChart
            kind="bars"
            label={`Signups per month: ${rows.map((r) => `${monthLabel(r.month)} ${r.signups}`).join(', ')}${current?.estimate !== null && current ? `; ${monthLabel(current.month)} estimated ${current.estimate}` : ''}.`}
            data={rows.map((r) => ({
              month: monthLabel(r.month),
              signups: r.signups,
              estimate: r.estimate === null ? 0 : Math.max(0, r.estimate - r.signups),
            }))}
            dataKey="month"
            series={[
              { name: 'signups', label: 'Signups', color: 'brand.6' },
              { name: 'estimate', label: 'Estimated rest of the month', color: 'gray.5' },
            ]}
            stacked
            height={CHART_HEIGHT}
          />
        );
      }}
    </WidgetCard>
  );
}

export function ActivePartners() {
  return (
    <WidgetCard
      id="admin_active_partners"
      title="Active Partners Over Time"
      description={`Companies with devices backed up, each of the last ${CURRENT_MONTH_DAYS} days.`}
    >
      {({ rows }) => (
        <LazyChart
          kind="line"
          label={`Active partners: ${rows.at(-1)?.active_partners ?? 0} on ${rows.at(-1) ? dayLabel(rows.at(-1)?.date ?? '') : 'no day'}, ${rows[0]?.active_partners ?? 0} ${CURRENT_MONTH_DAYS} days before.`}
          data={rows.map((r) => ({ day: dayLabel(r.date), partners: r.active_partners }))}
          dataKey="day"
          series={[{ name: 'partners', label: 'Active partners', color: 'brand.6' }]}
          height={CHART_HEIGHT}
        />
      )}
    </WidgetCard>
  );
}

const BOOSTER_SERIES = [
  { name: 'microsoft365', label: 'Microsoft 365', color: 'brand.6' },
  { name: 'disk_image', label: 'Disk image', color: 'teal.6' },
  { name: 'mssql', label: 'SQL Server', color: 'orange.6' },
  { name: 'hyperv', label: 'Hyper-V', color: 'grape.6' },
  { name: 'vmware', label: 'VMware', color: 'cyan.6' },
  { name: 'proxmox', label: 'Proxmox', color: 'gray.6' },
];

export function BoosterTotals() {
  return (
    <WidgetCard
      id="admin_booster_totals"
      title="Booster Totals"
      description={`Boosters in use each day by kind, counted only on servers above ${BOOSTER_MINIMUM_VERSION}.`}
    >
      {({ rows }) => (
        <LazyChart
          kind="area"
          label={`Boosters on the latest day: ${rows.at(-1)?.total ?? 0}.`}
          data={rows.map(({ date, total: _total, ...kinds }) => ({ day: dayLabel(date), ...kinds }))}
          dataKey="day"
          series={BOOSTER_SERIES}
          height={CHART_HEIGHT}
        />
      )}
    </WidgetCard>
  );
}

export function DeviceOsByMonth() {
  return (
    <WidgetCard
      id="admin_device_os_usage_by_month"
      title="Reported Device OS By Month"
      description="Devices in service at each month's end by the operating system their server reported."
    >
      {({ rows }) => {
        const systems = [...new Set(rows.map((r) => r.os))];
        const months = [...new Set(rows.map((r) => r.month))];
        const colors = ['brand.6', 'teal.6', 'orange.6', 'grape.6', 'cyan.6', 'gray.6'];
        if (!rows.length) {
          return (
            <Text size="sm" c="dimmed">
              No devices have been reported yet.
            </Text>
          );
        }
        return (
          <LazyChart
            kind="bars"
            label={`Devices by operating system: ${rows
              .filter((r) => r.month === months.at(-1))
              .map((r) => `${r.os} ${r.devices}`)
              .join(', ')}.`}
            data={months.map((month) => ({
              month: monthLabel(month),
              ...Object.fromEntries(systems.map((os) => [os, rows.find((r) => r.month === month && r.os === os)?.devices ?? 0])),
            }))}
            dataKey="month"
            series={systems.map((os, i) => ({ name: os, label: os, color: colors[i % colors.length] ?? 'gray.6' }))}
            stacked
            height={CHART_HEIGHT}
          />
        );
      }}
    </WidgetCard>
  );
}
