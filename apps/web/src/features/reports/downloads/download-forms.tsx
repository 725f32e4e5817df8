import { Button, Checkbox, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { dailyGeneralReport, enterpriseDeals } from '@portal/contract/reports/downloads';
import { useState } from 'react';
import { todayInZone } from './download-months';

/** The file format a form asks for; the server takes csv or xlsx. */
export function FormatSelect({ label = 'Format' }: { label?: string }) {
  return (
    <NativeSelect
      name="format"
      label={label}
      data={[
        { value: 'xlsx', label: 'XLSX' },
        { value: 'csv', label: 'CSV' },
      ]}
      w={110}
    />
  );
}

/** General daily report: a GET form submit (spec-2 §7), so the browser downloads the file itself. */
export function DailyGeneralForm() {
  const [day, setDay] = useState(todayInZone());
  return (
    <form method="get" action={dailyGeneralReport.path} aria-label="General daily report">
      <Group align="end" gap="sm">
        <TextInput
          type="date"
          name="date_of_download"
          label="Date"
          value={day}
          onChange={(e) => setDay(e.currentTarget.value)}
          max={todayInZone()}
          required
        />
        <Checkbox name="include_extra_data" label="Include deleted accounts" mb={8} />
        <FormatSelect />
        <Button type="submit">Download</Button>
      </Group>
    </form>
  );
}

/** Enterprise billing report between two dates, with the notes on how its usage is counted. */
export function EnterpriseDealsForm() {
  const today = todayInZone();
  const [start, setStart] = useState(`${today.slice(0, 7)}-01`);
  const [end, setEnd] = useState(today);
  return (
    <Stack gap="xs">
      <form method="get" action={enterpriseDeals.path} aria-label="Enterprise billing report">
        <Group align="end" gap="sm">
          <TextInput
            type="date"
            name="start_date"
            label="Start date"
            value={start}
            onChange={(e) => setStart(e.currentTarget.value)}
            max={end}
            required
          />
          <TextInput
            type="date"
            name="end_date"
            label="End date"
            value={end}
            onChange={(e) => setEnd(e.currentTarget.value)}
            min={start}
            max={today}
            required
          />
          <FormatSelect />
          <Button type="submit">Download</Button>
        </Group>
      </form>
      <UsageNotes />
    </Stack>
  );
}

/** How the enterprise and usage files count usage (docs/decisions/0062). */
export function UsageNotes() {
  return (
    <Stack gap={4} aria-label="How usage is counted">
      <Text size="sm" fw={600}>
        How usage is counted
      </Text>
      <Text size="sm" c="dimmed">
        One row per company, service kind and variant. A day’s quantity is the sum of the company’s charges of that kind on that charge day
        (devices and boosters as the servers reported them, storage in the unit it is priced in). Days charged counts the days with a
        charge; the average is over those days, not the whole range; peak is the largest day. Amounts are the charges, in cents. Only
        charged days count: today is charged tomorrow, and credit bought or paid is not usage. Days are Pacific/Auckland days.
      </Text>
    </Stack>
  );
}
