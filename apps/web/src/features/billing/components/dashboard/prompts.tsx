import { Anchor, Button, Card, Group, List, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed, IconCreditCardOff, IconShieldCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { showInformation } from '../../../../components/confirm/show-information';
import { paymentPromptTarget } from '../../lib/figures';

function Step({ done, children }: { done: boolean; children: ReactNode }) {
  return (
    <List.Item
      icon={
        <ThemeIcon variant="light" color={done ? 'green' : 'gray'} size={24} radius="xl" aria-hidden>
          {done ? <IconCircleCheck size={16} /> : <IconCircleDashed size={16} />}
        </ThemeIcon>
      }
    >
      {children}
      {done && <VisuallyHidden> (done)</VisuallyHidden>}
    </List.Item>
  );
}

/** Spec-2 §2.8: shown while the company runs no server yet; the steps say how to start backing up. */
export function GettingStartedCard({ hasCredit }: { hasCredit: boolean }) {
  return (
    <Card>
      <Stack gap="sm">
        <Title order={2} size="h3">
          Getting started
        </Title>
        <Text size="sm" c="dimmed">
          Three steps to your first backup.
        </Text>
        <List spacing="sm" size="sm" center>
          <Step done={hasCredit}>
            {hasCredit ? (
              'Add credit to your account.'
            ) : (
              <>
                <Anchor component={Link} to="/topup" size="sm">
                  Add credit
                </Anchor>{' '}
                to your account; it is used daily for what you run.
              </>
            )}
          </Step>
          <Step done={false}>
            <Anchor component={Link} to="/create_server" size="sm">
              Set up a backup server
            </Anchor>
            : a hosted server we run for you, or a self-hosted one.
          </Step>
          <Step done={false}>Install the backup client on your devices and connect them to your server.</Step>
        </List>
      </Stack>
    </Card>
  );
}

/** Spec-2 §2.8: 'No payment configured', leading a trial to add credit and a paying account to automatic payments. */
export function NoPaymentCard({ state }: { state: string }) {
  const target = paymentPromptTarget(state);
  return (
    <Card style={{ borderLeft: '3px solid var(--mantine-color-orange-filled)' }}>
      <Group justify="space-between" gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start" style={{ flex: '1 1 18rem', minWidth: 0 }}>
          <ThemeIcon variant="light" color="orange" size={40} radius="md" aria-hidden>
            <IconCreditCardOff size={22} stroke={1.6} />
          </ThemeIcon>
          <Stack gap={4}>
            <Title order={2} size="h3">
              No payment configured
            </Title>
            <Text size="sm">
              {state === 'TRIAL'
                ? 'Add credit before your trial ends so your backups keep running.'
                : 'Save a card and top up automatically, so your services never stop for lack of credit.'}
            </Text>
          </Stack>
        </Group>
        <Button component={Link} to={target.to} variant="default">
          {target.label}
        </Button>
      </Group>
    </Card>
  );
}

/** Spec-1 §9: usage charged for a user deleted within the guarantee window is credited back. */
export function guaranteeText(days: number): string {
  return `Charges for a new user you delete within ${days} ${days === 1 ? 'day' : 'days'} of adding it are refunded.`;
}

function openGuaranteeDialog(days: number) {
  void showInformation({
    title: 'New-user guarantee',
    message: (
      <Stack gap="xs">
        <Text size="sm">{guaranteeText(days)}</Text>
        <Text size="sm">
          Try the backup on a new device without risk: if it is not for you, delete the user and what it was charged comes back as credit.
          Refunds are added every week, on Sunday at 08:00 UTC, as a credit pack named after the refund.
        </Text>
        <Text size="sm">New users still inside the window, and past refunds, are listed under Track new users.</Text>
      </Stack>
    ),
  });
}

/** Spec-2 §2.8: the new-user customer-guarantee box, which opens an information dialog. */
export function GuaranteeCard({ days }: { days: number }) {
  return (
    <Card>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size={40} radius="md" aria-hidden>
          <IconShieldCheck size={22} stroke={1.6} />
        </ThemeIcon>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={2} size="h3">
            New-user guarantee
          </Title>
          <Text size="sm">{guaranteeText(days)}</Text>
          <Group gap="md">
            <Anchor component="button" type="button" size="sm" fw={500} onClick={() => openGuaranteeDialog(days)}>
              How it works
            </Anchor>
            <Anchor component={Link} to="/track_new_users" size="sm" fw={500}>
              Track new users
            </Anchor>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
