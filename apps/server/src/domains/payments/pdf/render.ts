/**
 * Invoice and receipt PDFs (docs/decisions/0029). pdfkit with DejaVu Sans embedded (the dejavu-fonts-ttf
 * package, Bitstream Vera licence), so any company or item name prints: the PDF standard fonts cover Latin-1 only.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
/** pdfkit's own font parser, reached through pdfkit so the version always matches the one it embeds with. */
const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as { create(data: Buffer): unknown };

type FontSource = Parameters<PDFKit.PDFDocument['registerFont']>[1];
let fonts: { regular: FontSource; bold: FontSource } | null = null;
/**
 * Parsed once: pdfkit takes a parsed font as well as a file, and parsing DejaVu for every document costs more
 * than laying the document out. Each document still embeds its own subset.
 */
function fontFiles() {
  fonts ??= {
    regular: fontkit.create(readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'))) as FontSource,
    bold: fontkit.create(readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'))) as FontSource,
  };
  return fonts;
}

export interface PdfParty {
  company_name: string;
  /** Address and phone lines, empty ones left out. */
  lines: string[];
}

export interface PdfDocumentInput {
  /** 'Invoice' or 'Receipt'. */
  title: string;
  /** 'Invoice #12', 'Receipt c34'. */
  number: string;
  /** When it was issued (or paid), shown as the Pacific/Auckland day. */
  issued_at: Date;
  due_date?: string | null;
  status?: string | null;
  bill_to: PdfParty;
  lines: { item: string; quantity: number; cost: number }[];
  /** e.g. 'Paid by Visa ending 4242 on 24 Nov 2026'. */
  notes?: string[];
}

/** The seller: the portal's own company as printed on every document. */
export const SELLER: PdfParty = { company_name: 'Backup Portal Ltd', lines: ['Auckland, New Zealand', 'billing@portal.example'] };

const aucklandDay = new Intl.DateTimeFormat('en-NZ', { timeZone: 'Pacific/Auckland', day: 'numeric', month: 'long', year: 'numeric' });

/** The Pacific/Auckland calendar day of an instant: '25 November 2026'. */
export function aucklandDate(at: Date): string {
  return aucklandDay.format(at);
}

/** Cents as US dollars: 'USD $1,234.50'. */
export function usd(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

export function totalOf(lines: PdfDocumentInput['lines']): number {
  return lines.reduce((sum, l) => sum + l.quantity * l.cost, 0);
}

/** Renders the document; resolves with the PDF's bytes. */
export function renderPdf(input: PdfDocumentInput): Promise<Buffer> {
  const { regular, bold } = fontFiles();
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `${input.number}`, Author: SELLER.company_name } });
  doc.registerFont('body', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = 50;
  const width = doc.page.width - 100;
  doc.font('bold').fontSize(20).text(input.title.toUpperCase(), left, 50);
  doc.font('body').fontSize(10).text(input.number, left, 78);
  doc.text(`Date: ${aucklandDate(input.issued_at)}`);
  if (input.due_date) doc.text(`Due: ${input.due_date}`);
  if (input.status) doc.text(`Status: ${input.status}`);

  doc
    .font('bold')
    .fontSize(11)
    .text(SELLER.company_name, left + width / 2, 50, { width: width / 2, align: 'right' });
  doc.font('body').fontSize(9);
  for (const line of SELLER.lines) doc.text(line, { width: width / 2, align: 'right' });

  doc.font('bold').fontSize(11).text('Bill to', left, 150);
  doc.text(input.bill_to.company_name);
  doc.font('body').fontSize(10);
  for (const line of input.bill_to.lines) doc.text(line);

  // Line items: item, quantity, unit cost, amount.
  const cols = [left, left + width * 0.55, left + width * 0.7, left + width * 0.85];
  let y = Math.max(doc.y + 25, 240);
  const row = (cells: string[], font: 'body' | 'bold') => {
    doc.font(font).fontSize(10);
    const heights = cells.map((c, i) => doc.heightOfString(c, { width: i === 0 ? width * 0.53 : width * 0.15 }));
    cells.forEach((c, i) => {
      doc.text(c, cols[i], y, { width: i === 0 ? width * 0.53 : width * 0.15, align: i === 0 ? 'left' : 'right' });
    });
    y += Math.max(...heights) + 6;
    if (y > doc.page.height - 120) {
      doc.addPage();
      y = 50;
    }
  };
  row(['Item', 'Quantity', 'Unit cost', 'Amount'], 'bold');
  doc
    .moveTo(left, y - 3)
    .lineTo(left + width, y - 3)
    .stroke();
  for (const l of input.lines) row([l.item, String(l.quantity), usd(l.cost), usd(l.quantity * l.cost)], 'body');
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .stroke();
  y += 8;
  doc
    .font('bold')
    .fontSize(11)
    .text(`Total (USD): ${usd(totalOf(input.lines))}`, left, y, { width, align: 'right' });
  doc.font('body').fontSize(9);
  doc.moveDown(2);
  for (const note of input.notes ?? []) doc.text(note, left, undefined, { width });
  doc.text('All amounts are in US dollars (USD).', left, undefined, { width });
  doc.end();
  return done;
}
