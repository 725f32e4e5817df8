import { Badge, Button, Card, Code, Group, Table, Tabs, Text } from '@mantine/core';
import { type ApiToken, TOKEN_MESSAGES, type TokenRestrict } from '@portal/contract/tokens/tokens';
import { useState } from 'react';
import { confirmYesNo } from '../../../components/confirm/confirm-yes-no';
import { notifyFailure, notifySuccess } from '../../../components/feedback/notify';
import { EmptyState } from '../../../components/page/empty-state';
import { PageHeader } from '../../../components/page/page-header';
import { TableSkeleton } from '../../../components/page/page-skeleton';
import { formatDateTime } from '../../../lib/dates';
import { tokensQuery, useRevokeToken } from '../api';
import { NewTokenDialog } from './new-token-dialog';

function RevokeButton({ token }: { token: ApiToken }) {
  const revoke = useRevokeToken();
  const ask = async () => {
    const yes = await confirmYesNo({
      title: `Revoke ${token.api_token}?`,
      message: 'Scripts using this token stop working at once. This cannot be undone.',
      yesLabel: 'Revoke',
      noLabel: 'Cancel',
    });
    if (!yes) return;
    revoke.mutate(
      { token: token.id },
      {
        onSuccess: () => notifySuccess('API token revoked'),
        onError: (error) => notifyFailure(TOKEN_MESSAGES.revokeFailed, error),
      },
    );
  };
  return (
    <Button
      size="xs"
      color="red"
      variant="light"
      loading={revoke.isPending}
      onClick={() => void ask()}
      aria-label={`Revoke ${token.api_token}`}
    >
      Revoke
    </Button>
  );
}

const when = (value: string | null) => (value ? formatDateTime(value) : '');

function TokensTable({ restrict }: { restrict: TokenRestrict }) {
  const tokens = tokensQuery.useQuery({ restrict });
  const rows = tokens.data?.tokens ?? [];
  if (tokens.isPending) return <TableSkeleton label="Loading API tokens" columns={6} />;
  if (rows.length === 0)
    return (
      <EmptyState
        title={TOKEN_MESSAGES.empty}
        description={restrict === 'active' ? 'Create a token for a script with New Token.' : 'Revoked and expired tokens appear here.'}
      />
    );
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover aria-label={restrict === 'active' ? 'Active API tokens' : 'Revoked API tokens'}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>API token</Table.Th>
            <Table.Th>Permissions</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>{restrict === 'active' ? 'Expires' : 'Revoked'}</Table.Th>
            <Table.Th>Last used</Table.Th>
            {restrict === 'active' ? <Table.Th ta="right">Actions</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((t) => (
            <Table.Tr key={t.id}>
              <Table.Td>
                {t.name || (
                  <Text span size="sm" c="dimmed">
                    Unnamed
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Code>{t.api_token}</Code>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {t.permissions.split(',').map((p) => (
                    <Badge key={p} variant="light" size="sm">
                      {p}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>{when(t.created_at)}</Table.Td>
              <Table.Td>
                {restrict === 'active' ? when(t.expires_at) || 'Never' : when(t.revoked_at) || `Expired ${when(t.expires_at)}`}
              </Table.Td>
              <Table.Td>{t.last_used_at ? `${when(t.last_used_at)} from ${t.last_used_ip ?? ''}` : 'Never'}</Table.Td>
              {restrict === 'active' ? (
                <Table.Td ta="right">
                  <RevokeButton token={t} />
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** /manage_api_tokens (spec-2 §2.12): Active and Revoked tabs (the URL's restrict), New Token, revoke. */
export function ManageApiTokensPage({ restrict, onRestrict }: { restrict: TokenRestrict; onRestrict: (r: TokenRestrict) => void }) {
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageHeader
        title="API tokens"
        description="Tokens let scripts and billing systems call the portal as you, with only the permissions you give them."
        actions={<Button onClick={() => setCreating(true)}>New Token</Button>}
      />
      <Tabs value={restrict} onChange={(v) => onRestrict(v === 'revoked' ? 'revoked' : 'active')}>
        <Tabs.List mb="md">
          <Tabs.Tab value="active">Active</Tabs.Tab>
          <Tabs.Tab value="revoked">Revoked</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Card withBorder padding={0}>
        <TokensTable restrict={restrict} />
      </Card>
      {creating ? <NewTokenDialog onClose={() => setCreating(false)} /> : null}
    </>
  );
}
