import { toLocale } from '@shared/domain/locale';
import {
  PEOPLE_COUNT_CAP,
  PEOPLE_SEARCH_COUNT_CAP,
  type PeopleSort,
  type PeopleSortDirection,
} from '@shared/domain/people';
import type { TPeoplePage, TPeopleQuery, TPeopleTotal, TPerson } from '@shared/schemas/people';
import { and, count, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { profiles } from '../../db/schema/journal';
import {
  decodeKeysetCursor,
  encodeKeysetCursor,
  isPostgresTimestamp,
  type KeysetCursor,
} from '../../lib/keyset-cursor';
import type { Auth } from '../accounts/auth';
import {
  deleteUserCompletely,
  disableAccount,
  enableAccount,
  requestPasswordReset,
  sendVerificationLink,
} from '../accounts/service';
import { type AuditActor, recordAudit } from '../admin/audit';
import { reflectionCountSql } from '../journal/service';

/**
 * People for staff (decision 023): every user account with its address, language, dates, whether it is
 * verified, onboarded and disabled, and how many reflections it has (counted, never read). Pages are found
 * by keyset (the last row's sort key and id), so page 2,000 costs what page 1 does; a search's matches are
 * counted up to PEOPLE_COUNT_CAP (with the first page only). A trigram index serves searching any part of
 * an address (migration 0009). Every action is audited.
 */

export type PeopleDeps = { db: Database; auth: Auth };
type Change = { actor: NonNullable<AuditActor>; ip: string | null; now: Date };

/**
 * The sort keys, each with the index that serves it (users_created_idx, the unique address, and
 * users_last_active_idx on the expression below, where "never" sorts as the oldest).
 */
const SORT_KEYS: Record<PeopleSort, { expr: SQL; cast: 'timestamptz' | 'text'; unique: boolean }> = {
  createdAt: { expr: sql`${users.createdAt}`, cast: 'timestamptz', unique: false },
  email: { expr: sql`${users.email}`, cast: 'text', unique: true },
  lastActiveAt: {
    expr: sql`coalesce(${users.lastActiveAt}, '-infinity'::timestamptz)`,
    cast: 'timestamptz',
    unique: false,
  },
};

/**
 * A cursor that fits the sort: a timestamp key must be one PostgreSQL reads (`-infinity` is the "never" of
 * lastActiveAt), so an edited cursor answers `validation`, not a database error.
 */
function decodeCursor(text: string, key: { cast: 'timestamptz' | 'text' }): KeysetCursor | null {
  const cursor = decodeKeysetCursor(text);
  if (!cursor || key.cast === 'text') return cursor;
  return cursor.key === '-infinity' || isPostgresTimestamp(cursor.key) ? cursor : null;
}

/** `%`, `_` and the escape character itself match only themselves in the search. */
function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const personColumns = {
  id: users.id,
  email: users.email,
  language: users.language,
  createdAt: users.createdAt,
  emailVerified: users.emailVerified,
  lastActiveAt: users.lastActiveAt,
  disabledAt: users.disabledAt,
  onboardingCompletedAt: profiles.onboardingCompletedAt,
  reflections: reflectionCountSql(users.id),
};

type PersonRow = {
  id: string;
  email: string;
  language: string;
  createdAt: Date;
  emailVerified: boolean;
  lastActiveAt: Date | null;
  disabledAt: Date | null;
  onboardingCompletedAt: Date | null;
  reflections: number;
};

function toPerson(row: PersonRow): TPerson {
  return {
    id: row.id,
    email: row.email,
    language: toLocale(row.language),
    createdAt: row.createdAt.toISOString(),
    emailVerified: row.emailVerified,
    onboardingCompletedAt: row.onboardingCompletedAt?.toISOString() ?? null,
    lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
    reflections: Number(row.reflections),
    disabledAt: row.disabledAt?.toISOString() ?? null,
  };
}

/**
 * How many accounts match: counted up to the cap; past it, a search says "at least" the cap, and the whole
 * list takes PostgreSQL's estimate of the table's size (kept by ANALYZE and autovacuum), which costs nothing.
 */
async function countPeople(db: DbExecutor, filter: SQL | undefined): Promise<TPeopleTotal> {
  const cap = filter ? PEOPLE_SEARCH_COUNT_CAP : PEOPLE_COUNT_CAP;
  const limited = db
    .select({ one: sql`1` })
    .from(users)
    .where(filter)
    .limit(cap + 1)
    .as('matches');
  const [row] = await db.select({ n: count() }).from(limited);
  const n = row?.n ?? 0;
  if (n <= cap) return { count: n, precision: 'exact' };
  if (!filter) {
    const [estimate] = await db
      .select({ rows: sql<string>`reltuples::bigint` })
      .from(sql`pg_class`)
      .where(sql`oid = 'users'::regclass`);
    const rows = Number(estimate?.rows ?? 0);
    if (rows > PEOPLE_COUNT_CAP) return { count: rows, precision: 'about' };
  }
  return { count: cap, precision: 'atLeast' };
}

/**
 * One page of the People list. `after` is the `nextCursor` of the page before; a cursor that does not
 * decode answers `validation`.
 */
export async function listPeople(
  db: Database,
  query: TPeopleQuery,
): Promise<{ ok: true; page: TPeoplePage } | { ok: false; error: 'validation' }> {
  const key = SORT_KEYS[query.sort];
  const cursor = query.after ? decodeCursor(query.after, key) : null;
  if (query.after && !cursor) return { ok: false, error: 'validation' };
  const direction: PeopleSortDirection = query.dir;
  const order = sql.raw(direction === 'desc' ? 'desc' : 'asc');
  const comparison = sql.raw(direction === 'desc' ? '<' : '>');
  const cast = sql.raw(key.cast);
  const search = query.q ? ilike(users.email, containsPattern(query.q)) : undefined;
  const after = cursor
    ? key.unique
      ? sql`${key.expr} ${comparison} ${cursor.key}::${cast}`
      : sql`(${key.expr}, ${users.id}) ${comparison} (${cursor.key}::${cast}, ${cursor.id})`
    : undefined;

  const [rows, total] = await Promise.all([
    db
      .select({ ...personColumns, sortKey: sql<string>`(${key.expr})::text` })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(and(search, after))
      .orderBy(sql`${key.expr} ${order}`, sql`${users.id} ${order}`)
      .limit(query.limit + 1),
    // Counted with the first page only; the pages after it keep that figure.
    cursor ? null : countPeople(db, search),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    ok: true,
    page: {
      people: page.map(toPerson),
      total,
      nextCursor:
        rows.length > query.limit && last ? encodeKeysetCursor({ key: last.sortKey, id: last.id }) : null,
    },
  };
}

async function findPerson(db: DbExecutor, id: string): Promise<PersonRow | undefined> {
  const [row] = await db
    .select(personColumns)
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, id));
  return row;
}

