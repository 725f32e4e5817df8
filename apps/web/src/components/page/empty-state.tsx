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
    <Stack align="center" gap="xs" py="xl" px="md" ta="center">
      <ThemeIcon variant="light" size={48} radius="xl" aria-hidden>
        {icon ?? <IconInbox size={26} stroke={1.5} />}
      </ThemeIcon>
      <Text fw={600}>{title}</Text>
      <Text c="dimmed" size="sm" maw={420}>
        {description}
      </Text>
      {action}
    </Stack>
  );
}
