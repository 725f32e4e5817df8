import { Box, Group, Text } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { PRODUCT_NAME } from '../lib/product';
import { MAIN_CONTENT_ID } from './skip-link';

/** For pages used while signed out (login, pending delete): no navigation, same landmarks. */
export function PublicLayout() {
  return (
    <>
      <Box component="header" px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Group>
          <Text fw={700} size="lg">
            {PRODUCT_NAME}
          </Text>
        </Group>
      </Box>
      <Box component="main" id={MAIN_CONTENT_ID} p="md">
        <Outlet />
      </Box>
    </>
  );
}
