import { Fieldset, Group, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { POSTCODE_LABEL } from '@portal/contract/account/account-settings';
import { CountrySelect } from '../../../../components/form/country-select';
import { metadataLabel } from './company-form';
import { FlagCheckbox } from './flag-checkbox';
import type { FormSectionProps } from './form-section-props';

interface CompanyDetailsSectionProps extends FormSectionProps {
  isAdmin: boolean;
}

/** Company details, contact, customer portal and (for sub-accounts of a distributor) custom metadata. */
export function CompanyDetailsSection({ company, values, set, errors, limits, isAdmin }: CompanyDetailsSectionProps) {
  // Custom metadata belongs to distributors: shown on their sub-accounts, labelled by their settings.
  const showMetadata = company.distributor !== null || !isAdmin;
  const primary = company.users.find((user) => user.is_primary_contact);
  const text = (key: 'company_name' | 'phone_number' | 'street_address' | 'city' | 'postal_code', label: string) => (
    <TextInput
      label={label}
      value={values[key]}
      maxLength={limits.maxLength(key)}
      error={errors[key]}
      onChange={(event) => set(key, event.currentTarget.value)}
      required={key === 'company_name'}
    />
  );
  return (
    <>
      <Fieldset legend="Company details">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('company_name', 'Company name')}
          {text('phone_number', 'Phone number')}
          {text('street_address', 'Street address')}
          {text('city', 'City')}
          {text('postal_code', POSTCODE_LABEL)}
          <CountrySelect value={values.country} onChange={(code) => set('country', code)} error={errors.country} />
        </SimpleGrid>
        {isAdmin && (
          <Textarea
            mt="sm"
            label="Notes"
            value={values.notes}
            maxLength={limits.maxLength('notes')}
            rows={3}
            error={errors.notes}
            // A sub-account's notes belong to its distributor.
            disabled={company.distributor !== null}
            onChange={(event) => set('notes', event.currentTarget.value)}
          />
        )}
      </Fieldset>
      <Fieldset legend="Contact details">
        {primary ? (
          <Text size="sm">
            Primary contact: {primary.contact_name || '(no name)'} &lt;{primary.email}&gt;
          </Text>
        ) : (
          <Text size="sm">No primary contact</Text>
        )}
      </Fieldset>
      <Fieldset legend="Customer portal">
        <Group>
          <FlagCheckbox label="Can view credit usage" field="can_view_billing_credit_usage" values={values} set={set} />
          <FlagCheckbox label="Can view active services" field="can_view_billing_active_services" values={values} set={set} />
        </Group>
      </Fieldset>
      {showMetadata && (
        <Fieldset legend="Custom metadata">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {([0, 1, 2] as const).map((index) => {
              const key = (['custom_metadata_1', 'custom_metadata_2', 'custom_metadata_3'] as const)[index];
              return (
                <TextInput
                  key={key}
                  label={metadataLabel(company.custom_metadata_labels, index)}
                  value={values[key]}
                  maxLength={limits.maxLength(key)}
                  error={errors[key]}
                  onChange={(event) => set(key, event.currentTarget.value)}
                />
              );
            })}
          </SimpleGrid>
        </Fieldset>
      )}
    </>
  );
}
