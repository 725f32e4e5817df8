import { Alert, Button, Checkbox, Code, CopyButton, Fieldset, Group, NativeSelect, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { TOKEN_MESSAGES } from '@portal/contract/tokens/tokens';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
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
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [expiry, setExpiry] = useState<string>('never');
  const [name, setName] = useState('');
  const [made, setMade] = useState<string | null>(null);
  const services = actions.data?.services ?? [];
  const offered = services.flatMap((s) => s.actions.map((a) => a.name));
  const submit = () => {
    const expires_at = expiresAt(expiry, new Date());
    create.mutate(
      { name: name.trim(), permissions: permissionList(offered, chosen), ...(expires_at ? { expires_at } : {}) },
      { onSuccess: (token) => setMade(token.api_token) },
    );
  };
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
          onSubmit={(e) => {
            e.preventDefault();
            if (canCreate(chosen)) submit();
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
              maxLength={100}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
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
                      onChange={(e) => setChosen(toggled(chosen, a.name, e.currentTarget.checked))}
                    />
                  ))}
                </Stack>
              </Fieldset>
            ))}
            <NativeSelect
              label="Expires"
              description="A token that expires stops working by itself on that day."
              data={EXPIRY_CHOICES.map((c) => ({ value: c.value, label: c.label }))}
              value={expiry}
              onChange={(e) => setExpiry(e.currentTarget.value)}
            />
            {create.error ? (
              <Alert color="red" role="alert">
                {failureText(TOKEN_MESSAGES.createFailed, errorMessage(create.error))}
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
