import { Anchor, Button, Checkbox, Fieldset, Group, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { POSTCODE_LABEL, setAccountSettings } from '@portal/contract/account/account-settings';
import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { notifySuccess } from '../../../components/feedback/notify';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { useContractForm } from '../../../components/form/use-contract-form';
import { twoFactorStatusLabel } from '../../security/api/two-factor-label';
import { type AccountSettings, useSetAccountSettings } from '../api';
import { accountFormValues, buildAccountPatch } from './account-form';
import { CountrySelect } from '../../../components/form/country-select';

/** The spec's words for a saved account. */
export const ACCOUNT_UPDATED = 'Account Updated';

/** The /myaccount form: the user, their alerts and their company; saves only what changed. */
export function AccountSettingsForm({ settings, onChangePassword }: { settings: AccountSettings; onChangePassword: () => void }) {
  const save = useSetAccountSettings(settings.user_two_factor);
  const form = useContractForm(setAccountSettings, {
    initialValues: accountFormValues(settings),
    toInput: (values, initial) => buildAccountPatch(initial, values, settings.can_set_company_2fa_required),
    serverError: save.error,
  });
  const { setValue } = form;
  const setCountry = useCallback((code: string) => setValue('company_address_country', code), [setValue]);

  // The saved values become the form's starting point, so Reset and the dirty check follow each save.
  const submit = form.onSubmit((patch) =>
    save.mutate(patch, {
      onSuccess: (saved) => {
        form.reset(accountFormValues(saved));
        notifySuccess(ACCOUNT_UPDATED);
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Fieldset legend="Your details">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Contact name" autoComplete="name" {...form.textProps('user_contact_name')} />
            <TextInput label="Email" type="email" required autoComplete="email" {...form.textProps('user_email')} />
          </SimpleGrid>
          <Group mt="sm" gap="xs">
            <Text size="sm" fw={500}>
              Password:
            </Text>
            <Button variant="default" size="xs" onClick={onChangePassword}>
              Change password
            </Button>
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
            <Checkbox label="Technical alerts" {...form.checkboxProps('user_notifications_is_technical')} />
            <Checkbox label="Billing alerts" {...form.checkboxProps('user_notifications_is_billing')} />
            <Checkbox label="Weekly usage email" {...form.checkboxProps('user_notifications_email_weekly_usage')} />
          </Stack>
        </Fieldset>
        <Fieldset legend="Company details">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Company name" required autoComplete="organization" {...form.textProps('company_name')} />
            <TextInput label="Phone number" autoComplete="tel" {...form.textProps('company_phone_number')} />
            <TextInput label="Street address" autoComplete="street-address" {...form.textProps('company_address_street')} />
            <TextInput label="City" autoComplete="address-level2" {...form.textProps('company_address_city')} />
            <TextInput label={POSTCODE_LABEL} autoComplete="postal-code" {...form.textProps('company_address_postcode')} />
            <CountrySelect value={form.values.company_address_country} error={form.errors.company_address_country} onChange={setCountry} />
          </SimpleGrid>
          {settings.can_set_company_2fa_required && (
            <Switch mt="md" label="Require two-factor for all users of this company" {...form.checkboxProps('company_2fa_required')} />
          )}
        </Fieldset>
        <FormErrorAlert message={form.alert} />
        <Group justify="flex-end">
          <Button variant="default" disabled={!form.isDirty} onClick={() => form.reset()}>
            Reset
          </Button>
          <Button type="submit" disabled={!form.isDirty} loading={save.isPending}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
