import { type SQL, type SQLWrapper, and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db.ts';
import { users } from './tables.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export async function findActiveUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deleted_at)))
    .limit(1);
  return row ?? null;
}

/** Advisory locks of this domain are in their own space: the first key of the pair. */
const EMAIL_LOCK_SPACE = 0x75736572;

/**
 * Holds the address until the transaction ends: calls that give out the same address take turns, and the
 * later one sees the earlier one's user (checked, then written, under the lock). A hash clash only makes two
 * unrelated addresses wait for each other.
 */
export async function lockEmail(db: Database, email: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${EMAIL_LOCK_SPACE}, hashtext(${email.toLowerCase()}))`);
}

export async function findUser(db: Database, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findPrimaryContact(db: Database, companyId: number): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.company_id, companyId), isNull(users.deleted_at)))
    .orderBy(sql`${users.is_primary_contact} desc`, users.id)
    .limit(1);
  return row ?? null;
}

export interface CompanyUserSummary {
  email: string;
  contact_name: string;
  is_primary_contact: boolean;
}

/**
 * The users of the company whose id is `companyId`, as a JSON array column, primary contact first:
 * a list query adds it to its own select and so needs no second round trip.
 */
export function usersJsonOf(companyId: SQLWrapper): SQL<CompanyUserSummary[]> {
  return sql<CompanyUserSummary[]>`coalesce((
    select json_agg(json_build_object('email', u.email, 'contact_name', u.contact_name, 'is_primary_contact', u.is_primary_contact)
                    order by u.is_primary_contact desc, u.id)
    from ${users} u where u.company_id = ${companyId} and u.deleted_at is null), '[]'::json)`;
}

/** A subquery of company ids with a user whose email contains the text; uses the trigram index. */
export function companyIdsWithEmailLike(pattern: string): SQL {
  return sql`select ${users.company_id} from ${users} where ${users.email} ilike ${pattern} and ${users.deleted_at} is null`;
}

export async function insertUsers(db: Database, rows: NewUser[]): Promise<UserRow[]> {
  if (!rows.length) return [];
  return db.insert(users).values(rows).returning();
}

export async function recordLogin(db: Database, userId: number, at: Date, browserTimezone: string | undefined) {
  await db
    .update(users)
    .set({ last_login_at: at, ...(browserTimezone ? { browser_timezone: browserTimezone } : {}) })
    .where(eq(users.id, userId));
}

export async function moveUsers(db: Database, fromCompanyId: number, toCompanyId: number): Promise<void> {
  await db.update(users).set({ company_id: toCompanyId }).where(eq(users.company_id, fromCompanyId));
}

export async function listActiveUsers(db: Database, companyId: number): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.company_id, companyId), isNull(users.deleted_at)))
    .orderBy(sql`${users.is_primary_contact} desc`, users.id);
}

export async function listStaffWithRoles(db: Database, roles: ('sales' | 'sales_admin')[]) {
  return db
    .select({ id: users.id, contact_name: users.contact_name, email: users.email })
    .from(users)
    .where(and(inArray(users.staff_role, roles), isNull(users.deleted_at)))
    .orderBy(users.contact_name);
}

export async function updateUser(db: Database, id: number, changes: Partial<NewUser>): Promise<void> {
  if (Object.keys(changes).length) await db.update(users).set(changes).where(eq(users.id, id));
}
