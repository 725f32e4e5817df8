import { z } from 'zod';
import { defineEntry } from '../shared/define-entry.ts';

/**
 * The sandbox card processor's hosted pages (docs/decisions/0024), served by the portal in place of a real
 * processor's own origin. Public: the card session's id is the credential, never a portal cookie.
 */
export const SANDBOX_GATEWAY_PATH = '/sandbox-gateway';

const zSession = z.string().max(4000);

export const sandboxCardPage = defineEntry({
  kind: 'page',
  path: `${SANDBOX_GATEWAY_PATH}/card`,
  methods: ['GET'],
  summary: 'The sandbox processor’s hosted card page for a pending card session, framed by the portal (410 once it has ended).',
  access: { public: true },
  input: z.object({ session: zSession.optional() }),
  answers: 'text/html',
  example: { session: 'no-such-session' },
});

export const sandboxChallengePage = defineEntry({
  kind: 'page',
  path: `${SANDBOX_GATEWAY_PATH}/challenge`,
  methods: ['GET'],
  summary: 'The sandbox issuer’s 3-D Secure page for a charge waiting on its check (410 once it has ended).',
  access: { public: true },
  input: z.object({ session: zSession.optional() }),
  answers: 'text/html',
  example: { session: 'no-such-session' },
});

export const sandboxCardEnter = defineEntry({
  kind: 'page',
  path: `${SANDBOX_GATEWAY_PATH}/card/enter`,
  methods: ['POST'],
  summary: 'The card page’s form: the card for a pending session; answers the session’s new state (410 once it has ended).',
  access: { public: true },
  input: z.object({
    session: z.string().max(100),
    number: z.string().max(40),
    expiry: z.string().max(10),
    cvc: z.string().max(10),
    name: z.string().max(200),
  }),
  answers: 'application/json',
  example: { session: 'no-such-session', number: '4242424242424242', expiry: '12/40', cvc: '123', name: 'Test' },
});

export const sandboxCardChallenge = defineEntry({
  kind: 'page',
  path: `${SANDBOX_GATEWAY_PATH}/card/challenge`,
  methods: ['POST'],
  summary: 'The 3-D Secure page’s answer: passed or not; answers the session’s new state (410 once it has ended).',
  access: { public: true },
  input: z.object({ session: z.string().max(100), passed: z.boolean() }),
  answers: 'application/json',
  example: { session: 'no-such-session', passed: true },
});

export const CARD_PAGE_ENTRIES = [sandboxCardPage, sandboxChallengePage, sandboxCardEnter, sandboxCardChallenge];
