import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../../platform/clock.ts';
import type { CallContext } from '../../../platform/context.ts';
import { type Database, separatePool } from '../../../platform/db.ts';
import { registerEntries } from '../../../platform/entry.ts';
import { databaseSandboxStore } from '../queries/sandbox.ts';
import { registerSandboxCardPage } from './card-page.ts';
import type { CardGateway } from './gateway.ts';
import { SandboxGateway } from './sandbox.ts';

type Config = CallContext['config'];

/**
 * The gateway of each app, found from a call's context by the app's config object (several apps, each on
 * its own database, live side by side in tests). A production processor's adapter is chosen here.
 */
const gateways = new WeakMap<Config, { gateway: CardGateway; bindTo?: (db: Database) => CardGateway }>();

/** PGlite has one connection: a write beside a call's open transaction would wait for it forever. */
function isSingleConnection(db: Database): boolean {
  const client = (db as unknown as { $client?: object }).$client;
  return Boolean(client && 'waitReady' in client);
}

/** Connections of the sandbox processor's own pool: it answers quickly, and never holds one while it waits. */
const SANDBOX_POOL_SIZE = 4;

/**
 * Builds the app's card gateway and serves the sandbox's hosted card page. The sandbox writes on a pool of
 * its own, never in a call's transaction: like a remote processor, what it did stays done when a call rolls
 * back, and it never waits for a connection the calls hold while they wait for it.
 */
export function installCardGateway(app: FastifyInstance, deps: { db: Database; clock: Clock; config: Config }): CardGateway {
  const lostAnswers = new Set<string>();
  const make = (db: Database) => new SandboxGateway(databaseSandboxStore(db), deps.clock, deps.config.PUBLIC_URL, lostAnswers);
  const own = separatePool(deps.db, SANDBOX_POOL_SIZE);
  if (own) app.addHook('onClose', () => own.close());
  const sandbox = make(own?.db ?? deps.db);
  // On PGlite the sandbox writes in the call's transaction instead (docs/decisions/0024).
  gateways.set(deps.config, isSingleConnection(deps.db) ? { gateway: sandbox, bindTo: make } : { gateway: sandbox });
  registerEntries(
    app,
    registerSandboxCardPage(app, () => sandbox),
    app.deps,
  );
  return sandbox;
}

export function gatewayOf(ctx: Pick<CallContext, 'config' | 'db'>): CardGateway {
  const entry = gateways.get(ctx.config);
  if (!entry) throw new Error('no card gateway installed for this app');
  return entry.bindTo ? entry.bindTo(ctx.db) : entry.gateway;
}

/** Replaces the app's gateway (tests: a gateway that fails in ways the sandbox cannot). */
export function replaceCardGateway(config: Config, gateway: CardGateway): void {
  gateways.set(config, { gateway });
}

const SECRET_KEY = /(token|number|pan|cvc|cvv|csc|password|secret|api_?key|authorization)/i;

/** A request or response as a card transaction keeps it: secrets and card data replaced, the rest as sent. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) && k !== 'idempotency_key' ? '[redacted]' : redact(v)]),
    );
  }
  // A card number pasted where no key names it (a free-text field) is masked too.
  if (typeof value === 'string') return value.replace(/\b\d{12,19}\b/g, (d) => `${'*'.repeat(d.length - 4)}${d.slice(-4)}`);
  return value;
}
