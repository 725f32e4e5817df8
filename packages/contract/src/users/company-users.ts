import { z } from 'zod';
import { zCompanyUser } from '../companies/company-detail.ts';
import { defineCall } from '../shared/define-call.ts';
import { zCompanyId, zEmail } from '../shared/fields.ts';
import { zOwnedId } from '../shared/owned-id.ts';

/** A user as the company's user list shows it, with whether the caller may change how they sign in. */
export const zListedCompanyUser = zCompanyUser.extend({ can_change_sign_in: z.boolean() });
export type ListedCompanyUser = z.infer<typeof zListedCompanyUser>;

export const listCompanyUsers = defineCall({
  path: '/api/v1/user/list_company_users',
  tokenPermission: 'USERS_READ',
  summary: "The users of a company (the caller's own when no company is given).",
  input: z.object({ target_company_id: zCompanyId.optional() }),
  output: z.array(zListedCompanyUser),
  access: { roles: ['any'] },
});

export const createUser = defineCall({
  path: '/api/v1/user/create_user',
  tokenPermission: 'USERS_WRITE',
  summary: 'Add a user to a company, optionally sending a verification mail.',
  input: z.object({
    target_company_id: zCompanyId,
    target_contact_name: z.string().trim().max(200).default(''),
    target_email: zEmail,
    target_password: z.string().min(8, { error: 'Please enter at least 8 characters' }).max(1024),
    send_verification_email: z.boolean().default(false),
    target_is_billing: z.boolean().default(false),
    target_is_technical: z.boolean().default(false),
  }),
  output: z.object({ id: zOwnedId('user') }),
  access: { roles: ['admin', 'distributor', 'customer'], capability: 'edit_users' },
  example: { target_company_id: 1, target_email: 'added-user@example.com', target_password: 'long-enough-password' },
});

export const patchUser = defineCall({
  path: '/api/v1/user/patch_user',
  tokenPermission: 'USERS_WRITE',
  summary: 'Change a user of a company; absent fields stay as they are.',
  input: z.object({
    target_company_id: zCompanyId,
    target_id: zOwnedId('user'),
    target_contact_name: z.string().trim().max(200).optional(),
    target_email: zEmail.optional(),
    target_password: z.string().min(8, { error: 'Please enter at least 8 characters' }).max(1024).optional(),
    target_is_billing: z.boolean().optional(),
    target_is_technical: z.boolean().optional(),
  }),
  output: z.null(),
  access: { roles: ['admin', 'distributor', 'customer'], capability: 'edit_users' },
  example: { target_company_id: 1, target_id: 1, target_contact_name: 'Pat Example' },
});

export const deleteUser = defineCall({
  path: '/api/v1/user/delete_user',
  tokenPermission: 'USERS_WRITE',
  summary: 'Remove a user; never the primary contact, never yourself.',
  input: z.object({ target_company_id: zCompanyId, target_id: zOwnedId('user') }),
  output: z.null(),
  access: { roles: ['admin', 'distributor', 'customer'], capability: 'edit_users' },
});
