/**
 * The customer's bill: successful card charges (top-ups and paid invoices) and admins' credit entries,
 * newest first. Packs are read through billing's `billing_bill_packs` view.
 */
import { sql } from 'drizzle-orm';
import { type Database, preparedPerHandle, rowsOf } from '../../../platform/db.ts';

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

interface RawPageRow extends Omit<RawBillRow, 'id'> {
  id: string | null;
  total: string | number;
}

/**
 * A page of the bill and its total in one prepared statement (issue 12: the list's round trips and query building
 * were most of its cost beside the bare SQL). Each source is read from its partial index in page order and cut at
 * the page's end (offset + limit rows), the union is cut to the page, and only then are the page's purchases joined
 * to the packs they bought: a page never touches the company's whole history. Ties in time sort by source and id,
 * the same in the branches and the union. A card filter leaves admin entries out (they used no card): `card` null
 * lists every line, and the admin branch's `card is null` is a one-time filter, decided once per execution.
 * The count is the one-row side of a lateral join, so a page past the end still answers the total.
 */
function preparePage(db: Database) {
  const company = sql.placeholder('company');
  const card = sql`${sql.placeholder('card')}::bigint`;
  const end = sql.placeholder('end');
  const chargeWhere = sql`ct.company_id = ${company} and ct.kind = 'charge' and ct.success and (${card} is null or ct.card_id = ${card})`;
  const entryWhere = sql`company_id = ${company} and source = 'admin' and creates_billing_entry and ${card} is null`;
  const page = sql`select b.src, b.n, b.src || b.n as id, b.created_at, b.item, coalesce(b.amount, p.amount, 0) as amount, b.charged_amount,
        b.invoice_id, b.card_id
      from (select * from (
          (select 'c' as src, ct.id as n, ct.created_at, ct.item, ct.credit_pack_id, null::bigint as amount, ct.charged_amount,
             ct.invoice_id, ct.card_id
           from card_transactions ct where ${chargeWhere}
           order by ct.created_at desc, ct.id desc limit ${end})
          union all
          (select 'p' as src, id as n, purchase_date as created_at, name as item, null::bigint as credit_pack_id, amount,
             cost as charged_amount, null::integer as invoice_id, null::bigint as card_id
           from billing_bill_packs where ${entryWhere}
           order by purchase_date desc, id desc limit ${end})
        ) u order by created_at desc, src, n desc limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}) b
      left join billing_bill_packs p on p.id = b.credit_pack_id`;
  const total = sql`select (select count(*) from card_transactions ct where ${chargeWhere})
      + (select count(*) from billing_bill_packs where ${entryWhere}) as n`;
  return db
    .select({
      id: sql<string | null>`pg.id`,
      created_at: sql<Date | string>`pg.created_at`,
      item: sql<string>`pg.item`,
      amount: sql<string | number>`pg.amount`,
      charged_amount: sql<string | number>`pg.charged_amount`,
      invoice_id: sql<number | null>`pg.invoice_id`,
      card_id: sql<string | number | null>`pg.card_id`,
      total: sql<string | number>`t.n`,
    })
    .from(sql`(${total}) t left join lateral (${page}) pg on true`)
    .orderBy(sql`pg.created_at desc, pg.src, pg.n desc`)
    .prepare('bill_page');
}

/** The bill is /mybill's one read. */
const billPage = preparedPerHandle(preparePage);

/** A page of the bill with the number of lines in it (see preparePage). */
export async function pageBill(db: Database, companyId: number, o: { limit: number; offset: number; cardId: number | null }) {
  const found = (await billPage(db).execute({
    company: companyId,
    card: o.cardId,
    end: o.offset + o.limit,
    limit: o.limit,
    offset: o.offset,
  })) as RawPageRow[];
  const total = Number(found[0]?.total ?? 0);
  const rows = found.filter((r): r is RawPageRow & { id: string } => r.id !== null);
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
