import { Alert, Anchor, Button, Checkbox, Fieldset, Group, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useCallback, useState } from 'react';
import { type FieldErrors, formErrorState } from '../../../components/form/form-errors';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { twoFactorStatusLabel } from '../../../lib/two-factor';
import type { AccountSettings } from '../api/get-account-settings';
import { useSetAccountSettings } from '../api/set-account-settings';
import {
  type AccountFormValues,
  accountFormValues,
  buildAccountPatch,
  type FlagField,
  isAccountFormDirty,
  type TextField,
  validateAccountPatch,
} from './account-form';
import { CountrySelect } from './country-select';

const TEXT_MAX: Record<TextField, number> = {
  user_contact_name: 200,
  user_email: 320,
  company_name: 200,
  company_phone_number: 50,
  company_address_street: 200,
  company_address_city: 200,
  company_address_postcode: 20,
};

/** The /myaccount form: the user, their alerts and their company; saves only what changed. */
export function AccountSettingsForm({ settings }: { settings: AccountSettings }) {
  // The saved values, so Reset and the dirty check follow each save without remounting the form.
  const [initial, setInitial] = useState<AccountFormValues>(() => accountFormValues(settings));
  const [values, setValues] = useState<AccountFormValues>(initial);
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const save = useSetAccountSettings(settings.user_two_factor);
  const serverErrors = formErrorState(save.error);
  const errors = { ...serverErrors.fields, ...localErrors };
  const dirty = isAccountFormDirty(initial, values);

  const set = <K extends keyof AccountFormValues>(key: K, value: AccountFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const setCountry = useCallback((code: string) => setValues((current) => ({ ...current, company_address_country: code })), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const patch = buildAccountPatch(initial, values, settings.can_set_company_2fa_required);
    const problems = validateAccountPatch(patch);
    setLocalErrors(problems);
    if (Object.keys(problems).length > 0) return;
    save.mutate(patch, {
      onSuccess: (saved) => {
        const next = accountFormValues(saved);
        setInitial(next);
        setValues(next);
      },
    });
  };

  const text = (key: TextField, label: string, props: { type?: string; required?: boolean; autoComplete?: string } = {}) => (
    <TextInput
      label={label}
      value={values[key]}
      maxLength={TEXT_MAX[key]}
      error={errors[key]}
      onChange={(event) => set(key, event.currentTarget.value)}
      {...props}
    />
  );
  const flag = (key: FlagField, label: string) => (
    <Checkbox label={label} checked={values[key]} onChange={(event) => set(key, event.currentTarget.checked)} />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Fieldset legend="Your details">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('user_contact_name', 'Contact name', { autoComplete: 'name' })}
            {text('user_email', 'Email', { type: 'email', required: true, autoComplete: 'email' })}
          </SimpleGrid>
          <Group mt="sm" gap="xl">
            <Anchor component={Link} to="/update_password" size="sm">
              Change password
            </Anchor>
          </Group>
          <Group mt="sm" gap="xs">
            <Text size="sm" fw={500}>
              Two-factor authentication:
            </Text>
            <Text size="sm">{twoFactorStatusLabel(settings.user_two_factor)}</Text>
            <Anchor component={Link} to="/setup_two_factor" size="sm">
              Two-factor settings
            </Anchor>
          </Group>
        </Fieldset>
        <Fieldset legend="Alert preferences">
          <Stack gap="xs">
            {flag('user_notifications_is_technical', 'Technical alerts')}
            {flag('user_notifications_is_billing', 'Billing alerts')}
            {flag('user_notifications_email_weekly_usage', 'Weekly usage email')}
          </Stack>
        </Fieldset>
        <Fieldset legend="Company details">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('company_name', 'Company name', { required: true, autoComplete: 'organization' })}
            {text('company_phone_number', 'Phone number', { autoComplete: 'tel' })}
            {text('company_address_street', 'Street address', { autoComplete: 'street-address' })}
            {text('company_address_city', 'City', { autoComplete: 'address-level2' })}
            {text('company_address_postcode', 'Postcode', { autoComplete: 'postal-code' })}
            <CountrySelect value={values.company_address_country} error={errors.company_address_country} onChange={setCountry} />
          </SimpleGrid>
          {settings.can_set_company_2fa_required && (
            <Switch
              mt="md"
              label="Require two-factor for all users of this company"
              checked={values.company_2fa_required}
              onChange={(event) => set('company_2fa_required', event.currentTarget.checked)}
            />
          )}
        </Fieldset>
        <FormErrorAlert message={serverErrors.alert} />
        {save.isSuccess && !dirty && (
          <Alert color="green" role="status">
            Account Updated
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" disabled={!dirty} onClick={() => setValues(initial)}>
            Reset
          </Button>
          <Button type="submit" disabled={!dirty} loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
