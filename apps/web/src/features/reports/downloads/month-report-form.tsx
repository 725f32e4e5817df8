import { Button, Group, NativeSelect } from '@mantine/core';
import { useState } from 'react';
import { FormatSelect } from './download-forms';
import { MONTH_NAMES, reportMonthsOf, reportYears } from './download-months';

/** A by-month file: year and month from the report's first month to this month (spec-2 §9), sent as year_month. */
export function MonthReportForm({ label, path, firstMonth }: { label: string; path: string; firstMonth: string }) {
  const years = reportYears(firstMonth);
  const [year, setYear] = useState(years[0] ?? firstMonth.slice(0, 4));
  const months = reportMonthsOf(year, firstMonth);
  const [month, setMonth] = useState(months.at(-1) ?? '01');
  const shown = months.includes(month) ? month : (months.at(-1) ?? '01');
  return (
    <form method="get" action={path} aria-label={label}>
      <input type="hidden" name="year_month" value={`${year}-${shown}`} />
      <Group align="end" gap="sm">
        <NativeSelect label="Year" data={years} value={year} onChange={(e) => setYear(e.currentTarget.value)} w={100} />
        <NativeSelect
          label="Month"
          data={months.map((m) => ({ value: m, label: MONTH_NAMES[Number(m) - 1] ?? m }))}
          value={shown}
          onChange={(e) => setMonth(e.currentTarget.value)}
          w={150}
        />
        <FormatSelect />
        <Button type="submit">Download</Button>
      </Group>
    </form>
  );
}
