import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT, WEB_DIST_DIR } from './paths.ts';

const zBool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** The named ranges Fastify's proxy check knows, besides addresses and CIDR ranges. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/** An address, or empty for none. */
const zOptionalUrl = z.union([z.literal(''), z.url()]);

/** A CSP source naming an origin: scheme, host (a leading `*.` for its subdomains), optional port; no path. */
export const SIGN_IN_ORIGIN = /^(https?):\/\/(\*\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)*)(?::(\d{1,5}))?$/i;

const zEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** PostgreSQL when set; the embedded PGlite database in DATA_DIR otherwise (in production only with EMBEDDED_DATABASE). */
  DATABASE_URL: z.string().url().optional(),
  /** Says that a production node without DATABASE_URL is meant to run on the embedded database (one node only). */
  EMBEDDED_DATABASE: zBool.default(false),
  /**
   * Apply the migrations the database lacks when the node starts. Defaults to on, except in production on
   * PostgreSQL, where `npm run migrate` is the deploy's step and the nodes' role needs no DDL rights (decision 0077).
   */
  MIGRATE_ON_START: zBool.optional(),
  /**
   * A PostgreSQL read replica of DATABASE_URL: reports read from it when set (platform/replica.ts,
   * docs/decisions/0059), so their scans never compete with the calls that write. Unset: reports read the primary.
   */
  DATABASE_REPLICA_URL: z.string().url().optional(),
  /** Relative paths are taken from the repository root, whichever workspace the command runs in. */
  DATA_DIR: z
    .string()
    .default('data')
    .transform((dir) => path.resolve(REPO_ROOT, dir)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Secure cookies need https; plain-http development turns them off. Defaults to on in production. */
  COOKIE_SECURE: zBool.optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  /**
   * How long a node answers a session from what it resolved a moment ago (docs/decisions/0068); any change to
   * sessions, users, companies or second factors clears it on every node. 0 reads every session from the database.
   */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  /**
   * The reverse proxies whose X-Forwarded-For is believed, comma-separated addresses or CIDR ranges.
   * Empty: the address is the connecting one, so no client can choose the address stored on sessions
   * and events or escape the per-address limits.
   */
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().refine(isProxyAddress, 'expected IP addresses or CIDR ranges (or loopback, linklocal, uniquelocal)'))),
  /** Serve /api/docs and /api/openapi.json to anyone. Defaults to on, except in production. */
  API_DOCS_PUBLIC: zBool.optional(),
  /** Seed the demo world when the database has no companies. */
  SEED_DEMO: zBool.default(true),
  /**
   * The address users reach the portal at: links in mail and pages, the WebAuthn relying party, the OIDC callback,
   * the card page's frame. Unset: http://localhost:PORT, except in production, where it must be set (https).
   */
  PUBLIC_URL: z.url().optional(),
  /**
   * Signs bot challenges. Every node must share it; production needs a strong one of its own (productionProblems).
   */
  APP_SECRET: z.string().min(16).optional(),
  /** The SMTP relay, such as smtp://user:pass@host:587. Unset: mail stays in the outbox table. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Backup Portal <no-reply@portal.example.com>'),
  /**
   * Replies by mail (docs/decisions/0046): ticket notifications carry Reply-To ticket+<signed token>@INBOUND_MAIL_DOMAIN,
   * and an SMTP listener on INBOUND_SMTP_PORT turns the answers into comments. Unset: no listener, no Reply-To.
   */
  INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  INBOUND_SMTP_HOST: z.string().default('0.0.0.0'),
  INBOUND_MAIL_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'expected a mail domain such as reply.example.com')
    .optional(),
  /**
   * Where the skills tests mailed from /careers/tests live: a role's test is this address plus the role
   * with dashes (…/general-developer), unless CAREER_TEST_URL_<ROLE> gives that role's own address.
   */
  CAREER_TEST_BASE_URL: z.url().default('https://careers.example.com/tests'),
  CAREER_TEST_URL_FRONTEND_DEVELOPER: z.url().optional(),
  CAREER_TEST_URL_GENERAL_DEVELOPER: z.url().optional(),
  CAREER_TEST_URL_JUNIOR_DEVELOPER: z.url().optional(),
  CAREER_TEST_URL_PHP_DEVELOPER: z.url().optional(),
  /**
   * /resource's links (docs/decisions/0033); an empty value leaves that link out. Feature voting is the
   * portal's own /feature_voting page.
   */
  RESOURCE_DOCUMENTATION_URL: zOptionalUrl.default('https://docs.example.com/'),
  RESOURCE_RELEASE_NOTES_URL: zOptionalUrl.default('https://docs.example.com/release-notes/'),
  RESOURCE_INTEGRATIONS_URL: zOptionalUrl.default('https://docs.example.com/integrations/'),
  RESOURCE_WEBINARS_URL: zOptionalUrl.default('https://www.example.com/webinars/'),
  RESOURCE_BLOG_URL: zOptionalUrl.default('https://www.example.com/blog/'),
  /**
   * The feature voting board /feature_voting frames: a board's address (it receives ?ssoToken=), 'sandbox'
   * for the local board the portal serves, or 'off' (the page stays empty). Unset: the sandbox, except in
   * production, where it is off.
   */
  FEATURE_VOTING_BOARD_URL: z.union([z.literal('sandbox'), z.literal('off'), z.url()]).optional(),
  /** The key the board's single sign-on tokens are signed with (HS256); unset, one derived from APP_SECRET. */
  FEATURE_VOTING_SSO_KEY: z.string().min(32).optional(),
  /**
   * Signs the licences self-hosted servers receive: an Ed25519 private key, PKCS#8 PEM or the base64 of its
   * 32-byte seed. Unset: one derived from APP_SECRET (development; production refuses the default secret).
   */
  LICENCE_SIGNING_KEY: z.string().min(32).optional(),
  /**
   * Seals the provider secrets the portal keeps (storage accounts' secret keys, a console's own bucket secret):
   * AES-256-GCM under a key derived from this (docs/decisions/0067). Unset: derived from APP_SECRET. Changing it
   * leaves the sealed secrets unreadable: rotate them at the provider afterwards.
   */
  SEALING_KEY: z.string().min(32).optional(),
  /** The newest server release: /my_servers marks older versions outdated (docs/decisions/0034). */
  SERVER_LATEST_VERSION: z
    .string()
    .regex(/^\d+\.\d+\.\d+$/, 'expected a version of three parts, such as 25.3.0')
    .default('25.3.0'),
  /**
   * Who builds hosted consoles (docs/decisions/0048). 'local' builds nothing, but answers like the real
   * orchestrator would, after HOSTED_PROVISION_SECONDS (HOSTED_DELETE_SECONDS to remove one), failing that share
   * of builds and removals (0 to 1). 'http' calls the orchestrator's REST API (docs/decisions/0064) at
   * HOSTED_PROVISIONER_URL with the bearer token HOSTED_PROVISIONER_TOKEN; `npm run orchestrator:local` serves
   * that API locally with the same timing. The job 'hosted-provisioner' looks every few seconds.
   */
  HOSTED_PROVISIONER: z.enum(['local', 'http']).default('local'),
  HOSTED_PROVISIONER_URL: zOptionalUrl.default(''),
  HOSTED_PROVISIONER_TOKEN: z.string().default(''),
  HOSTED_PROVISION_SECONDS: z.coerce.number().int().min(0).max(3600).default(45),
  HOSTED_DELETE_SECONDS: z.coerce.number().int().min(0).max(3600).default(20),
  HOSTED_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0),
  /**
   * Who builds customer portals (CloudView; docs/decisions/0057). 'local': the portal serves each
   * instance itself at PUBLIC_URL/cloudview-local/<id>, ready after CLOUDVIEW_PROVISION_SECONDS (removed after
   * CLOUDVIEW_DELETE_SECONDS), failing that share of builds and removals (0 to 1). The job
   * 'customer-portal-provisioner' looks every few seconds. 'http': the orchestrator's REST API (0064) at
   * CLOUDVIEW_PROVISIONER_URL with the bearer token CLOUDVIEW_PROVISIONER_TOKEN.
   */
  CLOUDVIEW_PROVISIONER: z.enum(['local', 'http']).default('local'),
  CLOUDVIEW_PROVISIONER_URL: zOptionalUrl.default(''),
  CLOUDVIEW_PROVISIONER_TOKEN: z.string().default(''),
  /**
   * Where provisioned customer portals live, if not on PUBLIC_URL's origin: origins such as
   * `https://*.cloudview.example.com` (a leading `*.` for any subdomain), comma-separated. The browser posts a
   * portal's sign-in there, so they join the pages' CSP `form-action`, and a sign-in to a portal elsewhere is
   * refused rather than silently blocked by the browser (docs/decisions/0057).
   */
  CLOUDVIEW_SIGN_IN_ORIGINS: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((entry) => entry.trim().replace(/\/+$/, ''))
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(SIGN_IN_ORIGIN, 'expected origins such as https://*.cloudview.example.com'))),
  CLOUDVIEW_PROVISION_SECONDS: z.coerce.number().int().min(0).max(3600).default(20),
  CLOUDVIEW_DELETE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  CLOUDVIEW_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0),
  /** Consoles are reached at <name>.<HOSTED_DNS_SUFFIX>. */
  HOSTED_DNS_SUFFIX: z
    .string()
    .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'expected a domain, such as cometbackup.example')
    .default('cometbackup.example'),
  /**
   * The DNS checks of a hosted console's settings (docs/decisions/0053) ask DNS_RESOLVER (host:port) when set.
   * DNS_LOCAL_PORT starts the portal's own DNS server on 127.0.0.1 (development and the demo), answering from
   * the JSON zone DNS_LOCAL_ZONE_FILE (default DATA_DIR/dns-zone.json, written with a starter zone when
   * missing); it is then the resolver unless DNS_RESOLVER names another. In development, with neither set,
   * it runs on a free port (0), so the demo's checks have records to find; elsewhere the system's resolvers.
   */
  DNS_RESOLVER: z
    .string()
    .regex(/^$|^[0-9.]+:\d{1,5}$|^\[[0-9a-f:]+\]:\d{1,5}$/i, 'expected an address and port, such as 127.0.0.1:5300')
    .default(''),
  DNS_LOCAL_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  DNS_LOCAL_ZONE_FILE: z.string().default(''),
  /** The oldest server release a licence is issued to; the plan's payload names it. */
  SERVER_MINIMUM_VERSION: z
    .string()
    .regex(/^\d+\.\d+\.\d+$/, 'expected a version of three parts, such as 23.3.0')
    .default('23.3.0'),
  /** The bot challenge's work: the browser tries on average half this many hashes. Tests lower it. */
  BOT_CHALLENGE_MAX_NUMBER: z.coerce.number().int().min(100).max(10_000_000).default(100_000),
  /**
   * Where installers (and later other large files) live (docs/decisions/0036): 'local', a folder
   * (OBJECT_STORAGE_DIR, default DATA_DIR/object-storage), or 's3', one bucket of any S3-compatible service.
   */
  OBJECT_STORAGE: z.enum(['local', 's3']).default('local'),
  OBJECT_STORAGE_DIR: z.string().default(''),
  /** Empty for AWS itself; otherwise the service's address. Browsers upload to it, so its CORS must allow PUT from PUBLIC_URL. */
  S3_ENDPOINT: zOptionalUrl.default(''),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().default(''),
  S3_ACCESS_KEY_ID: z.string().default(''),
  S3_SECRET_ACCESS_KEY: z.string().default(''),
  S3_FORCE_PATH_STYLE: zBool.default(true),
  /**
   * The storage product's provider (docs/decisions/0050, 0095). 'local': an S3 endpoint the portal serves itself,
   * keeping its data in STORAGE_LOCAL_DIR (default DATA_DIR/storage) and listening on STORAGE_LOCAL_HOST (empty:
   * loopback, or every address when STORAGE_PUBLIC_ENDPOINT is set) and STORAGE_LOCAL_PORT (empty: the port that
   * folder's endpoint had before, a free one the first time; 0: a new free port each start); customers are given
   * STORAGE_PUBLIC_ENDPOINT, or the address it listens on.
   */
  STORAGE_PROVIDER: z.enum(['local', 'wasabi']).default('local'),
  STORAGE_LOCAL_DIR: z.string().default(''),
  STORAGE_LOCAL_HOST: z.string().default(''),
  STORAGE_LOCAL_PORT: z.union([z.literal(''), z.coerce.number().int().min(0).max(65535)]).default(''),
  STORAGE_PUBLIC_ENDPOINT: zOptionalUrl.default(''),
  /**
   * STORAGE_PROVIDER=wasabi (docs/decisions/0056): sub-accounts, keys and utilizations through the Wasabi Account
   * Control API at WASABI_ACCOUNT_API_URL with the key WASABI_ACCOUNT_API_KEY; buckets through S3 at
   * WASABI_S3_ENDPOINT, where {region} stands for the bucket's region. Each sub-account's root user is named
   * WASABI_SUBACCOUNT_EMAIL with {id} replaced by a fresh token (Wasabi wants a unique email address);
   * WASABI_REGIONS lists the regions offered (comma separated; empty: all 13 of the portal's list).
   */
  WASABI_ACCOUNT_API_URL: z.url().default('https://partner.wasabisys.com'),
  WASABI_ACCOUNT_API_KEY: z.string().default(''),
  WASABI_S3_ENDPOINT: z.string().default('https://s3.{region}.wasabisys.com'),
  WASABI_SUBACCOUNT_EMAIL: z.string().default('storage+{id}@example.com'),
  WASABI_REGIONS: z.string().default(''),
  /**
   * Scheduled jobs to run more often than their own interval, as `name=seconds` pairs (`auto-topup=5`): for
   * the browser journeys, which wait for a job rather than call it, and an operator who needs one sooner.
   */
  JOB_INTERVALS: z
    .string()
    .regex(/^$|^[a-z-]+=\d+(,[a-z-]+=\d+)*$/, 'expected name=seconds pairs, such as auto-topup=5')
    .default('')
    .transform(
      (text) =>
        Object.fromEntries(
          text
            .split(',')
            .filter(Boolean)
            .map((pair) => pair.split('='))
            .map(([name = '', seconds = '0']) => [name, Math.max(1, Number(seconds)) * 1000]),
        ) as Record<string, number>,
    ),
  /**
   * On SIGTERM a node first answers /readyz with 503 for this long, still serving, so the balancer stops
   * sending it new requests (docs/deployment.md); set it above the balancer's health-check interval.
   * Defaults to 5 in production and 0 elsewhere (a development restart is a SIGTERM too).
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).optional(),
  /** Then it stops its jobs and lets requests in flight finish; whatever is still running after this long is cut off. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(20),
  /**
   * P1 alerts page the on-call developer through this webhook (docs/decisions/0039): a JSON POST whose body is
   * signed with PAGER_WEBHOOK_SECRET (X-Pager-Signature: sha256=<hex HMAC-SHA256>). Empty: alerts are stored
   * and the answer says nobody could be paged.
   */
  PAGER_WEBHOOK_URL: zOptionalUrl.default(''),
  PAGER_WEBHOOK_SECRET: z.string().default(''),
  /** The on-call rotation, `Name <address>` entries separated by `;`; the first is on call. */
  PAGER_ROTATION: z
    .string()
    .default('')
    .transform((text) =>
      text
        .split(';')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(/^[^<>]+<[^<>\s]+>$/, 'expected Name <address> entries separated by ;')
          .transform((entry) => {
            const [name = '', address = ''] = entry.split('<');
            return { name: name.trim(), address: address.replace('>', '').trim() };
          }),
      ),
    ),
  /**
   * The TV wall's own sign-in (/reports_tv, /api/v1/reports/live; docs/decisions/0063). Unset: tv / tv-wall outside
   * production; in production the wall is off until both are set.
   */
  REPORTS_TV_USERNAME: z.string().max(200).optional(),
  REPORTS_TV_PASSWORD: z.string().max(200).optional(),
  /**
   * The Downloads tab's links to external analytics questions (spec-2 §2.9): `Label=https://…` entries, one a
   * line or separated by `;` (docs/decisions/0062). Unset: the tab lists none.
   */
  REPORTS_ANALYTICS_LINKS: z.string().max(4000).default(''),
  /**
   * Prometheus metrics (docs/decisions/0078): `GET /metrics` on a listener of its own at METRICS_HOST:METRICS_PORT,
   * never the app's port. Unset METRICS_PORT: no endpoint. Listening beyond loopback needs METRICS_TOKEN, the
   * bearer token a scraper presents.
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  METRICS_TOKEN: z.string().default(''),
  /** Where the built web app lives; served by the same process. */
  WEB_DIST: z.string().default(WEB_DIST_DIR),
});

