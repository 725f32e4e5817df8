import { Anchor, Group, type MantineSpacing, Skeleton, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, type LinkProps } from '@tanstack/react-router';

/** A dashboard card's title with the link to the page that shows all of it, on one line. */
export function CardHeading({ title, to, linkLabel, mb }: { title: string; to: LinkProps['to']; linkLabel: string; mb?: MantineSpacing }) {
  return (
    <Group justify="space-between" align="baseline" mb={mb}>
      <Title order={2} size="h3">
        {title}
      </Title>
      <Anchor component={Link} to={to} size="sm" fw={500}>
        {linkLabel}
      </Anchor>
    </Group>
  );
}

/**
 * A card's heading while the card loads, drawn as a bar of the same size: the real heading would be
 * announced (and found) before the card knows it will show.
 */
export function HeadingPlaceholder({ children }: { children: ReactNode }) {
  return (
    <Skeleton visible radius="sm" inert aria-hidden>
      {children}
    </Skeleton>
  );
}
