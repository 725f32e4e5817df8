import { Avatar, Group, Menu, Text, UnstyledButton, useMantineColorScheme, VisuallyHidden } from '@mantine/core';
import type { MantineColorScheme } from '@mantine/core';
import type { AuthContext } from '@portal/contract/auth/auth-context';
import { IconCheck, IconChevronDown, IconDeviceDesktop, IconLogout, IconMoon, IconSun } from '@tabler/icons-react';
import { useLogOut } from '../features/auth/components/logout-button';

const SCHEMES: { value: MantineColorScheme; label: string; icon: typeof IconSun }[] = [
  { value: 'auto', label: 'System', icon: IconDeviceDesktop },
  { value: 'light', label: 'Light', icon: IconSun },
  { value: 'dark', label: 'Dark', icon: IconMoon },
];

/** Two letters for the avatar: the contact's initials, else the email's first letter. */
export function initialsOf(name: string, email: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return `${words[0]?.[0] ?? ''}${words[words.length - 1]?.[0] ?? ''}`.toUpperCase();
  return (words[0]?.[0] ?? email[0] ?? '?').toUpperCase();
}

interface UserMenuProps {
  auth: Pick<AuthContext, 'email' | 'contact_name' | 'company_name'>;
}

/** The header's right side: who is signed in; the menu holds the colour scheme and Log out. */
export function UserMenu({ auth }: UserMenuProps) {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const { logOut, pending } = useLogOut();

  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton px={6} py={4} style={{ borderRadius: 'var(--mantine-radius-md)', minWidth: 0 }}>
          <Group gap={8} wrap="nowrap">
            <Avatar size={30} radius="xl" color="brand" variant="filled" aria-hidden>
              {initialsOf(auth.contact_name, auth.email)}
            </Avatar>
            {/* The name is the email, shown from `sm` up and read out on a phone too, then what the button opens. */}
            <Text size="sm" fw={500} visibleFrom="sm" truncate="end" maw={260}>
              {auth.email}
            </Text>
            <VisuallyHidden hiddenFrom="sm">{auth.email}</VisuallyHidden>
            <VisuallyHidden>, account menu</VisuallyHidden>
            <IconChevronDown size={14} aria-hidden style={{ flexShrink: 0 }} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate="end">
            {auth.contact_name || auth.email}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {auth.contact_name ? auth.email : auth.company_name}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Label>Theme</Menu.Label>
        {SCHEMES.map(({ value, label, icon: SchemeIcon }) => (
          <Menu.Item
            key={value}
            leftSection={<SchemeIcon size={16} aria-hidden />}
            rightSection={colorScheme === value ? <IconCheck size={16} aria-hidden /> : null}
            onClick={() => setColorScheme(value)}
          >
            {label}
            {colorScheme === value ? <VisuallyHidden>, current</VisuallyHidden> : null}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} disabled={pending} onClick={logOut}>
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
