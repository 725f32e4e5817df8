import { type SQL, and, asc, desc, eq, sql } from 'drizzle-orm';
import type { TicketStatus } from '@portal/contract/tickets/ticket-fields';
import { TICKET_SEARCH_COUNT_CAP } from '@portal/contract/tickets/ticket-lists';
import { type Database, preparedVariants } from '../../../platform/db.ts';
import { pageOf } from '../../../platform/paging.ts';
import { ticketCompanies, tickets } from '../tables.ts';

export interface TicketListQuery {
  /**
   * Whether the caller sees what only staff may see (docs/decisions/0097): the staff stamp (update time, who made
   * the change) to show and sort by, and the assignees. Anyone else gets their company's stamp and no assignees.
   */
  staff: boolean;
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
const noAssignees = sql<{ id: number; contact_name: string }[]>`'[]'::json`;
const commentCount = sql<number>`(select count(*) from ticket_comments c where c.ticket_id = ${T}."id")`.mapWith(Number);
const personName = (column: string) =>
  sql<
    string | null
  >`(select p.contact_name from user_accounts p where p.user_id = ${T}.${sql.raw(`"${column}"`)} and p.deleted_at is null)`;

/** A search for a number also finds that ticket id. */
const searchedId = (query: TicketListQuery) => {
  const text = query.search.trim();
  return /^\d{1,9}$/.test(text) ? Number(text) : null;
};

/**
 * What decides the text of a list's statements: which filters it has and how it sorts. The values travel as
 * placeholders (pageValues), so the text is built from this alone.
 */
type Shape = [
  company: boolean,
  statuses: boolean,
  escalation: boolean,
  assignee: boolean,
  search: 'none' | 'text' | 'number',
  order: TicketListQuery['order'],
  direction: TicketListQuery['direction'],
  staff: boolean,
];

const shapeOf = (query: TicketListQuery): Shape => [
  query.companyId !== null,
  query.statuses.length > 0,
  query.escalation !== null,
  query.assignee !== null,
  query.search.trim() === '' ? 'none' : searchedId(query) === null ? 'text' : 'number',
  query.order,
  query.direction,
  query.staff,
];

/** Whether the list is a search: a search's count stops at the cap. */
const isSearch = ([, , , , search]: Shape) => search !== 'none';

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
const value = (name: keyof ReturnType<typeof pageValues>) => sql.placeholder(name);

function where([company, statuses, escalation, assignee, search]: Shape): SQL | undefined {
  const parts: (SQL | undefined)[] = [sql`${tickets.open} = ${value('open')}`];
  if (company) parts.push(sql`${tickets.company_id} = ${value('companyId')}`);
  if (statuses) parts.push(sql`${tickets.status} = any(string_to_array(${value('statuses')}, ','))`);
  if (escalation) parts.push(sql`${tickets.escalation} = ${value('escalation')}`);
  if (assignee) {
    parts.push(sql`exists (select 1 from ticket_assignees a where a.ticket_id = ${tickets.id} and a.user_id = ${value('assignee')})`);
  }
  if (search !== 'none') {
    const byText = sql`${tickets.search} @@ websearch_to_tsquery('simple', ${value('search')})`;
    parts.push(search === 'text' ? byText : sql`(${tickets.id} = ${value('searchId')} or ${byText})`);
  }
  return and(...parts);
}

const ORDER_COLUMNS = {
  // By the caller's stamp (orderColumn).
  updated_at: tickets.updated_at,
  created_at: tickets.created_at,
  id: tickets.id,
  subject: tickets.subject,
  status: tickets.status,
  priority: tickets.priority,
  company_name: ticketCompanies.company_name,
} as const;

const orderColumn = (order: TicketListQuery['order'], staff: boolean) =>
  order === 'updated_at' && staff ? tickets.staff_updated_at : ORDER_COLUMNS[order];

/**
 * How many tickets match, in the page's own statement (uncorrelated: its "tickets" is its own, run once):
 * exact for a plain list, counted up to one past the cap for a search (decision 0069). Not `count(*) over ()`,
 * which reads every match with the page's columns: a common word matches tens of thousands (bench/HISTORY.md).
 */
function matchCount(shape: Shape) {
  const matches = sql`select 1 from ${tickets} where ${where(shape)}`;
  const capped = isSearch(shape) ? sql`${matches} limit ${TICKET_SEARCH_COUNT_CAP + 1}` : matches;
  return sql<number>`(select count(*) from (${capped}) m)`.mapWith(Number);
}

/** The ticket's columns the list answers with, not the search vector nor the bodies; the stamp the caller's. */
const listed = (staff: boolean) => ({
  id: tickets.id,
  subject: tickets.subject,
  status: tickets.status,
  open: tickets.open,
  type: tickets.type,
  priority: tickets.priority,
  escalation: tickets.escalation,
  company_id: tickets.company_id,
  bump_count: tickets.bump_count,
  updated_at: staff ? tickets.staff_updated_at : tickets.updated_at,
  updated_by_support: staff ? tickets.staff_updated_by_support : tickets.updated_by_support,
  created_at: tickets.created_at,
  closed_at: tickets.closed_at,
  closed_reason: tickets.closed_reason,
  closed_other_reason: tickets.closed_other_reason,
});

/**
 * What each row of a page shows besides its own columns: tags, assignees, comments counted, the people named.
 * A statement of its own over the page's ids, prepared once: as subqueries in the page's select list they
 * tripled the time PostgreSQL spent planning the page (bench/HISTORY.md, "Ticket search").
 */
const decorationsOf = preparedVariants((db, staff: boolean) =>
  db
    .select({
      id: tickets.id,
      tags: tagsJson,
      assignees: staff ? assigneesJson : noAssignees,
      comment_count: commentCount,
      user_contact_name: personName('user_id'),
      updated_by_user: personName(staff ? 'staff_updated_by_user_id' : 'updated_by_user_id'),
    })
    .from(tickets)
    .where(sql`${tickets.id} = any(string_to_array(${sql.placeholder('ids')}, ',')::bigint[])`)
    .prepare(staff ? 'ticket_list_decorations_staff' : 'ticket_list_decorations'),
);

/**
 * The page's statement, built once per handle and shape: building it through the query builder on every call
 * cost a quarter of the server's time for a search that matches nothing (bench/HISTORY.md, "Ticket search").
 * It is not a named prepared statement: it runs unnamed, so PostgreSQL plans it with the call's values (a
 * generic plan cannot know whether a search word is rare or common, and the common word needs the walk by
 * date that stops at the page's end).
 */
const pageStatement = preparedVariants((db, ...shape: Shape) => {
  const [, , , , , order, direction, staff] = shape;
  const dir = direction === 'asc' ? asc : desc;
  return db
    .select({
      t: listed(staff),
      company_name: ticketCompanies.company_name,
      company_state: ticketCompanies.current_state,
      company_is_vip: ticketCompanies.is_vip,
      total: matchCount(shape),
    })
    .from(tickets)
    .innerJoin(ticketCompanies, eq(ticketCompanies.company_id, tickets.company_id))
    .where(where(shape))
    .orderBy(dir(orderColumn(order, staff)), dir(tickets.id))
    .limit(value('limit'))
    .offset(value('offset'))
    .prepare('');
});

export async function pageTickets(db: Database, query: TicketListQuery) {
  const shape = shapeOf(query);
  const { rows: page, total } = await pageOf(
    query,
    (w) => pageStatement(db, ...shape).execute(pageValues({ ...query, ...w })),
    async () => {
      const [count] = await db
        .select({ total: matchCount(shape) })
        .from(sql`(select 1) as one`)
        .prepare('')
        .execute(pageValues(query));
      return count?.total ?? 0;
    },
  );
  const decorations = page.length ? await decorationsOf(db, query.staff).execute({ ids: page.map((r) => r.t.id).join(',') }) : [];
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
  const capped = isSearch(shape) && total > TICKET_SEARCH_COUNT_CAP;
  return { rows, total: capped ? TICKET_SEARCH_COUNT_CAP : total, total_capped: capped };
}
