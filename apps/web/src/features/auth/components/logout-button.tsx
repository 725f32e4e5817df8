import { Button } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useLogout } from '../api';

/** Ends the session and goes to /login whatever the answer; for the button below and the header's user menu. */
export function useLogOut() {
  const logoutMutation = useLogout();
  const navigate = useNavigate();
  const logOut = () =>
    logoutMutation.mutate(undefined, {
      onSettled: () => void navigate({ to: '/login' }),
    });
  return { logOut, pending: logoutMutation.isPending };
}

export function LogoutButton() {
  const { logOut, pending } = useLogOut();
  return (
    <Button variant="default" size="xs" leftSection={<IconLogout size={16} aria-hidden />} loading={pending} onClick={logOut}>
      Log out
    </Button>
  );
}
