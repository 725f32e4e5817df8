import { Button } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useLogout } from '../api';

export function LogoutButton() {
  const logoutMutation = useLogout();
  const navigate = useNavigate();

  const logOut = () =>
    logoutMutation.mutate(undefined, {
      onSettled: () => void navigate({ to: '/login' }),
    });

  return (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconLogout size={16} aria-hidden />}
      loading={logoutMutation.isPending}
      onClick={logOut}
    >
      Log out
    </Button>
  );
}
