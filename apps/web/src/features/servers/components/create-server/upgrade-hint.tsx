import { Anchor, Button, Group, Tooltip } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/**
 * A card's action for a plan without the capability (spec-1 §2 /create_server): the button stays in view but
 * does nothing, its tooltip says why, and a link leads to /my_plan. `aria-disabled` rather than `disabled`
 * keeps the button focusable, so a keyboard user reaches the tooltip too.
 */
export function UpgradeHint({ action, reason }: { action: string; reason: string }) {
  return (
    <Group>
      <Tooltip label={reason}>
        <Button data-disabled aria-disabled onClick={(e) => e.preventDefault()}>
          {action}
        </Button>
      </Tooltip>
      <Anchor component={Link} to="/my_plan" size="sm">
        Upgrade your plan
      </Anchor>
    </Group>
  );
}
