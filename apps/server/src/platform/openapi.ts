import type { Call } from '@portal/contract/shared/define-call';
import { isPublic } from '@portal/contract/shared/define-call';
import { zErrorEnvelope } from '@portal/contract/shared/envelope';
import { ID_MAX, ownedKindWithin } from '@portal/contract/shared/owned-id';
import type { Entry } from '@portal/contract/shared/define-entry';
import { z } from 'zod';
import { ENTRY_TAG_DESCRIPTIONS, entryPaths } from './openapi-entries.ts';
import { sessionCookieNames } from './session.ts';

type JsonSchema = Record<string, unknown>;

const schemaOf = (s: z.ZodType, io: 'input' | 'output') => withRequiredDefined(z.toJSONSchema(s, { io, unrepresentable: 'any' }));

/**
 * A record keyed by an enum (`count_in_state`) comes out of zod with `required` naming every key but no
 * `properties`: tools that generate clients read such keys as undefined. Each required key gets the record's
 * value schema as its own property.
 */
function withRequiredDefined(schema: unknown): JsonSchema {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    const out: JsonSchema = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v)]));
    const required = Array.isArray(out.required) ? (out.required as string[]) : [];
    const properties = (out.properties ?? {}) as JsonSchema;
    const missing = required.filter((key) => !Object.hasOwn(properties, key));
    if (missing.length && out.additionalProperties && typeof out.additionalProperties === 'object') {
      out.properties = { ...properties, ...Object.fromEntries(missing.map((key) => [key, out.additionalProperties])) };
    }
    return out;
  };
  return walk(schema) as JsonSchema;
}

const ERROR = { $ref: '#/components/schemas/ErrorEnvelope' };
const errorContent = (schema: JsonSchema = ERROR) => ({ 'application/json': { schema } });

/** The answers every call may give besides its own, in the envelope (DESIGN.md wire conventions). */
const RESPONSES = {
  BadInput: {
    description:
      'The input was refused. `data.fields` names each refused field with its message; an input that is not one object, or nests too deeply, has none.',
    content: errorContent({
      allOf: [
        ERROR,
        {
          type: 'object',
          properties: { data: { type: 'object', properties: { fields: { type: 'object', additionalProperties: { type: 'string' } } } } },
        },
      ],
    }),
  },
  NotSignedIn: { description: 'Not signed in, the API token is not accepted, or the credentials sent are not.', content: errorContent() },
  Forbidden: {
    description:
      "The caller's role, capability or token permission does not allow the call, a cookie session sent no CSRF token, or the request came from another site.",
    content: errorContent(),
  },
  NotFound: {
    description: 'A row the input names does not exist, or belongs to a company the caller may not see.',
    content: errorContent(),
  },
  TooLarge: { description: 'The request has more fields or bytes than the call takes.', content: errorContent() },
  TooManyRequests: { description: 'Too many requests from this address in the last minute; try again later.', content: errorContent() },
  ServerError: {
    description: 'The portal failed (500) or a service it relies on did (502, 504); the message says which.',
    content: errorContent(),
  },
} as const;

const ref = (name: keyof typeof RESPONSES) => ({ $ref: `#/components/responses/${name}` });

/** Whether the input names a row (an owned id, a database id or a version key): such a call can answer 404. */
function namesARow(call: Call): boolean {
  return Object.entries(call.input.shape).some(([field, schema]) => {
    const json = z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    const text = JSON.stringify(json);
    return ownedKindWithin(schema as z.ZodType) !== null || text.includes(`"maximum":${ID_MAX}`) || /(^|_)version_key$/.test(field);
  });
}

/** Whether the call can answer 401: it needs a session or token, or it takes a password itself (sign-in, the TV wall). */
const signsIn = (call: Call) => !isPublic(call.access) || Object.keys(call.input.shape).some((field) => /^(target_)?password$/.test(field));

