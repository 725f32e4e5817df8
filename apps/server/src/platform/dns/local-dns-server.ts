import { createSocket, type Socket } from 'node:dgram';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';

/**
 * A small authoritative DNS server over UDP (RFC 1035) for development, the demo and the tests
 * (docs/decisions/0053): it answers A, CNAME and TXT questions from a zone the caller sets, either in
 * process (`set`) or in a JSON file read again on every question, so a demo or a browser journey changes
 * records while the portal runs. A name `*.<domain>` answers for every name under <domain> that has no records
 * of its own. Names it does not hold answer NXDOMAIN; it never recurses.
 *
 * Zone file: `{ "backup.example.com": { "CNAME": "orbit-k2m9.cometbackup.example" },
 *               "orbit-k2m9.cometbackup.example": { "A": ["203.0.113.7"] },
 *               "_dmarc.example.com": { "TXT": ["v=DMARC1; p=none"] } }`
 */
export interface ZoneRecords {
  A?: string[];
  CNAME?: string;
  TXT?: string[];
}
export type Zone = Record<string, ZoneRecords>;

export interface LocalDnsServer {
  host: string;
  port: number;
  /** host:port, for Resolver.setServers and DNS_RESOLVER. */
  address: string;
  /** Replaces a name's records (in-process zone); undefined removes the name. */
  set(name: string, records: ZoneRecords | undefined): void;
  close(): Promise<void>;
}

const TYPE = { A: 1, CNAME: 5, TXT: 16 } as const;
const CLASS_IN = 1;
const TTL = 5;

const norm = (name: string) => name.toLowerCase().replace(/\.$/, '');

function readName(msg: Buffer, start: number): { name: string; end: number } {
  const labels: string[] = [];
  let at = start;
  for (let hops = 0; hops < 64; hops++) {
    const len = msg[at];
    if (len === undefined) throw new Error('truncated name');
    if (len === 0) return { name: labels.join('.'), end: at + 1 };
    // Questions carry no compression pointers; refuse them rather than follow one.
    if (len > 63) throw new Error('unsupported label');
    labels.push(msg.subarray(at + 1, at + 1 + len).toString('latin1'));
    at += 1 + len;
  }
  throw new Error('name too long');
}

function encodeName(name: string): Buffer {
  const parts = norm(name)
    .split('.')
    .filter(Boolean)
    .map((label) => {
      const bytes = Buffer.from(label, 'latin1').subarray(0, 63);
      return Buffer.concat([Buffer.from([bytes.length]), bytes]);
    });
  return Buffer.concat([...parts, Buffer.from([0])]);
}

function record(name: string, type: number, data: Buffer): Buffer {
  const head = Buffer.alloc(10);
  head.writeUInt16BE(type, 0);
  head.writeUInt16BE(CLASS_IN, 2);
  head.writeUInt32BE(TTL, 4);
  head.writeUInt16BE(data.length, 8);
  return Buffer.concat([encodeName(name), head, data]);
}

function aData(address: string): Buffer | null {
  const parts = address.split('.').map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255)) return null;
  return Buffer.from(parts);
}

function txtData(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length || i === 0; i += 255) {
    const part = bytes.subarray(i, i + 255);
    chunks.push(Buffer.from([part.length]), part);
    if (bytes.length === 0) break;
  }
  return Buffer.concat(chunks);
}

/** A name's own records, else those of the nearest wildcard above it (`*.cometbackup.example`). */
function entryOf(zone: Zone, name: string): ZoneRecords | undefined {
  const own = zone[name];
  if (own) return own;
  const labels = name.split('.');
  for (let i = 1; i < labels.length; i++) {
    const wildcard = zone[`*.${labels.slice(i).join('.')}`];
    if (wildcard) return wildcard;
  }
  return undefined;
}

