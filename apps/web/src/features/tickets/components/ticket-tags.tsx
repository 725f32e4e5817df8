import { ActionIcon, Autocomplete, Badge, Button, ColorSwatch, Group, Loader, Popover, Stack, Text } from '@mantine/core';
import type { Ticket } from '@portal/contract/tickets/ticket-view';
import { IconX } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { tagsQuery, useAddTag, useRemoveTag } from '../api';

const TagColorPicker = lazy(() => import('./tag-color-picker'));

type Tag = Ticket['tags'][number];

/**
 * A ticket's tags for staff (spec-1 §6, §7): add one (suggesting the tags already in use), take one off, or
 * change a tag's colour everywhere it is used. Each failure shows inline, as spec-1 §8 words it.
 */
export function TicketTags({ ticket }: { ticket: Ticket }) {
  const known = tagsQuery.useQuery();
  const add = useAddTag();
  const remove = useRemoveTag();
  const [input, setInput] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const failed = (what: string) => (error: unknown) => setFailure(`${what} ${errorMessage(error)}`);
  const onTicket = new Set(ticket.tags.map((t) => t.tag.toLowerCase()));
  const suggestions = (known.data ?? []).map((t) => t.tag).filter((name) => !onTicket.has(name.toLowerCase()));
  const loadFailure = known.error ? `Failed to load tags: ${errorMessage(known.error)}` : null;

  return (
    <Stack gap="xs">
      <Group gap="xs" aria-label="Tags" role="list">
        {ticket.tags.map((t) => (
          <Badge
            key={t.id}
            role="listitem"
            variant="outline"
            style={{ borderColor: `#${t.color}` }}
            leftSection={<TagColor tag={t} onError={failed('Failed to update tag color:')} />}
            rightSection={
              <ActionIcon
                size="xs"
                variant="transparent"
                aria-label={`Remove tag ${t.tag}`}
                disabled={remove.isPending}
                onClick={() => {
                  setFailure(null);
                  remove.mutate({ target_ticket_id: ticket.id, target_tag_id: t.id }, { onError: failed('Failed to remove tag:') });
                }}
              >
                <IconX size={12} aria-hidden />
              </ActionIcon>
            }
          >
            {t.tag}
          </Badge>
        ))}
      </Group>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!input.trim()) return;
          setFailure(null);
          add.mutate(
            { target_ticket_id: ticket.id, target_tag_input: input },
            { onSuccess: () => setInput(''), onError: failed('Failed to add tag:') },
          );
        }}
      >
        <Group align="flex-end" gap="xs">
          <Autocomplete label="Add tag" value={input} onChange={setInput} data={suggestions} style={{ flex: 1 }} />
          <Button type="submit" variant="default" loading={add.isPending}>
            Add tag
          </Button>
        </Group>
      </form>
      {failure || loadFailure ? (
        <Text size="sm" c="red" role="alert">
          {failure ?? loadFailure}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The tag's colour, as a button that opens a picker; saving changes it on every ticket with the tag. */
function TagColor({ tag, onError }: { tag: Tag; onError: (error: unknown) => void }) {
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus withArrow>
      <Popover.Target>
        <ActionIcon size="xs" variant="transparent" aria-label={`Colour of tag ${tag.tag}`} onClick={() => setOpened((o) => !o)}>
          <ColorSwatch color={`#${tag.color}`} size={10} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        {/* The picker loads when first opened: most visits to a ticket never recolour a tag. */}
        <Suspense fallback={<Loader size="xs" aria-label="Loading the colour picker" />}>
          <TagColorPicker
            tagId={tag.id}
            color={tag.color}
            onDone={() => setOpened(false)}
            onError={(error) => {
              setOpened(false);
              onError(error);
            }}
          />
        </Suspense>
      </Popover.Dropdown>
    </Popover>
  );
}
