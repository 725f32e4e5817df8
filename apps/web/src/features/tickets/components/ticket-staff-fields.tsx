import { Button, MultiSelect, Select, Stack, Text, TextInput } from '@mantine/core';
import { REMINDER_PERIOD_MAX, TICKET_TYPES } from '@portal/contract/tickets/ticket-fields';
import type { Ticket } from '@portal/contract/tickets/ticket-view';
import { useState } from 'react';
import { notifyFailure } from '../../../components/feedback/notify';
import { assigneesQuery, useSetAssignees, useSetEscalation, useSetReminderPeriod, useSetTopic } from '../api';

const TYPE_OPTIONS = Object.entries(TICKET_TYPES).map(([value, label]) => ({ value, label }));

/** A whole number of days from 1 to REMINDER_PERIOD_MAX, as typed. */
function validPeriod(text: string): boolean {
  const days = Number(text);
  return text.trim() !== '' && Number.isInteger(days) && days >= 1 && days <= REMINDER_PERIOD_MAX;
}

/**
 * Topic, escalation, reminder and assignees; a failed change alerts the server's message (spec-1 §8). Only an
 * admin assigns (spec-1 §6); support see who is assigned, which is what their "Assigned to me" tab lists.
 */
export function TicketStaffFields({ ticket, admin }: { ticket: Ticket; admin: boolean }) {
  const topic = useSetTopic();
  const escalation = useSetEscalation();
  const reminder = useSetReminderPeriod();
  const assign = useSetAssignees();
  const people = assigneesQuery.useQuery({}, { enabled: admin });
  const [period, setPeriod] = useState(String(ticket.reminder_period));
  const failed = (what: string) => (error: unknown) => notifyFailure(what, error);
  const id = ticket.id;
  return (
    <Stack gap="sm">
      <Select
        label="Topic"
        data={TYPE_OPTIONS}
        value={String(ticket.type)}
        allowDeselect={false}
        onChange={(v) =>
          v && topic.mutate({ target_ticket_id: id, target_new_value: Number(v) }, { onError: failed('Could not change the topic') })
        }
      />
      {ticket.escalation < 3 ? (
        <Select
          label="Escalation"
          data={[
            { value: '1', label: 'L1' },
            { value: '2', label: 'L2' },
          ]}
          value={String(ticket.escalation)}
          allowDeselect={false}
          onChange={(v) =>
            v &&
            escalation.mutate({ target_ticket_id: id, target_new_value: Number(v) }, { onError: failed('Could not change the escalation') })
          }
        />
      ) : null}
      {/* L3 is a one-way admin button, hidden once reached (spec-1 §4). */}
      {admin && ticket.escalation < 3 ? (
        <Button
          variant="default"
          color="red"
          loading={escalation.isPending}
          onClick={() => escalation.mutate({ target_ticket_id: id, target_new_value: 3 }, { onError: failed('Could not escalate to L3') })}
        >
          Escalate to L3
        </Button>
      ) : null}
      {/* The browser's own number field: Mantine's NumberInput would add 9 kB gzip to the ticket page's first load. */}
      <TextInput
        type="number"
        inputMode="numeric"
        label="Reminder period (days)"
        min={1}
        max={REMINDER_PERIOD_MAX}
        step={1}
        value={period}
        onChange={(event) => setPeriod(event.currentTarget.value)}
        onBlur={() => {
          const days = Number(period);
          if (validPeriod(period) && days !== ticket.reminder_period) {
            reminder.mutate(
              { target_ticket_id: id, target_reminder_period: days },
              { onError: failed('Could not change the reminder period') },
            );
          }
        }}
        error={validPeriod(period) ? undefined : 'Please enter a number from 1 to 31'}
      />
      {admin ? (
        <MultiSelect
          label="Assignees"
          data={(people.data ?? []).map((p) => ({ value: String(p.id), label: p.contact_name }))}
          value={ticket.assignees.map((a) => String(a.id))}
          onChange={(values) =>
            assign.mutate(
              { target_ticket_id: id, target_user_ids: values.map(Number) },
              { onError: failed('Could not change the assignees') },
            )
          }
        />
      ) : (
        <Stack gap={2} role="group" aria-label="Assignees">
          <Text size="sm" fw={500}>
            Assignees
          </Text>
          <Text size="sm">{ticket.assignees.length ? ticket.assignees.map((a) => a.contact_name).join(', ') : 'Nobody yet'}</Text>
          <Text size="xs" c="dimmed">
            An admin assigns tickets.
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
