import { Badge, Button, Card, Group, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { TICKET_PRIORITIES, TICKET_STATUSES, type TicketPriority, type TicketStatus } from '@portal/contract/tickets/ticket-fields';
import type { Ticket } from '@portal/contract/tickets/ticket-view';
import { useRef, useState } from 'react';
import { notifyFailure } from '../../../components/feedback/notify';
import { formatDateTime } from '../../../lib/dates';
import { formatCents } from '../../../lib/money';
import { useCreateNote, useSetPriority, useSetStatus } from '../api';
import { updateText } from '../lib/update-text';
import { TicketNote } from './ticket-note';
import { TicketStaffFields } from './ticket-staff-fields';
import { TicketTags } from './ticket-tags';

/** Staff's side of a ticket: status, priority, tags, notes and the customer panel (spec-1 §6). */
export function TicketStaffPanel({ ticket, admin }: { ticket: Ticket; admin: boolean }) {
  const status = useSetStatus();
  const priority = useSetPriority();
  const note = useCreateNote();
  const [noteInput, setNoteInput] = useState('');
  const noteBox = useRef<HTMLTextAreaElement>(null);
  const info = ticket.customer_info;
  // Ticket field set failures alert the server's message (spec-1 §8).
  const failed = (what: string) => (error: unknown) => notifyFailure(what, error);
  return (
    <Stack gap="md">
      <Card>
        <Stack gap="sm">
          <Title order={2} size="h4">
            Ticket
          </Title>
          <Select
            label="Status"
            data={[...TICKET_STATUSES]}
            value={ticket.status}
            allowDeselect={false}
            onChange={(v) =>
              v &&
              status.mutate(
                { target_ticket_id: ticket.id, target_new_value: v as TicketStatus },
                { onError: failed('Could not change the status') },
              )
            }
          />
          <Select
            label="Priority"
            data={[...TICKET_PRIORITIES]}
            value={ticket.priority}
            allowDeselect={false}
            onChange={(v) =>
              v &&
              priority.mutate(
                { target_ticket_id: ticket.id, target_new_value: v as TicketPriority },
                { onError: failed('Could not change the priority') },
              )
            }
          />
          <TicketStaffFields ticket={ticket} admin={admin} />
          <TicketTags ticket={ticket} />
        </Stack>
      </Card>
      <Card>
        <Stack gap="sm">
          <Title order={2} size="h4">
            Notes
          </Title>
          <Text size="sm" c="dimmed">
            Only staff see notes.
          </Text>
          {ticket.notes.map((n) => (
            <TicketNote key={n.id} ticketId={ticket.id} note={n} />
          ))}
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (!noteInput.trim()) return;
              note.mutate(
                { target_ticket_id: ticket.id, target_note_content: noteInput },
                {
                  onSuccess: () => {
                    setNoteInput('');
                    // The button that sent it is disabled now: focus goes back to the box.
                    noteBox.current?.focus();
                  },
                  onError: failed('Could not add the note'),
                },
              );
            }}
          >
            <Stack gap="xs">
              <Textarea ref={noteBox} label="New note" rows={2} value={noteInput} onChange={(e) => setNoteInput(e.currentTarget.value)} />
              <Group justify="flex-end">
                <Button type="submit" variant="default" loading={note.isPending} disabled={!noteInput.trim()}>
                  Add note
                </Button>
              </Group>
            </Stack>
          </form>
        </Stack>
      </Card>
      <Card>
        <Title order={2} size="h4" mb="sm">
          Updates
        </Title>
        <Stack gap={4} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {ticket.updates.map((u) => (
            <Text key={u.id} component="li" size="sm">
              <Text span c="dimmed" size="xs">
                {formatDateTime(u.created_at)}
              </Text>{' '}
              {updateText(u)}
            </Text>
          ))}
        </Stack>
      </Card>
      {info ? (
        <Card>
          <Title order={2} size="h4" mb="sm">
            Customer {info.company_is_vip ? <Badge color="yellow">VIP</Badge> : null}
          </Title>
          <Text size="sm">Balance: {formatCents(info.account_balance)}</Text>
          <Text size="sm">Devices online now: {info.device_count}</Text>
          <Text size="sm">Hosted consoles: {info.hosted_server_count}</Text>
          <Text size="sm">Signed up: {formatDateTime(info.company_created_at)}</Text>
          <Text size="sm">Country: {info.company_country}</Text>
          {info.sales ? <Text size="sm">Sales: {info.sales}</Text> : null}
          {info.distributor ? <Text size="sm">Distributor: {info.distributor}</Text> : null}
          {info.has_comet_storage ? <Text size="sm">Uses Comet Storage</Text> : null}
        </Card>
      ) : null}
    </Stack>
  );
}
