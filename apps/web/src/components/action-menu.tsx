import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';

/** What an empty action menu says (spec-1 §8). */
export const NO_ACTIONS = 'No actions available';

export interface MenuAction {
  label: string;
  onClick?: () => void;
  /** Opens in a new tab instead of running onClick. */
  href?: string;
  disabled?: boolean;
  /** Destructive: red, after a divider. */
  danger?: boolean;
}

/**
 * A row's actions behind a ⋯ button, labelled for screen readers. With no action to offer the menu still opens and
 * says so, rather than opening empty or vanishing from the row.
 */
export function ActionMenu({ label, actions }: { label: string; actions: readonly MenuAction[] }) {
  const plain = actions.filter((a) => !a.danger);
  const danger = actions.filter((a) => a.danger);
  const item = (a: MenuAction) =>
    a.href ? (
      <Menu.Item key={a.label} component="a" href={a.href} target="_blank" rel="noopener noreferrer" disabled={a.disabled}>
        {a.label}
      </Menu.Item>
    ) : (
      <Menu.Item key={a.label} color={a.danger ? 'red' : undefined} onClick={a.onClick} disabled={a.disabled}>
        {a.label}
      </Menu.Item>
    );
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={label}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.length === 0 ? <Menu.Item disabled>{NO_ACTIONS}</Menu.Item> : null}
        {plain.map(item)}
        {plain.length > 0 && danger.length > 0 ? <Menu.Divider /> : null}
        {danger.map(item)}
      </Menu.Dropdown>
    </Menu>
  );
}
