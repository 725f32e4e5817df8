import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zOwnedId } from '../shared/owned-id.ts';
import { TOKEN_AUTH_MESSAGES, TOKEN_PERMISSION_NAMES, type TokenPermission } from '../shared/token-permissions.ts';

/** The spec's failure messages (§8); the page shows them with the server's message after them. */
export const TOKEN_MESSAGES = {
  createFailed: 'Failed to create token!',
  revokeFailed: 'Failed to revoke api token!',
  empty: 'No tokens found with that filter!',
  noPermissions: 'Please choose at least one permission',
  unknownPermission: 'This permission is not offered to your account',
  expiryPast: 'The expiry date must be in the future',
  notFound: 'Token not found',
  alreadyRevoked: 'This token has already been revoked',
  ...TOKEN_AUTH_MESSAGES,
} as const;

export const TOKEN_NAME_TOO_LONG = 'A name is at most 100 characters';

/** How a token reads in lists: its visible prefix, the rest hidden. */
export const TOKEN_PREFIX = 'pt_';

const zPermission = z.enum(TOKEN_PERMISSION_NAMES as [TokenPermission, ...TokenPermission[]]);

export const zTokenAction = z.object({ name: zPermission, service: z.string(), description: z.string() });
export type TokenAction = z.infer<typeof zTokenAction>;

export const listTokenActions = defineCall({
  path: '/api/v1/token/list_actions',
  summary: 'The permissions the caller may give a token, grouped by service (DISTRIBUTOR_ for distributors, ADMIN_ for admins).',
  input: z.object({}),
  output: z.object({ services: z.array(z.object({ service: z.string(), actions: z.array(zTokenAction) })) }),
  access: { roles: ['admin', 'distributor', 'customer'], capability: 'use_api_tokens' },
});

/** A comma list on the wire (spec-2 §7); the page sends the names it offered. */
const zPermissionList = z
  .string()
  .max(2000)
  .transform((s) =>
    s
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
  );

export const createToken = defineCall({
  path: '/api/v1/token/create_token',
  summary: 'A new API token for the caller with the given permissions (a comma list). The token is in this answer only.',
  input: z.object({
    /** A name to tell the token apart in the list; optional (beyond the spec, docs/decisions/0085). */
    name: z.string().trim().max(100, { error: TOKEN_NAME_TOO_LONG }).default(''),
    permissions: zPermissionList,
    /** Optional: the token stops working at this moment (ISO date-time). */
    expires_at: z.iso.datetime({ offset: true, error: 'Please enter a valid date' }).nullable().optional(),
  }),
  output: z.object({ id: z.number().int(), name: z.string(), api_token: z.string(), permissions: z.string() }),
  access: { roles: ['admin', 'distributor', 'customer'], capability: 'use_api_tokens', selfOnly: true },
  example: { permissions: 'USERS_READ' },
});

export const TOKEN_RESTRICTS = ['active', 'revoked'] as const;
export type TokenRestrict = (typeof TOKEN_RESTRICTS)[number];

export const zApiToken = z.object({
  id: z.number().int(),
  /** The user's name for it; '' when unnamed. */
  name: z.string(),
  /** The visible prefix and a mask: the token itself is never shown again. */
  api_token: z.string(),
  permissions: z.string(),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  last_used_ip: z.string().nullable(),
});
export type ApiToken = z.infer<typeof zApiToken>;

export const listTokens = defineCall({
  path: '/api/v1/token/list_tokens',
  summary: "The caller's tokens: active (not revoked, not expired) or revoked (revoked or expired), newest first.",
  input: z.object({ restrict: z.enum(TOKEN_RESTRICTS).default('active') }),
  output: z.object({ tokens: z.array(zApiToken) }),
  access: { roles: ['admin', 'distributor', 'customer'], capability: 'use_api_tokens' },
});

export const revokeToken = defineCall({
  path: '/api/v1/token/revoke_token',
  summary: "Revoke one of the caller's tokens by its id; it stops working at once.",
  input: z.object({ token: zOwnedId('api_token', TOKEN_MESSAGES.notFound) }),
  output: z.object({ revoked_at: z.string() }),
  access: { roles: ['admin', 'distributor', 'customer'], capability: 'use_api_tokens', selfOnly: true },
});
