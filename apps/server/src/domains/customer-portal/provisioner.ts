import { z } from 'zod';
import type { CallContext, Logger } from '../../platform/context.ts';
import { localOperations, type Progress, type Started } from '../../platform/provisioning.ts';
import { type OrchestratorOptions, orchestratorClient } from '../../platform/provisioning-http.ts';
import type { LocalProduct } from '../../platform/provisioning-local-server.ts';

/** What the portal asks the orchestrator to build: one customer portal instance for a company (docs/decisions/0057). */
export interface PortalSpec {
  portal_id: number;
  company_id: number;
}

/** A built instance: where it answers. Its sign-in page is `<url>/login`, taking a POST of the signed token. */
export interface BuiltPortal {
  url: string;
}

/**
 * The customer portal orchestrator, start-then-check like the hosted consoles' (platform/provisioning.ts): the
 * operation id is kept on the portal row, and every method is safe to call again with the same arguments (keyed by
 * portal_id). Two implementations, chosen by CLOUDVIEW_PROVISIONER in `portalProvisionerFor`: `local` (in process,
 * below) and `http`, the orchestrator's REST API (docs/decisions/0064): POST /portals {spec} with `Idempotency-Key:
 * portal-<id>`, DELETE /portals/<id>, GET /operations/<id>.
 */
export interface PortalProvisioner {
  startCreate(spec: PortalSpec, now: Date): Promise<Started>;
  checkCreate(operation: string, spec: PortalSpec, now: Date): Promise<Progress<BuiltPortal>>;
  startDelete(spec: PortalSpec, now: Date): Promise<Started>;
  checkDelete(operation: string, now: Date): Promise<Progress<null>>;
}

export const LOCAL_PORTAL_BUILD_FAILURE = 'The customer portal did not start (local provisioner: simulated failure)';
export const LOCAL_PORTAL_DELETE_FAILURE = 'The customer portal could not be removed (local provisioner: simulated failure)';
/** Where the portal serves its local instances (local-portal.ts). */
export { LOCAL_PORTAL_PATH } from '@portal/contract/customer-portal/local-portal-entries';
import { LOCAL_PORTAL_PATH } from '@portal/contract/customer-portal/local-portal-entries';

/**
 * The local orchestrator: the instance is served by this portal itself (local-portal.ts), at
 * `<publicUrl>/cloudview-local/<portal id>`, once the configured build time has passed.
 */
export function localPortalProvisioner(o: {
  publicUrl: string;
  buildSeconds: number;
  deleteSeconds: number;
  failureRate: number;
  random?: () => number;
}): PortalProvisioner {
  const ops = localOperations({ failureRate: o.failureRate, ...(o.random ? { random: o.random } : {}) });
  const base = o.publicUrl.replace(/\/+$/, '');
  return {
    startCreate: async (_spec, now) => ops.start(now, o.buildSeconds),
    checkCreate: async (operation, spec, now) =>
      ops.progress(operation, now, LOCAL_PORTAL_BUILD_FAILURE, () => ({ url: `${base}${LOCAL_PORTAL_PATH}/${spec.portal_id}` })),
    startDelete: async (_spec, now) => ops.start(now, o.deleteSeconds),
    checkDelete: async (operation, now) => ops.progress(operation, now, LOCAL_PORTAL_DELETE_FAILURE, () => null),
  };
}

/** The orchestrator's REST API (docs/decisions/0064); an instance is keyed by its portal_id. */
export function httpPortalProvisioner(o: OrchestratorOptions): PortalProvisioner {
  const api = orchestratorClient(o);
  const zBuilt = z.object({ url: z.url({ protocol: /^https?$/ }).max(500) });
  return {
    startCreate: (spec, now) => api.startCreate('portals', `portal-${spec.portal_id}`, spec, now),
    checkCreate: (operation, _spec, now) => api.check(operation, now, zBuilt),
    startDelete: (spec, now) => api.startDelete('portals', spec.portal_id, now),
    checkDelete: (operation, now) => api.check(operation, now, z.null()),
  };
}

/**
 * The portals of the local HTTP orchestrator (platform/provisioning-local-server.ts): the local provisioner's timing,
 * and the instance served by this portal itself (local-portal.ts), as `local` does.
 */
export function localPortals(config: CallContext['config']): LocalProduct {
  const base = config.PUBLIC_URL.replace(/\/+$/, '');
  return {
    token: config.CLOUDVIEW_PROVISIONER_TOKEN,
    idField: 'portal_id',
    buildSeconds: config.CLOUDVIEW_PROVISION_SECONDS,
    deleteSeconds: config.CLOUDVIEW_DELETE_SECONDS,
    failureRate: config.CLOUDVIEW_FAILURE_RATE,
    buildFailure: LOCAL_PORTAL_BUILD_FAILURE,
    deleteFailure: LOCAL_PORTAL_DELETE_FAILURE,
    built: (spec) => ({ url: `${base}${LOCAL_PORTAL_PATH}/${String(spec.portal_id)}` }),
  };
}

/** The orchestrator the configuration names; `log` hears of requests the orchestrator did not answer. */
export function portalProvisionerFor(config: CallContext['config'], log?: Logger): PortalProvisioner {
  if (config.CLOUDVIEW_PROVISIONER === 'http') {
    return httpPortalProvisioner({
      url: config.CLOUDVIEW_PROVISIONER_URL,
      token: config.CLOUDVIEW_PROVISIONER_TOKEN,
      ...(log ? { log } : {}),
    });
  }
  return localPortalProvisioner({
    publicUrl: config.PUBLIC_URL,
    buildSeconds: config.CLOUDVIEW_PROVISION_SECONDS,
    deleteSeconds: config.CLOUDVIEW_DELETE_SECONDS,
    failureRate: config.CLOUDVIEW_FAILURE_RATE,
  });
}
