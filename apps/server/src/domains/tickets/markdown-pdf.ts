import type MarkdownIt from 'markdown-it';
import { markdown } from '../../platform/markdown.ts';

/**
 * A comment's markdown written into a PDF as the ticket page shows it (the portal's one parser,
 * platform/markdown.ts): bold and italic runs, code in a fixed-width font, headings, lists, quotes and code blocks,
 * links as their text followed by the address. Raw HTML stays text, as on the page.
 */
type Token = ReturnType<InstanceType<typeof MarkdownIt>['parse']>[number];
type Font = 'body' | 'bold' | 'italic' | 'mono';

interface Run {
  text: string;
  font: Font;
  link?: string;
}

const LINK_COLOUR = '#1f4fa3';
const CODE_COLOUR = '#333333';
const INDENT = 14;
const HEADING_SIZES: Record<string, number> = { h1: 14, h2: 13, h3: 12 };

/** The inline runs of a paragraph, heading or cell. */
export function runsOf(children: readonly Token[]): Run[] {
  const runs: Run[] = [];
  let bold = 0;
  let italic = 0;
  let link: { href: string; text: string } | null = null;
  const font = (): Font => (bold ? 'bold' : italic ? 'italic' : 'body');
  const push = (text: string, f: Font) => {
    if (!text) return;
    runs.push(link ? { text, font: f, link: link.href } : { text, font: f });
    if (link) link.text += text;
  };
  for (const t of children) {
    if (t.type === 'text') push(t.content, font());
    else if (t.type === 'code_inline') push(t.content, 'mono');
    else if (t.type === 'strong_open') bold++;
    else if (t.type === 'strong_close') bold--;
    else if (t.type === 'em_open') italic++;
    else if (t.type === 'em_close') italic--;
    else if (t.type === 'softbreak' || t.type === 'hardbreak') push('\n', font());
    else if (t.type === 'image') push(t.content || String(t.attrGet('src') ?? ''), font());
    else if (t.type === 'link_open') link = { href: String(t.attrGet('href') ?? ''), text: '' };
    else if (t.type === 'link_close' && link) {
      const { href, text } = link;
      link = null;
      // A bare address reads as itself; named links keep the address beside their text, as paper has no hover.
      if (text !== href && `mailto:${text}` !== href) push(` (${href})`, font());
    }
  }
  return runs;
}

/** Writes runs as one block at `x`: each run continues the line of the one before. */
function writeRuns(doc: PDFKit.PDFDocument, runs: Run[], x: number, width: number, size: number) {
  runs.forEach((run, i) => {
    doc
      .font(run.font)
      .fontSize(size)
      .fillColor(run.link ? LINK_COLOUR : 'black');
    const options = { width, continued: i < runs.length - 1, underline: Boolean(run.link), ...(run.link ? { link: run.link } : {}) };
    if (i === 0) doc.text(run.text, x, undefined, options);
    else doc.text(run.text, options);
  });
  doc.font('body').fontSize(10).fillColor('black');
}

export function writeMarkdown(doc: PDFKit.PDFDocument, text: string, area: { x: number; width: number }) {
  const lists: { ordered: boolean; n: number }[] = [];
  let quote = 0;
  let heading = '';
  let marker = '';
  let row: string[] | null = null;
  const indent = () => INDENT * (lists.length + quote);
  for (const t of markdown.parse(text, {})) {
    switch (t.type) {
      case 'heading_open':
        heading = t.tag;
        break;
      case 'heading_close':
        heading = '';
        doc.moveDown(0.3);
        break;
      case 'bullet_list_open':
        lists.push({ ordered: false, n: 0 });
        break;
      case 'ordered_list_open':
        lists.push({ ordered: true, n: Number(t.attrGet('start') ?? 1) - 1 });
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        lists.pop();
        if (!lists.length) doc.moveDown(0.3);
        break;
      case 'list_item_open': {
        const list = lists.at(-1);
        if (list) marker = list.ordered ? `${++list.n}. ` : '• ';
        break;
      }
      case 'blockquote_open':
        quote++;
        break;
      case 'blockquote_close':
        quote--;
        break;
      case 'tr_open':
        row = [];
        break;
      case 'tr_close':
        if (row) writeRuns(doc, [{ text: row.join('  |  '), font: 'body' }], area.x + indent(), area.width - indent(), 10);
        row = null;
        break;
      case 'paragraph_close':
        if (!t.hidden) doc.moveDown(0.3);
        break;
      case 'hr': {
        const y = doc.y + 4;
        doc
          .moveTo(area.x, y)
          .lineTo(area.x + area.width, y)
          .strokeColor('#999999')
          .stroke();
        doc.y = y + 6;
        break;
      }
      case 'fence':
      case 'code_block':
        doc.font('mono').fontSize(9).fillColor(CODE_COLOUR);
        doc.text(t.content.replace(/\n$/, ''), area.x + indent() + INDENT / 2, undefined, { width: area.width - indent() - INDENT / 2 });
        doc.font('body').fontSize(10).fillColor('black').moveDown(0.3);
        break;
      case 'inline': {
        const runs = runsOf(t.children ?? []);
        if (row) {
          row.push(runs.map((r) => r.text).join(''));
          break;
        }
        if (marker) runs.unshift({ text: marker, font: 'body' });
        marker = '';
        const size = heading ? (HEADING_SIZES[heading] ?? 11) : 10;
        const styled = heading ? runs.map((r) => ({ ...r, font: r.font === 'mono' ? r.font : ('bold' as const) })) : runs;
        if (styled.length) writeRuns(doc, styled, area.x + indent(), area.width - indent(), size);
        break;
      }
    }
  }
}
