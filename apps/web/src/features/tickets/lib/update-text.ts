import type { Update } from '@portal/contract/tickets/ticket-view';

const list = (names: string[]) => names.join(', ');

/** One line of the staff timeline for an update row. */
export function updateText(u: Update): string {
  const who = u.user.contact_name ?? 'System';
  switch (u.type) {
    case 'opened':
      return `${who} opened the ticket`;
    case 'closed':
      return `${who} closed the ticket (${u.new_state ?? ''})`;
    case 'reopened':
      return `${who} reopened the ticket`;
    case 'tags':
    case 'assignees': {
      const what = u.type === 'tags' ? 'tags' : 'assignees';
      const parts = [u.added.length ? `added ${list(u.added)}` : '', u.removed.length ? `removed ${list(u.removed)}` : ''].filter(Boolean);
      return `${who} changed ${what}: ${parts.join('; ')}`;
    }
    case 'merged':
      return `${who} merged ticket ${u.old_state ?? ''} into ${u.new_state ?? ''}`;
    case 'reminder':
      return u.old_state === null
        ? `Reminder: no news for ${u.new_state} days`
        : `${who} changed the reminder period: ${u.old_state} → ${u.new_state} days`;
    default:
      return `${who} changed the ${u.type}: ${u.old_state ?? ''} → ${u.new_state ?? ''}`;
  }
}
