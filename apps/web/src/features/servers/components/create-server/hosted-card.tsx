import { Alert, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import type { AuthContext } from '@portal/contract/auth/auth-context';
import { IconCloud } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage } from '../../../../lib/api-error';
import { hostedRegionsQuery, useCreateHosted } from '../../api/hosted';
import { CreateHostedDialog } from '../hosted/create-hosted-dialog';
import { UpgradeHint } from './upgrade-hint';

/**
 * A first-time company's one-step console: the region chosen here, mail sent from the user's own address
 * as the company, both changeable later in the console's settings.
 */
function FirstConsole({ auth }: { auth: AuthContext }) {
  const regions = hostedRegionsQuery.useQuery({});
  const create = useCreateHosted();
  const navigate = useNavigate();
  const [region, setRegion] = useState<string | null>(null);
  const chosen = region ?? regions.data?.default_region ?? null;
  return (
    <Stack gap="sm">
      <Select
        label="Region"
        data={(regions.data?.regions ?? []).map((r) => ({ value: r.code, label: r.name }))}
        value={chosen}
        onChange={setRegion}
        allowDeselect={false}
      />
      {create.error ? (
        <Alert color="red" role="alert" title="Error">
          {errorMessage(create.error)}
        </Alert>
      ) : null}
      <Group>
        <Button
          loading={create.isPending}
          disabled={!chosen}
          onClick={() =>
            create.mutate(
              {
                target_region: (chosen ?? '') as 'us-east',
                target_email_from: auth.email,
                target_email_send_as: auth.company_name,
                target_storage_type: 'none',
              },
              { onSuccess: (data) => navigate({ to: '/provision_server', search: { task: data.async_task_id } }) },
            )
          }
        >
          Create hosted server
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * /create_server's hosted card (spec-1 §2): a first-time company picks a region and creates; otherwise Create
 * opens the full dialog. Without the hosted capability the button is disabled with an upgrade hint.
 */
export function HostedCard({ auth, firstTime }: { auth: AuthContext; firstTime: boolean }) {
  const allowed = auth.capabilities.includes('use_hosted');
  const [dialog, setDialog] = useState(false);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="hosted-title">
      <Stack gap="md">
        <Group gap="sm">
          <IconCloud size={24} aria-hidden />
          <Title order={2} size="h3" id="hosted-title">
            Hosted server
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          We run the management console for you: no machine to keep, ready in about a minute. You are charged daily while it runs.
        </Text>
        {!allowed ? (
          <UpgradeHint action="Create hosted server" reason="Upgrade your plan to have us host your server" />
        ) : firstTime ? (
          <FirstConsole auth={auth} />
        ) : (
          <Group>
            <Button onClick={() => setDialog(true)}>Create hosted server</Button>
          </Group>
        )}
      </Stack>
      {dialog ? <CreateHostedDialog onClose={() => setDialog(false)} /> : null}
    </Card>
  );
}
