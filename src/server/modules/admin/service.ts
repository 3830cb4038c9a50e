import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { weakPasswordReason } from '@shared/domain/accounts';
import { ADMIN_SESSION_MS } from '@shared/domain/admin';
import { isValidEmail, normalizeEmail } from '@shared/domain/waitlist';
import { and, count, eq, gt, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { staffAccounts, staffSessions } from '../../db/schema/admin';
import type { Logger } from '../../lib/logger';
import { recordAudit } from './audit';
import {
  hashStaffPassword,
  STAFF_PASSWORD_MAX_LENGTH,
  STAFF_PASSWORD_MIN_LENGTH,
  verifyAgainstDummy,
  verifyStaffPassword,
} from './passwords';

/** A signed-in staff member, as the admin routes see them. */
export type StaffSession = { sessionId: string; staffId: string; email: string; expiresAt: Date };

export class StaffAccountError extends Error {
  override name = 'StaffAccountError';
}

/** The session token of the cookie: 256 random bits. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this is stored: a token is random enough that a plain SHA-256 cannot be reversed. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Why a staff password is refused, for the operator's console (admin:create, ADMIN_PASSWORD). */
const WEAK_PASSWORD_TEXT = {
  password_repeated: 'it repeats the same character or few characters',
  password_sequence: 'it is a run of neighbouring keys or letters',
  password_email: 'it is the e-mail address or the part before the @',
} as const;

function checkNewStaff(email: string, password: string): string {
  const normalized = normalizeEmail(email);
  if (!isValidEmail(normalized)) throw new StaffAccountError(`not an e-mail address: ${email}`);
  if (password.length < STAFF_PASSWORD_MIN_LENGTH) {
    throw new StaffAccountError(`the password must have at least ${STAFF_PASSWORD_MIN_LENGTH} characters`);
  }
  if (password.length > STAFF_PASSWORD_MAX_LENGTH) {
    throw new StaffAccountError(`the password must have at most ${STAFF_PASSWORD_MAX_LENGTH} characters`);
  }
  const weak = weakPasswordReason(password, normalized);
  if (weak) throw new StaffAccountError(`the password is too easy to guess: ${WEAK_PASSWORD_TEXT[weak]}`);
  return normalized;
}

/**
 * Adds a staff account. With `replacePassword`, an existing account of that address gets the new password
 * instead of the call failing (the caller also forgets its failed sign-ins: `forgetLoginFailures`).
 */
export async function createStaffAccount(
  db: Database,
  input: { email: string; password: string; now: Date; replacePassword?: boolean },
): Promise<{ id: string; email: string; created: boolean }> {
  const email = checkNewStaff(input.email, input.password);
  const passwordHash = await hashStaffPassword(input.password);
  const [inserted] = await db
    .insert(staffAccounts)
    .values({ email, passwordHash, createdAt: input.now, updatedAt: input.now })
    .onConflictDoNothing({ target: staffAccounts.email })
    .returning({ id: staffAccounts.id });
  if (inserted) return { id: inserted.id, email, created: true };
  if (!input.replacePassword) throw new StaffAccountError(`a staff account for ${email} exists already`);
  const [updated] = await db
    .update(staffAccounts)
    .set({ passwordHash, updatedAt: input.now })
    .where(eq(staffAccounts.email, email))
    .returning({ id: staffAccounts.id });
  if (!updated) throw new StaffAccountError(`the staff account for ${email} vanished`);
  // A new password ends the sessions made with the old one.
  await db.delete(staffSessions).where(eq(staffSessions.staffId, updated.id));
  return { id: updated.id, email, created: false };
}

/** The address of the account made on a first start without ADMIN_EMAIL/ADMIN_PASSWORD. */
export const GENERATED_ADMIN_EMAIL = 'admin@mirror.local';

/**
 * On start: when there is no staff account at all, makes one, from ADMIN_EMAIL/ADMIN_PASSWORD when set,
 * otherwise with a generated password written to DATA_DIR/secrets/bootstrap-admin (mode 600), which the log
 * points to, so that a fresh `npm start` has a way into /list. Does nothing once any staff account exists.
 */
export async function ensureBootstrapStaff(deps: {
  db: Database;
  admin: { email: string; password: string } | undefined;
  dataDir: string;
  now: Date;
  logger: Logger;
}): Promise<void> {
  const [existing] = await deps.db.select({ n: count() }).from(staffAccounts);
  if ((existing?.n ?? 0) > 0) return;
  if (deps.admin) {
    const created = await createStaffAccount(deps.db, { ...deps.admin, now: deps.now });
    deps.logger.info({ email: created.email }, 'staff account created from ADMIN_EMAIL');
    return;
  }
  const password = randomBytes(15).toString('base64url');
  const created = await createStaffAccount(deps.db, {
    email: GENERATED_ADMIN_EMAIL,
    password,
    now: deps.now,
  });
  if (!created.created) return;
  const file = path.join(deps.dataDir, 'secrets', 'bootstrap-admin');
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, `email: ${created.email}\npassword: ${password}\n`, { mode: 0o600 });
  // The password goes only into the file: logs are kept and shipped in places a secret should not be.
  deps.logger.warn(
    { email: created.email, file },
    `no staff account existed: created one with a generated password, which is in ${file} (sign in at /admin-login; set ADMIN_EMAIL and ADMIN_PASSWORD or run \`npm run admin:create\` for your own)`,
  );
}

