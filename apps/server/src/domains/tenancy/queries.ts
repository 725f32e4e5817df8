import type { AdminCompanyRow } from '@portal/contract/companies/admin-company-list';
import type { CompanyState } from '@portal/contract/shared/fields';
import { type SQL, type SQLWrapper, and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../platform/db.ts';
import { companies, companyEvents, companyStateCounts } from './tables.ts';

export type CompanyRow = typeof companies.$inferSelect;
export type NewCompany = typeof companies.$inferInsert;

export async function findCompany(db: Database, id: number): Promise<CompanyRow | null> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  return row ?? null;
}

/**
 * The company, locked until the transaction ends: a call that reads it to decide a change waits here for
 * any other such call, and then reads what that one committed. (NO KEY UPDATE, so rows that only point
 * at the company, such as events and sessions, can still be added meanwhile.)
 */
export async function lockCompany(db: Database, id: number): Promise<CompanyRow | null> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1).for('no key update');
  return row ?? null;
}

export async function insertCompanies(db: Database, rows: NewCompany[]): Promise<CompanyRow[]> {
  if (!rows.length) return [];
  return db.insert(companies).values(rows).returning();
}

export async function countCompanies(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(companies);
  return row?.n ?? 0;
}

export async function insertEvent(db: Database, event: typeof companyEvents.$inferInsert): Promise<void> {
  await db.insert(companyEvents).values(event);
}

const ORDER_COLUMNS = {
  company_name: companies.company_name,
  id: companies.id,
  created_at: companies.created_at,
  current_state: companies.current_state,
  country: companies.country,
  email: companies.primary_email,
} as const;

export interface CompanyListQuery {
  states: readonly CompanyState[];
  /** Matches in the name, any user's email, or the id; a subquery of company ids for emails. */
  search: { pattern: string; id: number | null; emailCompanyIds: SQL } | null;
  order: keyof typeof ORDER_COLUMNS;
  direction: 'asc' | 'desc';
  limit: number;
  offset: number;
  /**
   * The users of a company as a JSON column: the users domain (above this one) supplies the
   * subquery, so the page stays one query.
   */
  usersOf: (companyId: SQLWrapper) => SQL<AdminCompanyRow['users']>;
}

function searchCondition(search: CompanyListQuery['search']): SQL | undefined {
  if (!search) return undefined;
  return or(
    sql`${companies.company_name} ilike ${search.pattern}`,
    sql`${companies.id} = any(array(${search.emailCompanyIds}))`,
    search.id === null ? undefined : eq(companies.id, search.id),
  );
}

/** Counts per state for the tabs: the trigger-kept totals without a search, one GROUP BY over the matches with one. */
export async function countCompaniesByState(db: Database, search: CompanyListQuery['search']) {
  if (!search) return db.select({ state: companyStateCounts.state, n: companyStateCounts.n }).from(companyStateCounts);
  return db
    .select({ state: companies.current_state, n: sql<number>`count(*)::int` })
    .from(companies)
    .where(searchCondition(search))
    .groupBy(companies.current_state);
}

const distributor = alias(companies, 'distributor');

/** The ids of one page of search matches, in order. */
async function searchPageIds(db: Database, q: CompanyListQuery, search: NonNullable<CompanyListQuery['search']>): Promise<number[]> {
  const dir = q.direction === 'asc' ? asc : desc;
  // OFFSET 0 fences the matches: they come from the trigram and primary-key bitmaps and are top-N
  // sorted, instead of walking an ordered index that may reach them only near its end.
  // (Drizzle drops .offset(0); an SQL chunk keeps the fence.)
  const matches = db
    .select({ id: companies.id, sort_key: sql`${ORDER_COLUMNS[q.order]}`.as('sort_key') })
    .from(companies)
    .where(and(inArray(companies.current_state, [...q.states]), searchCondition(search)))
    .offset(sql`0` as unknown as number)
    .as('m');
  const rows = await db
    .select({ id: matches.id })
    .from(matches)
    .orderBy(dir(matches.sort_key), dir(matches.id))
    .limit(q.limit)
    .offset(q.offset);
  return rows.map((r) => r.id);
}

/**
 * The page query, prepared once per database handle and shape (order, direction, by state or by
 * ids): the list is the busiest read of the admin dashboard, and building its SQL each time cost
 * more than running it.
 */
