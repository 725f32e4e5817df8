import { Checkbox } from '@mantine/core';
import type { CompanyFormValues } from './company-form';
import type { FormSectionProps } from './form-section-props';

type FlagField = { [K in keyof CompanyFormValues]: CompanyFormValues[K] extends boolean ? K : never }[keyof CompanyFormValues];

/** A checkbox bound to one yes/no field of the company form. */
export function FlagCheckbox({
  label,
  field,
  values,
  set,
}: Pick<FormSectionProps, 'values' | 'set'> & { label: string; field: FlagField }) {
  return <Checkbox label={label} checked={values[field]} onChange={(event) => set(field, event.currentTarget.checked)} />;
}
