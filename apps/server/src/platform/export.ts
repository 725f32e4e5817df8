import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import { displayWallClock } from './display-time.ts';

export type ExportFormat = 'csv' | 'xlsx';

/** Flattens list rows into text cells: nested users become their emails, related companies their names. */
export function cell(value: unknown): string | number | boolean {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((v) => String(cell(v))).join(', ');
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    for (const key of ['email', 'company_name', 'name']) if (typeof o[key] === 'string') return o[key] as string;
    return JSON.stringify(value);
  }
  return String(value);
}

/** What a spreadsheet takes for the start of a formula (OWASP's list for CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A CSV cell holds only text, so a spreadsheet opening the file would run a company named
 * `=HYPERLINK(...)` as a formula: such text gets a leading apostrophe, which shows it as text.
 * Numbers stay numbers (a negative one is no formula); Excel files store text as text already.
 */
export function csvCell(value: string | number | boolean): string | number | boolean {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

/** Words a header spells in capitals. */
const ACRONYMS: Record<string, string> = { id: 'ID', ip: 'IP', url: 'URL', vip: 'VIP', usd: 'USD' };

/**
 * An Excel file is read by people, a CSV by scripts (docs/decisions/0083): the spreadsheet's header is the
 * column's name in words ("amount_used_cents" -> "Amount used", "is_vip" -> "VIP", "created_at" -> "Created"),
 * while the CSV keeps the machine name.
 */
export function columnHeader(column: string): string {
  const words = column.split('_').filter(Boolean);
  if (words.length > 1 && words[0] === 'is') words.shift();
  if (words.length > 1 && (words.at(-1) === 'cents' || words.at(-1) === 'at')) words.pop();
  const text = words.map((w) => ACRONYMS[w] ?? w).join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const MONEY_FORMAT = '"$"#,##0.00;-"$"#,##0.00';
const DAY_FORMAT = 'yyyy-mm-dd';
const TIME_FORMAT = 'yyyy-mm-dd hh:mm';

export interface SheetCell {
  value: string | number | Date;
  numFmt?: string;
}

/**
 * One value as a spreadsheet cell people can sum and sort: cents (a `_cents` column) become dollars in a
 * currency format, days and timestamps become dates, booleans Yes or No; anything else as `cell` flattens it.
 */
export function sheetCell(column: string, value: unknown): SheetCell {
  if (typeof value === 'boolean') return { value: value ? 'Yes' : 'No' };
  if (typeof value === 'number' && column.endsWith('_cents')) return { value: value / 100, numFmt: MONEY_FORMAT };
  if (value instanceof Date) return { value: displayWallClock(value), numFmt: TIME_FORMAT };
  if (typeof value === 'string' && DAY.test(value)) return { value: new Date(`${value}T00:00:00Z`), numFmt: DAY_FORMAT };
  if (typeof value === 'string' && TIMESTAMP.test(value)) return { value: displayWallClock(new Date(value)), numFmt: TIME_FORMAT };
  return { value: cell(value) as string | number };
}

/** A new sheet's options: the header row stays in view while the rows scroll. */
export const SHEET_OPTIONS: Partial<ExcelJS.AddWorksheetOptions> = { views: [{ state: 'frozen', ySplit: 1 }] };

/** Adds the header row of a sheet: words, bold, columns wide enough to read. */
export function addSheetHeader(sheet: ExcelJS.Worksheet, columns: readonly string[]): ExcelJS.Row {
  const headers = columns.map(columnHeader);
  sheet.columns = headers.map((header) => ({ width: Math.min(40, Math.max(12, header.length + 2)) }));
  const row = sheet.addRow(headers);
  row.font = { bold: true };
  return row;
}

/** Adds one data row of a sheet, each value typed by `sheetCell`. */
export function addSheetRow(sheet: ExcelJS.Worksheet, columns: readonly string[], get: (column: string) => unknown): ExcelJS.Row {
  const cells = columns.map((c) => sheetCell(c, get(c)));
  const row = sheet.addRow(cells.map((c) => c.value));
  cells.forEach((c, i) => {
    if (c.numFmt) row.getCell(i + 1).numFmt = c.numFmt;
  });
  return row;
}

export async function exportRows(rows: Record<string, unknown>[], format: ExportFormat): Promise<Buffer> {
  const columns = rows[0] ? Object.keys(rows[0]) : [];
  if (format === 'csv') {
    const table = rows.map((r) => columns.map((c) => csvCell(cell(r[c]))));
    return Buffer.from(stringify([columns, ...table]));
  }
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Export', SHEET_OPTIONS);
  addSheetHeader(sheet, columns);
  for (const row of rows) addSheetRow(sheet, columns, (c) => row[c]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

export const EXPORT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
