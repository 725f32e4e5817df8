import { Anchor, Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { downloadCometUrl } from '@portal/contract/downloads/downloads';
import { EmptyState } from '../../../components/page/empty-state';
import { PageHeader } from '../../../components/page/page-header';
import { TableSkeleton } from '../../../components/page/page-skeleton';
import { downloadsQuery } from '../api';
import { formatBytes } from '../lib/downloads';

/** /oldversions: every visible version, newest first, with notes, codename, date and per-platform sizes. */
export function OldVersionsPage() {
  const { data, isPending } = downloadsQuery.useQuery({ page: 1, page_size: 1000 });
  return (
    <>
      <PageHeader title="All versions" description="Every released version of the backup server, newest first." />
      {isPending ? (
        <TableSkeleton label="Loading versions" />
      ) : !data?.rows.length ? (
        <EmptyState title="No versions yet" description="Versions appear here once they are released." />
      ) : (
        <Stack gap="md">
          {data.rows.map((v) => (
            <Card key={v.version} withBorder padding="lg" component="section" aria-label={`Version ${v.version}`}>
              <Group gap="sm" mb="xs">
                <Title order={2} size="h4">
                  {v.version}
                </Title>
                {v.codename ? <Text c="dimmed">{v.codename}</Text> : null}
                {v.is_prerelease ? <Badge variant="light">Prerelease</Badge> : null}
                {v.release_date ? <Text size="sm">{v.release_date}</Text> : null}
              </Group>
              {v.release_notes_html ? (
                <Text
                  component="div"
                  size="sm"
                  mb="sm"
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server's allow-list (platform/markdown.ts)
                  dangerouslySetInnerHTML={{ __html: v.release_notes_html }}
                />
              ) : null}
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Platform</Table.Th>
                    <Table.Th>Size</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {v.platforms.map((p) => (
                    <Table.Tr key={p.platform_id}>
                      <Table.Td>
                        <Anchor href={downloadCometUrl(v.version, p.platform_id)} download>
                          {p.platform_name}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{formatBytes(p.filesize_bytes)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Card>
          ))}
        </Stack>
      )}
    </>
  );
}
