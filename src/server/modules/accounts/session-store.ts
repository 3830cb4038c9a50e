import { createHmac } from 'node:crypto';
import type { BetterAuthOptions, DBAdapter, DBTransactionAdapter, Where } from 'better-auth';
import type { Clock } from '../../lib/clock';

type AdapterFactory = (options: BetterAuthOptions) => DBAdapter<BetterAuthOptions>;
type Row = Record<string, unknown>;

/** better-auth's name for the model of user sessions, as its adapter calls see it. */
const SESSION_MODEL = 'session';
const SESSION_DATES = new Set(['expiresAt', 'createdAt', 'updatedAt']);

/**
 * The keyed hash a user session's token is stored as (decision 033). The key is derived from the session
 * secret, which is never in the database, so the rows (or a dump of them) name no usable session.
 */
export function sessionTokenHasher(secret: string): (token: string) => string {
  const key = createHmac('sha256', secret).update('user-session-token').digest();
  return (token) => createHmac('sha256', key).update(token).digest('base64url');
}

/**
 * How far a session's dates are moved between better-auth, which reckons with the wall clock, and the
 * rows, which follow the app's clock when it runs ahead (CLOCK_OFFSET_MS, a test clock moved on): a session
 * ends by whichever of the two clocks is later. Never negative, so a clock set in the past (test clocks
 * start in early 2026) cannot end sessions the wall clock still holds valid.
 */
function clockLead(clock: Clock): number {
  return Math.max(0, clock.now().getTime() - Date.now());
}

const moved = (value: unknown, ms: number) =>
  value instanceof Date && ms !== 0 ? new Date(value.getTime() + ms) : value;

/**
 * Wraps better-auth's database adapter so that user sessions are stored safely and on the app's clock:
 * - the token is stored as `sessionTokenHasher`'s hash; better-auth and the cookie keep the token itself
 *   (a lookup by token is turned into a lookup by its hash, and the row found carries the token back);
 * - expiry, creation and refresh times are written on the app's clock (`clockLead`) and read back on the
 *   wall clock, so better-auth's own expiry check and its daily refresh follow CLOCK_OFFSET_MS.
 * Every other model passes through untouched. Rows listed without a token to look them up by (all the
 * sessions of a user) carry the hash, which better-auth only needs for endpoints we do not use.
 */
export function storeSessionsSafely(
  factory: AdapterFactory,
  deps: { secret: string; clock: Clock },
): AdapterFactory {
  const hashToken = sessionTokenHasher(deps.secret);

  const storedWhere = (where: Where[] | undefined, lead: number) =>
    where?.map((clause): Where => {
      if (clause.field === 'token') {
        const value = Array.isArray(clause.value)
          ? clause.value.map((token) => hashToken(String(token)))
          : hashToken(String(clause.value));
        return { ...clause, value };
      }
      if (SESSION_DATES.has(clause.field)) return { ...clause, value: moved(clause.value, lead) as Date };
      return clause;
    });

  const storedData = (data: Row, lead: number): Row =>
    Object.fromEntries(
      Object.entries(data).map(([field, value]) => {
        if (field === 'token' && typeof value === 'string') return [field, hashToken(value)];
        return [field, SESSION_DATES.has(field) ? moved(value, lead) : value];
      }),
    );

  /** A row as better-auth expects it: wall-clock dates, and the token it was looked up by. */
  function presented<T>(row: T, lead: number, token: string | undefined): T {
    if (!row || typeof row !== 'object') return row;
    const shown: Row = { ...(row as Row) };
    for (const field of SESSION_DATES) shown[field] = moved(shown[field], -lead);
    if (token !== undefined) shown.token = token;
    return shown as T;
  }

  /** The one token a query names (`token = …`), whose row may carry it back. */
  const tokenOf = (where: Where[] | undefined) => {
    const clause = where?.find((item) => item.field === 'token');
    return clause && (clause.operator ?? 'eq') === 'eq' && typeof clause.value === 'string'
      ? clause.value
      : undefined;
  };

  type Adapter = DBTransactionAdapter<BetterAuthOptions>;
  type Query = { model: string; where?: Where[] };

  function wrap(adapter: Adapter): Adapter {
    const isSession = (input: Query) => input.model === SESSION_MODEL;
    /** The query with its token hashed and its dates on the app's clock. */
    const stored = <Q extends Query>(input: Q, lead: number) => ({
      ...input,
      where: storedWhere(input.where, lead) ?? [],
    });
    // better-auth's adapter methods are generic in the row type they return: a session row keeps its shape,
    // only the values of the fields above change, so the wrapped methods are cast back to those signatures.
    const wrapped = {
      ...adapter,
      create: async (input: { model: string; data: Row; select?: string[]; forceAllowId?: boolean }) => {
        if (input.model !== SESSION_MODEL) return adapter.create(input);
        const lead = clockLead(deps.clock);
        const row = await adapter.create({ ...input, data: storedData(input.data, lead) });
        return presented(row, lead, typeof input.data.token === 'string' ? input.data.token : undefined);
      },
      findOne: async (input: Parameters<Adapter['findOne']>[0]) => {
        if (!isSession(input)) return adapter.findOne(input);
        const lead = clockLead(deps.clock);
        return presented(await adapter.findOne(stored(input, lead)), lead, tokenOf(input.where));
      },
      findMany: async (input: Parameters<Adapter['findMany']>[0]) => {
        if (!isSession(input)) return adapter.findMany(input);
        const lead = clockLead(deps.clock);
        const rows = await adapter.findMany(stored(input, lead));
        return rows.map((row) => presented(row, lead, undefined));
      },
      update: async (input: Parameters<Adapter['update']>[0]) => {
        if (!isSession(input)) return adapter.update(input);
        const lead = clockLead(deps.clock);
        const row = await adapter.update({ ...stored(input, lead), update: storedData(input.update, lead) });
        return presented(row, lead, tokenOf(input.where));
      },
      updateMany: (input: Parameters<Adapter['updateMany']>[0]) => {
        if (!isSession(input)) return adapter.updateMany(input);
        const lead = clockLead(deps.clock);
        return adapter.updateMany({ ...stored(input, lead), update: storedData(input.update, lead) });
      },
      count: (input: Parameters<Adapter['count']>[0]) =>
        adapter.count(isSession(input) ? stored(input, clockLead(deps.clock)) : input),
      delete: (input: Parameters<Adapter['delete']>[0]) =>
        adapter.delete(isSession(input) ? stored(input, clockLead(deps.clock)) : input),
      deleteMany: (input: Parameters<Adapter['deleteMany']>[0]) =>
        adapter.deleteMany(isSession(input) ? stored(input, clockLead(deps.clock)) : input),
      consumeOne: async (input: Parameters<Adapter['consumeOne']>[0]) => {
        if (!isSession(input)) return adapter.consumeOne(input);
        const lead = clockLead(deps.clock);
        return presented(await adapter.consumeOne(stored(input, lead)), lead, tokenOf(input.where));
      },
      incrementOne: async (input: Parameters<Adapter['incrementOne']>[0]) => {
        if (!isSession(input)) return adapter.incrementOne(input);
        const lead = clockLead(deps.clock);
        return presented(await adapter.incrementOne(stored(input, lead)), lead, tokenOf(input.where));
      },
    };
    return wrapped as Adapter;
  }

  return (options) => {
    const adapter = factory(options);
    return {
      ...wrap(adapter),
      // Sign-up writes inside a transaction: its adapter is wrapped the same way.
      transaction: (callback) => adapter.transaction((trx) => callback(wrap(trx))),
    };
  };
}
