import { createToken, listTokenActions, listTokens, revokeToken } from '@portal/contract/tokens/tokens';
import { type Handler, handle } from '../../platform/handle.ts';
import * as tokens from './service.ts';

export const tokenHandlers: Handler[] = [
  handle(listTokenActions, async (_input, ctx) => tokens.listActions(ctx), { readOnly: true }),
  handle(createToken, (input, ctx) => tokens.createToken(ctx, input)),
  handle(listTokens, (input, ctx) => tokens.listTokens(ctx, input), { readOnly: true }),
  handle(revokeToken, (input, ctx) => tokens.revokeToken(ctx, input)),
];
