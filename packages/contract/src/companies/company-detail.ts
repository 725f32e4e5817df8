import { z } from 'zod';
import { zDailyStats } from '../billing/daily-stats.ts';
import { AUTO_REBILL_DAYS_MAX, AUTO_REBILL_DAYS_MIN } from '../payments/auto-payment.ts';
import { zCompanyId, zCompanyState, zCompanyType, zId, zTimestamp } from '../shared/fields.ts';
import { zOwnedId } from '../shared/owned-id.ts';
import { zFeatureMask } from '../shared/plans.ts';
import { zSuspension } from './company-suspension.ts';

export const zCompanyUser = z.object({
  id: zOwnedId('user'),
  contact_name: z.string(),
  email: z.string(),
  is_primary_contact: z.boolean(),
  is_technical: z.boolean(),
  is_billing: z.boolean(),
});
export type CompanyUser = z.infer<typeof zCompanyUser>;

/** The company as the company dialog shows it. Admin-only fields are null for other readers. */
export const zCompanyDetail = z.object({
  id: zCompanyId,
  company_name: z.string(),
  company_type: zCompanyType,
  notes: z.string().nullable(),
  phone_number: z.string(),
  country: z.string(),
  city: z.string(),
  street_address: z.string(),
  postal_code: z.string(),
  custom_metadata_1: z.string(),
  custom_metadata_2: z.string(),
  custom_metadata_3: z.string(),
  /** The labels of the custom metadata fields, from the distributor's settings. */
  custom_metadata_labels: z.tuple([z.string().nullable(), z.string().nullable(), z.string().nullable()]),
  can_view_billing_credit_usage: z.boolean(),
  can_view_billing_active_services: z.boolean(),
  trial_extension: z.number().int(),
  trial_expires_at: zTimestamp.nullable(),
  created_at: zTimestamp,
  deleted_at: zTimestamp.nullable(),
  current_state: zCompanyState,
  current_state_applied_at: zTimestamp,
  /** Seconds since the epoch when a pending-delete company is deleted for good. */
  will_delete_at: z.number().int().nullable(),
  /** Why a SUSPENDED company is suspended (staff lift only their own suspensions); null in other states. */
  suspension: zSuspension.nullable(),
  plan_id: z.string(),
  plan_user_selected_id: z.string().nullable(),
  distributor: z.object({ id: zCompanyId, company_name: z.string() }).nullable(),
  distributor_id: zCompanyId.nullable(),
  sales_id: zId.nullable(),
  region_code: z.string(),
  features: zFeatureMask,
  merchant_ref: z.string().nullable(),
  feature_voting_ref: z.string().nullable(),
  has_oob_payment: z.boolean(),
  has_contract_billing: z.boolean(),
  /** The top-up option automatic top-up buys; null while automatic top-up is off. */
  auto_topup_plan_name: z.string().nullable(),
  /** Automatic top-up buys when the credit would last fewer days than this (1 to 14, default 5). */
  auto_topup_days_remaining: z.number().int().min(AUTO_REBILL_DAYS_MIN).max(AUTO_REBILL_DAYS_MAX),
  customer_trial_length_days: z.number().int(),
  is_internal_comet_company: z.boolean(),
  is_partner_company: z.boolean(),
  is_vip: z.boolean(),
  can_have_sales: z.boolean(),
  can_have_support: z.boolean(),
  can_have_comet_storage: z.boolean(),
  has_comet_storage: z.boolean(),
  /** The latest day its servers reported (storage_amount_bytes among them); null before any report. */
  daily_stats: zDailyStats.nullable(),
  users: z.array(zCompanyUser),
  /** The customer portal (as cloudview/status answers them): one exists (provisioning, ready or failed). */
  myclient_portal_enabled: z.boolean(),
  /** The portal has been built and answers. */
  myclient_portal_activated: z.boolean(),
  /** The company is suspended: its portal refuses sign-in. */
  myclient_suspended: z.boolean(),
  /** The ready portal's address; empty otherwise. */
  myclient_url: z.string(),
});
export type CompanyDetail = z.infer<typeof zCompanyDetail>;
