import { AppShell, Box, Burger, Group, NavLink, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { AuthContext } from '@portal/contract/auth/auth-context';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import type { CSSProperties, ReactNode } from 'react';
import { Brand } from '../components/brand/brand-mark';
import { ImpersonationBanner } from '../features/auth/components/impersonation-banner';
import { hasAccess } from '../lib/access';
import { PRODUCT_NAME } from '../lib/product';
import { NAV_ITEMS } from './nav-config';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { UserMenu } from './user-menu';

const HEADER_HEIGHT = 56;
const NAVBAR_WIDTH = 232;
const BANNER_HEIGHT = 44;

function isCurrent(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

interface AppLayoutProps {
  auth: AuthContext;
  /** The page; the matched route's by default (the not-found page passes its own). */
  children?: ReactNode;
}

/**
 * The signed-in shell: brand and user menu in the header, the navigation beside the page (a drawer behind
 * the burger below the `sm` breakpoint), and an impersonation strip under the header while an admin acts as a user.
 */
export function AppLayout({ auth, children }: AppLayoutProps) {
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const items = NAV_ITEMS.filter((item) => hasAccess(auth, item));
  const impersonating = auth.impersonated_by !== null;

  return (
    <AppShell
      // theme.css paints the navbar's surface down the whole page beside it, at this width.
      className="app-shell"
      style={{ '--app-navbar-width': `${NAVBAR_WIDTH}px` } as CSSProperties}
      header={{ height: impersonating ? HEADER_HEIGHT + BANNER_HEIGHT : HEADER_HEIGHT }}
      navbar={{ width: NAVBAR_WIDTH, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <SkipLink />
      <AppShell.Header>
        <Group h={HEADER_HEIGHT} px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger
              opened={navOpened}
              onClick={toggleNav}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
              aria-expanded={navOpened}
            />
            <UnstyledButton
              component={Link}
              to="/"
              aria-label={`${PRODUCT_NAME} home`}
              px={4}
              py={4}
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            >
              <Brand />
            </UnstyledButton>
          </Group>
          <UserMenu auth={auth} />
        </Group>
        {impersonating ? (
          <Box h={BANNER_HEIGHT} px="md" className="app-impersonation-strip">
            <ImpersonationBanner auth={auth} />
          </Box>
        ) : null}
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label="Main">
        {items.map((item) => (
          <NavLink
            key={item.to}
            component={Link}
            to={item.to}
            label={item.label}
            leftSection={item.icon ? <item.icon size={18} stroke={1.6} aria-hidden /> : null}
            active={isCurrent(pathname, item.to)}
            aria-current={isCurrent(pathname, item.to) ? 'page' : undefined}
            onClick={closeNav}
            mb={2}
          />
        ))}
      </AppShell.Navbar>

      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Box maw={1400} mx="auto">
          {children ?? <Outlet />}
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
