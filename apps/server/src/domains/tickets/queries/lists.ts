import { type SQL, and, asc, desc, eq, sql } from 'drizzle-orm';
import type { TicketStatus } from '@portal/contract/tickets/ticket-fields';
import { TICKET_SEARCH_COUNT_CAP } from '@portal/contract/tickets/ticket-lists';
import { type Database, preparedPerHandle, rowsOf } from '../../../platform/db.ts';
import { ticketCompanies, tickets } from '../tables.ts';

export interface TicketListQuery {
  companyId: number | null;
  open: boolean;
  statuses: TicketStatus[];
  assignee: number | null;
  escalation: number | null;
  search: string;
  order: 'updated_at' | 'created_at' | 'id' | 'subject' | 'status' | 'priority' | 'company_name';
  direction: 'asc' | 'desc';
  limit: number;
  offset: number;
}

// Spelt out with the table's name: these run inside the select list of the decorations' statement.
const T = sql.raw('"tickets"');
const tagsJson = sql<
  { tag: string; color: string }[]
>`coalesce((select json_agg(json_build_object('tag', g.tag, 'color', g.color) order by lower(g.tag))
  from ticket_tag_links l join ticket_tags g on g.id = l.tag_id where l.ticket_id = ${T}."id"), '[]'::json)`;
const assigneesJson = sql<
  { id: number; contact_name: string }[]
>`coalesce((select json_agg(json_build_object('id', a.user_id, 'contact_name', p.contact_name) order by p.contact_name)
  from ticket_assignees a join user_accounts p on p.user_id = a.user_id where a.ticket_id = ${T}."id"), '[]'::json)`;
const commentCount = sql<number>`(select count(*) from ticket_comments c where c.ticket_id = ${T}."id")`.mapWith(Number);
const personName = (column: string) =>
  sql<
    string | null
  >`(select p.contact_name from user_accounts p where p.user_id = ${T}.${sql.raw(`"${column}"`)} and p.deleted_at is null)`;

/** Whether the list is a search: a search's count stops at the cap. */
const isSearch = (query: TicketListQuery) => query.search.trim() !== '';

/** A search for a number also finds that ticket id. */
const searchedId = (query: TicketListQuery) => {
  const text = query.search.trim();
  return /^\d{1,9}$/.test(text) ? Number(text) : null;
};

/**
 * The page's values: as placeholders in the statement built once per shape (see pageStatement), or inline in
 * a statement built for one use.
 */
type Value = (name: keyof PageValues, value: unknown) => unknown;
const placeholder: Value = (name) => sql.placeholder(name);
const inline: Value = (_name, value) => value;

function pageValues(query: TicketListQuery) {
  return {
    open: query.open,
    companyId: query.companyId ?? 0,
    // One text parameter whatever the number of statuses, so the statement's shape does not depend on it.
    statuses: query.statuses.join(','),
    escalation: query.escalation ?? 0,
    assignee: query.assignee ?? 0,
    search: query.search.trim(),
    searchId: searchedId(query) ?? 0,
    limit: query.limit,
    offset: query.offset,
  };
}
type PageValues = ReturnType<typeof pageValues>;

function where(query: TicketListQuery, v: Value): SQL | undefined {
  const values = pageValues(query);
  const parts: (SQL | undefined)[] = [sql`${tickets.open} = ${v('open', values.open)}`];
  if (query.companyId !== null) parts.push(sql`${tickets.company_id} = ${v('companyId', values.companyId)}`);
  if (query.statuses.length) parts.push(sql`${tickets.status} = any(string_to_array(${v('statuses', values.statuses)}, ','))`);
  if (query.escalation !== null) parts.push(sql`${tickets.escalation} = ${v('escalation', values.escalation)}`);
  if (query.assignee !== null) {
    parts.push(
      sql`exists (select 1 from ticket_assignees a where a.ticket_id = ${tickets.id} and a.user_id = ${v('assignee', values.assignee)})`,
    );
  }
  if (isSearch(query)) {
    const byText = sql`${tickets.search} @@ websearch_to_tsquery('simple', ${v('search', values.search)})`;
    parts.push(searchedId(query) === null ? byText : sql`(${tickets.id} = ${v('searchId', values.searchId)} or ${byText})`);
  }
  return and(...parts);
}

const ORDER_COLUMNS = {
  updated_at: tickets.updated_at,
  created_at: tickets.created_at,
  id: tickets.id,
  subject: tickets.subject,
  status: tickets.status,
  priority: tickets.priority,
  company_name: ticketCompanies.company_name,
} as const;

/**
 * How many tickets match, in the page's own statement (uncorrelated: its "tickets" is its own, run once):
 * exact for a plain list, counted up to one past the cap for a search (decision 0069). Not `count(*) over ()`,
 * which reads every match with the page's columns: a common word matches tens of thousands (bench/README.md).
 */
