import { Button, Group, Radio, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { formErrorState } from '../../../components/form/form-errors';
import { mergeCandidatesQuery, useMergeTicket } from '../api';
import { Modal } from '../../../components/modal/modal';

/**
 * Merge into another ticket of the same company (docs/decisions/0044): search by number or subject, choose,
 * and the page moves to the ticket the conversation went into.
 */
export function MergeTicketDialog({ ticketId, onClose }: { ticketId: number; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [chosen, setChosen] = useState<string | null>(null);
  const candidates = mergeCandidatesQuery.useQuery({ target_ticket_id: ticketId, target_search: debounced });
  const merge = useMergeTicket();
  const navigate = useNavigate();
  const errors = formErrorState(merge.error);
  const fieldError = errors.fields.target_merge_into_ticket_id;
  const rows = candidates.data ?? [];
  return (
    <Modal opened onClose={onClose} title="Merge ticket" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!chosen) return;
          merge.mutate(
            { target_ticket_id: ticketId, target_merge_into_ticket_id: Number(chosen) },
            { onSuccess: (into) => void navigate({ to: '/tickets/$ticketId', params: { ticketId: String(into.id) } }) },
          );
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            This ticket’s comments, notes, attachments and updates move into the ticket you choose; notes stay internal. This ticket is
            closed and points there.
          </Text>
          <TextInput
            label="Find a ticket of this company"
            description="By number or subject"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            data-autofocus
          />
          <Radio.Group label="Merge into" value={chosen} onChange={setChosen} error={fieldError}>
            <ScrollArea.Autosize mah={260}>
              <Stack gap={6} mt={6}>
                {candidates.isPending ? <Text c="dimmed">Searching…</Text> : null}
                {!candidates.isPending && !rows.length ? <Text c="dimmed">No other tickets of this company match</Text> : null}
                {rows.map((r) => (
                  <Radio key={r.id} value={String(r.id)} label={`#${r.id} ${r.subject}${r.open ? '' : ' (closed)'}`} />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </Radio.Group>
          <FormErrorAlert message={errors.alert} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!chosen} loading={merge.isPending}>
              Merge
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
