import '@mantine/dates/styles.layer.css';
import { Card, Group, Stack } from '@mantine/core';
import { DateInput, type DateInputProps } from '@mantine/dates';
import type { TableSearch } from '../../../../components/data-table/table-search';
import { PageHeader } from '../../../../components/page/page-header';
import { type DayRange, settleRange, todayInDisplayZone } from '../../lib/usage-range';
import { NotFinalizedNote, UsageTable } from './usage-table';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Days are typed and shown as YYYY-MM-DD (spec-1 §5); anything else is not a day. */
const parseDay = (text: string): string | null => (DAY.test(text.trim()) ? text.trim() : null);

/**
 * Mantine's calendar greys the neighbouring months' days and reds weekends below AA contrast; neither means
 * anything for a usage range, so neither is shown.
 */
const CALENDAR: Pick<DateInputProps, 'weekendDays' | 'hideOutsideDates'> = { weekendDays: [], hideOutsideDates: true };

const monthName = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

interface FullUsageHistoryPageProps {
  range: DayRange;
  onRangeChange: (range: DayRange) => void;
  search: TableSearch;
  onSearchChange: (search: TableSearch) => void;
}

/**
 * /full_usage_history: the charges between two days, neither after today; a From later than To raises To
 * (spec-2 §2.9, §5). The range lives in the URL with the table's search and page.
 */
export function FullUsageHistoryPage({ range, onRangeChange, search, onSearchChange }: FullUsageHistoryPageProps) {
  const today = todayInDisplayZone();
  const change = (next: DayRange) => onRangeChange(settleRange(next, today));
  const currentMonth = today.slice(0, 7);
  const showsCurrentMonth = range.to.slice(0, 7) === currentMonth;
  return (
    <>
      <PageHeader title="Usage history" description="What your account was charged each day, and which credit packs paid for it." />
      <Stack gap="lg">
        <Card>
          <Stack gap="sm">
            <Group gap="md" align="flex-end">
              <DateInput
                label="From"
                value={range.from}
                onChange={(value) => value && change({ ...range, from: value })}
                valueFormat="YYYY-MM-DD"
                dateParser={parseDay}
                maxDate={today}
                clearable={false}
                {...CALENDAR}
                w={{ base: '100%', xs: 180 }}
              />
              <DateInput
                label="To"
                value={range.to}
                onChange={(value) => value && change({ ...range, to: value })}
                valueFormat="YYYY-MM-DD"
                dateParser={parseDay}
                minDate={range.from}
                maxDate={today}
                clearable={false}
                {...CALENDAR}
                w={{ base: '100%', xs: 180 }}
              />
            </Group>
            {showsCurrentMonth && <NotFinalizedNote month={monthName(today)} />}
          </Stack>
        </Card>
        <Card>
          <UsageTable range={range} search={search} onSearchChange={onSearchChange} />
        </Card>
      </Stack>
    </>
  );
}
