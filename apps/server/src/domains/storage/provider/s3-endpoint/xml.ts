import { XMLParser } from 'fast-xml-parser';
import { S3Error } from './errors.ts';

/** S3's XML: answers written as S3 writes them, request documents read with entities decoded. */
export const S3_NS = 'http://s3.amazonaws.com/doc/2006-03-01/';

export const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

type Node = string | number | boolean | undefined | null | Node[] | { [name: string]: Node };

/** `{ A: 'x', B: [{ C: 1 }, { C: 2 }] }` as `<A>x</A><B><C>1</C></B><B><C>2</C></B>`; undefined and null leave the element out. */
export function toXml(value: { [name: string]: Node }): string {
  let out = '';
  for (const [name, v] of Object.entries(value)) {
    for (const item of Array.isArray(v) ? v : [v]) {
      if (item === undefined || item === null) continue;
      out +=
        typeof item === 'object' && !Array.isArray(item)
          ? `<${name}>${toXml(item)}</${name}>`
          : `<${name}>${escapeXml(String(item))}</${name}>`;
    }
  }
  return out;
}

export function document(root: string, body: { [name: string]: Node }): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="${S3_NS}">${toXml(body)}</${root}>`;
}

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => name === 'Object' || name === 'Part',
});

const malformed = () =>
  new S3Error(400, 'MalformedXML', 'The XML you provided was not well-formed or did not validate against our published schema.');

/** The request document's root element, or MalformedXML. */
export function parseXml(text: string, root: string): Record<string, unknown> {
  let parsed: Record<string, unknown>;
  try {
    parsed = parser.parse(text, true) as Record<string, unknown>;
  } catch {
    throw malformed();
  }
  const element = parsed[root];
  if (element === '') return {};
  if (!element || typeof element !== 'object') throw malformed();
  return element as Record<string, unknown>;
}

export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  throw malformed();
}

export function listOf(value: unknown): Record<string, unknown>[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((v) => !v || typeof v !== 'object')) throw malformed();
  return value as Record<string, unknown>[];
}
