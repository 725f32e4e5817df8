import { Button, Checkbox, Group, Select, Stack, TextInput } from '@mantine/core';
import { TICKET_RESOLUTIONS, type TicketCloseReason, type TicketResolution } from '@portal/contract/tickets/ticket-fields';
import { useState } from 'react';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { formErrorState } from '../../../components/form/form-errors';
import { useCloseTicket } from '../api';
import { closeFields } from '../lib/ticket-rules';
import { Modal } from '../../../components/modal/modal';

const REASONS = [
  { value: 'resolved', label: 'Resolved' },
  { value: 'expired', label: 'Expired' },
  { value: 'other', label: 'Other' },
];
const RESOLUTION_LABELS: Record<TicketResolution, string> = {
  no: 'No',
  'yes-bug-fixed': 'Yes, a bug was fixed',
  'yes-feature-added': 'Yes, a feature was added',
};

/** Close with a reason: Other asks for its text, any other reason whether a Comet update was required (spec-1 §5). */
export function CloseTicketDialog({ ticketId, admin, onClose }: { ticketId: number; admin: boolean; onClose: () => void }) {
  const [reason, setReason] = useState<TicketCloseReason>('resolved');
  const [other, setOther] = useState('');
  const [resolution, setResolution] = useState<TicketResolution>('no');
  const [skip, setSkip] = useState(false);
  const close = useCloseTicket();
  const shown = closeFields(reason);
  const errors = formErrorState(close.error);
  return (
    <Modal opened onClose={onClose} title="Close ticket">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          close.mutate(
            {
              target_ticket_id: ticketId,
              target_reason: reason,
              target_other_reason: shown.otherReason ? other : null,
              target_resolution: shown.updateQuestion ? resolution : null,
              target_skip_notification: admin && skip,
            },
            { onSuccess: onClose },
          );
        }}
      >
        <Stack gap="sm">
          <Select
            label="Reason"
            data={REASONS}
            value={reason}
            onChange={(v) => setReason((v as TicketCloseReason | null) ?? 'resolved')}
            allowDeselect={false}
            data-autofocus
          />
          {shown.otherReason ? (
            <TextInput
              label="Other Reason"
              required
              value={other}
              onChange={(e) => setOther(e.currentTarget.value)}
              error={errors.fields.target_other_reason}
            />
          ) : (
            <Select
              label="Was a Comet update required"
              data={TICKET_RESOLUTIONS.map((r) => ({ value: r, label: RESOLUTION_LABELS[r] }))}
              value={resolution}
              onChange={(v) => setResolution((v as TicketResolution | null) ?? 'no')}
              allowDeselect={false}
            />
          )}
          {admin ? (
            <Checkbox label="Don't notify client when closing ticket" checked={skip} onChange={(e) => setSkip(e.currentTarget.checked)} />
          ) : null}
          <FormErrorAlert message={errors.alert} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={close.isPending}>
              Close ticket
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
