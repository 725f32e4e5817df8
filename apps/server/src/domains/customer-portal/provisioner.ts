import type { CallContext } from '../../platform/context.ts';
import { localOperations, type Progress, type Started } from '../../platform/provisioning.ts';

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
 * portal_id). A production adapter calls the orchestrator's API (POST /portals {spec} with idempotency key
 * `portal-<id>`, GET /operations/<id>, DELETE /portals/<id>) and is chosen by CLOUDVIEW_PROVISIONER in `portalProvisionerFor`.
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
export const LOCAL_PORTAL_PATH = '/cloudview-local';

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

export function portalProvisionerFor(config: CallContext['config']): PortalProvisioner {
  return localPortalProvisioner({
    publicUrl: config.PUBLIC_URL,
    buildSeconds: config.CLOUDVIEW_PROVISION_SECONDS,
    deleteSeconds: config.CLOUDVIEW_DELETE_SECONDS,
    failureRate: config.CLOUDVIEW_FAILURE_RATE,
  });
}
