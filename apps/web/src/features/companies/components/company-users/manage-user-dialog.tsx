import { Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CompanyUser } from '@portal/contract/companies/company-detail';
import { patchUser } from '@portal/contract/users/company-users';
import { useDiscardGuard } from '../../../../components/confirm/use-discard-guard';
import { notifySuccess } from '../../../../components/feedback/notify';
import { FormErrorAlert } from '../../../../components/form/form-error-alert';
import { changedValues, useContractForm } from '../../../../components/form/use-contract-form';
import { withReauth } from '../../../auth/api/reauth';
import { usePatchUser } from '../../api';
import { Modal } from '../../../../components/modal/modal';

interface ManageUserDialogProps {
  companyId: number;
  user: CompanyUser;
  /** False when the server would refuse the signed-in user this user's password and email (the list's can_change_sign_in). */
  signInEditable: boolean;
  onClose: () => void;
}

/** Edits one user; only changed fields are sent, and a blank password leaves it unchanged. */
export function ManageUserDialog({ companyId, user, signInEditable, onClose }: ManageUserDialogProps) {
  // A password or email change needs a recent sign-in check: the user confirms it is them and it goes on.
  const patch = usePatchUser((send) => withReauth(send));
  const form = useContractForm(patchUser, {
    initialValues: {
      target_contact_name: user.contact_name,
      target_email: user.email,
      target_password: '',
      target_is_billing: user.is_billing,
      target_is_technical: user.is_technical,
    },
    // A blank password is unchanged, so it is not sent.
    toInput: (values, initial) => ({ target_company_id: companyId, target_id: user.id, ...changedValues(initial, values) }),
    serverError: patch.error,
  });
  // A form dialog takes the whole screen on a phone (docs/design.md).
  const phone = useMediaQuery('(max-width: 48em)');
  // Escape, ×, Cancel and a click outside ask before throwing edits away.
  const { ref: dialogRef, requestClose } = useDiscardGuard(() => form.isDirty, onClose, `your changes to ${user.email}`);

  return (
    <Modal
      ref={dialogRef}
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened
      onClose={requestClose}
      title="Manage user"
    >
      <form
        onSubmit={form.onSubmit((changes) =>
          patch.mutate(changes, {
            onSuccess: () => {
              notifySuccess(`${user.email} updated`);
              onClose();
            },
          }),
        )}
        noValidate
      >
        <Stack>
          <TextInput label="Contact name" {...form.textProps('target_contact_name')} />
          <TextInput label="Email" type="email" disabled={!signInEditable} {...form.textProps('target_email')} />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            disabled={!signInEditable}
            {...form.textProps('target_password')}
          />
          <Text size="sm">
            {signInEditable
              ? 'Leave the password blank to keep the current one.'
              : "Only this user or their company's primary contact can change this user's password or email."}
          </Text>
          <Checkbox label="Billing" {...form.checkboxProps('target_is_billing')} />
          <Checkbox label="Technical" {...form.checkboxProps('target_is_technical')} />
          <FormErrorAlert message={form.alert} />
          <Group justify="flex-end">
            <Button variant="default" onClick={requestClose}>
              Cancel
            </Button>
            <Button type="submit" loading={patch.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
