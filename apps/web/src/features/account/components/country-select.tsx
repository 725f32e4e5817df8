import { Select } from '@mantine/core';
import { memo } from 'react';
import { countryOptions } from '../../../lib/countries';

interface CountrySelectProps {
  value: string;
  onChange: (code: string) => void;
  error?: string | undefined;
  required?: boolean;
}

/** A searchable country list; memoised because typing in the other fields need not re-render 250 options. */
export const CountrySelect = memo(function CountrySelect({ value, onChange, error, required = false }: CountrySelectProps) {
  return (
    <Select
      label="Country"
      required={required}
      data={countryOptions()}
      searchable
      allowDeselect={false}
      value={value || null}
      error={error}
      onChange={(code) => {
        if (code) onChange(code);
      }}
    />
  );
});