/** APP_SECRET outside production when unset; production refuses it. */
const DEVELOPMENT_SECRET = 'development-secret-not-for-production';
/** What production asks of a secret: long, and not a repeated pattern (`openssl rand -base64 32` gives one). */
const STRONG_SECRET = { length: 32, distinct: 8 };

function secretProblem(name: string, value: string | undefined, unsetHint: string): string | null {
  const advice = `${STRONG_SECRET.length}+ random characters, such as the output of \`openssl rand -base64 32\``;
  if (value === undefined) return `${name} is not set: ${unsetHint} (${advice})`;
  if (value === DEVELOPMENT_SECRET) return `${name} is the development value: set a secret of your own (${advice})`;
  if (value.length < STRONG_SECRET.length || new Set(value).size < STRONG_SECRET.distinct) {
    return `${name} is too weak: it needs ${STRONG_SECRET.length} or more characters, ${STRONG_SECRET.distinct} or more of them different (${advice})`;
  }
  return null;
}

/** What a production node refuses to start with (decision 0077), one message per problem. */
function productionProblems(c: z.output<typeof zEnv>): string[] {
  const problems: string[] = [];
  if (!c.DATABASE_URL && !c.EMBEDDED_DATABASE) {
    problems.push(
      'DATABASE_URL is not set: name the PostgreSQL database, or set EMBEDDED_DATABASE=true to keep the data in an embedded database in DATA_DIR (one node only)',
    );
  }
  if (c.DATABASE_URL && c.EMBEDDED_DATABASE) problems.push('EMBEDDED_DATABASE=true and DATABASE_URL are both set: keep one');
  if (!c.PUBLIC_URL) {
    problems.push('PUBLIC_URL is not set: give the https address users reach the portal at (links in mail, passkeys, single sign-on)');
  } else if (new URL(c.PUBLIC_URL).protocol !== 'https:') {
    problems.push(`PUBLIC_URL is not https (${c.PUBLIC_URL}): give the https address users reach the portal at`);
  }
  const appSecret = secretProblem('APP_SECRET', c.APP_SECRET, 'every node needs the same secret of its own');
  const sealingKey = secretProblem(
    'SEALING_KEY',
    c.SEALING_KEY,
    'the provider secrets the portal keeps are sealed with it (a deployment that ran without it used `derived:` followed by its APP_SECRET: set that to keep them readable)',
  );
  return [...problems, ...[appSecret, sealingKey].filter((problem) => problem !== null)];
}

