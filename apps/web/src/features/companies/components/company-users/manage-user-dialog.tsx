import { Button, Checkbox, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import type { CompanyUser } from '@portal/contract/companies/company-detail';
import { type FormEvent, useState } from 'react';
import { formErrorState } from '../../../../components/form/form-errors';
import { FormErrorAlert } from '../../../../components/form/form-error-alert';
import { usePatchUser } from '../../api/patch-user';

interface ManageUserDialogProps {
  companyId: number;
  user: CompanyUser;
  onClose: () => void;
}

/** Edits one user; only changed fields are sent, and a blank password leaves it unchanged. */
export function ManageUserDialog({ companyId, user, onClose }: ManageUserDialogProps) {
  const [name, setName] = useState(user.contact_name);
  const [email, setEmail] = useState(user.email);
  const [password, setPassword] = useState('');
  const [billing, setBilling] = useState(user.is_billing);
  const [technical, setTechnical] = useState(user.is_technical);
  const patch = usePatchUser();
  const errors = formErrorState(patch.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    patch.mutate(
      {
        target_company_id: companyId,
        target_id: user.id,
        ...(name !== user.contact_name ? { target_contact_name: name } : {}),
        ...(email !== user.email ? { target_email: email } : {}),
        ...(password !== '' ? { target_password: password } : {}),
        ...(billing !== user.is_billing ? { target_is_billing: billing } : {}),
        ...(technical !== user.is_technical ? { target_is_technical: technical } : {}),
      },
      { onSuccess: onClose },
    );
  };

  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close' }} opened onClose={onClose} title="Manage user">
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            label="Contact name"
            maxLength={200}
            value={name}
            error={errors.fields.target_contact_name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <TextInput
            label="Email"
            type="email"
            maxLength={320}
            value={email}
            error={errors.fields.target_email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            maxLength={1024}
            value={password}
            error={errors.fields.target_password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Text size="sm">Leave the password blank to keep the current one.</Text>
          <Checkbox label="Billing" checked={billing} onChange={(event) => setBilling(event.currentTarget.checked)} />
          <Checkbox label="Technical" checked={technical} onChange={(event) => setTechnical(event.currentTarget.checked)} />
          <FormErrorAlert message={errors.alert} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
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
