import { featureVotingSso, listResources } from '@portal/contract/help/resources';
import { defineQuery } from '../../../lib/call-hooks';

export const resourcesQuery = defineQuery(listResources);
/** The sign-in token in the board's address lasts minutes: each visit asks for a fresh one. */
export const featureVotingQuery = defineQuery(featureVotingSso, { staleTime: 0, gcTime: 0 });
