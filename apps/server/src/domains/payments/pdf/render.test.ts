import { describe, expect, it } from 'vitest';
import { pdfText } from './pdftotext.ts';
import { type PdfDocumentInput, renderPdf } from './render.ts';

const documentFor = (name: string): PdfDocumentInput => ({
  title: 'Invoice',
  number: 'Invoice #7',
  issued_at: new Date('2026-11-24T10:00:00Z'),
  status: 'UNPAID',
  bill_to: { company_name: name, lines: ['1 Queen Street'] },
  lines: [{ item: `Backup for ${name}`, quantity: 2, cost: 1250 }],
});

/** The fonts a PDF embeds, by their PostScript names (subset prefixes dropped). */
const embeddedFonts = (pdf: Buffer) =>
  [...new Set([...pdf.toString('latin1').matchAll(/\/BaseFont \/(?:[A-Z]{6}\+)?([A-Za-z0-9-]+)/g)].map((m) => m[1]))].sort();

describe('invoice and receipt PDFs print any name (docs/decisions/0042)', () => {
  it.each([
    ['Japanese', '東京バックアップ株式会社'],
    ['Korean', '김철수 백업'],
    ['simplified Chinese', '北京备份有限公司'],
    ['Cyrillic', 'Москва Бэкап ООО'],
    ['mixed scripts on one line', 'Tāmaki 北京备份 and 김철수 Ltd'],
  ])('%s: the name comes out of the PDF as written, in the bill-to block and the line item', async (_, name) => {
    const text = pdfText(await renderPdf(documentFor(name)));
    expect(text).toContain(`${name}\n`);
    expect(text).toContain(`Backup for ${name}`);
    expect(text).toContain('$25.00');
  });

  it.each([
    ['Arabic', 'شركة النور للنسخ'],
    ['Hebrew', 'שלום עולם בע״מ'],
  ])('%s: a right-to-left name keeps its words in order and the spaces between them', async (_, name) => {
    // pdftotext marks a right-to-left line with embedding controls; the words between them are what a reader sees.
    const text = pdfText(await renderPdf(documentFor(name))).replace(/[\u202a-\u202e]/g, '');
    expect(text).toContain(`${name}\n`);
  });

  it('embeds a CJK font only in a document whose text needs it', async () => {
    expect(embeddedFonts(await renderPdf(documentFor('Москва Бэкап ООО')))).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
    const korean = embeddedFonts(await renderPdf(documentFor('김철수 백업')));
    expect(korean.some((f) => f?.startsWith('NotoSansKR'))).toBe(true);
    expect(korean.some((f) => f?.startsWith('NotoSansSC'))).toBe(false);
  });
});
