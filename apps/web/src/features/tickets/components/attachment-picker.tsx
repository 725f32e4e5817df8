import { Button, CloseButton, Group, Progress, Stack, Text } from '@mantine/core';
import { ATTACHMENT_MESSAGES } from '@portal/contract/tickets/ticket-attachments';
import { useRef, useState } from 'react';
import { uploadSupportFile } from '../api/upload';
import { droppedFiles, formatSize, isTooLarge, newFiles, type PendingAttachment } from '../lib/attachment-rules';
import classes from './attachments.module.css';

/**
 * The chosen files and what to do with them; the form sends `uploadedIds(items)` and calls `clear` after.
 * On a ticket's page, the ticket's id lets the server refuse an upload to a ticket the user may not see.
 */
export function useAttachments(ticketId?: number) {
  const [items, setItems] = useState<PendingAttachment[]>([]);
  const next = useRef(0);
  const update = (key: number, patch: Partial<PendingAttachment>) =>
    setItems((list) => list.map((a) => (a.key === key ? { ...a, ...patch } : a)));
  // The list as last set, so one choice starts each upload once (a state updater may run twice).
  const current = useRef(items);
  current.current = items;
  const add = (files: File[]) => {
    const added = newFiles(current.current, files).map((file): PendingAttachment => {
      const key = next.current++;
      const item: PendingAttachment = { key, name: file.name, size: file.size, progress: 0, state: 'uploading' };
      if (isTooLarge(file.size)) return { ...item, state: 'too-large', error: ATTACHMENT_MESSAGES.tooLarge };
      uploadSupportFile(file, key, (progress) => update(key, { progress }), ticketId).then(
        (done) => update(key, { state: 'done', progress: 1, id: done.id }),
        (err: Error) => update(key, { state: 'failed', error: err.message }),
      );
      return item;
    });
    current.current = [...current.current, ...added];
    setItems((list) => [...list, ...added]);
  };
  const remove = (key: number) => setItems((list) => list.filter((a) => a.key !== key));
  const clear = () => setItems([]);
  return { items, add, remove, clear };
}

/** Choose or drop files; each shows its size and upload progress and can be removed before sending. */
export function AttachmentPicker({
  items,
  add,
  remove,
  disabled,
}: Pick<ReturnType<typeof useAttachments>, 'items' | 'add' | 'remove'> & { disabled?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  return (
    <Stack gap="xs">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer extra; the Attach files button is the keyboard way */}
      <div
        className={over ? `${classes.dropZone} ${classes.dropZoneOver}` : classes.dropZone}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          if (!disabled) add(droppedFiles(e.dataTransfer));
        }}
      >
        <Group gap="sm">
          <Button variant="default" size="xs" onClick={() => input.current?.click()} disabled={disabled}>
            Attach files
          </Button>
          <Text size="sm" c="dimmed">
            or drop them here (under 500 MB each)
          </Text>
        </Group>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          aria-label="Attach files"
          data-testid="attachment-input"
          onChange={(e) => {
            add(Array.from(e.currentTarget.files ?? []));
            e.currentTarget.value = '';
          }}
        />
      </div>
      {items.length > 0 ? (
        <ul className={classes.attachmentList} aria-label="Attachments to send">
          {items.map((a) => (
            <li key={a.key}>
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <Text size="sm" truncate>
                  {a.name}{' '}
                  <Text span c="dimmed" size="sm">
                    ({formatSize(a.size)})
                  </Text>
                </Text>
                <CloseButton size="sm" aria-label={`Remove ${a.name}`} onClick={() => remove(a.key)} />
              </Group>
              {a.state === 'uploading' || a.state === 'done' ? (
                <Progress
                  value={Math.round(a.progress * 100)}
                  size="sm"
                  aria-label={`Upload of ${a.name}`}
                  color={a.state === 'done' ? 'teal' : undefined}
                />
              ) : (
                <Text size="sm" c="red" role="alert">
                  {a.error}
                </Text>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </Stack>
  );
}
