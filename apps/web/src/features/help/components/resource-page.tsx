import { Anchor, Card, Group, SimpleGrid, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import type { Resource, ResourceKey } from '@portal/contract/help/resources';
import {
  type Icon,
  IconArrowUpRight,
  IconBook,
  IconBulb,
  IconNews,
  IconNotes,
  IconPlugConnected,
  IconPresentation,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { CardSkeleton } from '../../../components/page/page-skeleton';
import { PageHeader } from '../../../components/page/page-header';
import { resourcesQuery } from '../api';

const ICONS: Record<ResourceKey, Icon> = {
  documentation: IconBook,
  release_notes: IconNotes,
  feature_voting: IconBulb,
  integrations: IconPlugConnected,
  webinars: IconPresentation,
  blog: IconNews,
};

function ResourceCard({ resource }: { resource: Resource }) {
  const Glyph = ICONS[resource.key];
  const internal = resource.url.startsWith('/');
  const title = internal ? (
    <Anchor component={Link} to={resource.url}>
      {resource.label}
    </Anchor>
  ) : (
    <Anchor href={resource.url} target="_blank" rel="noopener noreferrer">
      {resource.label}
      <IconArrowUpRight size={16} aria-hidden style={{ verticalAlign: 'text-top', marginLeft: 4 }} />
      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
    </Anchor>
  );
  return (
    <Card component="article">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size={40} radius="md" aria-hidden>
          <Glyph size={22} stroke={1.6} />
        </ThemeIcon>
        <div>
          <Title order={2} size="h3" mb={4}>
            {title}
          </Title>
          <Text c="dimmed" size="sm">
            {resource.description}
          </Text>
        </div>
      </Group>
    </Card>
  );
}

/** /resource: where to read, learn and ask for more (spec-2 §2.12); the operator configures each address. */
export function ResourcePage() {
  const resources = resourcesQuery.useQuery({});
  return (
    <>
      <PageHeader title="Resources" description="Documentation, release notes and other places to learn about the product." />
      {resources.data ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {resources.data.resources.map((r) => (
            <ResourceCard key={r.key} resource={r} />
          ))}
        </SimpleGrid>
      ) : (
        <CardSkeleton label="Loading resources" />
      )}
    </>
  );
}
