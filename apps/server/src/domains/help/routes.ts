import { featureVotingSso, listResources } from '@portal/contract/help/resources';
import { handle } from '../../platform/handle.ts';
import * as service from './service.ts';

export const helpHandlers = [
  handle(listResources, (_input, ctx) => service.listResources(ctx), { readOnly: true }),
  handle(featureVotingSso, (input, ctx) => service.featureVotingSso(ctx, input), { readOnly: true }),
];
