import type { CompanyDetail } from '@portal/contract/companies/company-detail';
import { type CompanyType, NULL_MARKER } from '@portal/contract/shared/fields';
import type { PlanId } from '@portal/contract/shared/plans';
import type { AdminCompanyPatch, CompanyViewer } from '../../api';

/** What the Overview form edits; admin-only values are simply not sent by distributors. */
export interface CompanyFormValues {
  company_name: string;
  phone_number: string;
  street_address: string;
  city: string;
  postal_code: string;
  country: string;
  notes: string;
  custom_metadata_1: string;
  custom_metadata_2: string;
  custom_metadata_3: string;
  can_view_billing_credit_usage: boolean;
  can_view_billing_active_services: boolean;
  sales_id: string | null;
  has_oob_payment: boolean;
  has_contract_billing: boolean;
  customer_trial_length_days: number;
  is_vip: boolean;
  is_partner: boolean;
  is_internal: boolean;
  can_have_sales: boolean;
  can_have_support: boolean;
  company_type: CompanyType;
  plan_id: string;
  plan_force: boolean;
}

export function formValuesOf(company: CompanyDetail): CompanyFormValues {
  return {
    company_name: company.company_name,
    phone_number: company.phone_number,
    street_address: company.street_address,
    city: company.city,
    postal_code: company.postal_code,
    country: company.country,
    notes: company.notes ?? '',
    custom_metadata_1: company.custom_metadata_1,
    custom_metadata_2: company.custom_metadata_2,
    custom_metadata_3: company.custom_metadata_3,
    can_view_billing_credit_usage: company.can_view_billing_credit_usage,
    can_view_billing_active_services: company.can_view_billing_active_services,
    sales_id: company.sales_id === null ? null : String(company.sales_id),
    has_oob_payment: company.has_oob_payment,
    has_contract_billing: company.has_contract_billing,
    customer_trial_length_days: company.customer_trial_length_days,
    is_vip: company.is_vip,
    is_partner: company.is_partner_company,
    is_internal: company.is_internal_comet_company,
    can_have_sales: company.can_have_sales,
    can_have_support: company.can_have_support,
    company_type: company.company_type,
    plan_id: company.plan_id,
    plan_force: false,
  };
}

export function isDirty(initial: CompanyFormValues, current: CompanyFormValues): boolean {
  return (Object.keys(initial) as (keyof CompanyFormValues)[]).some((key) => initial[key] !== current[key]);
}

/** An emptied nullable text is sent as the NUL marker, which the server stores as null. */
const nullableText = (value: string) => (value.trim() === '' ? NULL_MARKER : value);

/** The patch holds only what changed: the contract leaves absent fields as they are. */
export function buildCompanyPatch(
  id: number,
  initial: CompanyFormValues,
  current: CompanyFormValues,
  viewer: CompanyViewer,
): AdminCompanyPatch {
  const patch: AdminCompanyPatch = { target_id: id, target_plan_force: false };
  const changed = (key: keyof CompanyFormValues) => initial[key] !== current[key];
  for (const key of ['company_name', 'phone_number', 'street_address', 'city', 'postal_code', 'country'] as const) {
    if (changed(key)) patch[key] = current[key];
  }
  for (const key of ['custom_metadata_1', 'custom_metadata_2', 'custom_metadata_3'] as const) {
    if (changed(key)) patch[key] = nullableText(current[key]);
  }
  for (const key of ['can_view_billing_credit_usage', 'can_view_billing_active_services'] as const) {
    if (changed(key)) patch[key] = current[key];
  }
  if (changed('plan_id')) patch.target_plan_id = current.plan_id as PlanId;
  if (viewer === 'distributor') {
    const { target_plan_force: _force, ...distributorPatch } = patch;
    return distributorPatch as AdminCompanyPatch;
  }
  if (changed('notes')) patch.notes = nullableText(current.notes);
  if (changed('sales_id')) patch.target_sales_id = current.sales_id === null ? null : Number(current.sales_id);
  if (changed('has_oob_payment')) patch.target_has_oob_payment = current.has_oob_payment;
  if (changed('has_contract_billing')) patch.target_has_contract_billing = current.has_contract_billing;
  if (changed('customer_trial_length_days')) patch.target_customer_trial_length_days = current.customer_trial_length_days;
  if (changed('is_vip')) patch.target_is_vip = current.is_vip;
  if (changed('is_partner')) patch.target_is_partner = current.is_partner;
  if (changed('is_internal')) patch.target_is_internal = current.is_internal;
  if (changed('can_have_sales')) patch.target_is_sales = current.can_have_sales;
  if (changed('can_have_support')) patch.target_is_support = current.can_have_support;
  if (changed('company_type')) patch.target_company_type = current.company_type;
  if (changed('plan_id')) patch.target_plan_force = current.plan_force;
  return patch;
}

/** A company that is gone can only be looked at. */
export function isReadOnly(company: Pick<CompanyDetail, 'current_state'>): boolean {
  return company.current_state === 'DELETED' || company.current_state === 'MIGRATED';
}

export function metadataLabel(labels: CompanyDetail['custom_metadata_labels'], index: 0 | 1 | 2): string {
  return labels[index] ?? `Custom metadata ${index + 1}`;
}
