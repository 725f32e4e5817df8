import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';

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

export async function exportRows(rows: Record<string, unknown>[], format: ExportFormat): Promise<Buffer> {
  const columns = rows[0] ? Object.keys(rows[0]) : [];
  const table = rows.map((r) => columns.map((c) => cell(r[c])));
  if (format === 'csv') return Buffer.from(stringify([columns, ...table.map((row) => row.map(csvCell))]));
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Export');
  sheet.addRow(columns);
  for (const row of table) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

export const EXPORT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
