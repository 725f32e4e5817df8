import { Box } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { useLayoutEffect } from 'react';
import { MAIN_CONTENT_ID } from './skip-link';

/**
 * The internal pages' layout (/reports_tv): dark whatever the viewer's own scheme, with no navigation, for a
 * screen read from across a room. The scheme is set on the page while it shows and given back after, without
 * touching the stored preference.
 */
export function InternalLayout() {
  useLayoutEffect(() => {
    const root = document.documentElement;
    const before = root.getAttribute('data-mantine-color-scheme');
    root.setAttribute('data-mantine-color-scheme', 'dark');
    return () => {
      if (before) root.setAttribute('data-mantine-color-scheme', before);
    };
  }, []);
  return (
    <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} mih="100dvh" bg="dark.8" c="gray.0" fz={22}>
      <Outlet />
    </Box>
  );
}
