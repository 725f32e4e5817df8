import type { CompanyDetail } from '@portal/contract/companies/company-detail';
import type { FieldErrors } from '../../../../components/form/form-errors';
import type { FieldLimits } from '../../../../components/form/use-contract-form';
import type { CompanyFormValues } from './company-form';

export interface FormSectionProps {
  company: CompanyDetail;
  values: CompanyFormValues;
  set: <K extends keyof CompanyFormValues>(key: K, value: CompanyFormValues[K]) => void;
  errors: FieldErrors;
  /** The patch call's limits, by its input's field names. */
  limits: FieldLimits;
}
