import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { POSTCODE_LABEL, setupAccount } from '@portal/contract/account/account-settings';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect } from 'react';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { useContractForm } from '../../../components/form/use-contract-form';
import { PageHeader } from '../../../components/page/page-header';
import { DEFAULT_COUNTRY } from '../../../lib/countries';
import { useSetupAccount } from '../api';
import { CountrySelect } from '../../../components/form/country-select';

/** How long 'Account Updated' stays on screen before the dashboard opens. */
export const SIGNUP_REDIRECT_MS = 1500;

const EMPTY = {
  company_name: '',
  company_phone_number: '',
  company_address_street: '',
  company_address_city: '',
  company_address_postcode: '',
  company_address_country: DEFAULT_COUNTRY,
  user_promo_code: '',
};

type SignupField = Exclude<keyof typeof EMPTY, 'company_address_country'>;

const FIELDS: { key: SignupField; label: string; autoComplete?: string }[] = [
  { key: 'company_name', label: 'Company name', autoComplete: 'organization' },
  { key: 'company_phone_number', label: 'Phone number', autoComplete: 'tel' },
  { key: 'company_address_street', label: 'Street address', autoComplete: 'street-address' },
  { key: 'company_address_city', label: 'City', autoComplete: 'address-level2' },
  { key: 'company_address_postcode', label: POSTCODE_LABEL, autoComplete: 'postal-code' },
  { key: 'user_promo_code', label: 'Promo code' },
];

/** /complete_signup: the company details a new account still needs, and an optional promo code. */
export function CompleteSignupPage({ companyName = '' }: { companyName?: string }) {
  const setup = useSetupAccount();
  const form = useContractForm(setupAccount, { initialValues: { ...EMPTY, company_name: companyName }, serverError: setup.error });
  const { setValue } = form;
  const setCountry = useCallback((code: string) => setValue('company_address_country', code), [setValue]);
  const navigate = useNavigate();

  useEffect(() => {
    if (!setup.isSuccess) return;
    const timer = setTimeout(() => void navigate({ to: '/dashboard' }), SIGNUP_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [setup.isSuccess, navigate]);

  return (
    <Stack maw={720}>
      <PageHeader title="Complete signup" description="Tell us about your company to finish setting up your account." />
      <form onSubmit={form.onSubmit((details) => setup.mutate(details))} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {FIELDS.map(({ key, label, autoComplete }) => (
              <TextInput
                key={key}
                label={label}
                required={key !== 'user_promo_code'}
                autoComplete={autoComplete}
                {...form.textProps(key)}
              />
            ))}
            <CountrySelect
              required
              value={form.values.company_address_country}
              error={form.errors.company_address_country}
              onChange={setCountry}
            />
          </SimpleGrid>
          <FormErrorAlert message={form.alert} />
          {setup.isSuccess && (
            <Alert color="green" role="status">
              Account Updated
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={setup.isPending} disabled={setup.isSuccess}>
              Save changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
