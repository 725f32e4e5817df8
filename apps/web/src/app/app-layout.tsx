import { AppShell, Burger, Group, NavLink, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { AuthContext } from '@portal/contract/auth/auth-context';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { ImpersonationBanner } from '../features/auth/components/impersonation-banner';
import { LogoutButton } from '../features/auth/components/logout-button';
import { hasAccess } from '../lib/access';
import { PRODUCT_NAME } from '../lib/product';
import { NAV_ITEMS } from './nav-config';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

function isCurrent(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

interface AppLayoutProps {
  auth: AuthContext;
}

export function AppLayout({ auth }: AppLayoutProps) {
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const items = NAV_ITEMS.filter((item) => hasAccess(auth, item));

  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !navOpened } }} padding="md">
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navOpened}
              onClick={toggleNav}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
              aria-expanded={navOpened}
            />
            <Text component={Link} to="/" fw={700} size="lg" c="inherit" td="none">
              {PRODUCT_NAME}
            </Text>
          </Group>
          <ImpersonationBanner auth={auth} />
          <Group gap="sm" wrap="nowrap">
            <Text size="sm" visibleFrom="sm" truncate="end" maw={420}>
              {auth.email}
            </Text>
            <LogoutButton />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="xs" aria-label="Main">
        {items.map((item) => (
          <NavLink
            key={item.to}
            component={Link}
            to={item.to}
            label={item.label}
            active={isCurrent(pathname, item.to)}
            onClick={closeNav}
          />
        ))}
      </AppShell.Navbar>

      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
