import { isPublic } from '@portal/contract/shared/define-call';
import { type Entry, type EntryMethod, changesState } from '@portal/contract/shared/define-entry';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });
const BINARY = { type: 'string', format: 'binary' };

/** The tag of an entry: its call domain under /api/v1/, else what it is (the stand-in services' pages, files). */
export function entryTag(entry: Entry): string {
  if (entry.path.startsWith('/api/v1/')) return entry.path.split('/')[3] ?? 'api';
  return entry.kind === 'page' ? 'pages' : 'files';
}

export const ENTRY_TAG_DESCRIPTIONS: Record<string, string> = {
  pages:
    'Pages of the stand-in outside services the portal serves itself (the sandbox card processor, the local feature board, local customer portals).',
  files: 'Files opened by a link: they answer the file, not an envelope.',
};

const pathNames = (entry: Entry) => [...entry.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);

function fieldsOf(schema: z.ZodObject, skip: string[]): [string, JsonSchema, boolean][] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {})
    .filter(([name]) => !skip.includes(name))
    .map(([name, s]) => [name, s, (json.required ?? []).includes(name)]);
}

function parameters(entry: Entry, method: EntryMethod): JsonSchema[] {
  const inPath = pathNames(entry);
  const out: JsonSchema[] = fieldsOf(entry.input, []).flatMap(([name, schema, required]) => {
    if (inPath.includes(name)) return [{ name, in: 'path', required: true, schema }];
    return changesState(method) ? [] : [{ name, in: 'query', required, schema }];
  });
  if (entry.headers) for (const [name, schema, required] of fieldsOf(entry.headers, [])) out.push({ name, in: 'header', required, schema });
  return out;
}

function requestBody(entry: Entry, method: EntryMethod): JsonSchema | undefined {
  if (!changesState(method) || method === 'DELETE') return undefined;
  const fields = Object.fromEntries(fieldsOf(entry.input, pathNames(entry)).map(([name, schema]) => [name, schema]));
  if (entry.kind === 'upload') {
    const schema = { type: 'object', properties: { ...fields, file: BINARY }, required: ['file'] };
    return { required: true, content: { 'multipart/form-data': { schema } } };
  }
  if (entry.kind === 'resumable-upload') {
    return method === 'PATCH' ? { required: true, content: { 'application/offset+octet-stream': { schema: BINARY } } } : undefined;
  }
  const schema = { type: 'object', properties: fields };
  return { required: true, content: { 'application/json': { schema }, 'application/x-www-form-urlencoded': { schema } } };
}

function success(entry: Entry, method: EntryMethod): Record<string, unknown> {
  const body = { [entry.answers]: { schema: entry.answers === 'application/json' ? { type: 'object' } : { type: 'string' } } };
  if (entry.kind === 'resumable-upload') {
    if (method === 'POST') return { 201: { description: 'Created: the Location header names the upload.' } };
    if (method === 'HEAD') return { 200: { description: 'The upload’s offset and length, in Upload-Offset and Upload-Length.' } };
    if (method === 'DELETE') return { 204: { description: 'The upload and its bytes are gone.' } };
    return {
      200: { description: 'The last bytes: the attachment, in the upload’s envelope.', content: body },
      204: { description: 'The bytes are stored; Upload-Offset says how far the upload has come.' },
    };
  }
  if (entry.kind === 'download') {
    return {
      200: { description: 'The file.', content: { [entry.answers]: { schema: BINARY } } },
      ...(entry.ranges
        ? {
            206: { description: 'The part of the file the Range header asked for.', content: { [entry.answers]: { schema: BINARY } } },
            416: { description: 'The Range asked lies outside the file; Content-Range gives its size.' },
          }
        : {}),
    };
  }
  return { 200: { description: entry.kind === 'stream' ? 'The event stream, held open.' : 'ok', content: body } };
}

/** The path items of the entries: each method its operation, with the kind's bodies and answers (docs/decisions/0098). */
export function entryPaths(entries: readonly Entry[]): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const entry of entries) {
    const access = isPublic(entry.access)
      ? 'public'
      : `roles: ${entry.access.roles.join(', ')}${entry.access.capability ? `; capability: ${entry.access.capability}` : ''}`;
    const item: Record<string, unknown> = {};
    for (const method of entry.methods) {
      const params = parameters(entry, method);
      const body = requestBody(entry, method);
      item[method.toLowerCase()] = {
        operationId: `${method.toLowerCase()}_${entry.path.replace(/^\/(api\/v1\/)?/, '').replace(/[^A-Za-z0-9]+/g, '_')}`,
        tags: [entryTag(entry)],
        summary: entry.summary,
        description: `Access: ${access}. Kind: ${entry.kind}.${changesState(method) && !isPublic(entry.access) ? ' A cookie session sends its CSRF token in the x-csrf-token header.' : ''}`,
        security: isPublic(entry.access) ? [] : [{ session: [] }],
        ...(params.length ? { parameters: params } : {}),
        ...(body ? { requestBody: body } : {}),
        responses: {
          ...success(entry, method),
          400: ref('BadInput'),
          ...(isPublic(entry.access) ? {} : { 401: ref('NotSignedIn') }),
          403: ref('Forbidden'),
          404: ref('NotFound'),
          ...(entry.kind === 'upload' || entry.kind === 'resumable-upload' ? { 413: ref('TooLarge') } : {}),
          429: ref('TooManyRequests'),
          default: ref('ServerError'),
        },
      };
    }
    paths[entry.path] = item;
  }
  return paths;
}
