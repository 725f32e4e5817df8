import { Text } from '@mantine/core';
import type { Suspension } from '@portal/contract/companies/company-suspension';
import { formatDateTime } from '../../../../lib/dates';
import { formatCents } from '../../../../lib/money';

/** Why the company is suspended, as staff read it in its dialog. */
export function SuspensionLine({ suspension }: { suspension: Suspension }) {
  const since = formatDateTime(suspension.suspended_at);
  const why =
    suspension.reason === 'out_of_credit'
      ? `out of credit (balance ${formatCents(suspension.balance)}); it returns to active with the payment that brings the balance above zero`
      : suspension.reason === 'trial_ended'
        ? 'its trial ended without a plan; choosing a plan with credit ends it'
        : `by staff${suspension.note ? `: ${suspension.note}` : ''}`;
  return (
    <Text size="sm" mb="sm">
      Suspended since {since}, {why}.
    </Text>
  );
}