/** The error answers a call documents: the statuses it can answer, each in the envelope. */
function errorResponses(call: Call): Record<string, unknown> {
  return {
    400: ref('BadInput'),
    ...(signsIn(call) ? { 401: ref('NotSignedIn') } : {}),
    403: ref('Forbidden'),
    ...(namesARow(call) ? { 404: ref('NotFound') } : {}),
    ...(call.conflict ? { 409: { description: `Conflict: ${call.conflict}`, content: errorContent() } } : {}),
    413: ref('TooLarge'),
    429: ref('TooManyRequests'),
    default: ref('ServerError'),
  };
}

/**
 * The OpenAPI document, generated from the list of every contract, naming the cookies this deployment sets and
 * the address it serves (PUBLIC_URL; '/' when unknown: the portal that serves the document). Built without a running server too (`npm run openapi -w @portal/server`), for the lint
 * and the client generated from it (scripts/check-api-document.sh).
 */
export function buildOpenApi(calls: readonly Call[], cookies = sessionCookieNames(false), serverUrl = '/', entries: readonly Entry[] = []) {
  const paths: Record<string, unknown> = {};
  for (const call of calls) {
    const input = schemaOf(call.input, 'input');
    const access = isPublic(call.access)
      ? 'public'
      : `roles: ${call.access.roles.join(', ')}${call.access.capability ? `; capability: ${call.access.capability}` : ''}`;
    paths[call.path] = {
      post: {
        operationId: call.path.replace('/api/v1/', '').replace(/[^A-Za-z0-9]+/g, '_'),
        tags: [call.path.split('/')[3] ?? 'api'],
        summary: call.summary,
        description: `Access: ${access}.${call.tokenPermission ? ` API token permission: ${call.tokenPermission}.` : ''}${call.exportable ? ' Add ?format=csv or ?format=xlsx to download the whole query.' : ''}`,
        // A token reaches only the calls whose contract names a permission (docs/decisions/0030).
        security: isPublic(call.access) ? [] : [{ session: [] }, ...(call.tokenPermission ? [{ token: [] }] : [])],
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: input },
            'application/x-www-form-urlencoded': { schema: input },
          },
        },
        responses: {
          200: {
            description: 'ok',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['status', 'code', 'data'],
                  properties: { status: { const: 'ok' }, code: { const: 200 }, data: schemaOf(call.output, 'output') },
                },
              },
            },
          },
          ...errorResponses(call),
        },
      },
    };
  }
  // Downloads, uploads, streams and pages: their own methods and answers (docs/decisions/0098).
  Object.assign(paths, entryPaths(entries));
  const operations = Object.values(paths).flatMap((item) => Object.values(item as Record<string, { tags: string[] }>));
  const tags = [...new Set(operations.map((o) => o.tags[0] ?? 'api'))].sort();
  return {
    openapi: '3.1.0',
    info: {
      title: 'Backup portal API',
      version: '1',
      description: `Every call is POST with a JSON, form-encoded or multipart body; a call's fields may also be sent in the query string, the body winning where both name one. Form fields carry arrays and objects as JSON text, and a field whose value is a single NUL character is cleared. Cookie-authenticated calls send the ${cookies.csrf} cookie value in the x-csrf-token header. Every answer is an envelope: {"status":"ok","code":200,"data":…} or {"status":"error","code":…,"message":…,"data":{"fields":{…}}}. The entry points that are not calls (files, uploads, event streams, pages) say their own methods and answers; their refusals are envelopes too.`,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: serverUrl === '/' ? '/' : serverUrl.replace(/\/$/, ''), description: 'This portal' }],
    tags: tags.map((name) => ({ name, description: ENTRY_TAG_DESCRIPTIONS[name] ?? `The ${name} calls.` })),
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: cookies.session },
        // Or auth_type=token with the token in the api_token field.
        token: { type: 'http', scheme: 'bearer', description: 'An API token made on /manage_api_tokens.' },
      },
      schemas: { ErrorEnvelope: schemaOf(zErrorEnvelope, 'output') },
      responses: RESPONSES,
    },
    paths,
  };
}
