import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type FileRow, type StreamedFile, isStreamedFile, keysetBatches, streamedFile } from './export-stream.ts';

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** Opens a file as the GET route does and reads it whole. */
async function bodyOf(file: StreamedFile): Promise<Buffer> {
  const open = Object.getOwnPropertySymbols(file).map((s) => (file as unknown as Record<symbol, () => Readable>)[s])[0];
  if (!open) throw new Error('not a streamed file');
  const chunks: Buffer[] = [];
  for await (const chunk of open()) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** 0..n-1 as rows, read `limit` at a time after a key, as a keyset query would. */
function table(n: number) {
  const reads: (number | null)[] = [];
  const fetch = async (after: number | null, limit: number) => {
    reads.push(after);
    const from = after === null ? 0 : after + 1;
    const rows = Array.from({ length: Math.max(0, Math.min(limit, n - from)) }, (_, i) => ({ id: from + i }));
    return { rows, last: rows.length < limit ? null : (rows.at(-1)?.id ?? null) };
  };
  return { fetch, reads };
}

describe('keysetBatches', () => {
  it('reads after the last key until a short batch, and every row once', async () => {
    const t = table(25);
    const batches = await collect(keysetBatches(t.fetch, 10));
    expect(batches.map((b) => b.length)).toEqual([10, 10, 5]);
    expect(batches.flat().map((r) => r.id)).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(t.reads).toEqual([null, 9, 19]);
  });
});

describe('streamedFile', () => {
  const rows: FileRow[] = [
    { name: '=HYPERLINK("http://x.example")', amount: -5, ok: true, note: null },
    { name: 'Plain, with "quotes"', amount: 1200, ok: false, note: '+64 21 000' },
  ];
  const columns = ['name', 'amount', 'ok', 'note'];
  const batches = () =>
    keysetBatches(async (after: number | null) => ({ rows: after === null ? rows : [], last: after === null ? 1 : null }));

  it('is a CSV whose formula-like text is escaped and whose numbers stay numbers', async () => {
    const file = streamedFile({ name: 'a b/c', format: 'csv', columns, batches });
    expect(isStreamedFile(file)).toBe(true);
    expect(file.filename).toBe('a_b_c.csv');
    const lines = (await bodyOf(file)).toString().split('\n');
    expect(lines).toEqual([
      'name,amount,ok,note',
      `"'=HYPERLINK(""http://x.example"")",-5,true,`,
      `"Plain, with ""quotes""",1200,false,'+64 21 000`,
      '',
    ]);
  });

  it('is an XLSX with a header row in words, text as text and numbers as numbers, over several batches', async () => {
    const many = () =>
      keysetBatches(async (after: number | null, limit: number) => {
        const from = after === null ? 0 : after + 1;
        const part = Array.from({ length: Math.max(0, Math.min(limit, 2500 - from)) }, (_, i) => ({
          id: from + i,
          label: `row ${from + i}`,
        }));
        return { rows: part, last: part.length < limit ? null : (part.at(-1)?.id ?? null) };
      }, 1000);
    const file = streamedFile({ name: 'many', format: 'xlsx', columns: ['id', 'label'], batches: many });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await bodyOf(file)) as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Report');
    expect(sheet?.actualRowCount).toBe(2501);
    expect(sheet?.getRow(1).values).toEqual([undefined, 'ID', 'Label']);
    expect(sheet?.getRow(2501).values).toEqual([undefined, 2499, 'row 2499']);
  });
});
