import { Box, Group } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Brand } from '../components/brand/brand-mark';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

/** For pages used while signed out (login, pending delete): the brand over a soft canvas, no navigation, same landmarks. */
export function PublicLayout({ children }: { children?: ReactNode }) {
  return (
    <Box mih="100dvh" bg="var(--app-color-canvas)" style={{ display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <Box component="header" px={{ base: 'md', sm: 'xl' }} py="md">
        <Group>
          <Brand size={30} />
        </Group>
      </Box>
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} px="md" pt={{ base: 'xs', sm: 'xl' }} pb="xl" style={{ flex: 1 }}>
        {children ?? <Outlet />}
      </Box>
    </Box>
  );
}