function matchCount(query: TicketListQuery, v: Value) {
  const matches = sql`select 1 from ${tickets} where ${where(query, v)}`;
  const capped = isSearch(query) ? sql`${matches} limit ${TICKET_SEARCH_COUNT_CAP + 1}` : matches;
  return sql<number>`(select count(*) from (${capped}) m)`.mapWith(Number);
}

/** The ticket's columns the list answers with, not the search vector nor the bodies. */
const listed = {
  id: tickets.id,
  subject: tickets.subject,
  status: tickets.status,
  open: tickets.open,
  type: tickets.type,
  priority: tickets.priority,
  escalation: tickets.escalation,
  company_id: tickets.company_id,
  bump_count: tickets.bump_count,
  updated_at: tickets.updated_at,
  updated_by_support: tickets.updated_by_support,
  created_at: tickets.created_at,
  closed_at: tickets.closed_at,
  closed_reason: tickets.closed_reason,
  closed_other_reason: tickets.closed_other_reason,
};

/**
 * What each row of a page shows besides its own columns: tags, assignees, comments counted, the people named.
 * A statement of its own over the page's ids, prepared once: as subqueries in the page's select list they
 * tripled the time PostgreSQL spent planning the page (bench/README.md, "Ticket search").
 */
const decorationsOf = preparedPerHandle((db) =>
  db
    .select({
      id: tickets.id,
      tags: tagsJson,
      assignees: assigneesJson,
      comment_count: commentCount,
      user_contact_name: personName('user_id'),
      updated_by_user: personName('updated_by_user_id'),
    })
    .from(tickets)
    .where(sql`${tickets.id} = any(string_to_array(${sql.placeholder('ids')}, ',')::bigint[])`)
    .prepare('ticket_list_decorations'),
);

/** What decides a page statement's text; the values are its placeholders. */
const shapeOf = (query: TicketListQuery) =>
  [
    query.companyId !== null,
    query.statuses.length > 0,
    query.escalation !== null,
    query.assignee !== null,
    isSearch(query) ? (searchedId(query) === null ? 'text' : 'number') : 'none',
    query.order,
    query.direction,
  ].join(':');

/**
 * The page's statement, built once per handle and shape: building it through the query builder on every call
 * cost a quarter of the server's time for a search that matches nothing (bench/README.md, "Ticket search").
 * It is not a named prepared statement: it runs unnamed, so PostgreSQL plans it with the call's values (a
 * generic plan cannot know whether a search word is rare or common, and the common word needs the walk by
 * date that stops at the page's end).
 */
const pageStatements = preparedPerHandle(() => new Map<string, ReturnType<typeof buildPage>>());

function buildPage(db: Database, query: TicketListQuery) {
  const dir = query.direction === 'asc' ? asc : desc;
  return db
    .select({
      t: listed,
      company_name: ticketCompanies.company_name,
      company_state: ticketCompanies.current_state,
      company_is_vip: ticketCompanies.is_vip,
      total: matchCount(query, placeholder),
    })
    .from(tickets)
    .innerJoin(ticketCompanies, eq(ticketCompanies.company_id, tickets.company_id))
    .where(where(query, placeholder))
    .orderBy(dir(ORDER_COLUMNS[query.order]), dir(tickets.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('');
}

function pageStatement(db: Database, query: TicketListQuery) {
  const statements = pageStatements(db);
  const shape = shapeOf(query);
  let statement = statements.get(shape);
  if (!statement) {
    statement = buildPage(db, query);
    statements.set(shape, statement);
  }
  return statement;
}

export async function pageTickets(db: Database, query: TicketListQuery) {
  const page = await pageStatement(db, query).execute(pageValues(query));
  let total = page[0]?.total ?? 0;
  // A page past the end has no row to carry the count.
  if (!page.length && query.offset > 0) {
    const result = await db.execute(sql`select ${matchCount(query, inline)} as total`);
    total = Number(rowsOf<{ total: number | string }>(result)[0]?.total ?? 0);
  }
  const decorations = page.length ? await decorationsOf(db).execute({ ids: page.map((r) => r.t.id).join(',') }) : [];
  const byId = new Map(decorations.map((d) => [d.id, d]));
  const rows = page.map((r) => {
    const d = byId.get(r.t.id);
    return {
      ...r,
      tags: d?.tags ?? [],
      assignees: d?.assignees ?? [],
      comment_count: d?.comment_count ?? 0,
      user_contact_name: d?.user_contact_name ?? null,
      updated_by_user: d?.updated_by_user ?? null,
    };
  });
  const capped = isSearch(query) && total > TICKET_SEARCH_COUNT_CAP;
  return { rows, total: capped ? TICKET_SEARCH_COUNT_CAP : total, total_capped: capped };
}
