import { Anchor, Group, Text } from '@mantine/core';
import type { Comment } from '@portal/contract/tickets/ticket-view';
import { attachmentUrl } from '../api/upload';
import { formatSize } from '../lib/attachment-rules';

/** A comment's files, each a download link (the server sends them as attachments, never inline). */
export function CommentAttachments({ attachments }: { attachments: Comment['attachments'] }) {
  if (attachments.length === 0) return null;
  return (
    <Group gap="md" mt="xs" component="ul" aria-label="Attachments" style={{ listStyle: 'none', padding: 0 }}>
      {attachments.map((a) => (
        <li key={a.id}>
          <Anchor href={attachmentUrl(a.id)} download={a.filename} size="sm">
            {a.filename}
          </Anchor>{' '}
          <Text span size="sm" c="dimmed">
            ({formatSize(a.filesize)})
          </Text>
        </li>
      ))}
    </Group>
  );
}
