import { formatCents } from '@portal/contract/shared/money';
/**
 * Invoice and receipt PDFs (docs/decisions/0029). pdfkit with embedded fonts (fonts.ts, docs/decisions/0042), so any
 * company or item name prints: the PDF standard fonts cover Latin-1 only.
 */
import PDFDocument from 'pdfkit';
import { type Run, runsOf, type Style, useFont } from './fonts.ts';

type TextOptions = PDFKit.Mixins.TextOptions;

/**
 * Writes text in a style, each run in the font that has its glyphs (fonts.ts); runs after the first continue the
 * line where the one before stopped, as pdfkit's `continued` does.
 */
const RTL_SCRIPT = '\\p{Script=Arabic}\\p{Script=Hebrew}\\p{Script=Syriac}\\p{Script=Thaana}';
const RTL_LETTER = new RegExp(`[${RTL_SCRIPT}]`, 'u');
const LTR_LETTER = new RegExp(`(?![${RTL_SCRIPT}])\\p{L}`, 'u');

/**
 * The runs to print, in display order. pdfkit has no bidirectional layout: fontkit reverses a right-to-left
 * fragment's glyphs as a whole, which keeps each word right but drops the space where the words meet (pdfkit
 * issues 219 and 905). A right-to-left line (an Arabic or Hebrew name) is therefore printed word by word in
 * reverse, with its spaces as fragments of their own. Lines that also hold left-to-right letters are printed
 * as written: they need the whole bidirectional algorithm (docs/decisions/0042).
 */
export function displayRuns(text: string, style: Style): Run[] {
  if (!RTL_LETTER.test(text) || LTR_LETTER.test(text)) return runsOf(text, style);
  const words = text.split(' ').reverse();
  return words.flatMap((word, i) => [...(i ? runsOf(' ', style) : []), ...(word ? runsOf(word, style) : [])]);
}

function write(doc: PDFKit.PDFDocument, style: Style, text: string, x?: number, y?: number, options: TextOptions = {}) {
  const runs = displayRuns(text, style);
  // Continued runs wrap as one paragraph only with a width given (pdfkit breaks the line between runs without).
  const width = options.width ?? doc.page.width - doc.page.margins.right - (x ?? doc.x);
  // Fonts differ in ascent: every run sits on the first run's baseline (pdfkit places each font's top by default).
  let baseline: number | undefined;
  runs.forEach((run, i) => {
    const last = i === runs.length - 1;
    useFont(doc, run);
    if (runs.length > 1 && baseline === undefined) {
      const d = doc as unknown as { _font: { ascender: number }; _fontSize: number };
      baseline = -(d._font.ascender / 1000) * d._fontSize;
    }
    const opts = { ...options, width, continued: !last, ...(baseline === undefined ? {} : { baseline }) };
    // Given where the paragraph starts, pdfkit keeps the continued runs on its line (without, it starts a new one).
    if (i === 0) doc.text(run.text, x ?? doc.x, y ?? doc.y, opts);
    else doc.text(run.text, opts);
  });
}

/** The height text takes in a width, measured in the font of its first run (cells mix fonts rarely and alike in height). */
function heightOf(doc: PDFKit.PDFDocument, style: Style, text: string, width: number) {
  const [first] = runsOf(text, style);
  if (first) useFont(doc, first);
  return doc.heightOfString(text, { width });
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
/** Where customers write about a bill. */
export const BILLING_EMAIL = 'billing@portal.example';
export const SELLER: PdfParty = { company_name: 'Backup Portal Ltd', lines: ['Auckland, New Zealand', BILLING_EMAIL] };

const aucklandDay = new Intl.DateTimeFormat('en-NZ', { timeZone: 'Pacific/Auckland', day: 'numeric', month: 'long', year: 'numeric' });

/** The Pacific/Auckland calendar day of an instant: '25 November 2026'. */
export function aucklandDate(at: Date): string {
  return aucklandDay.format(at);
}

export function totalOf(lines: PdfDocumentInput['lines']): number {
  return lines.reduce((sum, l) => sum + l.quantity * l.cost, 0);
}

/** Renders the document; resolves with the PDF's bytes. */
export function renderPdf(input: PdfDocumentInput): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `${input.number}`, Author: SELLER.company_name } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = 50;
  const width = doc.page.width - 100;
  doc.fontSize(20);
  write(doc, 'bold', input.title.toUpperCase(), left, 50);
  doc.fontSize(10);
  write(doc, 'body', input.number, left, 78);
  write(doc, 'body', `Date: ${aucklandDate(input.issued_at)}`);
  if (input.due_date) write(doc, 'body', `Due: ${input.due_date}`);
  if (input.status) write(doc, 'body', `Status: ${input.status}`);

  doc.fontSize(11);
  write(doc, 'bold', SELLER.company_name, left + width / 2, 50, { width: width / 2, align: 'right' });
  doc.fontSize(9);
  for (const line of SELLER.lines) write(doc, 'body', line, undefined, undefined, { width: width / 2, align: 'right' });

  doc.fontSize(11);
  write(doc, 'bold', 'Bill to', left, 150);
  write(doc, 'bold', input.bill_to.company_name);
  doc.fontSize(10);
  for (const line of input.bill_to.lines) write(doc, 'body', line);

  // Line items: item, quantity, unit cost, amount.
  const cols = [left, left + width * 0.55, left + width * 0.7, left + width * 0.85];
  let y = Math.max(doc.y + 25, 240);
  const row = (cells: string[], style: Style) => {
    doc.fontSize(10);
    const widthOf = (i: number) => (i === 0 ? width * 0.53 : width * 0.15);
    const heights = cells.map((c, i) => heightOf(doc, style, c, widthOf(i)));
    cells.forEach((c, i) => {
      write(doc, style, c, cols[i], y, { width: widthOf(i), align: i === 0 ? 'left' : 'right' });
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
  for (const l of input.lines) row([l.item, String(l.quantity), formatCents(l.cost), formatCents(l.quantity * l.cost)], 'body');
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .stroke();
  y += 8;
  doc.fontSize(11);
  write(doc, 'bold', `Total (USD): ${formatCents(totalOf(input.lines))}`, left, y, { width, align: 'right' });
  doc.fontSize(9);
  doc.moveDown(2);
  for (const note of input.notes ?? []) write(doc, 'body', note, left, undefined, { width });
  write(doc, 'body', 'All amounts are in US dollars (USD).', left, undefined, { width });
  doc.end();
  return done;
}
