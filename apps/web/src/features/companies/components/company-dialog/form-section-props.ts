import type { CompanyDetail } from '@portal/contract/companies/company-detail';
import type { FieldErrors } from '../../../../components/form/form-errors';
import type { CompanyFormValues } from './company-form';

export interface FormSectionProps {
  company: CompanyDetail;
  values: CompanyFormValues;
  set: <K extends keyof CompanyFormValues>(key: K, value: CompanyFormValues[K]) => void;
  errors: FieldErrors;
}
