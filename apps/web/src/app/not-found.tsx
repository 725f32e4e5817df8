import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { usePageTitle } from '../components/page/page-header';
import { useAuthContext } from '../features/auth/api/session';
import { PublicLayout } from './public-layout';

// The signed-in shell loads only when a signed-in user needs it, never with the login page.
const AppLayout = lazy(() => import('./app-layout').then((m) => ({ default: m.AppLayout })));

export const NOT_FOUND_TITLE = 'Page not found';

/** What an unknown or unbuilt address shows in place of a page: a short note and the way home. */
export function NotFoundMessage() {
  usePageTitle(NOT_FOUND_TITLE);
  return (
    <Stack gap="sm" align="center" ta="center" maw={480} mx="auto" py="xl">
      <Title order={1}>{NOT_FOUND_TITLE}</Title>
      <Text c="dimmed">There is no page at this address.</Text>
      <Anchor component={Link} to="/">
        Go to the home page
      </Anchor>
    </Stack>
  );
}

/**
 * An address no route matches (only the root matches it, so no layout has run): the message inside the
 * signed-in shell for a signed-in user, inside the public layout for a visitor (docs/decisions/0016).
 */
export function NotFoundPage() {
  const { data: auth, isPending } = useAuthContext();
  if (isPending) return null;
  const message = <NotFoundMessage />;
  if (!auth) return <PublicLayout>{message}</PublicLayout>;
  return (
    <Suspense fallback={null}>
      <AppLayout auth={auth}>{message}</AppLayout>
    </Suspense>
  );
}
