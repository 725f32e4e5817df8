import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { CallContext, Logger } from '../../platform/context.ts';
import { localOperations, type Progress, type Started } from '../../platform/provisioning.ts';
import { type OrchestratorOptions, orchestratorClient } from '../../platform/provisioning-http.ts';
import type { LocalProduct } from '../../platform/provisioning-local-server.ts';
import { newSerial } from './serial.ts';

/** What the portal asks the orchestrator to build (docs/decisions/0048). */
export interface ConsoleSpec {
  hosted_server_id: number;
  company_id: number;
  region: string;
  /** The address the console answers at, chosen by the portal so the name is known before the build. */
  user_dns: string;
  email_from: string;
  email_send_as: string;
  storage: {
    type: 'none' | 'cspbw' | 'wasabi' | 'backblaze';
    bucket: string;
    access_key: string;
    secret_key: string;
    included_bytes: number;
  };
}

/** A console that answers: how its owner signs in, and what it runs. */
export interface BuiltConsole {
  version: string;
  admin_username: string;
  admin_password: string;
  licence: string;
}

/** Start-then-check operations (platform/provisioning.ts, shared with the customer portal's provisioner, 0057). */
export type { Progress };

/**
 * The hosted console orchestrator. Operations are long (minutes), so each is started, then checked until it
 * ends; the portal keeps the operation id on the console row, so any app node can check it and a restart loses
 * nothing. Every method must be safe to call again with the same arguments (a node may die between the
 * orchestrator's answer and the commit): `startCreate` and `startDelete` are keyed by hosted_server_id.
 *
 * Two implementations, chosen by HOSTED_PROVISIONER in `provisionerFor`: `local` (in process, below) and `http`, the
 * orchestrator's REST API (docs/decisions/0064): startCreate → POST /consoles {spec} with `Idempotency-Key:
 * console-<id>`; startDelete → DELETE /consoles/<id>; checkCreate and checkDelete → GET /operations/<id>.
 */
export interface Provisioner {
  startCreate(spec: ConsoleSpec, now: Date): Promise<Started>;
  checkCreate(operation: string, spec: ConsoleSpec, now: Date): Promise<Progress<BuiltConsole>>;
  startDelete(spec: ConsoleSpec, now: Date): Promise<Started>;
  checkDelete(operation: string, now: Date): Promise<Progress<null>>;
}

export const LOCAL_BUILD_FAILURE = 'The console did not start in its region (local provisioner: simulated failure)';
export const LOCAL_DELETE_FAILURE = 'The console could not be removed (local provisioner: simulated failure)';

/**
 * The local orchestrator: it builds nothing, but takes real time and fails a configured share of operations.
 * The operation id carries when it ends and how (`local:<end ms>:<ok|fail>`), so it needs no state of its own
 * and every node agrees on it.
 */
export function localProvisioner(o: {
  buildSeconds: number;
  deleteSeconds: number;
  failureRate: number;
  version: string;
  random?: () => number;
}): Provisioner {
  const ops = localOperations({ failureRate: o.failureRate, ...(o.random ? { random: o.random } : {}) });
  const start = (now: Date, seconds: number) => ops.start(now, seconds);
  const progress = <T>(operation: string, now: Date, failure: string, result: () => T): Progress<T> =>
    ops.progress(operation, now, failure, result);
  return {
    startCreate: async (_spec, now) => start(now, o.buildSeconds),
    checkCreate: async (operation, _spec, now) =>
      progress(operation, now, LOCAL_BUILD_FAILURE, () => ({
        version: o.version,
        admin_username: 'admin',
        admin_password: randomBytes(12).toString('base64url'),
        licence: newSerial(),
      })),
    startDelete: async (_spec, now) => start(now, o.deleteSeconds),
    checkDelete: async (operation, now) => progress(operation, now, LOCAL_DELETE_FAILURE, () => null),
  };
}

const zBuiltConsole = z.object({
  version: z.string().regex(/^\d+\.\d+\.\d+$/),
  admin_username: z.string().min(1).max(100),
  admin_password: z.string().min(1).max(200),
  licence: z.string().min(1).max(100),
});

/** The orchestrator's REST API (docs/decisions/0064); a console is keyed by its hosted_server_id. */
export function httpProvisioner(o: OrchestratorOptions): Provisioner {
  const api = orchestratorClient(o);
  return {
    startCreate: (spec, now) => api.startCreate('consoles', `console-${spec.hosted_server_id}`, spec, now),
    checkCreate: (operation, _spec, now) => api.check(operation, now, zBuiltConsole),
    startDelete: (spec, now) => api.startDelete('consoles', spec.hosted_server_id, now),
    checkDelete: (operation, now) => api.check(operation, now, z.null()),
  };
}

/** The consoles of the local HTTP orchestrator (platform/provisioning-local-server.ts): the local provisioner's timing. */
export function localConsoles(config: CallContext['config']): LocalProduct {
  return {
    token: config.HOSTED_PROVISIONER_TOKEN,
    idField: 'hosted_server_id',
    buildSeconds: config.HOSTED_PROVISION_SECONDS,
    deleteSeconds: config.HOSTED_DELETE_SECONDS,
    failureRate: config.HOSTED_FAILURE_RATE,
    buildFailure: LOCAL_BUILD_FAILURE,
    deleteFailure: LOCAL_DELETE_FAILURE,
    built: () => ({
      version: config.SERVER_LATEST_VERSION,
      admin_username: 'admin',
      admin_password: randomBytes(12).toString('base64url'),
      licence: newSerial(),
    }),
  };
}

/** The orchestrator the configuration names; `log` hears of requests the orchestrator did not answer. */
export function provisionerFor(config: CallContext['config'], log?: Logger): Provisioner {
  if (config.HOSTED_PROVISIONER === 'http') {
    return httpProvisioner({ url: config.HOSTED_PROVISIONER_URL, token: config.HOSTED_PROVISIONER_TOKEN, ...(log ? { log } : {}) });
  }
  return localProvisioner({
    buildSeconds: config.HOSTED_PROVISION_SECONDS,
    deleteSeconds: config.HOSTED_DELETE_SECONDS,
    failureRate: config.HOSTED_FAILURE_RATE,
    version: config.SERVER_LATEST_VERSION,
  });
}
