import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { weakPasswordReason } from '@shared/domain/accounts';
import { ADMIN_SESSION_MAX_MS, ADMIN_SESSION_MS } from '@shared/domain/admin';
import {
  SECOND_FACTOR_WINDOW_MS,
  STAFF_PASSWORD_MAX_LENGTH,
  STAFF_PASSWORD_MIN_LENGTH,
  STAFF_SETUP_WINDOW_MS,
  type StaffRole,
  type StaffSessionStage,
} from '@shared/domain/staff';
import { isValidEmail, normalizeEmail } from '@shared/domain/waitlist';
import { and, count, eq, gt, lte } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { staffAccounts, staffRecoveryCodes, staffSessions } from '../../db/schema/admin';
import type { StaffIdentity } from '../../lib/api';
import type { Logger } from '../../lib/logger';
import { recordAudit } from './audit';
import { hashStaffPassword, verifyAgainstDummy, verifyStaffPassword } from './passwords';

/** A signed-in staff member (or one half-way through a sign-in), as the admin routes see them. */
export type StaffSession = StaffIdentity;

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

/** Why a new staff password is refused: its length, or a weak pattern (`weakPasswordReason`); null: fine. */
export type StaffPasswordProblem =
  | 'password_too_short'
  | 'password_too_long'
  | 'password_repeated'
  | 'password_sequence'
  | 'password_email';

/** Whether a new staff password is long enough, not too long and no weak pattern; null when it is fine. */
export function checkStaffPassword(password: string, email?: string): StaffPasswordProblem | null {
  if (password.length < STAFF_PASSWORD_MIN_LENGTH) return 'password_too_short';
  if (password.length > STAFF_PASSWORD_MAX_LENGTH) return 'password_too_long';
  return weakPasswordReason(password, email);
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

/** What an account without two-factor sign-in holds: no key, no last step, and its budget of codes whole. */
export const SECOND_FACTOR_OFF = {
  totpSecret: null,
  totpEnabledAt: null,
  totpLastStep: null,
  secondFactorFailures: 0,
  secondFactorLockouts: 0,
  secondFactorLockedUntil: null,
} as const;

/**
 * Adds a staff account: an owner unless `role` says otherwise (the operator's `admin:create` and the
 * bootstrap account are owners). With `replacePassword`, an existing account of that address gets the new
 * password and has its two-factor sign-in turned off (the way back in for someone who lost their
 * authenticator and recovery codes), instead of the call failing (the caller also forgets its failed
 * sign-ins: `forgetLoginFailures`).
 */
export async function createStaffAccount(
  db: Database,
  input: { email: string; password: string; now: Date; replacePassword?: boolean; role?: StaffRole },
): Promise<{ id: string; email: string; created: boolean }> {
  const email = checkNewStaff(input.email, input.password);
  const passwordHash = await hashStaffPassword(input.password);
  const [inserted] = await db
    .insert(staffAccounts)
    .values({ email, passwordHash, role: input.role ?? 'owner', createdAt: input.now, updatedAt: input.now })
    .onConflictDoNothing({ target: staffAccounts.email })
    .returning({ id: staffAccounts.id });
  if (inserted) return { id: inserted.id, email, created: true };
  if (!input.replacePassword) throw new StaffAccountError(`a staff account for ${email} exists already`);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(staffAccounts)
      .set({
        passwordHash,
        ...SECOND_FACTOR_OFF,
        updatedAt: input.now,
      })
      .where(eq(staffAccounts.email, email))
      .returning({ id: staffAccounts.id });
    if (!updated) throw new StaffAccountError(`the staff account for ${email} vanished`);
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, updated.id));
    // A new password ends the sessions made with the old one.
    await tx.delete(staffSessions).where(eq(staffSessions.staffId, updated.id));
    return { id: updated.id, email, created: false };
  });
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
  const anyStaff = async () => ((await deps.db.select({ n: count() }).from(staffAccounts))[0]?.n ?? 0) > 0;
  if (await anyStaff()) return;
  // Several app processes starting together on an empty database all get here; one creates the account.
  const createOnce = (input: { email: string; password: string }) =>
    createStaffAccount(deps.db, { ...input, now: deps.now }).catch(async (error: unknown) => {
      if (error instanceof StaffAccountError && (await anyStaff())) return undefined;
      throw error;
    });
  if (deps.admin) {
    const created = await createOnce(deps.admin);
    if (created) deps.logger.info('staff account created from ADMIN_EMAIL');
    return;
  }
  const password = randomBytes(15).toString('base64url');
  const created = await createOnce({ email: GENERATED_ADMIN_EMAIL, password });
  if (!created?.created) return;
  const file = path.join(deps.dataDir, 'secrets', 'bootstrap-admin');
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, `email: ${created.email}\npassword: ${password}\n`, { mode: 0o600 });
  // The password goes only into the file: logs are kept and shipped in places a secret should not be.
  deps.logger.warn(
    { email: created.email, file },
    `no staff account existed: created one with a generated password, which is in ${file} (sign in at /admin-login; set ADMIN_EMAIL and ADMIN_PASSWORD or run \`npm run admin:create\` for your own)`,
  );
}