function preparePage(
  db: Database,
  order: CompanyListQuery['order'],
  direction: 'asc' | 'desc',
  byIds: boolean,
  usersOf: CompanyListQuery['usersOf'],
) {
  const dir = direction === 'asc' ? asc : desc;
  return (
    db
      .select({
        id: companies.id,
        company_name: companies.company_name,
        company_type: companies.company_type,
        country: companies.country,
        phone_number: companies.phone_number,
        current_state: companies.current_state,
        current_state_applied_at: companies.current_state_applied_at,
        created_at: companies.created_at,
        distributor_id: companies.distributor_id,
        distributor_name: distributor.company_name,
        is_vip: companies.is_vip,
        is_partner_company: companies.is_partner_company,
        is_internal_comet_company: companies.is_internal_comet_company,
        users: usersOf(companies.id),
      })
      .from(companies)
      .leftJoin(distributor, eq(distributor.id, companies.distributor_id))
      // Lists travel as one comma-separated text parameter: drivers disagree on binding arrays to prepared statements.
      .where(
        byIds
          ? sql`${companies.id} = any(string_to_array(${sql.placeholder('ids')}, ',')::int[])`
          : sql`${companies.current_state} = any(string_to_array(${sql.placeholder('states')}, ',')::company_state[])`,
      )
      .orderBy(dir(ORDER_COLUMNS[order]), dir(companies.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`company_page_${order}_${direction}_${byIds ? 'ids' : 'states'}`)
  );
}

const preparedPages = new WeakMap<Database, Map<string, ReturnType<typeof preparePage>>>();

export async function listCompanies(db: Database, q: CompanyListQuery) {
  const byIds = q.search !== null;
  const key = `${q.order}:${q.direction}:${byIds}`;
  const forDb = preparedPages.get(db) ?? new Map<string, ReturnType<typeof preparePage>>();
  preparedPages.set(db, forDb);
  let page = forDb.get(key);
  if (!page) {
    page = preparePage(db, q.order, q.direction, byIds, q.usersOf);
    forDb.set(key, page);
  }
  if (q.search) return page.execute({ ids: (await searchPageIds(db, q, q.search)).join(','), limit: q.limit, offset: 0 });
  return page.execute({ states: q.states.join(','), limit: q.limit, offset: q.offset });
}

export async function updateCompany(db: Database, id: number, changes: Partial<NewCompany>): Promise<void> {
  if (Object.keys(changes).length) await db.update(companies).set(changes).where(eq(companies.id, id));
}

/**
 * Companies in a state whose deadline has passed, oldest first, a batch at a time, for a scheduled job:
 * locked as lockCompany locks, skipping rows another node's job or a call already holds.
 */
function lockDue(db: Database, state: CompanyState, deadline: AnyPgColumn, before: Date) {
  return db
    .select()
    .from(companies)
    .where(and(eq(companies.current_state, state), sql`${deadline} <= ${before}`))
    .orderBy(deadline)
    .limit(500)
    .for('no key update', { skipLocked: true });
}

export const lockExpiredTrials = (db: Database, now: Date) => lockDue(db, 'TRIAL', companies.trial_expires_at, now);

export const lockPendingDeletesBefore = (db: Database, appliedBefore: Date) =>
  lockDue(db, 'PENDING_DELETE', companies.current_state_applied_at, appliedBefore);

/** Companies not deleted or migrated: the ones distributor pickers and sub-account lists show. */
const LIVE_STATES: CompanyState[] = ['TRIAL', 'ACTIVE', 'SUSPENDED', 'PENDING_DELETE'];

export async function listDistributorCompanies(db: Database) {
  return db
    .select({ id: companies.id, company_name: companies.company_name })
    .from(companies)
    .where(and(eq(companies.company_type, 'distributor'), inArray(companies.current_state, LIVE_STATES)))
    .orderBy(companies.company_name);
}

export async function countEvents(db: Database, companyId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(companyEvents).where(eq(companyEvents.company_id, companyId));
  return row?.n ?? 0;
}

export async function pageEvents(db: Database, companyId: number, direction: 'asc' | 'desc', limit: number, offset: number) {
  const dir = direction === 'asc' ? asc : desc;
  return db
    .select({ timestamp: companyEvents.created_at, actor: companyEvents.actor, event: companyEvents.event })
    .from(companyEvents)
    .where(eq(companyEvents.company_id, companyId))
    .orderBy(dir(companyEvents.created_at), dir(companyEvents.id))
    .limit(limit)
    .offset(offset);
}

const SUB_ACCOUNT_ORDER = {
  company_name: companies.company_name,
  id: companies.id,
  created_at: companies.created_at,
  current_state: companies.current_state,
  trial_expires_at: companies.trial_expires_at,
} as const;

export async function listSubAccounts(
  db: Database,
  q: {
    distributorId: number;
    trialOnly: boolean;
    pattern: string | null;
    order: keyof typeof SUB_ACCOUNT_ORDER;
    direction: 'asc' | 'desc';
    limit: number;
    offset: number;
  },
) {
  const dir = q.direction === 'asc' ? asc : desc;
  const mine = eq(companies.distributor_id, q.distributorId);
  const visible = inArray(companies.current_state, q.trialOnly ? ['TRIAL'] : LIVE_STATES);
  const search = q.pattern
    ? or(sql`${companies.company_name} ilike ${q.pattern}`, sql`${companies.primary_email} ilike ${q.pattern}`)
    : undefined;
  const where = and(mine, visible, search);
  const [rows, [count], [trials]] = await Promise.all([
    db
      .select({
        id: companies.id,
        company_name: companies.company_name,
        current_state: companies.current_state,
        plan_id: companies.plan_id,
        trial_expires_at: companies.trial_expires_at,
        trial_extension: companies.trial_extension_days,
        created_at: companies.created_at,
        primary_email: companies.primary_email,
        custom_metadata_1: companies.custom_metadata_1,
        custom_metadata_2: companies.custom_metadata_2,
        custom_metadata_3: companies.custom_metadata_3,
      })
      .from(companies)
      .where(where)
      .orderBy(dir(SUB_ACCOUNT_ORDER[q.order]), dir(companies.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(companies).where(where),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(companies)
      .where(and(mine, eq(companies.current_state, 'TRIAL'), search)),
  ]);
  return { rows, total: count?.n ?? 0, trial_count: trials?.n ?? 0 };
}

/** Live sub-accounts of a distributor per region. */
export async function countSubAccountsByRegion(db: Database, distributorId: number) {
  const rows = await db
    .select({ code: companies.region_code, n: sql<number>`count(*)::int` })
    .from(companies)
    .where(and(eq(companies.distributor_id, distributorId), inArray(companies.current_state, LIVE_STATES)))
    .groupBy(companies.region_code);
  return new Map(rows.map((r) => [r.code, r.n]));
}
