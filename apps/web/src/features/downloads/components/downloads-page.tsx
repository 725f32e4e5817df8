import { Anchor, Button, Card, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type DownloadVersion, downloadCometUrl } from '@portal/contract/downloads/downloads';
import { IconDownload } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { EmptyState } from '../../../components/page/empty-state';
import { PageHeader } from '../../../components/page/page-header';
import { TableSkeleton } from '../../../components/page/page-skeleton';
import { downloadsQuery } from '../api';
import { currentReleases, formatBytes } from '../lib/downloads';

function ReleaseCard({ title, cadence, version }: { title: string; cadence: string; version: DownloadVersion }) {
  const [platform, setPlatform] = useState<string | null>(version.platforms[0]?.platform_id ?? null);
  const chosen = version.platforms.find((p) => p.platform_id === platform);
  const headingId = `release-${version.version.replaceAll('.', '-')}`;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h3" id={headingId}>
            {title} {version.version}
          </Title>
          <Text size="sm" c="dimmed">
            {cadence}
            {version.codename ? ` · ${version.codename}` : ''}
            {version.release_date ? ` · ${version.release_date}` : ''}
          </Text>
        </div>
        <Select
          label="Platform"
          data={version.platforms.map((p) => ({ value: p.platform_id, label: `${p.platform_name} (${formatBytes(p.filesize_bytes)})` }))}
          value={platform}
          onChange={setPlatform}
          allowDeselect={false}
        />
        <Button
          component="a"
          href={chosen ? downloadCometUrl(version.version, chosen.platform_id) : undefined}
          leftSection={<IconDownload size={16} aria-hidden />}
          disabled={!chosen}
          download
        >
          Download
        </Button>
        {chosen ? (
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {chosen.filename} · SHA-256 {chosen.sha256}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

/** /downloads: the current stable (quarterly) and prerelease (weekly) releases (spec-2 §2.11). */
export function DownloadsPage() {
  const { data, isPending } = downloadsQuery.useQuery({ page: 1, page_size: 20 });
  const { stable, prerelease } = currentReleases(data?.rows ?? []);
  return (
    <>
      <PageHeader
        title="Downloads"
        description="Install the backup server on your own machine."
        actions={
          <Anchor component={Link} to="/oldversions">
            Older versions
          </Anchor>
        }
      />
      {isPending ? (
        <TableSkeleton label="Loading downloads" />
      ) : !stable && !prerelease ? (
        <EmptyState title="No downloads yet" description="Versions appear here once they are released." />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {stable ? <ReleaseCard title="Stable" cadence="Quarterly release" version={stable} /> : null}
          {prerelease ? <ReleaseCard title="Prerelease" cadence="Weekly release" version={prerelease} /> : null}
        </SimpleGrid>
      )}
      <Group mt="md" />
    </>
  );
}
