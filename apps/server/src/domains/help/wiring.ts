// Wiring for the composition root (app.ts): the local board's routes and the origins the portal's pages may
// frame, both needed before any call context exists.
import type { FastifyInstance } from 'fastify';
import type { CallContext } from '../../platform/context.ts';
import { registerSandboxBoard, SANDBOX_BOARD_PATH } from './board/board-page.ts';

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
