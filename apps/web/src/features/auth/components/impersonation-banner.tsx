import { Button, Group, Text } from '@mantine/core';
import type { AuthContext } from '@portal/contract/auth/auth-context';
import { useRouter } from '@tanstack/react-router';
import { notifyFailure } from '../../../components/feedback/notify';
import { useEndImpersonation } from '../api';
import { roleHome } from '../role-home';

interface ImpersonationBannerProps {
  auth: Pick<AuthContext, 'email' | 'impersonated_by'>;
}

/** Reminds an admin whose account they are using, with the way back to their own. */
export function ImpersonationBanner({ auth }: ImpersonationBannerProps) {
  const endMutation = useEndImpersonation();
  const router = useRouter();
  if (!auth.impersonated_by) return null;

  const end = () =>
    endMutation.mutate(undefined, {
      onSuccess: (admin) => router.history.push(roleHome(admin)),
      onError: (error) => notifyFailure('Could not end impersonation', error),
    });

  return (
    <Group
      gap="xs"
      wrap="nowrap"
      px="sm"
      py={4}
      bg="yellow.1"
      c="dark.9"
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      role="status"
    >
      <Text size="sm" truncate="end">
        Signed in as <strong>{auth.email}</strong> by <strong>{auth.impersonated_by}</strong>
      </Text>
      <Button size="compact-xs" color="dark" variant="outline" loading={endMutation.isPending} onClick={end}>
        End impersonation
      </Button>
    </Group>
  );
}
