import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zEmail } from '../shared/fields.ts';
import { zTwoFactorMethod } from '../shared/security.ts';

const requiredText = (error: string, max = 200) => z.string({ error }).trim().min(1, { error }).max(max);

export const zAccountSettings = z.object({
  user_contact_name: z.string(),
  user_email: z.string(),
  user_email_verified: z.boolean(),
  user_is_2fa_required: z.boolean(),
  user_two_factor: zTwoFactorMethod,
  user_notifications_is_technical: z.boolean(),
  user_notifications_is_billing: z.boolean(),
  user_notifications_email_weekly_usage: z.boolean(),
  /** The primary contact may require two-factor for every user of the company. */
  can_set_company_2fa_required: z.boolean(),
  company_name: z.string(),
  company_phone_number: z.string(),
  company_address_street: z.string(),
  company_address_city: z.string(),
  company_address_postcode: z.string(),
  company_address_country: z.string(),
});

export const getAccountSettings = defineCall({
  path: '/api/v1/user/account-settings/get',
  summary: "The signed-in user's contact details, alert preferences and company details.",
  input: z.object({}),
  output: zAccountSettings,
  access: { roles: ['any'], beforeTwoFactorSetup: true },
});

export const setAccountSettings = defineCall({
  path: '/api/v1/user/account-settings/set',
  summary: 'Change the account settings; absent fields stay. A new email needs a recent sign-in check and is verified by mail.',
  input: z.object({
    user_contact_name: z.string().trim().max(200).optional(),
    user_email: zEmail.optional(),
    user_notifications_is_technical: z.boolean().optional(),
    user_notifications_is_billing: z.boolean().optional(),
    user_notifications_email_weekly_usage: z.boolean().optional(),
    company_2fa_required: z.boolean().optional(),
    company_name: requiredText('Please enter your company name').optional(),
    company_phone_number: requiredText('Please enter your phone number', 50).optional(),
    company_address_street: requiredText('Please enter your street address').optional(),
    company_address_city: requiredText('Please enter your city').optional(),
    company_address_postcode: requiredText('Please enter your zip or postal code', 20).optional(),
    company_address_country: z.string().trim().length(2, { error: 'Please choose a country' }).toUpperCase().optional(),
  }),
  output: zAccountSettings,
  access: { roles: ['any'] },
  example: { user_contact_name: 'Pat Example' },
});

/**
 * The postal code field's label on every form (signup, account, billing details, the company dialog): the spec's
 * "Zip or Postal Code", so a US user knows it is their zip code.
 */
export const POSTCODE_LABEL = 'Zip or postal code';

export const setupAccount = defineCall({
  path: '/api/v1/user/setup-account',
  summary: 'Complete signup: the company details (all needed for billing) and an optional promo code.',
  input: z.object({
    company_name: requiredText('Please enter your company name'),
    company_phone_number: requiredText('Please enter your phone number', 50),
    company_address_street: requiredText('Please enter your street address'),
    company_address_city: requiredText('Please enter your city'),
    company_address_postcode: requiredText('Please enter your zip or postal code', 20),
    company_address_country: z.string().trim().length(2, { error: 'Please choose a country' }).toUpperCase(),
    user_promo_code: z.string().trim().max(100).default(''),
  }),
  output: z.null(),
  access: { roles: ['customer', 'distributor'] },
  example: {
    company_name: 'Example Ltd',
    company_phone_number: '+64 9 555 0100',
    company_address_street: '1 Queen Street',
    company_address_city: 'Auckland',
    company_address_postcode: '1010',
    company_address_country: 'NZ',
  },
});
