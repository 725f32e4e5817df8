/**
 * The fonts every portal PDF embeds: DejaVu Sans (the dejavu-fonts-ttf package, Bitstream Vera licence), so any
 * name prints; the PDF standard fonts cover Latin-1 only. The same files payments' invoices use, read here so
 * a domain of any rank can make a document (docs/decisions/0044).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
/** pdfkit's own font parser, reached through pdfkit so the version always matches the one it embeds with. */
const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as { create(data: Buffer): unknown };

type FontSource = Parameters<PDFKit.PDFDocument['registerFont']>[1];
let fonts: { regular: FontSource; bold: FontSource; italic: FontSource; mono: FontSource } | null = null;

/** Parsed once: parsing DejaVu costs more than laying out a document. Each document embeds its own subset. */
function fontFiles() {
  fonts ??= {
    regular: fontkit.create(readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'))) as FontSource,
    bold: fontkit.create(readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'))) as FontSource,
    italic: fontkit.create(readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Oblique.ttf'))) as FontSource,
    mono: fontkit.create(readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf'))) as FontSource,
  };
  return fonts;
}

/**
 * A new A4 document with the fonts registered as 'body', 'bold', 'italic' and 'mono' (each embedded only when
 * used), and a promise of its bytes once
 * the caller has written it and called `doc.end()`.
 */
export function newPdf(info: { Title: string; Author: string }): { doc: PDFKit.PDFDocument; bytes: Promise<Buffer> } {
  const { regular, bold, italic, mono } = fontFiles();
  const doc = new PDFDocument({ size: 'A4', margin: 50, info });
  doc.registerFont('body', regular);
  doc.registerFont('bold', bold);
  doc.registerFont('italic', italic);
  doc.registerFont('mono', mono);
  doc.font('body');
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}
