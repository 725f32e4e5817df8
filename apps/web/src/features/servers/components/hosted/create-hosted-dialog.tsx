import { Alert, Button, Group, Select, Stack, Switch, TextInput } from '@mantine/core';
import { hostedCreate } from '@portal/contract/servers/hosted';
import type { CallInput } from '@portal/contract/shared/define-call';
import { useNavigate } from '@tanstack/react-router';
import { useContractForm } from '../../../../components/form/use-contract-form';
import { useAuthContext } from '../../../auth/api';
import { hostedRegionsQuery, useCreateHosted } from '../../api/hosted';
import { Modal } from '../../../../components/modal/modal';

/**
 * Create a hosted management console (spec-1 §2): region, the address mail is sent from and its name, and Comet
 * Storage (5 TB for 30 days), which is not offered when the company cannot have storage (spec-1 §6).
 */
export function CreateHostedDialog({ onClose }: { onClose: () => void }) {
  const auth = useAuthContext();
  const canHaveStorage = Boolean(auth.data?.capabilities.includes('use_storage'));
  const regions = hostedRegionsQuery.useQuery({});
  const create = useCreateHosted();
  const navigate = useNavigate();
  const form = useContractForm(hostedCreate, {
    initialValues: { region: null as string | null, target_email_from: '', target_email_send_as: '', storage: canHaveStorage },
    toInput: (values) => ({
      // Until one is chosen, the region is the one the server suggests.
      target_region: (values.region ?? regions.data?.default_region ?? '') as CallInput<typeof hostedCreate>['target_region'],
      target_email_from: values.target_email_from,
      target_email_send_as: values.target_email_send_as,
      target_storage_type: values.storage && canHaveStorage ? ('cspbw' as const) : ('none' as const),
    }),
    serverError: create.error,
  });
  const { errors } = form;
  const chosen = form.values.region ?? regions.data?.default_region ?? null;
  return (
    <Modal opened onClose={onClose} title="Create a hosted management console" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        onSubmit={form.onSubmit((input) =>
          create.mutate(input, { onSuccess: (data) => navigate({ to: '/provision_server', search: { task: data.async_task_id } }) }),
        )}
      >
        <Stack gap="sm">
          <Select
            label="Region"
            data={(regions.data?.regions ?? []).map((r) => ({ value: r.code, label: r.name }))}
            value={chosen}
            onChange={(region) => form.setValue('region', region)}
            allowDeselect={false}
            error={errors.target_region}
            required
          />
          <TextInput
            label="Send email from"
            description="The address your console's mail comes from"
            type="email"
            data-autofocus
            {...form.textProps('target_email_from')}
            required
          />
          <TextInput label="Send email as" description="The name your customers see" {...form.textProps('target_email_send_as')} required />
          {canHaveStorage ? (
            <Switch
              label="Include Comet Storage (5 TB free for 30 days)"
              {...form.checkboxProps('storage')}
              error={errors.target_storage_type}
            />
          ) : null}
          {form.alert ? <Alert color="red">{form.alert}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
