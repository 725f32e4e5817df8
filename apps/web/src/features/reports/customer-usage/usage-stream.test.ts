import { describe, expect, it } from 'vitest';
import { CLOSING, OPENING, streamEvent, usageRow } from './stream-fixtures';
import { MALFORMED_STREAM, MalformedStreamError, readUsageStream, STREAM_CUT_SHORT } from './usage-stream';

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
      streamEvent({ event: 'COMPANIES_LOADED', total: 3 }, true) +
      streamEvent({ event: 'COMPANY', row: usageRow(1) }) +
      streamEvent({ event: 'COMPANY', row: usageRow(2) }) +
      streamEvent({ event: 'COMPANY', row: usageRow(3) }) +
      CLOSING;
    const cut = [whole.slice(0, 10), whole.slice(10, 200), whole.slice(200, 900), whole.slice(900)];
    const seen = await read(cut);
    expect(seen.total).toBe(3);
    expect(seen.batches.flat()).toEqual([1, 2, 3]);
    // Rows arrive as the chunks complete them, not all at the end.
    expect(seen.batches.length).toBeGreaterThan(1);
  });

  it('reads a multi-byte character split across chunks', async () => {
    const named = { ...usageRow(1), company_name: 'Ünïcödé 中文 Ltd' };
    const whole = new TextEncoder().encode(
      OPENING + streamEvent({ event: 'COMPANIES_LOADED', total: 1 }, true) + streamEvent({ event: 'COMPANY', row: named }) + CLOSING,
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
    const chunks = [OPENING, streamEvent({ event: 'COMPANIES_LOADED', total: 2 }, true), ',{"event":"COMPANY","row":{"id":\n', CLOSING];
    await expect(read(chunks)).rejects.toThrow(MALFORMED_STREAM);
    await expect(read(chunks)).rejects.toBeInstanceOf(MalformedStreamError);
  });

  it('throws on an event that does not match the contract, a row before the total, or text after the end', async () => {
    const total = streamEvent({ event: 'COMPANIES_LOADED', total: 1 }, true);
    await expect(read([OPENING, total, streamEvent({ event: 'COMPANY', row: { id: 1 } }), CLOSING])).rejects.toThrow(MALFORMED_STREAM);
    await expect(read([OPENING, streamEvent({ event: 'COMPANY', row: usageRow(1) }, true), CLOSING])).rejects.toThrow(MALFORMED_STREAM);
    await expect(read([OPENING, total, CLOSING, streamEvent({ event: 'COMPANY', row: usageRow(1) })])).rejects.toThrow(MALFORMED_STREAM);
    await expect(read(['<html>Bad gateway</html>\n'])).rejects.toThrow(MALFORMED_STREAM);
  });

  it('throws when the answer ends without its closing line', async () => {
    await expect(
      read([OPENING, streamEvent({ event: 'COMPANIES_LOADED', total: 2 }, true), streamEvent({ event: 'COMPANY', row: usageRow(1) })]),
    ).rejects.toThrow(STREAM_CUT_SHORT);
  });
});
