import { z } from 'zod';
import { defineEntry } from '../shared/define-entry.ts';

/**
 * The local feature voting board (docs/decisions/0033), served by the portal in place of a third-party board.
 * Public: the board trusts the signed sign-in token it is given and nothing else, no portal cookie.
 */
export const SANDBOX_BOARD_PATH = '/sandbox-feature-board';

const zToken = z.string().max(8000);

export const sandboxBoardPage = defineEntry({
  kind: 'page',
  path: `${SANDBOX_BOARD_PATH}/{board_path}`,
  methods: ['GET'],
  wildcard: true,
  summary:
    'The local board for the user the sign-in token names (401 when it has expired): ideas/<id> shows one idea, any other path them all.',
  access: { public: true },
  input: z.object({ board_path: z.string().max(300), ssoToken: zToken.optional() }),
  answers: 'text/html',
  example: { board_path: '', ssoToken: 'not-a-token' },
});

export const sandboxBoardVote = defineEntry({
  kind: 'page',
  path: `${SANDBOX_BOARD_PATH}/vote`,
  methods: ['POST'],
  summary: 'The board page’s vote button: toggles the token’s user’s vote on an idea and answers its tally.',
  access: { public: true },
  input: z.object({ ssoToken: zToken, idea_id: z.number().int().positive() }),
  answers: 'application/json',
  example: { ssoToken: 'not-a-token', idea_id: 1 },
});

export const BOARD_ENTRIES = [sandboxBoardPage, sandboxBoardVote];