export type Config = z.output<typeof zEnv> & {
  PUBLIC_URL: string;
  APP_SECRET: string;
  MIGRATE_ON_START: boolean;
  COOKIE_SECURE: boolean;
  API_DOCS_PUBLIC: boolean;
  SHUTDOWN_DRAIN_SECONDS: number;
  FEATURE_VOTING_BOARD_URL: 'sandbox' | 'off' | (string & {});
  REPORTS_TV_USERNAME: string;
  REPORTS_TV_PASSWORD: string;
};

const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);

/** Reads and validates the environment once; a bad value stops the process at start. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = zEnv.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const c = parsed.data;
  const production = c.NODE_ENV === 'production';
  const problems = production ? productionProblems(c) : [];
  if (problems.length) throw new Error(`Invalid configuration for production:\n${problems.map((p) => `- ${p}`).join('\n')}`);
  if (c.OBJECT_STORAGE === 's3' && !c.S3_BUCKET) throw new Error('Invalid configuration: OBJECT_STORAGE=s3 needs S3_BUCKET');
  if (c.STORAGE_PROVIDER === 'wasabi' && !c.WASABI_ACCOUNT_API_KEY) {
    throw new Error('Invalid configuration: STORAGE_PROVIDER=wasabi needs WASABI_ACCOUNT_API_KEY');
  }
  if (c.STORAGE_PROVIDER === 'wasabi' && !c.WASABI_SUBACCOUNT_EMAIL.includes('{id}')) {
    throw new Error('Invalid configuration: WASABI_SUBACCOUNT_EMAIL needs {id}');
  }
  for (const name of ['HOSTED', 'CLOUDVIEW'] as const) {
    if (c[`${name}_PROVISIONER`] === 'http' && (!c[`${name}_PROVISIONER_URL`] || c[`${name}_PROVISIONER_TOKEN`].length < 16)) {
      throw new Error(
        `Invalid configuration: ${name}_PROVISIONER=http needs ${name}_PROVISIONER_URL and ${name}_PROVISIONER_TOKEN (16+ characters)`,
      );
    }
  }
  if (c.PAGER_WEBHOOK_URL && (c.PAGER_WEBHOOK_SECRET.length < 16 || !c.PAGER_ROTATION.length)) {
    throw new Error('Invalid configuration: PAGER_WEBHOOK_URL needs PAGER_WEBHOOK_SECRET (16+ characters) and PAGER_ROTATION');
  }
  if ((c.INBOUND_SMTP_PORT === undefined) !== (c.INBOUND_MAIL_DOMAIN === undefined)) {
    throw new Error('Invalid configuration: INBOUND_SMTP_PORT and INBOUND_MAIL_DOMAIN are set together');
  }
  if (c.METRICS_PORT !== undefined && !isLoopback(c.METRICS_HOST) && c.METRICS_TOKEN.length < 16) {
    throw new Error('Invalid configuration: METRICS_HOST beyond loopback needs METRICS_TOKEN (16+ characters)');
  }
  return {
    ...c,
    PUBLIC_URL: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    APP_SECRET: c.APP_SECRET ?? DEVELOPMENT_SECRET,
    MIGRATE_ON_START: c.MIGRATE_ON_START ?? !(production && c.DATABASE_URL),
    COOKIE_SECURE: c.COOKIE_SECURE ?? production,
    API_DOCS_PUBLIC: c.API_DOCS_PUBLIC ?? c.NODE_ENV !== 'production',
    SHUTDOWN_DRAIN_SECONDS: c.SHUTDOWN_DRAIN_SECONDS ?? (production ? 5 : 0),
    FEATURE_VOTING_BOARD_URL: c.FEATURE_VOTING_BOARD_URL ?? (production ? 'off' : 'sandbox'),
    DNS_LOCAL_PORT: c.DNS_LOCAL_PORT ?? (c.NODE_ENV === 'development' && !c.DNS_RESOLVER ? 0 : undefined),
    REPORTS_TV_USERNAME: c.REPORTS_TV_USERNAME ?? (production ? '' : 'tv'),
    REPORTS_TV_PASSWORD: c.REPORTS_TV_PASSWORD ?? (production ? '' : 'tv-wall'),
  };
}
