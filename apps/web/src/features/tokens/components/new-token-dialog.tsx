import { Alert, Button, Checkbox, Code, CopyButton, Fieldset, Group, NativeSelect, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { createToken, TOKEN_MESSAGES } from '@portal/contract/tokens/tokens';
import { useState } from 'react';
import { useContractForm } from '../../../components/form/use-contract-form';
import { tokenActionsQuery, useCreateToken } from '../api';
import { canCreate, EXPIRY_CHOICES, expiresAt, failureText, permissionList, toggled } from '../lib/token-form';
import { Modal } from '../../../components/modal/modal';

const COPIED_MS = 2000;

/** The token, shown once after it is made, with a copy button. */
function CreatedToken({ token, onClose }: { token: string; onClose: () => void }) {
  return (
    <Stack gap="sm">
      <Alert color="yellow" title="Copy your token now">
        This is the only time the token is shown. Store it somewhere safe; the portal keeps only a fingerprint of it.
      </Alert>
      <Code block data-testid="new-api-token" style={{ wordBreak: 'break-all' }}>
        {token}
      </Code>
      <Group justify="flex-end">
        <CopyButton value={token} timeout={COPIED_MS}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? 'Copied' : 'Copy token'}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onClose}>Done</Button>
      </Group>
    </Stack>
  );
}

/** New Token: the permissions the role is offered, grouped by service; create once something is chosen. */
export function NewTokenDialog({ onClose }: { onClose: () => void }) {
  const actions = tokenActionsQuery.useQuery({});
  const create = useCreateToken();
  const [made, setMade] = useState<string | null>(null);
  const services = actions.data?.services ?? [];
  const offered = services.flatMap((s) => s.actions.map((a) => a.name));
  const form = useContractForm(createToken, {
    initialValues: { name: '', chosen: new Set<string>() as ReadonlySet<string>, expiry: 'never' },
    toInput: ({ name, chosen, expiry }) => {
      // The expiry is counted from the moment the token is made.
      const expires_at = expiresAt(expiry, new Date());
      return { name: name.trim(), permissions: permissionList(offered, chosen), ...(expires_at ? { expires_at } : {}) };
    },
    // The permission list's schema turns the text into a list, which is not what is sent; the dialog builds it from checkboxes.
    fields: ['name'],
    serverError: create.error,
  });
  const { chosen } = form.values;
  // Only the name has a field of its own; whatever else is refused is said in the alert.
  const refusal = form.alert ?? form.errors.permissions ?? form.errors.expires_at ?? null;
  return (
    <Modal
      opened
      onClose={onClose}
      title={made ? 'Your new API token' : 'New API token'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {made ? (
        <CreatedToken token={made} onClose={onClose} />
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            if (canCreate(chosen))
              form.onSubmit((input) => create.mutate(input, { onSuccess: (token) => setMade(token.api_token) }))(event);
            else event.preventDefault();
          }}
        >
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              A script using the token acts as you, but can make only the calls of the permissions you choose.
            </Text>
            <TextInput
              label="Name"
              description="Optional: what uses the token, so you can tell it apart later."
              placeholder="Backup script on nas-01"
              {...form.textProps('name')}
              data-autofocus
            />
            {actions.isPending ? <Skeleton height={120} aria-label="Loading permissions" /> : null}
            {services.map((group) => (
              <Fieldset key={group.service} legend={group.service}>
                <Stack gap={6}>
                  {group.actions.map((a) => (
                    <Checkbox
                      key={a.name}
                      label={a.name}
                      description={a.description}
                      checked={chosen.has(a.name)}
                      onChange={(e) => form.setValue('chosen', toggled(chosen, a.name, e.currentTarget.checked))}
                    />
                  ))}
                </Stack>
              </Fieldset>
            ))}
            <NativeSelect
              label="Expires"
              description="A token that expires stops working by itself on that day."
              data={EXPIRY_CHOICES.map((c) => ({ value: c.value, label: c.label }))}
              value={form.values.expiry}
              onChange={(e) => form.setValue('expiry', e.currentTarget.value)}
            />
            {refusal ? (
              <Alert color="red" role="alert">
                {failureText(TOKEN_MESSAGES.createFailed, refusal)}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={!canCreate(chosen)} loading={create.isPending}>
                Create token
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