export type LoginInput = {
  email: string;
  password: string;
  ip: string | null;
  userAgent: string | null;
  /** STAFF_REQUIRE_2FA: an account without two-factor sign-in must set it up before anything else. */
  requireSecondFactor: boolean;
};
export type LoginOutcome =
  | { ok: true; token: string; session: StaffSession }
  | { ok: false; reason: 'unknown' | 'wrong_password' };

/** The stage a session starts in after the right password, and how long that stage may last. */
function stageAfterPassword(
  account: { totpEnabledAt: Date | null },
  requireSecondFactor: boolean,
): { stage: StaffSessionStage; lifetimeMs: number } {
  if (account.totpEnabledAt) return { stage: 'second_factor', lifetimeMs: SECOND_FACTOR_WINDOW_MS };
  if (requireSecondFactor) return { stage: 'setup', lifetimeMs: STAFF_SETUP_WINDOW_MS };
  return { stage: 'full', lifetimeMs: ADMIN_SESSION_MS };
}

/**
 * Makes a session for a staff member whose password was just checked (sign-in, or accepting an invitation
 * to the staff), in `tx`. With two-factor sign-in set up, the session waits for the code (stage
 * `second_factor`, 5 minutes); when it is required and not set up, for its setup (`setup`); otherwise it
 * is signed in for 8 hours. Returns the cookie's token and the session.
 */
export async function openStaffSession(
  tx: DbExecutor,
  input: {
    account: { id: string; email: string; role: StaffRole; totpEnabledAt: Date | null };
    requireSecondFactor: boolean;
    ip: string | null;
    userAgent: string | null;
    now: Date;
  },
): Promise<{ token: string; session: StaffSession }> {
  const { account, now } = input;
  const { stage, lifetimeMs } = stageAfterPassword(account, input.requireSecondFactor);
  const token = newSessionToken();
  const expiresAt = new Date(now.getTime() + lifetimeMs);
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
      stage,
    })
    .returning({ id: staffSessions.id });
  if (!row) throw new Error('staff session insert returned no row');
  return {
    token,
    session: {
      sessionId: row.id,
      staffId: account.id,
      email: account.email,
      role: account.role,
      stage,
      twoFactorEnabled: account.totpEnabledAt !== null,
      expiresAt,
    },
  };
}

/**
 * Signs a staff member in, once the sign-in throttle (`lib/login-throttle.ts`) has let the attempt through.
 * Every attempt is audited. The right password alone signs in only an account without two-factor sign-in
 * (and, under STAFF_REQUIRE_2FA, only into its setup); otherwise the session waits for
 * `verifyStaffSecondFactor`.
 */
