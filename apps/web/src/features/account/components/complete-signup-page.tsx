import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { setupAccount } from '@portal/contract/account/account-settings';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import { type FieldErrors, formErrorState, zodFieldErrors } from '../../../components/form/form-errors';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { DEFAULT_COUNTRY } from '../../../lib/countries';
import { type SignupDetails, useSetupAccount } from '../api/setup-account';
import { CountrySelect } from './country-select';

/** How long 'Account Updated' stays on screen before the dashboard opens. */
export const SIGNUP_REDIRECT_MS = 1500;

type SignupField = Exclude<keyof SignupDetails, 'company_address_country'>;

const EMPTY: Record<SignupField, string> = {
  company_name: '',
  company_phone_number: '',
  company_address_street: '',
  company_address_city: '',
  company_address_postcode: '',
  user_promo_code: '',
};

const FIELDS: { key: SignupField; label: string; max: number; autoComplete?: string }[] = [
  { key: 'company_name', label: 'Company Name', max: 200, autoComplete: 'organization' },
  { key: 'company_phone_number', label: 'Phone Number', max: 50, autoComplete: 'tel' },
  { key: 'company_address_street', label: 'Street Address', max: 200, autoComplete: 'street-address' },
  { key: 'company_address_city', label: 'City', max: 200, autoComplete: 'address-level2' },
  { key: 'company_address_postcode', label: 'Zip or Postal Code', max: 20, autoComplete: 'postal-code' },
  { key: 'user_promo_code', label: 'Promo Code', max: 100 },
];

/** /complete_signup: the company details a new account still needs, and an optional promo code. */
export function CompleteSignupPage({ companyName = '' }: { companyName?: string }) {
  const [values, setValues] = useState({ ...EMPTY, company_name: companyName });
  const [country, setCountry] = useState(DEFAULT_COUNTRY);
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const setup = useSetupAccount();
  const navigate = useNavigate();
  const serverErrors = formErrorState(setup.error);
  const errors = { ...serverErrors.fields, ...localErrors };

  useEffect(() => {
    if (!setup.isSuccess) return;
    const timer = setTimeout(() => void navigate({ to: '/dashboard' }), SIGNUP_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [setup.isSuccess, navigate]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const details = { ...values, company_address_country: country };
    const parsed = setupAccount.input.safeParse(details);
    if (!parsed.success) return setLocalErrors(zodFieldErrors(parsed.error));
    setLocalErrors({});
    setup.mutate(parsed.data);
  };

  return (
    <Stack maw={720}>
      <Title order={1}>Complete signup</Title>
      <Text>Tell us about your company to finish setting up your account.</Text>
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {FIELDS.map(({ key, label, max, autoComplete }) => (
              <TextInput
                key={key}
                label={label}
                required={key !== 'user_promo_code'}
                maxLength={max}
                autoComplete={autoComplete}
                value={values[key]}
                error={errors[key]}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setValues((current) => ({ ...current, [key]: value }));
                }}
              />
            ))}
            <CountrySelect required value={country} error={errors.company_address_country} onChange={setCountry} />
          </SimpleGrid>
          <FormErrorAlert message={serverErrors.alert} />
          {setup.isSuccess && (
            <Alert color="green" role="status">
              Account Updated
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={setup.isPending} disabled={setup.isSuccess}>
              Save Changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