export type LoginInput = { email: string; password: string; ip: string | null; userAgent: string | null };
export type LoginOutcome =
  | { ok: true; token: string; session: StaffSession }
  | { ok: false; reason: 'unknown' | 'wrong_password' };

/**
 * Signs a staff member in, once the sign-in throttle (`lib/login-throttle.ts`) has let the attempt through.
 * Every attempt is audited.
 */
export async function loginStaff(db: Database, input: LoginInput & { now: Date }): Promise<LoginOutcome> {
  const { now } = input;
  const email = normalizeEmail(input.email);
  const [account] = await db
    .select({
      id: staffAccounts.id,
      email: staffAccounts.email,
      passwordHash: staffAccounts.passwordHash,
    })
    .from(staffAccounts)
    .where(eq(staffAccounts.email, email));
  const audit = { ip: input.ip, at: now };

  if (!account) {
    await verifyAgainstDummy(input.password);
    await recordAudit(db, {
      ...audit,
      actor: null,
      action: 'login_failed',
      target: email,
      details: { reason: 'unknown' },
    });
    return { ok: false, reason: 'unknown' };
  }
  const actor = { id: account.id, email: account.email };
  const passwordOk = await verifyStaffPassword(account.passwordHash, input.password);
  if (!passwordOk) {
    await recordAudit(db, {
      ...audit,
      actor,
      action: 'login_failed',
      target: email,
      details: { reason: 'wrong_password' },
    });
    return { ok: false, reason: 'wrong_password' };
  }

  const token = newSessionToken();
  const expiresAt = new Date(now.getTime() + ADMIN_SESSION_MS);
  const session = await db.transaction(async (tx) => {
    await tx
      .update(staffAccounts)
      .set({
        lastLoginAt: now,
        lastLoginIp: input.ip,
        lastLoginUserAgent: input.userAgent?.slice(0, 500) ?? null,
        updatedAt: now,
      })
      .where(eq(staffAccounts.id, account.id));
    await tx
      .delete(staffSessions)
      .where(and(eq(staffSessions.staffId, account.id), lte(staffSessions.expiresAt, now)));
    const [row] = await tx
      .insert(staffSessions)
      .values({
        tokenHash: hashSessionToken(token),
        staffId: account.id,
        createdAt: now,
        expiresAt,
        ipAddress: input.ip,
        userAgent: input.userAgent?.slice(0, 500) ?? null,
      })
      .returning({ id: staffSessions.id });
    if (!row) throw new Error('staff session insert returned no row');
    await recordAudit(tx, {
      ...audit,
      actor,
      action: 'login',
      target: email,
      details: { userAgent: input.userAgent?.slice(0, 200) ?? null },
    });
    return { sessionId: row.id, staffId: account.id, email: account.email, expiresAt };
  });
  return { ok: true, token, session };
}

/** The session a cookie's token names, if it exists and has not expired. */
export async function readStaffSession(db: Database, token: string, now: Date): Promise<StaffSession | null> {
  if (token.length < 20 || token.length > 200) return null;
  const [row] = await db
    .select({
      sessionId: staffSessions.id,
      staffId: staffAccounts.id,
      email: staffAccounts.email,
      expiresAt: staffSessions.expiresAt,
    })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
    .where(and(eq(staffSessions.tokenHash, hashSessionToken(token)), gt(staffSessions.expiresAt, now)));
  return row ?? null;
}

/** Ends a session on the server: the token stops working at once, on every app process. */
export async function logoutStaff(
  db: Database,
  input: { session: StaffSession; ip: string | null; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(staffSessions).where(eq(staffSessions.id, input.session.sessionId));
    await recordAudit(tx, {
      actor: { id: input.session.staffId, email: input.session.email },
      action: 'logout',
      target: input.session.email,
      ip: input.ip,
      at: input.now,
    });
  });
}

/** Removes sessions that have expired (run periodically). */
export async function deleteExpiredStaffSessions(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(staffSessions)
    .where(lte(staffSessions.expiresAt, now))
    .returning({ id: staffSessions.id });
  return deleted.length;
}
