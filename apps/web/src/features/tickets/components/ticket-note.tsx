import { Button, Card, Group, Text, Textarea } from '@mantine/core';
import type { Note } from '@portal/contract/tickets/ticket-view';
import { useState } from 'react';
import { notifyFailure } from '../../../components/feedback/notify';
import { formatDateTime } from '../../../lib/dates';
import { useDeleteNote, useUpdateNote } from '../api';
import { commenterLabel } from '../lib/ticket-rules';

/** A staff note, with Edit and Delete; a failure alerts the server's message (spec-1 §8). */
export function TicketNote({ ticketId, note }: { ticketId: number; note: Note }) {
  const [editing, setEditing] = useState<string | null>(null);
  const update = useUpdateNote();
  const remove = useDeleteNote();
  return (
    <Card withBorder padding="sm">
      {editing === null ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {note.note}
        </Text>
      ) : (
        <Textarea label="Edit note" rows={3} value={editing} onChange={(e) => setEditing(e.currentTarget.value)} data-autofocus />
      )}
      <Group justify="space-between" mt="xs" gap="xs">
        <Text size="xs" c="dimmed">
          {commenterLabel(note.username)} · {formatDateTime(note.created_at)}
        </Text>
        <Group gap="xs">
          {editing === null ? (
            <Button size="xs" variant="subtle" onClick={() => setEditing(note.note)}>
              Edit note
            </Button>
          ) : (
            <Button
              size="xs"
              variant="subtle"
              loading={update.isPending}
              disabled={!editing.trim()}
              onClick={() =>
                update.mutate(
                  { target_ticket_id: ticketId, target_note_id: note.id, target_note_content: editing },
                  { onSuccess: () => setEditing(null), onError: (error) => notifyFailure('Could not save the note', error) },
                )
              }
            >
              Save note
            </Button>
          )}
          <Button
            size="xs"
            variant="subtle"
            color="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(
                { target_ticket_id: ticketId, target_note_id: note.id },
                { onError: (error) => notifyFailure('Could not delete the note', error) },
              )
            }
          >
            Delete note
          </Button>
        </Group>
      </Group>
    </Card>
  );
}
