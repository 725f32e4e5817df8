import { Avatar, Group, Text, Tooltip } from '@mantine/core';
import classes from './ticket.module.css';
import type { TicketViewer } from './use-ticket-live';

/** Avatars shown before "+N"; the sentence still names everyone. */
const SHOWN = 3;

/** Dark fills under white initials: the light variants fail contrast at this size. Staff blue, customers teal. */
const fill = (v: TicketViewer) => (v.is_staff ? 'blue.9' : 'teal.9');

const who = (v: TicketViewer) => (v.is_staff ? v.contact_name : `${v.contact_name} (customer)`);

/** "Ada Agent is also viewing", "Ada Agent and Casey Customer (customer) are also viewing". */
export function viewersSentence(viewers: TicketViewer[]): string {
  if (viewers.length === 0) return '';
  const names = viewers.map(who);
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `${list} ${names.length === 1 ? 'is' : 'are'} also viewing`;
}

/**
 * Who else has the ticket open (staff only, docs/decisions/0047). A polite status region of fixed height, present
 * even when empty, so arrivals are announced to screen readers once and the page does not move when they come.
 */
export function TicketViewers({ viewers }: { viewers: TicketViewer[] }) {
  const sentence = viewersSentence(viewers);
  return (
    <Group role="status" gap={6} wrap="nowrap" className={classes.viewers} data-testid="ticket-viewers">
      {viewers.length > 0 ? (
        <>
          <Avatar.Group spacing="xs" aria-hidden>
            {viewers.slice(0, SHOWN).map((v) => (
              <Tooltip key={v.user_id} label={who(v)} withArrow>
                <Avatar size={24} radius="xl" variant="filled" name={v.contact_name} color={fill(v)} />
              </Tooltip>
            ))}
            {viewers.length > SHOWN ? (
              <Avatar size={24} radius="xl" variant="filled" color="gray.8">
                +{viewers.length - SHOWN}
              </Avatar>
            ) : null}
          </Avatar.Group>
          <Text size="xs" c="dimmed" truncate="end">
            {sentence}
          </Text>
        </>
      ) : null}
    </Group>
  );
}
