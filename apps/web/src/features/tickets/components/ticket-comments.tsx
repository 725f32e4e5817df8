import { Badge, Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import type { Comment, Ticket } from '@portal/contract/tickets/ticket-view';
import { useEffect, useRef, useState } from 'react';
import { notifyFailure } from '../../../components/feedback/notify';
import { formatDateTime } from '../../../lib/dates';
import { useCreateComment } from '../api';
import { stillUploading, uploadedIds } from '../lib/attachment-rules';
import { canSubmitComment, commenterLabel, needsReadMore } from '../lib/ticket-rules';
import { AttachmentPicker, useAttachments } from './attachment-picker';
import { CommentAttachments } from './comment-attachments';
import classes from './ticket.module.css';

function CommentCard({ comment }: { comment: Comment }) {
  const long = needsReadMore(comment.comment);
  const [expanded, setExpanded] = useState(false);
  return (
    <Card component="article" aria-label={`Comment by ${commenterLabel(comment.username)}`}>
      <Group justify="space-between" mb="xs">
        <Group gap="xs">
          <Text fw={600}>{commenterLabel(comment.username)}</Text>
          {comment.is_support_user ? <Badge variant="light">Support</Badge> : null}
        </Group>
        <Text size="sm" c="dimmed">
          {formatDateTime(comment.created_at)}
        </Text>
      </Group>
      {/* comment_html is rendered and sanitized on the server (no script, handlers or unsafe links). */}
      <div
        className={long && !expanded ? `${classes.comment} ${classes.folded}` : classes.comment}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server's allow-list (platform/markdown.ts)
        dangerouslySetInnerHTML={{ __html: comment.comment_html }}
      />
      {long ? (
        <Button variant="subtle" size="xs" mt="xs" onClick={() => setExpanded((e) => !e)} aria-expanded={expanded}>
          {expanded ? 'Show less' : 'Read more'}
        </Button>
      ) : null}
      <CommentAttachments attachments={comment.attachments} />
    </Card>
  );
}

/** The conversation and, while it may be used, the comment box. */
export function TicketComments({ ticket, staff }: { ticket: Ticket; staff: boolean }) {
  const [body, setBody] = useState('');
  const bodyBox = useRef<HTMLTextAreaElement>(null);
  // Once a comment is sent its button is disabled (the box is empty), which drops focus to the page's top: it
  // goes back to the box instead, after the render that enables it again.
  const [sent, setSent] = useState(0);
  useEffect(() => {
    if (sent) bodyBox.current?.focus();
  }, [sent]);
  const send = useCreateComment();
  const files = useAttachments(ticket.id);
  // Non-admins comment only while the ticket is open; staff always see the box (spec-1 §4).
  const canComment = staff || ticket.open === 1;
  return (
    <Stack gap="md">
      {ticket.comments.map((c) => (
        <CommentCard key={c.id} comment={c} />
      ))}
      {canComment ? (
        <Card>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (!canSubmitComment(body) || stillUploading(files.items)) return;
              send.mutate(
                {
                  target_ticket_id: ticket.id,
                  target_body: body,
                  target_attachments: uploadedIds(files.items),
                  expect_ticket_hash: ticket.hash,
                  expect_company_id: ticket.company_id,
                },
                {
                  onSuccess: () => {
                    setBody('');
                    files.clear();
                    setSent((n) => n + 1);
                  },
                  onError: (error) => notifyFailure('Could not add the comment', error),
                },
              );
            }}
          >
            <Stack gap="sm">
              <Textarea
                ref={bodyBox}
                label="Add a comment"
                description="Markdown is supported."
                rows={3}
                value={body}
                onChange={(e) => setBody(e.currentTarget.value)}
                disabled={send.isPending}
              />
              <AttachmentPicker items={files.items} add={files.add} remove={files.remove} disabled={send.isPending} />
              <Group justify="flex-end">
                <Button type="submit" loading={send.isPending} disabled={!canSubmitComment(body) || stillUploading(files.items)}>
                  Add comment
                </Button>
              </Group>
            </Stack>
          </form>
        </Card>
      ) : (
        <Text c="dimmed">This ticket is closed. Reopen it to add a comment.</Text>
      )}
    </Stack>
  );
}
