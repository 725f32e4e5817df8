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
    // Colours come from the strip the app layout puts it in (light and dark); the text gives way to the button.
    <Group gap="sm" wrap="nowrap" justify="space-between" w="100%" role="status">
      <Text size="sm" truncate="end" style={{ minWidth: 0 }}>
        Signed in as <strong>{auth.email}</strong> by <strong>{auth.impersonated_by}</strong>
      </Text>
      <Button size="compact-sm" variant="default" style={{ flexShrink: 0 }} loading={endMutation.isPending} onClick={end}>
        End impersonation
      </Button>
    </Group>
  );
}
