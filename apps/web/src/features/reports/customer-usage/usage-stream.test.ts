import type { CustomerUsageRow } from '@portal/contract/reports/customer-usage';
import { describe, expect, it } from 'vitest';
import { MALFORMED_STREAM, MalformedStreamError, readUsageStream, STREAM_CUT_SHORT } from './usage-stream';

const row = (id: number): CustomerUsageRow => ({
  id,
  company_name: `Company ${id}`,
  company_type: 'customer',
  distributor: null,
  is_vip: false,
  is_partner_company: false,
  is_internal_comet_company: false,
  is_managed: false,
  region: { code: 'us-east' },
  users: [{ email: `c${id}@example.com`, contact_name: 'Casey' }],
  balance: 1000,
  usage: [{ type: 'device', charge_total_cents: 300, charge_count: 3, peak_quantity: 2 }],
  usage_total_cents: 300,
  has_real_usage: true,
  state: 'ACTIVE',
  has_contract_billing: false,
  latest_plan: { name: 'Growth' },
  sales_id: null,
  first_active_at: null,
  created_at: '2026-01-10T00:00:00.000Z',
  deleted_at: null,
});

const line = (event: unknown, first = false) => `${first ? '' : ','}${JSON.stringify(event)}\n`;
const OPENING = '{"status":"ok","code":200,"data":[\n';
const CLOSING = ']}\n';

/** A body that hands the reader these chunks one at a time, as a network would. */
function body(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function read(chunks: string[]) {
  const seen = { total: null as number | null, batches: [] as number[][] };
  await readUsageStream(body(chunks), {
    onTotal: (total) => {
      seen.total = total;
    },
    onRows: (rows) => seen.batches.push(rows.map((r) => r.id)),
  });
  return seen;
}

describe('readUsageStream', () => {
  it('gives the total, then the rows each chunk completes, however the lines are split', async () => {
    const whole =
      OPENING +
      line({ event: 'COMPANIES_LOADED', total: 3 }, true) +
      line({ event: 'COMPANY', row: row(1) }) +
      line({ event: 'COMPANY', row: row(2) }) +
      line({ event: 'COMPANY', row: row(3) }) +
      CLOSING;
    const cut = [whole.slice(0, 10), whole.slice(10, 200), whole.slice(200, 900), whole.slice(900)];
    const seen = await read(cut);
    expect(seen.total).toBe(3);
    expect(seen.batches.flat()).toEqual([1, 2, 3]);
    // Rows arrive as the chunks complete them, not all at the end.
    expect(seen.batches.length).toBeGreaterThan(1);
  });

  it('reads a multi-byte character split across chunks', async () => {
    const named = { ...row(1), company_name: 'Ünïcödé 中文 Ltd' };
    const whole = new TextEncoder().encode(
      OPENING + line({ event: 'COMPANIES_LOADED', total: 1 }, true) + line({ event: 'COMPANY', row: named }) + CLOSING,
    );
    const at = whole.indexOf(0xe4) + 1;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(whole.slice(0, at));
        controller.enqueue(whole.slice(at));
        controller.close();
      },
    });
    const names: string[] = [];
    await readUsageStream(stream, { onTotal: () => {}, onRows: (rows) => names.push(...rows.map((r) => r.company_name)) });
    expect(names).toEqual(['Ünïcödé 中文 Ltd']);
  });

  it('throws on a malformed chunk instead of waiting', async () => {
    const chunks = [OPENING, line({ event: 'COMPANIES_LOADED', total: 2 }, true), ',{"event":"COMPANY","row":{"id":\n', CLOSING];
    await expect(read(chunks)).rejects.toThrow(MALFORMED_STREAM);
    await expect(read(chunks)).rejects.toBeInstanceOf(MalformedStreamError);
  });

  it('throws on an event that does not match the contract, a row before the total, or text after the end', async () => {
    const total = line({ event: 'COMPANIES_LOADED', total: 1 }, true);
    await expect(read([OPENING, total, line({ event: 'COMPANY', row: { id: 1 } }), CLOSING])).rejects.toThrow(MALFORMED_STREAM);
    await expect(read([OPENING, line({ event: 'COMPANY', row: row(1) }, true), CLOSING])).rejects.toThrow(MALFORMED_STREAM);
    await expect(read([OPENING, total, CLOSING, line({ event: 'COMPANY', row: row(1) })])).rejects.toThrow(MALFORMED_STREAM);
    await expect(read(['<html>Bad gateway</html>\n'])).rejects.toThrow(MALFORMED_STREAM);
  });

  it('throws when the answer ends without its closing line', async () => {
    await expect(
      read([OPENING, line({ event: 'COMPANIES_LOADED', total: 2 }, true), line({ event: 'COMPANY', row: row(1) })]),
    ).rejects.toThrow(STREAM_CUT_SHORT);
  });
});
