import { z } from 'zod';
import { defineEntry } from '../shared/define-entry.ts';

/** Where the local customer portal instances live (CLOUDVIEW_PROVISIONER=local, docs/decisions/0057). */
export const LOCAL_PORTAL_PATH = '/cloudview-local';

export const localPortalPage = defineEntry({
  kind: 'page',
  path: `${LOCAL_PORTAL_PATH}/{id}`,
  methods: ['GET'],
  summary: 'A local customer portal instance’s front page (404 when it is not ready).',
  access: { public: true },
  input: z.object({ id: z.string().max(40) }),
  answers: 'text/html',
  example: { id: '999999999' },
});

export const localPortalLogin = defineEntry({
  kind: 'page',
  path: `${LOCAL_PORTAL_PATH}/{id}/login`,
  methods: ['POST'],
  summary: 'Signs in to a local customer portal instance with the signed token generate-login-credentials issued.',
  access: { public: true },
  input: z.object({ id: z.string().max(40), token: z.string().max(8000).optional() }),
  answers: 'text/html',
  // The token is the credential (no cookie is read), so the post may come from any page.
  crossSiteForm: true,
  example: { id: '999999999', token: 'not-a-token' },
});

export const LOCAL_PORTAL_ENTRIES = [localPortalPage, localPortalLogin];
