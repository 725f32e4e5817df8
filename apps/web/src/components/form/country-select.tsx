import { Select } from '@mantine/core';
import { memo } from 'react';
import { countryOptions } from '../../lib/countries';

interface CountrySelectProps {
  value: string;
  onChange: (code: string) => void;
  error?: string | undefined;
  required?: boolean;
  disabled?: boolean;
}

/**
 * The one country field: a searchable list of ISO codes by name. Memoised because typing in the other
 * fields need not re-render 250 options. A stored code the list does not know is still shown.
 */
export const CountrySelect = memo(function CountrySelect({ value, onChange, error, required = false, disabled }: CountrySelectProps) {
  const options = countryOptions();
  const data = value && !options.some((option) => option.value === value) ? [{ value, label: value }, ...options] : options;
  return (
    <Select
      label="Country"
      required={required}
      data={data}
      searchable
      allowDeselect={false}
      value={value || null}
      error={error}
      disabled={disabled}
      onChange={(code) => {
        if (code) onChange(code);
      }}
    />
  );
});
