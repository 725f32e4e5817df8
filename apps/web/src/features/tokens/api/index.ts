import { createToken, listTokenActions, listTokens, revokeToken } from '@portal/contract/tokens/tokens';
import { defineMutation, defineQuery } from '../../../lib/call-hooks';

export const tokenActionsQuery = defineQuery(listTokenActions);
export const tokensQuery = defineQuery(listTokens);
export const useCreateToken = defineMutation(createToken, { invalidates: [listTokens] });
export const useRevokeToken = defineMutation(revokeToken, { invalidates: [listTokens] });
