import type { adminCreateCompany, distributorCreateCompany } from '@portal/contract/companies/company-create';
import type { CallInput } from '@portal/contract/shared/define-call';
import type { CompanyType } from '@portal/contract/shared/fields';
import type { PlanId } from '@portal/contract/shared/plans';
import type { CompanyViewer } from '../../api';

export type NewCompanyRequest =
  | { viewer: 'admin'; input: CallInput<typeof adminCreateCompany> }
  | { viewer: 'distributor'; input: CallInput<typeof distributorCreateCompany> };

export interface NewCompanyValues {
  company_name: string;
  country: string;
  contact_name: string;
  email: string;
  password: string;
  company_type: CompanyType;
  distributor_id: string | null;
  is_internal: boolean;
  is_partner: boolean;
  is_vip: boolean;
  plan_id: PlanId;
  notes: string;
}

export const NEW_COMPANY_DEFAULTS: NewCompanyValues = {
  company_name: '',
  country: 'NZ',
  contact_name: '',
  email: '',
  password: '',
  company_type: 'customer',
  distributor_id: null,
  is_internal: false,
  is_partner: false,
  is_vip: false,
  plan_id: 'Trial',
  notes: '',
};

/** Only a customer can sit under a distributor, so any other type drops the choice. */
export function withCompanyType(values: NewCompanyValues, type: CompanyType): NewCompanyValues {
  return { ...values, company_type: type, distributor_id: type === 'customer' ? values.distributor_id : null };
}

export function newCompanyRequest(viewer: CompanyViewer, values: NewCompanyValues): NewCompanyRequest {
  const base = {
    target_company_name: values.company_name,
    target_country_code: values.country,
    target_contact_name: values.contact_name,
    target_email: values.email,
    target_password: values.password,
  };
  if (viewer === 'distributor') {
    return { viewer, input: { ...base, target_plan_id: values.plan_id, target_company_notes: values.notes } };
  }
  return {
    viewer,
    input: {
      ...base,
      target_company_type: values.company_type,
      target_distributor_id: values.company_type === 'customer' && values.distributor_id !== null ? Number(values.distributor_id) : null,
      target_is_internal: values.is_internal,
      target_is_partner: values.is_partner,
      target_is_vip: values.is_vip,
    },
  };
}
