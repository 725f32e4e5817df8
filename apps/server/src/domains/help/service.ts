import type { Resource, featureVotingSso as featureVotingSsoCall } from '@portal/contract/help/resources';
import type { CallData } from '@portal/contract/shared/define-call';
import type { FastifyInstance } from 'fastify';
import type { CallContext } from '../../platform/context.ts';
import * as users from '../users/service.ts';
import { registerSandboxBoard, SANDBOX_BOARD_PATH } from './board/board-page.ts';
import { signBoardToken } from './sso.ts';

export async function listResources(ctx: CallContext): Promise<{ resources: Resource[] }> {
  const c = ctx.config;
  const all: Resource[] = [
    {
      key: 'documentation',
      label: 'Documentation',
      description: 'Install, configure and run the backup software.',
      url: c.RESOURCE_DOCUMENTATION_URL,
    },
    { key: 'release_notes', label: 'Release notes', description: 'What changed in each version.', url: c.RESOURCE_RELEASE_NOTES_URL },
    {
      key: 'feature_voting',
      label: 'Feature voting',
      description: 'Suggest features and vote for the ones you need.',
      url: c.FEATURE_VOTING_BOARD_URL === 'off' ? '' : '/feature_voting',
    },
    {
      key: 'integrations',
      label: 'Integrations',
      description: 'Connect the portal to your billing and monitoring tools.',
      url: c.RESOURCE_INTEGRATIONS_URL,
    },
    { key: 'webinars', label: 'Webinars', description: 'Live and recorded sessions with our team.', url: c.RESOURCE_WEBINARS_URL },
    { key: 'blog', label: 'Blog', description: 'News, guides and stories from other providers.', url: c.RESOURCE_BLOG_URL },
  ];
  return { resources: all.filter((r) => r.url !== '') };
}

/** The board's base address, or null when none is configured. */
export function boardBase(config: CallContext['config']): string | null {
  const board = config.FEATURE_VOTING_BOARD_URL;
  if (board === 'off') return null;
  return board === 'sandbox' ? new URL(SANDBOX_BOARD_PATH, config.PUBLIC_URL).toString() : board;
}

/** Serves the local board beside the portal when it is the one configured. */
export function installFeatureBoard(app: FastifyInstance, deps: Parameters<typeof registerSandboxBoard>[1]): void {
  if (deps.config.FEATURE_VOTING_BOARD_URL === 'sandbox') registerSandboxBoard(app, deps);
}

/** Origins the portal's pages may frame for the board: none beyond its own for the local board. */
export function boardOrigins(config: CallContext['config']): string[] {
  const base = boardBase(config);
  const origin = base ? new URL(base).origin : null;
  return origin && origin !== new URL(config.PUBLIC_URL).origin ? [origin] : [];
}

/**
 * The board's address for the signed-in user with a fresh sign-in token. An admin signed in as a customer
 * is named on the board as themselves: a vote is a person's opinion, not one to cast for someone else.
 */
export async function featureVotingSso(ctx: CallContext, input: CallData<typeof featureVotingSsoCall>) {
  const base = boardBase(ctx.config);
  if (!base) return { board_url: null, board_origin: null };
  const userId = ctx.actor.impersonatorUserId ?? ctx.actor.userId;
  const user = await users.findUser(ctx.db, userId);
  const token = await signBoardToken(
    ctx.config,
    { id: String(userId), email: user?.email ?? ctx.actor.email, name: user?.contact_name || (user?.email ?? ctx.actor.email) },
    ctx.clock.now(),
  );
  const url = new URL(base.endsWith('/') ? base : `${base}/`);
  url.pathname += input.path.replace(/^\/+/, '');
  url.searchParams.set('ssoToken', token);
  return { board_url: url.toString(), board_origin: url.origin };
}