export type PersonActionError = 'not_found' | 'already_verified' | 'account_disabled';

async function audited(
  db: DbExecutor,
  change: Change,
  action: string,
  person: { id: string; email: string },
  details: Record<string, unknown> = {},
) {
  await recordAudit(db, {
    actor: change.actor,
    action,
    target: person.email,
    details: { userId: person.id, ...details },
    ip: change.ip,
    at: change.now,
  });
}

/** Sends a fresh verification link, in the person's language, to an account not yet verified. */
export async function sendPersonVerification(
  deps: PeopleDeps,
  input: Change & { id: string },
): Promise<{ ok: true; person: TPerson } | { ok: false; error: PersonActionError }> {
  const person = await findPerson(deps.db, input.id);
  if (!person) return { ok: false, error: 'not_found' };
  if (person.emailVerified) return { ok: false, error: 'already_verified' };
  if (person.disabledAt) return { ok: false, error: 'account_disabled' };
  const language = toLocale(person.language);
  await sendVerificationLink(deps, { email: person.email, language });
  await audited(deps.db, input, 'people.verification_mail', person, { language });
  return { ok: true, person: toPerson(person) };
}

/** Sends a password-reset link (one hour, once), in the person's language. */
export async function sendPersonPasswordReset(
  deps: PeopleDeps,
  input: Change & { id: string },
): Promise<{ ok: true; person: TPerson } | { ok: false; error: PersonActionError }> {
  const person = await findPerson(deps.db, input.id);
  if (!person) return { ok: false, error: 'not_found' };
  if (person.disabledAt) return { ok: false, error: 'account_disabled' };
  const language = toLocale(person.language);
  await requestPasswordReset(deps, { email: person.email, language });
  await audited(deps.db, input, 'people.password_reset', person, { language });
  return { ok: true, person: toPerson(person) };
}

/** Disables or enables an account; disabling signs it out everywhere at once. Idempotent. */
export async function setPersonDisabled(
  deps: PeopleDeps,
  input: Change & { id: string; disabled: boolean },
): Promise<{ ok: true; person: TPerson } | { ok: false; error: 'not_found' }> {
  const person = await deps.db.transaction(async (tx) => {
    const found = await findPerson(tx, input.id);
    if (!found) return undefined;
    const changed = input.disabled
      ? await disableAccount(tx, { userId: input.id, now: input.now })
      : await enableAccount(tx, { userId: input.id });
    if (changed) await audited(tx, input, input.disabled ? 'people.disable' : 'people.enable', found);
    return findPerson(tx, input.id);
  });
  return person ? { ok: true, person: toPerson(person) } : { ok: false, error: 'not_found' };
}

/** Deletes an account completely, as the person could themselves (decision 014), with its audit record. */
export async function deletePerson(
  deps: PeopleDeps,
  input: Change & { id: string },
): Promise<{ ok: true } | { ok: false; error: 'not_found' }> {
  const deleted = await deps.db.transaction(async (tx) => {
    const found = await findPerson(tx, input.id);
    if (!found) return false;
    await deleteUserCompletely(tx, found);
    await audited(tx, input, 'people.delete', found, { reflections: Number(found.reflections) });
    return true;
  });
  return deleted ? { ok: true } : { ok: false, error: 'not_found' };
}
