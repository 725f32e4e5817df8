import { Button, Group, Radio, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { mergeTicket } from '@portal/contract/tickets/ticket-merge';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { useContractForm } from '../../../components/form/use-contract-form';
import { mergeCandidatesQuery, useMergeTicket } from '../api';
import { Modal } from '../../../components/modal/modal';

/**
 * Merge into another ticket of the same company (docs/decisions/0044): search by number or subject, choose,
 * and the page moves to the ticket the conversation went into.
 */
export function MergeTicketDialog({ ticketId, onClose }: { ticketId: number; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const candidates = mergeCandidatesQuery.useQuery({ target_ticket_id: ticketId, target_search: debounced });
  const merge = useMergeTicket();
  const navigate = useNavigate();
  // The search only finds candidates; the call's one field is the ticket chosen among them.
  const form = useContractForm(mergeTicket, {
    initialValues: { chosen: null as string | null },
    toInput: ({ chosen }) => ({ target_ticket_id: ticketId, target_merge_into_ticket_id: Number(chosen) }),
    serverError: merge.error,
  });
  const chosen = form.values.chosen;
  const submit = form.onSubmit((input) =>
    merge.mutate(input, {
      onSuccess: (into) => void navigate({ to: '/tickets/$ticketId', params: { ticketId: String(into.id) } }),
    }),
  );
  const rows = candidates.data ?? [];
  return (
    <Modal opened onClose={onClose} title="Merge ticket" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        onSubmit={(event) => {
          // Enter in the search box sends nothing until a ticket is chosen.
          if (chosen) submit(event);
          else event.preventDefault();
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
          <Radio.Group
            label="Merge into"
            value={chosen}
            onChange={(value) => form.setValue('chosen', value)}
            error={form.errors.target_merge_into_ticket_id}
          >
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
          <FormErrorAlert message={form.alert} />
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
