import { Button, Checkbox, Group, Select, Stack, TextInput } from '@mantine/core';
import { TICKET_RESOLUTIONS, type TicketCloseReason, type TicketResolution } from '@portal/contract/tickets/ticket-fields';
import { closeTicket } from '@portal/contract/tickets/ticket-staff';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { useContractForm } from '../../../components/form/use-contract-form';
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
  const close = useCloseTicket();
  const form = useContractForm(closeTicket, {
    initialValues: { reason: 'resolved' as TicketCloseReason, other: '', resolution: 'no' as TicketResolution, skip: false },
    // Only the question the reason shows is sent: Other's text, or whether an update was required.
    toInput: (values) => {
      const shown = closeFields(values.reason);
      return {
        target_ticket_id: ticketId,
        target_reason: values.reason,
        target_other_reason: shown.otherReason ? values.other : null,
        target_resolution: shown.updateQuestion ? values.resolution : null,
        target_skip_notification: admin && values.skip,
      };
    },
    serverError: close.error,
  });
  const { values, setValue } = form;
  const shown = closeFields(values.reason);
  return (
    <Modal opened onClose={onClose} title="Close ticket">
      <form onSubmit={form.onSubmit((input) => close.mutate(input, { onSuccess: onClose }))}>
        <Stack gap="sm">
          <Select
            label="Reason"
            data={REASONS}
            value={values.reason}
            onChange={(v) => setValue('reason', (v as TicketCloseReason | null) ?? 'resolved')}
            allowDeselect={false}
            data-autofocus
          />
          {shown.otherReason ? (
            <TextInput
              label="Other Reason"
              required
              value={values.other}
              onChange={(e) => setValue('other', e.currentTarget.value)}
              error={form.errors.target_other_reason}
              maxLength={form.maxLength('target_other_reason')}
            />
          ) : (
            <Select
              label="Was a Comet update required"
              data={TICKET_RESOLUTIONS.map((r) => ({ value: r, label: RESOLUTION_LABELS[r] }))}
              value={values.resolution}
              onChange={(v) => setValue('resolution', (v as TicketResolution | null) ?? 'no')}
              allowDeselect={false}
            />
          )}
          {admin ? <Checkbox label="Don't notify client when closing ticket" {...form.checkboxProps('skip')} /> : null}
          <FormErrorAlert message={form.alert} />
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