export async function loginStaff(db: Database, input: LoginInput & { now: Date }): Promise<LoginOutcome> {
  const { now } = input;
  const email = normalizeEmail(input.email);
  const [account] = await db
    .select({
      id: staffAccounts.id,
      email: staffAccounts.email,
      role: staffAccounts.role,
      passwordHash: staffAccounts.passwordHash,
      totpEnabledAt: staffAccounts.totpEnabledAt,
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

  const opened = await db.transaction(async (tx) => {
    await tx
      .update(staffAccounts)
      .set({
        lastLoginAt: now,
        lastLoginIp: input.ip,
        lastLoginUserAgent: input.userAgent?.slice(0, 500) ?? null,
        updatedAt: now,
      })
      .where(eq(staffAccounts.id, account.id));
    const result = await openStaffSession(tx, {
      account,
      requireSecondFactor: input.requireSecondFactor,
      ip: input.ip,
      userAgent: input.userAgent,
      now,
    });
    const complete = result.session.stage === 'full';
    await recordAudit(tx, {
      ...audit,
      actor,
      // A sign-in that still waits for its second factor (or its setup) is not a sign-in yet.
      action: complete ? 'login' : 'login.password_ok',
      target: email,
      details: {
        userAgent: input.userAgent?.slice(0, 200) ?? null,
        ...(complete ? {} : { next: result.session.stage }),
      },
    });
    return result;
  });
  return { ok: true, ...opened };
}

/** The session a cookie's token names, if it exists and has not expired (at whatever stage it is). */
export async function readStaffSession(db: Database, token: string, now: Date): Promise<StaffSession | null> {
  if (token.length < 20 || token.length > 200) return null;
  const [row] = await db
    .select({
      sessionId: staffSessions.id,
      staffId: staffAccounts.id,
      email: staffAccounts.email,
      role: staffAccounts.role,
      stage: staffSessions.stage,
      totpEnabledAt: staffAccounts.totpEnabledAt,
      expiresAt: staffSessions.expiresAt,
    })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
    .where(and(eq(staffSessions.tokenHash, hashSessionToken(token)), gt(staffSessions.expiresAt, now)));
  if (!row) return null;
  const { totpEnabledAt, ...session } = row;
  return { ...session, twoFactorEnabled: totpEnabledAt !== null };
}

/**
 * "Stay signed in" (decision 047): the session then ends 8 hours from now, but no later than
 * ADMIN_SESSION_MAX_MS after its sign-in. Returns the session with its end as it is now, moved or not (at
 * the limit it cannot move); null when the session has ended meanwhile.
 */
export async function extendStaffSession(
  db: Database,
  input: { session: StaffSession; now: Date },
): Promise<StaffSession | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ createdAt: staffSessions.createdAt, expiresAt: staffSessions.expiresAt })
      .from(staffSessions)
      .where(and(eq(staffSessions.id, input.session.sessionId), gt(staffSessions.expiresAt, input.now)))
      .for('update');
    if (!row) return null;
    const limit = row.createdAt.getTime() + ADMIN_SESSION_MAX_MS;
    const wanted = new Date(Math.min(input.now.getTime() + ADMIN_SESSION_MS, limit));
    if (wanted <= row.expiresAt) return { ...input.session, expiresAt: row.expiresAt };
    await tx
      .update(staffSessions)
      .set({ expiresAt: wanted })
      .where(eq(staffSessions.id, input.session.sessionId));
    await recordAudit(tx, {
      actor: { id: input.session.staffId, email: input.session.email },
      action: 'session_extend',
      target: `staff:${input.session.staffId}`,
      details: { until: wanted.toISOString() },
      ip: null,
      at: input.now,
    });
    return { ...input.session, expiresAt: wanted };
  });
}

/** Removes a half-made session (a sign-in that did not get past its second factor), without a log entry. */
export async function discardStaffSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.id, sessionId));
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

/**
 * Checks a staff member's password (for changes that ask for it again: a new password, turning off
 * two-factor sign-in). False for a wrong password and for an account that does not exist.
 */
export async function staffPasswordMatches(
  db: DbExecutor,
  staffId: string,
  password: string,
): Promise<boolean> {
  const [account] = await db
    .select({ passwordHash: staffAccounts.passwordHash })
    .from(staffAccounts)
    .where(eq(staffAccounts.id, staffId));
  if (!account) return verifyAgainstDummy(password);
  return verifyStaffPassword(account.passwordHash, password);
}
