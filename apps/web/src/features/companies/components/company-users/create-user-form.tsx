import { Button, Checkbox, Fieldset, Group, PasswordInput, SimpleGrid, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { formErrorState } from '../../../../components/form/form-errors';
import { FormErrorAlert } from '../../../../components/form/form-error-alert';
import { useCreateUser } from '../../api/create-user';

const EMPTY = { name: '', email: '', password: '', billing: false, technical: false, verify: true };

export function CreateUserForm({ companyId, disabled }: { companyId: number; disabled: boolean }) {
  const [values, setValues] = useState(EMPTY);
  const create = useCreateUser();
  const errors = formErrorState(create.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      {
        target_company_id: companyId,
        target_contact_name: values.name,
        target_email: values.email,
        target_password: values.password,
        target_is_billing: values.billing,
        target_is_technical: values.technical,
        send_verification_email: values.verify,
      },
      { onSuccess: () => setValues(EMPTY) },
    );
  };

  return (
    <form onSubmit={submit}>
      <Fieldset legend="Add user" disabled={disabled}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="Contact name"
            maxLength={200}
            value={values.name}
            error={errors.fields.target_contact_name}
            onChange={(event) => setValues({ ...values, name: event.currentTarget.value })}
          />
          <TextInput
            label="Email"
            type="email"
            required
            maxLength={320}
            value={values.email}
            error={errors.fields.target_email}
            onChange={(event) => setValues({ ...values, email: event.currentTarget.value })}
          />
          <PasswordInput
            label="Password"
            required
            maxLength={1024}
            autoComplete="new-password"
            value={values.password}
            error={errors.fields.target_password}
            onChange={(event) => setValues({ ...values, password: event.currentTarget.value })}
          />
        </SimpleGrid>
        <Group mt="sm">
          <Checkbox
            label="Billing"
            checked={values.billing}
            onChange={(event) => setValues({ ...values, billing: event.currentTarget.checked })}
          />
          <Checkbox
            label="Technical"
            checked={values.technical}
            onChange={(event) => setValues({ ...values, technical: event.currentTarget.checked })}
          />
          <Checkbox
            label="Send verification email"
            checked={values.verify}
            onChange={(event) => setValues({ ...values, verify: event.currentTarget.checked })}
          />
        </Group>
        <FormErrorAlert message={errors.alert} />
        <Group justify="flex-end" mt="sm">
          <Button type="submit" loading={create.isPending}>
            Create user
          </Button>
        </Group>
      </Fieldset>
    </form>
  );
}
