import type { FastifyInstance } from 'fastify';
import * as schema from '../schema.ts';
import type { Database } from '../platform/db.ts';
import { TestClient } from './harness.ts';

/**
 * A client that presents an API token instead of a session: `Authorization: Bearer`, or with `viaForm`
 * the `auth_type=token` and `api_token` form fields. It keeps no cookies and sends no CSRF token.
 */
export class TokenClient extends TestClient {
  constructor(
    app: FastifyInstance,
    readonly token: string,
    readonly viaForm = false,
  ) {
    super(app);
  }

  override post(url: string, payload: unknown, opts: { form?: boolean; headers?: Record<string, string> } = {}) {
    this.cookies = {};
    if (this.viaForm) {
      const fields = Object.fromEntries(
        Object.entries((payload ?? {}) as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
      );
      return super.post(url, { ...fields, auth_type: 'token', api_token: this.token }, { ...opts, form: true });
    }
    return super.post(url, payload, { ...opts, headers: { authorization: `Bearer ${this.token}`, ...opts.headers } });
  }
}

/** Every stored API token row, to assert what is kept (never a token in clear). */
export function apiTokenRows(t: { db: Database }) {
  return t.db.select().from(schema.apiTokens);
}
