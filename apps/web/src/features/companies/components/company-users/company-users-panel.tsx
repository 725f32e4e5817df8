import { Alert, Badge, Button, Group, Stack, Table } from '@mantine/core';
import type { ListedCompanyUser } from '@portal/contract/users/company-users';
import { useState } from 'react';
import { confirmYesNo } from '../../../../components/confirm/confirm-yes-no';
import { notifySuccess } from '../../../../components/feedback/notify';
import { EmptyState } from '../../../../components/page/empty-state';
import { errorMessage } from '../../../../lib/api-error';
import { useCompanyUsers, useDeleteUser } from '../../api';
import { CreateUserForm } from './create-user-form';
import { ManageUserDialog } from './manage-user-dialog';
import { canDeleteUser } from './user-rules';
import { TableSkeleton } from '../../../../components/page/page-skeleton';
import { useOpenerFocus } from '../use-opener-focus';
import { DialogLoadError } from '../../../../components/feedback/dialog-load-error';

interface CompanyUsersPanelProps {
  companyId: number;
  /** Undefined lists the signed-in user's own company (the /users page). */
  listCompanyId: number | undefined;
  /** The signed-in user's email: nobody may delete themselves. */
  currentEmail: string;
  disabled?: boolean;
}

/** The users of a company: list, add, edit (Manage user) and delete. */
export function CompanyUsersPanel({ companyId, listCompanyId, currentEmail, disabled = false }: CompanyUsersPanelProps) {
  const users = useCompanyUsers(listCompanyId);
  const remove = useDeleteUser();
  const [editing, setEditing] = useState<ListedCompanyUser | null>(null);
  // Manage user unmounts when it closes, so focus goes back to the user's Edit button by hand.
  const focus = useOpenerFocus();
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const deleteUser = async (user: ListedCompanyUser) => {
    const yes = await confirmYesNo({
      title: `Delete ${user.email}?`,
      message: 'They can no longer sign in, and their user is removed from this company. This cannot be undone.',
      yesLabel: 'Delete user',
      noLabel: 'Cancel',
    });
    if (!yes) return;
    setDeleteError(null);
    remove.mutate(
      { target_company_id: companyId, target_id: user.id },
      {
        onSuccess: () => notifySuccess(`${user.email} deleted`),
        onError: (error) => setDeleteError(`Failed to revoke delete user! ${errorMessage(error)}`),
      },
    );
  };

  return (
    <Stack>
      {users.error && <DialogLoadError error={users.error} onRetry={() => void users.refetch()} />}
      {deleteError && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setDeleteError(null)}>
          {deleteError}
        </Alert>
      )}
      {users.isPending ? (
        <TableSkeleton label="Loading users" rows={3} />
      ) : users.data?.length === 0 ? (
        <EmptyState title="No users yet" description="Add the first user with the form below; they can sign in once created." />
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped aria-label="Users">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Roles</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(users.data ?? []).map((user) => (
                <Table.Tr key={user.id}>
                  <Table.Td>{user.contact_name}</Table.Td>
                  <Table.Td>{user.email}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {user.is_primary_contact && <Badge>Primary</Badge>}
                      {user.is_billing && <Badge color="grape">Billing</Badge>}
                      {user.is_technical && <Badge color="teal">Technical</Badge>}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      <Button
                        size="xs"
                        variant="default"
                        disabled={disabled}
                        onClick={() => {
                          focus.remember();
                          setEditing(user);
                        }}
                        aria-label={`Edit ${user.email}`}
                        data-user-id={user.id}
                      >
                        Edit
                      </Button>
                      <Button
                        size="xs"
                        color="red"
                        variant="outline"
                        aria-label={`Delete ${user.email}`}
                        disabled={disabled || !canDeleteUser(user, currentEmail)}
                        onClick={() => void deleteUser(user)}
                      >
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <CreateUserForm companyId={companyId} disabled={disabled} />
      {editing && (
        <ManageUserDialog
          companyId={companyId}
          user={editing}
          signInEditable={editing.can_change_sign_in}
          onClose={() => {
            setEditing(null);
            focus.restore(`[data-user-id="${editing.id}"]`);
          }}
        />
      )}
    </Stack>
  );
}
