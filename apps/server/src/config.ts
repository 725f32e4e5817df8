import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

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

const zEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** PostgreSQL when set; the embedded PGlite database in DATA_DIR otherwise. */
  DATABASE_URL: z.string().url().optional(),
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
  /** The address users reach the portal at: links in mail, the WebAuthn relying party, the OIDC callback. */
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  /**
   * Signs bot challenges. Every node must share it; production refuses the development default.
   */
  APP_SECRET: z.string().min(16).default('development-secret-not-for-production'),
  /** The SMTP relay, such as smtp://user:pass@host:587. Unset: mail stays in the outbox table. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Backup Portal <no-reply@portal.example.com>'),
  /**
   * Where the skills tests mailed from /careers/tests live: a role's test is this address plus the role
   * with dashes (…/general-developer), unless CAREER_TEST_URL_<ROLE> gives that role's own address.
   */
  CAREER_TEST_BASE_URL: z.url().default('https://careers.example.com/tests'),
  CAREER_TEST_URL_FRONTEND_DEVELOPER: z.url().optional(),
  CAREER_TEST_URL_GENERAL_DEVELOPER: z.url().optional(),
  CAREER_TEST_URL_JUNIOR_DEVELOPER: z.url().optional(),
  CAREER_TEST_URL_PHP_DEVELOPER: z.url().optional(),
  /** The bot challenge's work: the browser tries on average half this many hashes. Tests lower it. */
  BOT_CHALLENGE_MAX_NUMBER: z.coerce.number().int().min(100).max(10_000_000).default(100_000),
  /** Where the built web app lives; served by the same process. */
  WEB_DIST: z.string().default(path.resolve(import.meta.dirname, '../../web/dist')),
});

export type Config = z.output<typeof zEnv> & { COOKIE_SECURE: boolean; API_DOCS_PUBLIC: boolean };

/** Reads and validates the environment once; a bad value stops the process at start. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = zEnv.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const c = parsed.data;
  if (c.NODE_ENV === 'production' && c.APP_SECRET === zEnv.shape.APP_SECRET.parse(undefined)) {
    throw new Error('Invalid configuration: APP_SECRET must be set in production');
  }
  return {
    ...c,
    COOKIE_SECURE: c.COOKIE_SECURE ?? c.NODE_ENV === 'production',
    API_DOCS_PUBLIC: c.API_DOCS_PUBLIC ?? c.NODE_ENV !== 'production',
  };
}
