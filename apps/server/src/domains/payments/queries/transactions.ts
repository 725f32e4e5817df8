/**
 * The customer's bill: successful card charges (top-ups and paid invoices) and admins' credit entries,
 * newest first. Packs are read through billing's `billing_bill_packs` view.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db.ts';

const rowsOf = <R>(result: unknown) => (result as { rows: R[] }).rows;

export interface BillRow {
  /** `c<n>` a card charge, `p<n>` an admin's credit entry. */
  id: string;
  created_at: Date;
  item: string;
  amount: number;
  charged_amount: number;
  invoice_id: number | null;
  card_id: number | null;
}

interface RawBillRow {
  id: string;
  created_at: Date | string;
  item: string;
  amount: string | number;
  charged_amount: string | number;
  invoice_id: number | null;
  card_id: string | number | null;
}

const toRow = (r: RawBillRow): BillRow => ({
  id: r.id,
  created_at: new Date(r.created_at),
  item: r.item,
  amount: Number(r.amount),
  charged_amount: Number(r.charged_amount),
  invoice_id: r.invoice_id === null ? null : Number(r.invoice_id),
  card_id: r.card_id === null ? null : Number(r.card_id),
});

const charges = (companyId: number, cardId: number | null) => sql`
  select 'c' || ct.id as id, ct.created_at, ct.item, coalesce(p.amount, 0) as amount, ct.charged_amount,
         ct.invoice_id, ct.card_id
  from card_transactions ct left join billing_bill_packs p on p.id = ct.credit_pack_id
  where ct.company_id = ${companyId} and ct.kind = 'charge' and ct.success
    ${cardId === null ? sql`` : sql`and ct.card_id = ${cardId}`}`;

const adminEntries = (companyId: number) => sql`
  select 'p' || id as id, purchase_date as created_at, name as item, amount, cost as charged_amount,
         null::integer as invoice_id, null::bigint as card_id
  from billing_bill_packs
  where company_id = ${companyId} and source = 'admin' and creates_billing_entry`;

/**
 * A page of the bill. Each branch reads its own partial index in page order and stops at the page's end
 * (offset + limit rows), the union is cut to the page, and only then are the page's purchases joined to the
 * packs they bought: a page never touches the company's whole history. Ties in time sort by source and id,
 * the same in the branches and the union. A card filter leaves admin entries out (they used no card).
 */
export async function pageBill(db: Database, companyId: number, o: { limit: number; offset: number; cardId: number | null }) {
  const end = o.offset + o.limit;
  const card = o.cardId === null ? sql`` : sql`and ct.card_id = ${o.cardId}`;
  const chargeRows = sql`(select 'c' as src, ct.id as n, ct.created_at, ct.item, ct.credit_pack_id, null::bigint as amount,
      ct.charged_amount, ct.invoice_id, ct.card_id
    from card_transactions ct
    where ct.company_id = ${companyId} and ct.kind = 'charge' and ct.success ${card}
    order by ct.created_at desc, ct.id desc limit ${end})`;
  const entryRows = sql`(select 'p' as src, id as n, purchase_date as created_at, name as item, null::bigint as credit_pack_id,
      amount, cost as charged_amount, null::integer as invoice_id, null::bigint as card_id
    from billing_bill_packs
    where company_id = ${companyId} and source = 'admin' and creates_billing_entry
    order by purchase_date desc, id desc limit ${end})`;
  const union = o.cardId === null ? sql`${chargeRows} union all ${entryRows}` : chargeRows;
  const page = db.execute(sql`
      select b.src || b.n as id, b.created_at, b.item, coalesce(b.amount, p.amount, 0) as amount, b.charged_amount,
             b.invoice_id, b.card_id
      from (select * from (${union}) u order by created_at desc, src, n desc limit ${o.limit} offset ${o.offset}) b
      left join billing_bill_packs p on p.id = b.credit_pack_id
      order by b.created_at desc, b.src, b.n desc`);
  const chargeCount = sql`(select count(*) from card_transactions ct
    where ct.company_id = ${companyId} and ct.kind = 'charge' and ct.success ${card})`;
  const entryCount = sql`(select count(*) from billing_bill_packs
    where company_id = ${companyId} and source = 'admin' and creates_billing_entry)`;
  const counted = o.cardId === null ? sql`select ${chargeCount} + ${entryCount} as n` : sql`select ${chargeCount} as n`;
  // Side by side: a read-only call's statements may use two of the pool's connections.
  const [pageResult, countResult] = await Promise.all([page, db.execute(counted)]);
  const rows = rowsOf<RawBillRow>(pageResult);
  const total = Number(rowsOf<{ n: string | number }>(countResult)[0]?.n ?? 0);
  return { rows: rows.map(toRow), total };
}

/** The row id a bill line's id names, or null for text that names none. */
function rowIdOf(id: string): number | null {
  if (!/^[cp][1-9][0-9]{0,17}$/.test(id)) return null;
  const n = Number(id.slice(1));
  return Number.isSafeInteger(n) ? n : null;
}

/** One line of a company's bill, by its id. */
export async function findBillRow(db: Database, companyId: number, id: string): Promise<BillRow | null> {
  const n = rowIdOf(id);
  if (n === null) return null;
  const source = id.startsWith('c') ? sql`${charges(companyId, null)} and ct.id = ${n}` : sql`${adminEntries(companyId)} and id = ${n}`;
  const [row] = rowsOf<RawBillRow>(await db.execute(source));
  return row ? toRow(row) : null;
}

/** The company a line of the bill belongs to, whoever asks (admins open any company's receipts). */
export async function billRowCompany(db: Database, id: string): Promise<number | null> {
  const n = rowIdOf(id);
  if (n === null) return null;
  const q = id.startsWith('c')
    ? sql`select company_id from card_transactions where id = ${n} and kind = 'charge' and success`
    : sql`select company_id from billing_bill_packs where id = ${n} and source = 'admin' and creates_billing_entry`;
  const [row] = rowsOf<{ company_id: number }>(await db.execute(q));
  return row ? Number(row.company_id) : null;
}
