import { Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  /** What the user can do next, in one sentence. */
  description: ReactNode;
  /** The action that fills the empty place (a button or link). */
  action?: ReactNode;
  icon?: ReactNode;
}

/** Shown where a list or panel has nothing yet: says so, and says what to do next. */
export function EmptyState({ title, description, action, icon }: EmptyStateProps) {
  return (
    <Stack align="center" gap={6} py={48} px="md" ta="center">
      <ThemeIcon variant="light" size={44} radius="md" mb={6} aria-hidden>
        {icon ?? <IconInbox size={24} stroke={1.6} />}
      </ThemeIcon>
      <Text fw={600} fz="md">
        {title}
      </Text>
      <Text c="dimmed" size="sm" maw={400}>
        {description}
      </Text>
      {action ? <div style={{ marginTop: 'var(--mantine-spacing-sm)' }}>{action}</div> : null}
    </Stack>
  );
}