/** The answer records for a question: a CNAME is followed within the zone for A and TXT questions, as a resolver expects. */
function answersFor(zone: Zone, qname: string, qtype: number): { found: boolean; records: Buffer[] } {
  const records: Buffer[] = [];
  let name = norm(qname);
  let found = false;
  for (let hops = 0; hops < 8; hops++) {
    const entry = entryOf(zone, name);
    if (!entry) break;
    found = true;
    if (entry.CNAME && qtype !== TYPE.CNAME) {
      records.push(record(name, TYPE.CNAME, encodeName(entry.CNAME)));
      name = norm(entry.CNAME);
      continue;
    }
    if (qtype === TYPE.CNAME && entry.CNAME) records.push(record(name, TYPE.CNAME, encodeName(entry.CNAME)));
    if (qtype === TYPE.A) {
      for (const a of entry.A ?? []) {
        const data = aData(a);
        if (data) records.push(record(name, TYPE.A, data));
      }
    }
    if (qtype === TYPE.TXT) for (const t of entry.TXT ?? []) records.push(record(name, TYPE.TXT, txtData(t)));
    break;
  }
  return { found, records };
}

function lowerKeys(zone: Zone): Zone {
  return Object.fromEntries(Object.entries(zone).map(([k, v]) => [norm(k), v]));
}

function readZoneFile(file: string): Zone {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return parsed && typeof parsed === 'object' ? lowerKeys(parsed as Zone) : {};
  } catch {
    // No file yet, or one being written: an empty zone, and the next question reads it again.
    return {};
  }
}

/** The reply to one query message, or null for a message that is not a question. */
export function answer(query: Buffer, zone: Zone): Buffer | null {
  if (query.length < 12) return null;
  const id = query.readUInt16BE(0);
  const flags = query.readUInt16BE(2);
  if (flags & 0x8000) return null; // a response, not a question
  const qdcount = query.readUInt16BE(4);
  const header = Buffer.alloc(12);
  header.writeUInt16BE(id, 0);
  const rd = flags & 0x0100;
  if (qdcount !== 1) {
    header.writeUInt16BE(0x8000 | 0x0400 | rd | 1, 2); // FORMERR
    return header;
  }
  let question: { name: string; end: number };
  try {
    question = readName(query, 12);
  } catch {
    header.writeUInt16BE(0x8000 | 0x0400 | rd | 1, 2);
    return header;
  }
  if (question.end + 4 > query.length) return null;
  const qtype = query.readUInt16BE(question.end);
  const qsection = query.subarray(12, question.end + 4);
  const { found, records } = answersFor(zone, question.name, qtype);
  // QR, AA, RD echoed; NXDOMAIN (3) for a name the zone does not hold.
  header.writeUInt16BE(0x8000 | 0x0400 | rd | (found ? 0 : 3), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(records.length, 6);
  return Buffer.concat([header, qsection, ...records]);
}

/**
 * Starts the server on host:port (0: a free port). With `zoneFile` the zone is that file, read on every
 * question, and `set` writes nothing to it; without, the zone is the in-process one `set` edits.
 */
export async function startLocalDns(o: { host?: string; port?: number; zoneFile?: string; zone?: Zone } = {}): Promise<LocalDnsServer> {
  const host = o.host ?? '127.0.0.1';
  let memory: Zone = lowerKeys(o.zone ?? {});
  const zone = () => (o.zoneFile ? { ...readZoneFile(o.zoneFile), ...memory } : memory);
  const socket: Socket = createSocket('udp4');
  socket.on('message', (msg, peer) => {
    const reply = answer(msg, zone());
    if (reply) socket.send(reply, peer.port, peer.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(o.port ?? 0, host, () => {
      socket.off('error', reject);
      resolve();
    });
  });
  // A stray error (a reply to a port gone away) must not take the process down.
  socket.on('error', () => {});
  const port = (socket.address() as AddressInfo).port;
  return {
    host,
    port,
    address: `${host}:${port}`,
    set(name, records) {
      const next = { ...memory };
      if (records) next[norm(name)] = records;
      else delete next[norm(name)];
      memory = next;
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
