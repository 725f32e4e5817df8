/**
 * The fonts invoices and receipts print with (docs/decisions/0042). DejaVu Sans covers Latin, Greek, Cyrillic,
 * Arabic, Hebrew and more but no Chinese, Japanese or Korean; Noto Sans SC (simplified Chinese, with kana and the
 * Han characters Japanese uses) and Noto Sans KR (Hangul) fill in, per run of text. pdfkit embeds only the fonts a
 * document uses, and only their glyphs it uses, so a document without CJK text carries no CJK font.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
/** pdfkit's own font parser, reached through pdfkit so the version always matches the one it embeds with. */
const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as { create(data: Buffer): ParsedFont };

interface ParsedFont {
  hasGlyphForCodePoint(codePoint: number): boolean;
}

export type FontSource = Parameters<PDFKit.PDFDocument['registerFont']>[1];
export type Style = 'body' | 'bold';

/** In the order they are tried: the first font with a glyph for a character prints it. */
const FAMILIES = [
  { key: '', body: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf', bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf' },
  {
    key: 'sc',
    body: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  },
  {
    key: 'kr',
    body: '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf',
  },
] as const;

/** The name a style's font of a family is registered under in a document: 'body', 'bold-sc'. */
export const fontName = (style: Style, family: number) => (FAMILIES[family]?.key ? `${style}-${FAMILIES[family].key}` : style);

/**
 * Parsed once, when first needed: pdfkit takes a parsed font as well as a file, and parsing for every document
 * costs more than laying it out. The CJK fonts (6–10 MB each) are read only when some text needs them.
 */
const parsed = new Map<string, ParsedFont>();
function fontOf(style: Style, family: number): ParsedFont {
  const file = FAMILIES[family]?.[style];
  if (!file) throw new Error(`no font family ${family}`);
  let font = parsed.get(file);
  if (!font) {
    font = fontkit.create(readFileSync(require.resolve(file)));
    parsed.set(file, font);
  }
  return font;
}

const registered = new WeakMap<PDFKit.PDFDocument, Set<string>>();

/** Selects a run's font in the document, registering it there on first use (pdfkit embeds only fonts it prints). */
export function useFont(doc: PDFKit.PDFDocument, run: Run): PDFKit.PDFDocument {
  const names = registered.get(doc) ?? new Set<string>();
  registered.set(doc, names);
  if (!names.has(run.font)) {
    doc.registerFont(run.font, fontOf(run.style, run.family) as unknown as FontSource);
    names.add(run.font);
  }
  return doc.font(run.font);
}

/** Characters that take the font of the text around them: spaces, marks, joiners, variation selectors. */
const NEUTRAL = /^(?:\s|\p{M}|\u200c|\u200d|[\ufe00-\ufe0f])$/u;

/** Which family prints a character: the first with a glyph for it, else the first (a missing glyph, as before). */
function familyOf(style: Style, ch: string): number {
  const cp = ch.codePointAt(0) ?? 0;
  for (let f = 0; f < FAMILIES.length; f++) if (fontOf(style, f).hasGlyphForCodePoint(cp)) return f;
  return 0;
}

export interface Run {
  /** The registered name: fontName(style, family). */
  font: string;
  style: Style;
  family: number;
  text: string;
}

/** The text cut into runs of one font each: one run, in the first font, for text DejaVu covers whole. */
export function runsOf(text: string, style: Style): Run[] {
  const runs: Run[] = [];
  let family = -1;
  let current = '';
  for (const ch of text) {
    const f = NEUTRAL.test(ch) && family >= 0 ? family : familyOf(style, ch);
    if (f !== family && current) {
      runs.push({ font: fontName(style, family), style, family, text: current });
      current = '';
    }
    family = f;
    current += ch;
  }
  if (current || !runs.length) {
    const f = Math.max(family, 0);
    runs.push({ font: fontName(style, f), style, family: f, text: current });
  }
  return runs;
}
