import { Button, Checkbox, Fieldset, Group, PasswordInput, SimpleGrid, TextInput } from '@mantine/core';
import { createUser } from '@portal/contract/users/company-users';
import { notifySuccess } from '../../../../components/feedback/notify';
import { FormErrorAlert } from '../../../../components/form/form-error-alert';
import { useContractForm } from '../../../../components/form/use-contract-form';
import { useCreateUser } from '../../api';

const EMPTY = {
  target_contact_name: '',
  target_email: '',
  target_password: '',
  target_is_billing: false,
  target_is_technical: false,
  send_verification_email: true,
};

export function CreateUserForm({ companyId, disabled }: { companyId: number; disabled: boolean }) {
  const create = useCreateUser();
  const form = useContractForm(createUser, {
    initialValues: EMPTY,
    toInput: (values) => ({ target_company_id: companyId, ...values }),
    serverError: create.error,
  });

  return (
    <form
      onSubmit={form.onSubmit((input) =>
        create.mutate(input, {
          onSuccess: () => {
            notifySuccess(`User ${input.target_email} created`);
            form.reset();
          },
        }),
      )}
      noValidate
    >
      <Fieldset legend="Add user" disabled={disabled}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Contact name" {...form.textProps('target_contact_name')} />
          <TextInput label="Email" type="email" required {...form.textProps('target_email')} />
          <PasswordInput label="Password" required autoComplete="new-password" {...form.textProps('target_password')} />
        </SimpleGrid>
        <Group mt="sm">
          <Checkbox label="Billing" {...form.checkboxProps('target_is_billing')} />
          <Checkbox label="Technical" {...form.checkboxProps('target_is_technical')} />
          <Checkbox label="Send verification email" {...form.checkboxProps('send_verification_email')} />
        </Group>
        <FormErrorAlert message={form.alert} />
        <Group justify="flex-end" mt="sm">
          <Button type="submit" loading={create.isPending}>
            Create user
          </Button>
        </Group>
      </Fieldset>
    </form>
  );
}
