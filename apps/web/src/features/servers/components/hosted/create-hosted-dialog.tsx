import { Alert, Button, Group, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../../../lib/api-error';
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
  const [region, setRegion] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [sendAs, setSendAs] = useState('');
  const [storage, setStorage] = useState(canHaveStorage);
  const fields = isApiError(create.error) ? create.error.fields : {};
  const chosen = region ?? regions.data?.default_region ?? null;
  return (
    <Modal opened onClose={onClose} title="Create a hosted management console" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate(
            {
              target_region: (chosen ?? '') as 'us-east',
              target_email_from: from,
              target_email_send_as: sendAs,
              target_storage_type: storage && canHaveStorage ? 'cspbw' : 'none',
            },
            { onSuccess: (data) => navigate({ to: '/provision_server', search: { task: data.async_task_id } }) },
          );
        }}
      >
        <Stack gap="sm">
          <Select
            label="Region"
            data={(regions.data?.regions ?? []).map((r) => ({ value: r.code, label: r.name }))}
            value={chosen}
            onChange={setRegion}
            allowDeselect={false}
            error={fields.target_region}
            required
          />
          <TextInput
            label="Send email from"
            description="The address your console's mail comes from"
            type="email"
            data-autofocus
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
            error={fields.target_email_from}
            required
          />
          <TextInput
            label="Send email as"
            description="The name your customers see"
            maxLength={100}
            value={sendAs}
            onChange={(e) => setSendAs(e.currentTarget.value)}
            error={fields.target_email_send_as}
            required
          />
          {canHaveStorage ? (
            <Switch
              label="Include Comet Storage (5 TB free for 30 days)"
              checked={storage}
              onChange={(e) => setStorage(e.currentTarget.checked)}
              error={fields.target_storage_type}
            />
          ) : null}
          {create.error && !Object.keys(fields).length ? <Alert color="red">{errorMessage(create.error)}</Alert> : null}
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
