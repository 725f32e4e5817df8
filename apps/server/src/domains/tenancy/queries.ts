import type { AdminCompanyRow } from '@portal/contract/companies/admin-company-list';
import type { CompanyState } from '@portal/contract/shared/fields';
import { type SQL, type SQLWrapper, and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import { type Database, preparedPerHandle, preparedVariants, rowsOf } from '../../platform/db.ts';
import { companies, companyEvents, companyStateChanges, companyStateCounts } from './tables.ts';

export type CompanyRow = typeof companies.$inferSelect;
export type NewCompany = typeof companies.$inferInsert;

/** Nearly every call reads its company (requireCompany). */
const companyById = preparedPerHandle((db) =>
  db
    .select()
    .from(companies)
    .where(eq(companies.id, sql.placeholder('id')))
    .limit(1)
    .prepare('company_by_id'),
);

export async function findCompany(db: Database, id: number): Promise<CompanyRow | null> {
  const [row] = await companyById(db).execute({ id });
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

/**
 * The change that suspended the company: its latest move to SUSPENDED, other than a return from PENDING_DELETE
 * (reactivating resumes the suspension the delete interrupted, whose reason stands).
 */
export async function lastSuspension(db: Database, companyId: number): Promise<{ reason: string; created_at: Date } | null> {
  const [row] = await db
    .select({ reason: companyStateChanges.reason, created_at: companyStateChanges.created_at })
    .from(companyStateChanges)
    .where(
      and(
        eq(companyStateChanges.company_id, companyId),
        eq(companyStateChanges.to_state, 'SUSPENDED'),
        sql`${companyStateChanges.from_state} is distinct from 'PENDING_DELETE'`,
      ),
    )
    .orderBy(desc(companyStateChanges.created_at), desc(companyStateChanges.id))
    .limit(1);
  return row ?? null;
}

export async function insertCompanies(db: Database, rows: NewCompany[]): Promise<CompanyRow[]> {
  if (!rows.length) return [];
  return db.insert(companies).values(rows).returning();
}

/**
 * The reason the company_state_changes trigger (migration 0037) records for the state changes and new
 * companies the rest of this transaction writes; transaction-local, so it never reaches another call.
 */
export async function noteStateReason(db: Database, reason: string): Promise<void> {
  await db.execute(sql`select set_config('portal.state_reason', ${reason}, true)`);
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

/**
 * Matches in the name, any user's email, or the id. `= any(array(...))` lets a selective search OR the
 * email matches' ids into the trigram bitmap by primary key; but the array is searched row by row, so a
 * dense search (past the cap: most emails match) takes the ids as a hashed IN instead.
 */
function searchCondition(search: CompanyListQuery['search'], dense = false): SQL | undefined {
  if (!search) return undefined;
  return or(
    sql`${companies.company_name} ilike ${search.pattern}`,
    dense ? sql`${companies.id} in (${search.emailCompanyIds})` : sql`${companies.id} = any(array(${search.emailCompanyIds}))`,
    search.id === null ? undefined : eq(companies.id, search.id),
  );
}

/** The counts per state for the tabs without a search: the trigger-kept totals. */
export async function countCompaniesByState(db: Database) {
  return db.select({ state: companyStateCounts.state, n: companyStateCounts.n }).from(companyStateCounts);
}

/**
 * A search counts at most this many matches exactly; past it the answer says so (total_capped) and
 * the counts stop here, so a short or common search costs no more than this many matches.
 */
export const SEARCH_COUNT_CAP = 10_000;

const distributor = alias(companies, 'distributor');

/** States as one text parameter (see preparePage). */
const statesParam = (states: readonly CompanyState[]) => sql`string_to_array(${states.join(',')}, ',')::company_state[]`;

/**
 * One scan of the search matches (at most SEARCH_COUNT_CAP + 1 of them) gives both the counts per
 * state and the ids of the page, in order: the matches come from the trigram and primary-key
 * bitmaps and are top-N sorted, instead of walking an ordered index that may reach them only near
 * its end. MATERIALIZED keeps the scan to one for the two uses.
 */
async function searchOnce(db: Database, q: CompanyListQuery, search: NonNullable<CompanyListQuery['search']>) {
  const dir = sql.raw(q.direction);
  const result = await db.execute<{ counts: Record<string, number> | null; ids: number[] | null }>(sql`
    with m as materialized (
      select ${companies.id} as id, ${companies.current_state} as state, ${ORDER_COLUMNS[q.order]} as k
      from ${companies} where ${searchCondition(search)} limit ${SEARCH_COUNT_CAP + 1}
    )
    select
      (select json_object_agg(state, n) from (select state, count(*)::int as n from m group by state) c) as counts,
      array_to_json(array(
        select id from m where state = any(${statesParam(q.states)})
        order by k ${dir}, id ${dir} limit ${q.limit} offset ${q.offset}
      )) as ids`);
  const [row] = rowsOf<{ counts: Record<string, number> | null; ids: number[] | null }>(result);
  return { counts: row?.counts ?? {}, ids: row?.ids ?? [] };
}

/**
 * Past the cap (a short or common search): each state's matches are counted up to the cap, and the
 * page walks the ordered index, which finds dense matches early.
 */
async function searchDense(db: Database, q: CompanyListQuery, search: NonNullable<CompanyListQuery['search']>) {
  const dir = q.direction === 'asc' ? asc : desc;
  const [counts, page] = await Promise.all([
    db.execute<{ state: CompanyState; n: number }>(sql`
      select s.state, (
        select count(*)::int from (
          select 1 from ${companies} where ${companies.current_state} = s.state and ${searchCondition(search, true)}
          limit ${SEARCH_COUNT_CAP + 1}
        ) x
      ) as n
      from unnest(enum_range(null::company_state)) as s(state)`),
    db
      .select({ id: companies.id })
      .from(companies)
      .where(and(sql`${companies.current_state} = any(${statesParam(q.states)})`, searchCondition(search, true)))
      .orderBy(dir(ORDER_COLUMNS[q.order]), dir(companies.id))
      .limit(q.limit)
      .offset(q.offset),
  ]);
  return {
    counts: Object.fromEntries(rowsOf<{ state: CompanyState; n: number }>(counts).map((r) => [r.state, r.n])),
    ids: page.map((r) => r.id),
  };
}

/**
 * A page of search matches with the counts per state of every match; a count over SEARCH_COUNT_CAP
 * is SEARCH_COUNT_CAP + 1 (capped), the caller says so.
 */
export async function searchCompanies(db: Database, q: CompanyListQuery & { search: NonNullable<CompanyListQuery['search']> }) {
  let found = await searchOnce(db, q, q.search);
  const capped = Object.values(found.counts).reduce((a, b) => a + b, 0) > SEARCH_COUNT_CAP;
  if (capped) found = await searchDense(db, q, q.search);
  const rows = await listCompaniesById(db, q, found.ids);
  return { counts: found.counts, rows, capped };
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
  const page = db
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
      is_vip: companies.is_vip,
      is_partner_company: companies.is_partner_company,
      is_internal_comet_company: companies.is_internal_comet_company,
      k: sql`${ORDER_COLUMNS[order]}`.as('k'),
    })
    .from(companies)
    // Lists travel as one comma-separated text parameter: drivers disagree on binding arrays to prepared statements.
    .where(
      byIds
        ? sql`${companies.id} = any(string_to_array(${sql.placeholder('ids')}, ',')::int[])`
        : sql`${companies.current_state} = any(string_to_array(${sql.placeholder('states')}, ',')::company_state[])`,
    )
    .orderBy(dir(ORDER_COLUMNS[order]), dir(companies.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('p');
  const sqlDir = sql.raw(direction);
  const iso = (column: SQLWrapper) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  return db
    .select({
      // The page arrives as the JSON the call answers, built by PostgreSQL in one row: mapping 50 rows
      // field by field in the driver and the ORM cost more than the query (issue 10).
      rows: sql<AdminCompanyRow[]>`coalesce(json_agg(json_build_object(
          'id', ${page.id}, 'company_name', ${page.company_name}, 'company_type', ${page.company_type},
          'country', ${page.country}, 'phone_number', ${page.phone_number}, 'current_state', ${page.current_state},
          'current_state_applied_at', ${iso(page.current_state_applied_at)}, 'created_at', ${iso(page.created_at)},
          'distributor', case when ${page.distributor_id} is null then null
            else json_build_object('id', ${page.distributor_id}, 'company_name', coalesce(${distributor.company_name}, '')) end,
          'users', ${usersOf(page.id)},
          'is_vip', ${page.is_vip}, 'is_partner_company', ${page.is_partner_company},
          'is_internal_comet_company', ${page.is_internal_comet_company}
        ) order by ${page.k} ${sqlDir}, ${page.id} ${sqlDir}), '[]'::json)`,
      // The tabs' counts ride along (one tiny subquery, run once per statement): no second round trip.
      state_counts: byIds
        ? sql<string | null>`null`
        : sql<
            string | null
          >`(select string_agg(${companyStateCounts.state}::text || '=' || ${companyStateCounts.n}, ',') from ${companyStateCounts})`,
    })
    .from(page)
    .leftJoin(distributor, eq(distributor.id, page.distributor_id))
    .prepare(`company_page_${order}_${direction}_${byIds ? 'ids' : 'states'}`);
}

/** Each order, direction and kind of page is a statement of its own. */
const pagesOf = preparedPerHandle(() => new Map<string, ReturnType<typeof preparePage>>());

function preparedPage(db: Database, q: CompanyListQuery, byIds: boolean) {
  const key = `${q.order}:${q.direction}:${byIds}`;
  const forDb = pagesOf(db);
  let page = forDb.get(key);
  if (!page) {
    page = preparePage(db, q.order, q.direction, byIds, q.usersOf);
    forDb.set(key, page);
  }
  return page;
}

/** The companies with these ids (a search's page), in the query's order. */
export async function listCompaniesById(db: Database, q: CompanyListQuery, ids: readonly number[]): Promise<AdminCompanyRow[]> {
  if (!ids.length) return [];
  const [page] = await preparedPage(db, q, true).execute({ ids: ids.join(','), limit: ids.length, offset: 0 });
  return page?.rows ?? [];
}

/** A page of companies in the query's states, with the counts per state for the tabs, in one statement. */
export async function listCompanies(db: Database, q: CompanyListQuery) {
  const [page] = await preparedPage(db, q, false).execute({ states: q.states.join(','), limit: q.limit, offset: q.offset });
  const counts: Record<string, number> = {};
  for (const pair of page?.state_counts?.split(',') ?? []) {
    const [state = '', n = '0'] = pair.split('=');
    counts[state] = Number(n);
  }
  return { rows: page?.rows ?? [], counts };
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

/** Companies still on a plan (Legacy at its deadline), a batch at a time, locked as lockDue locks; gone companies stay as they are. */
export function lockCompaniesOnPlan(db: Database, planId: string) {
  return db
    .select()
    .from(companies)
    .where(and(eq(companies.plan_id, planId), inArray(companies.current_state, ['TRIAL', 'ACTIVE', 'SUSPENDED', 'PENDING_DELETE'])))
    .orderBy(companies.id)
    .limit(500)
    .for('no key update', { skipLocked: true });
}

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

const SUB_ACCOUNT_COLUMNS = {
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
};

/** The states a distributor's tab lists: its trials, or every sub-account that is not closed. */
const subAccountStates = (trialOnly: boolean): CompanyState[] => (trialOnly ? ['TRIAL'] : LIVE_STATES);

/**
 * A page of a distributor's sub-accounts without a search, prepared per order, direction and tab: building it
 * was a fifth of the call's time. The totals ride along as one uncorrelated subquery (run once, an index-only
 * count): one round trip.
 */
function prepareSubAccountPage(db: Database, order: keyof typeof SUB_ACCOUNT_ORDER, direction: 'asc' | 'desc', trialOnly: boolean) {
  const dir = direction === 'asc' ? asc : desc;
  const states = subAccountStates(trialOnly);
  const distributor = sql.placeholder('distributor');
  const c = alias(companies, 'c');
  const totals = sql<string>`(select count(*) || ',' || count(*) filter (where ${c.current_state} = 'TRIAL') from ${companies} c
    where ${c.distributor_id} = ${distributor} and ${inArray(c.current_state, states)})`;
  return db
    .select({ ...SUB_ACCOUNT_COLUMNS, totals })
    .from(companies)
    .where(and(eq(companies.distributor_id, distributor), inArray(companies.current_state, states)))
    .orderBy(dir(SUB_ACCOUNT_ORDER[order]), dir(companies.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`sub_accounts_${order}_${direction}_${trialOnly ? 'trial' : 'live'}`);
}

const subAccountPage = preparedVariants(prepareSubAccountPage);

/**
 * A distributor's sub-accounts: the page, the total and the trials among them. Without a search the
 * page walks the (distributor, name) index and one index-only count gives both totals. A search
 * reads its matches once (at most SEARCH_COUNT_CAP + 1, from the trigram bitmaps and the
 * distributor's), and counts them in the same statement as it sorts the page.
 */
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
  const visible = inArray(companies.current_state, subAccountStates(q.trialOnly));
  const counted = (n: number | undefined, trials: number | undefined) => ({
    total: Math.min(n ?? 0, SEARCH_COUNT_CAP),
    trial_count: Math.min(trials ?? 0, SEARCH_COUNT_CAP),
    capped: (n ?? 0) > SEARCH_COUNT_CAP,
  });
  const countTrials = sql<number>`count(*) filter (where ${companies.current_state} = 'TRIAL')`.mapWith(Number);
  if (!q.pattern) {
    const page = await subAccountPage(db, q.order, q.direction, q.trialOnly).execute({
      distributor: q.distributorId,
      limit: q.limit,
      offset: q.offset,
    });
    let [n, trials] = (page[0]?.totals ?? '').split(',').map(Number);
    if (!page[0]) {
      // A page past the end has no row to carry them.
      const [count] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number), trials: countTrials })
        .from(companies)
        .where(and(mine, visible));
      [n, trials] = [count?.n, count?.trials];
    }
    // Without a search the totals are exact: the distributor's own rows, counted from the index alone.
    return { rows: page.map(({ totals: _, ...row }) => row), total: n ?? 0, trial_count: trials ?? 0, capped: false };
  }
  const where = and(
    mine,
    visible,
    or(sql`${companies.company_name} ilike ${q.pattern}`, sql`${companies.primary_email} ilike ${q.pattern}`),
  );
  const matches = db.$with('m').as(
    db
      .select({ ...SUB_ACCOUNT_COLUMNS, k: sql`${SUB_ACCOUNT_ORDER[q.order]}`.as('k') })
      .from(companies)
      .where(where)
      .limit(SEARCH_COUNT_CAP + 1),
  );
  const page = await db
    .with(matches)
    .select({
      id: matches.id,
      company_name: matches.company_name,
      current_state: matches.current_state,
      plan_id: matches.plan_id,
      trial_expires_at: matches.trial_expires_at,
      trial_extension: matches.trial_extension,
      created_at: matches.created_at,
      primary_email: matches.primary_email,
      custom_metadata_1: matches.custom_metadata_1,
      custom_metadata_2: matches.custom_metadata_2,
      custom_metadata_3: matches.custom_metadata_3,
      n: sql<number>`count(*) over ()`.mapWith(Number),
      trials: sql<number>`count(*) filter (where ${matches.current_state} = 'TRIAL') over ()`.mapWith(Number),
    })
    .from(matches)
    .orderBy(dir(matches.k), dir(matches.id))
    .limit(q.limit)
    .offset(q.offset);
  const rows = page.map(({ n: _n, trials: _t, ...row }) => row);
  const countUpToCap = async (condition: SQL | undefined) => {
    const found = db
      .select({ one: sql`1` })
      .from(companies)
      .where(condition)
      .limit(SEARCH_COUNT_CAP + 1)
      .as('found');
    const [count] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(found);
    return count?.n ?? 0;
  };
  // A page past the last match has no row to carry the counts.
  const n = page[0]?.n ?? (await countUpToCap(where));
  // Past the cap the matches read were not all of them, nor were the trials among them: those are counted on their own.
  const trials = n <= SEARCH_COUNT_CAP && page[0] ? page[0].trials : await countUpToCap(and(where, eq(companies.current_state, 'TRIAL')));
  return { rows, ...counted(n, trials) };
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
