import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';

/** The places /resource links to (spec-2 §2.12), in the page's order. */
export const RESOURCE_KEYS = ['documentation', 'release_notes', 'feature_voting', 'integrations', 'webinars', 'blog'] as const;
export type ResourceKey = (typeof RESOURCE_KEYS)[number];

const zResource = z.object({
  key: z.enum(RESOURCE_KEYS),
  label: z.string(),
  description: z.string(),
  /** An absolute address, or a path of the portal (feature voting is /feature_voting). */
  url: z.string(),
});
export type Resource = z.output<typeof zResource>;

export const listResources = defineCall({
  path: '/api/v1/web/resources',
  summary: 'The help links of /resource, each configured by the operator; one left unset is not listed.',
  input: z.object({}),
  output: z.object({ resources: z.array(zResource) }),
  access: { roles: ['any'] },
});

/** The part of the board's address after /feature_voting/: letters, digits, dashes, underscores and slashes. */
export const zBoardPath = z
  .string()
  .max(300)
  .regex(/^[A-Za-z0-9_\-/]*$/, { error: 'Invalid board path' });

export const featureVotingSso = defineCall({
  path: '/api/v1/user/feature_voting/sso',
  summary:
    "The feature voting board's address for this user, carrying a short-lived signed sign-in token; board_url is null when no board is configured.",
  input: z.object({ path: zBoardPath.default('') }),
  output: z.object({ board_url: z.string().nullable(), board_origin: z.string().nullable() }),
  access: { roles: ['any'] },
});
