import { Group, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { PRODUCT_NAME } from '../../lib/product';

interface PageHeaderProps {
  title: string;
  /** One sentence on what the page is for. */
  description?: ReactNode;
  /** The page's primary action (and at most one or two secondary ones), right-aligned. */
  actions?: ReactNode;
}

/** Every screen's header: one h1, an optional description and the primary action. Sets the tab's title too. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  usePageTitle(title);
  return (
    <Group justify="space-between" align="flex-end" gap="md" mb="lg" wrap="wrap">
      <Stack gap={6} style={{ minWidth: 0, flex: '1 1 18rem' }}>
        <Title order={1}>{title}</Title>
        {description ? (
          <Text c="dimmed" size="sm" maw={640}>
            {description}
          </Text>
        ) : null}
      </Stack>
      {actions ? (
        <Group gap="sm" wrap="wrap">
          {actions}
        </Group>
      ) : null}
    </Group>
  );
}

/** The browser tab reads "<page> · Backup Portal"; pages without a PageHeader (sign-in cards) call this directly. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · ${PRODUCT_NAME}`;
  }, [title]);
}
