import type { Call } from '@portal/contract/shared/define-call';
import { isPublic } from '@portal/contract/shared/define-call';
import { zErrorEnvelope } from '@portal/contract/shared/envelope';
import { z } from 'zod';
import { sessionCookieNames } from './session.ts';

const schemaOf = (s: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(s, { io, unrepresentable: 'any' });

/** The OpenAPI document, generated from the list of every contract, naming the cookies this deployment sets. */
export function buildOpenApi(calls: readonly Call[], cookies = sessionCookieNames(false)) {
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
          default: { description: 'error', content: { 'application/json': { schema: schemaOf(zErrorEnvelope, 'output') } } },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Backup portal API',
      version: '1',
      description: `Every call is POST with a JSON, form-encoded or multipart body. Cookie-authenticated calls send the ${cookies.csrf} cookie value in the x-csrf-token header. A field whose value is a single NUL character is cleared.`,
    },
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: cookies.session },
        // Or auth_type=token with the token in the api_token field.
        token: { type: 'http', scheme: 'bearer', description: 'An API token made on /manage_api_tokens.' },
      },
    },
    paths,
  };
}
