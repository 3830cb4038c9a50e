import { createHmac, randomInt } from 'node:crypto';
import { ADMIN_SESSION_MS } from '@shared/domain/admin';
import type { TLocale } from '@shared/domain/locale';
import {
  normalizeRecoveryCode,
  normalizeTotpCode,
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_ACCOUNT_BUDGET,
  SECOND_FACTOR_MAX_ATTEMPTS,
  secondFactorLockMs,
  TOTP_DIGITS,
} from '@shared/domain/staff';
import { href } from '@shared/routes';
import type { TTwoFactorSetup, TTwoFactorStatus } from '@shared/schemas/staff';
import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { staffAccounts, staffInvitations, staffRecoveryCodes, staffSessions } from '../../db/schema/admin';
import type { StaffIdentity } from '../../lib/api';
import type { Clock } from '../../lib/clock';
import { openSecret, SecretBoxError, sealSecret } from '../../lib/secret-box';
import { recordAudit } from '../admin/audit';
import { SECOND_FACTOR_OFF, staffPasswordMatches } from '../admin/service';
import { enqueueMail } from '../mail/service';
import { renderStaffSecondFactorLocked } from '../mail/templates/account-mail';
import { base32Encode, matchTotpStep, newTotpSecret, otpauthUri, qrPath } from './totp';

/**
 * Two-factor sign-in for staff (decision 024): TOTP (RFC 6238) from an authenticator app, set up with a QR
 * code drawn here, and 10 single-use recovery codes kept as keyed hashes. Every code is accepted once: a
 * TOTP code's time step must be later than the last one accepted (one atomic UPDATE, so two processes
 * cannot both accept it), a recovery code is marked used in the statement that checks it.
 */

/**
 * `wallClock` is the time authenticator apps read (the real one, even when CLOCK_OFFSET_MS shifts the
 * app's clock for a demo); tests pass their fake clock.
 */
export type TwoFactorDeps = { db: Database; secret: string; wallClock: Clock };
type Change = { ip: string | null; now: Date };

const ISSUER = 'Mirror';
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const totpSecretName = (staffId: string) => `staff-totp:${staffId}`;

function recoveryCodeHash(secret: string, code: string): string {
  return createHmac('sha256', secret)
    .update(`staff-recovery-code.${normalizeRecoveryCode(code)}`)
    .digest('base64url');
}

/** Ten codes like `k7m2p-xq9rt`: 50 random bits each, without letters that are easily misread. */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
}

/** Replaces the account's recovery codes with ten new ones; returns them in clear, the only time they exist. */
async function replaceRecoveryCodes(
  tx: DbExecutor,
  secret: string,
  staffId: string,
  now: Date,
): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
  await tx
    .insert(staffRecoveryCodes)
    .values(codes.map((code) => ({ staffId, codeHash: recoveryCodeHash(secret, code), createdAt: now })));
  return codes;
}

/** The account's TOTP key, or null when there is none (or it was sealed under another SESSION_SECRET). */
function openTotpKey(secret: string, staffId: string, sealed: string | null): Buffer | null {
  if (!sealed) return null;
  try {
    return Buffer.from(openSecret(secret, totpSecretName(staffId), sealed), 'base64url');
  } catch (error) {
    if (error instanceof SecretBoxError) return null;
    throw error;
  }
}

/**
 * Checks and uses up a second factor of an account with two-factor sign-in: a TOTP code (six digits) or
 * one of its recovery codes. Returns which one it was, or null when it is wrong or used already.
 */
async function consumeSecondFactor(
  tx: DbExecutor,
  input: { secret: string; staffId: string; code: string; now: Date; codeTime: number },
): Promise<'totp' | 'recovery_code' | null> {
  const totp = normalizeTotpCode(input.code);
  if (new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(totp)) {
    const [account] = await tx
      .select({ sealed: staffAccounts.totpSecret, enabledAt: staffAccounts.totpEnabledAt })
      .from(staffAccounts)
      .where(eq(staffAccounts.id, input.staffId));
    const key = account?.enabledAt ? openTotpKey(input.secret, input.staffId, account.sealed) : null;
    const step = key ? matchTotpStep(key, totp, input.codeTime) : null;
    if (step === null) return null;
    const [used] = await tx
      .update(staffAccounts)
      .set({ totpLastStep: step })
      .where(
        and(
          eq(staffAccounts.id, input.staffId),
          or(isNull(staffAccounts.totpLastStep), lt(staffAccounts.totpLastStep, step)),
        ),
      )
      .returning({ id: staffAccounts.id });
    return used ? 'totp' : null;
  }
  const [used] = await tx
    .update(staffRecoveryCodes)
    .set({ usedAt: input.now })
    .where(
      and(
        eq(staffRecoveryCodes.staffId, input.staffId),
        eq(staffRecoveryCodes.codeHash, recoveryCodeHash(input.secret, input.code)),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  return used ? 'recovery_code' : null;
}

export type SecondFactorOutcome =
  | { ok: true; session: StaffIdentity }
  | { ok: false; reason: 'wrong_code' | 'too_many_attempts' | 'not_pending' }
  | { ok: false; reason: 'second_factor_locked'; retryAfterMs: number };

/** What checking a sign-in's second factor needs besides TwoFactorDeps: where the lockout e-mail links to. */
export type SecondFactorDeps = TwoFactorDeps & { appUrl: string };

type Budget = { failures: number; lockouts: number; lockedUntil: Date | null };

/** The language of the staff member's invitation, for the lockout e-mail; English for the bootstrap account. */
async function staffLanguage(tx: DbExecutor, email: string): Promise<TLocale> {
  const [invitation] = await tx
    .select({ language: staffInvitations.language })
    .from(staffInvitations)
    .where(eq(staffInvitations.email, email));
  return invitation?.language === 'de' ? 'de' : 'en';
}

/**
 * Counts a wrong second factor against the account's budget (SECOND_FACTOR_ACCOUNT_BUDGET). The one that
 * spends it pauses the account's second factor (each lockout before a success twice as long), records the
 * lockout in the audit log, and e-mails the staff member, in the transaction that counts it. Answers the
 * pause, or null while budget is left.
 */
async function spendSecondFactorBudget(
  deps: SecondFactorDeps,
  tx: DbExecutor,
  input: Change & { session: StaffIdentity; budget: Budget },
): Promise<{ until: Date } | null> {
  const { session, budget, now } = input;
  const failures = budget.failures + 1;
  if (failures < SECOND_FACTOR_ACCOUNT_BUDGET) {
    await tx
      .update(staffAccounts)
      .set({ secondFactorFailures: failures })
      .where(eq(staffAccounts.id, session.staffId));
    return null;
  }
  const lockouts = budget.lockouts + 1;
  const until = new Date(now.getTime() + secondFactorLockMs(lockouts));
  await tx
    .update(staffAccounts)
    .set({ secondFactorFailures: 0, secondFactorLockouts: lockouts, secondFactorLockedUntil: until })
    .where(eq(staffAccounts.id, session.staffId));
  await recordAudit(tx, {
    actor: { id: session.staffId, email: session.email },
    action: 'two_factor.locked',
    target: session.email,
    details: { wrongCodes: failures, lockouts, until: until.toISOString() },
    ip: input.ip,
    at: now,
  });
  const locale = await staffLanguage(tx, session.email);
  const message = await renderStaffSecondFactorLocked({
    locale,
    signInUrl: `${deps.appUrl}${href('adminLogin', { lang: locale })}`,
    appUrl: deps.appUrl,
  });
  await enqueueMail(tx, {
    kind: 'staff_second_factor_locked',
    messageKey: `staff-second-factor-locked:${session.staffId}:${until.toISOString()}`,
    to: session.email,
    ...message,
  });
  return { until };
}

/**
 * The second step of a staff sign-in: the password was right (the session waits in stage
 * `second_factor`), and this checks the code from the authenticator app or a recovery code. The right one
 * completes the sign-in: the session becomes a full one for 8 hours from now, and the account's budget of
 * wrong codes is whole again. A wrong one is counted on the session (after SECOND_FACTOR_MAX_ATTEMPTS the
 * session ends and the sign-in starts over with the password) and on the account, across every half-done
 * sign-in: once SECOND_FACTOR_ACCOUNT_BUDGET is spent, no code of the account is checked until the pause
 * ends (`second_factor_locked`, and the half-done sign-in ends), whoever knows the password.
 */
export async function verifyStaffSecondFactor(
  deps: SecondFactorDeps,
  input: Change & { session: StaffIdentity; code: string; userAgent?: string | null },
): Promise<SecondFactorOutcome> {
  const { session, now } = input;
  if (session.stage !== 'second_factor') return { ok: false, reason: 'not_pending' };
  return deps.db.transaction(async (tx): Promise<SecondFactorOutcome> => {
    // Locked, so parallel guesses on one session are counted one after the other.
    const [row] = await tx
      .select({ attempts: staffSessions.secondFactorAttempts })
      .from(staffSessions)
      .where(and(eq(staffSessions.id, session.sessionId), eq(staffSessions.stage, 'second_factor')))
      .for('update');
    if (!row) return { ok: false, reason: 'not_pending' };
    // And the account's budget, so guesses through many half-done sign-ins are counted one after the other.
    const [budget] = await tx
      .select({
        failures: staffAccounts.secondFactorFailures,
        lockouts: staffAccounts.secondFactorLockouts,
        lockedUntil: staffAccounts.secondFactorLockedUntil,
      })
      .from(staffAccounts)
      .where(eq(staffAccounts.id, session.staffId))
      .for('update');
    if (!budget) return { ok: false, reason: 'not_pending' };
    if (budget.lockedUntil && budget.lockedUntil > now) {
      await tx.delete(staffSessions).where(eq(staffSessions.id, session.sessionId));
      return {
        ok: false,
        reason: 'second_factor_locked',
        retryAfterMs: budget.lockedUntil.getTime() - now.getTime(),
      };
    }
    const actor = { id: session.staffId, email: session.email };
    const used = await consumeSecondFactor(tx, {
      secret: deps.secret,
      staffId: session.staffId,
      code: input.code,
      now,
      codeTime: deps.wallClock.now().getTime(),
    });
    if (!used) {
      const attempts = row.attempts + 1;
      await recordAudit(tx, {
        actor,
        action: 'login_failed',
        target: session.email,
        details: { reason: 'wrong_second_factor', attempts },
        ip: input.ip,
        at: now,
      });
      const paused = await spendSecondFactorBudget(deps, tx, { session, budget, ip: input.ip, now });
      if (paused || attempts >= SECOND_FACTOR_MAX_ATTEMPTS) {
        await tx.delete(staffSessions).where(eq(staffSessions.id, session.sessionId));
      } else {
        await tx
          .update(staffSessions)
          .set({ secondFactorAttempts: attempts })
          .where(eq(staffSessions.id, session.sessionId));
      }
      if (paused) {
        return {
          ok: false,
          reason: 'second_factor_locked',
          retryAfterMs: paused.until.getTime() - now.getTime(),
        };
      }
      return {
        ok: false,
        reason: attempts >= SECOND_FACTOR_MAX_ATTEMPTS ? 'too_many_attempts' : 'wrong_code',
      };
    }
    const expiresAt = new Date(now.getTime() + ADMIN_SESSION_MS);
    await tx
      .update(staffSessions)
      .set({ stage: 'full', expiresAt, secondFactorAttempts: 0 })
      .where(eq(staffSessions.id, session.sessionId));
    await tx
      .update(staffAccounts)
      .set({ secondFactorFailures: 0, secondFactorLockouts: 0, secondFactorLockedUntil: null })
      .where(eq(staffAccounts.id, session.staffId));
    await recordAudit(tx, {
      actor,
      action: 'login',
      target: session.email,
      details: { secondFactor: used, userAgent: input.userAgent?.slice(0, 200) ?? null },
      ip: input.ip,
      at: now,
    });
    return { ok: true, session: { ...session, stage: 'full' as const, expiresAt } };
  });
}

/** Whether two-factor sign-in is on, since when, and how many recovery codes are left. */
export async function getTwoFactorStatus(db: DbExecutor, staffId: string): Promise<TTwoFactorStatus> {
  const [account] = await db
    .select({ enabledAt: staffAccounts.totpEnabledAt })
    .from(staffAccounts)
    .where(eq(staffAccounts.id, staffId));
  const [left] = await db
    .select({ n: count() })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.staffId, staffId), isNull(staffRecoveryCodes.usedAt)));
  const enabledAt = account?.enabledAt ?? null;
  return {
    enabled: enabledAt !== null,
    enabledAt: enabledAt?.toISOString() ?? null,
    recoveryCodesLeft: enabledAt ? (left?.n ?? 0) : 0,
  };
}

/**
 * Starts setting up two-factor sign-in: a new secret, kept sealed on the account (not in use until
 * confirmed), and what the authenticator app needs: the QR code of its otpauth URI and the secret to type
 * in by hand. Starting again replaces a setup that was not confirmed.
 */
export async function beginTwoFactorSetup(
  deps: TwoFactorDeps,
  input: { session: StaffIdentity; now: Date },
): Promise<{ ok: true; setup: TTwoFactorSetup } | { ok: false; error: 'two_factor_already_enabled' }> {
  const key = newTotpSecret();
  const [updated] = await deps.db
    .update(staffAccounts)
    .set({
      totpSecret: sealSecret(deps.secret, totpSecretName(input.session.staffId), key.toString('base64url')),
      updatedAt: input.now,
    })
    .where(and(eq(staffAccounts.id, input.session.staffId), isNull(staffAccounts.totpEnabledAt)))
    .returning({ id: staffAccounts.id });
  if (!updated) return { ok: false, error: 'two_factor_already_enabled' };
  const uri = otpauthUri({ issuer: ISSUER, account: input.session.email, secret: key });
  return {
    ok: true,
    setup: { secret: base32Encode(key).replace(/(.{4})(?=.)/g, '$1 '), otpauthUri: uri, qr: qrPath(uri) },
  };
}

export type ConfirmSetupOutcome =
  | { ok: true; recoveryCodes: string[]; session: StaffIdentity }
  | { ok: false; error: 'two_factor_already_enabled' | 'two_factor_not_started' | 'invalid_code' };

/**
 * Finishes the setup with a code the app shows, which proves it holds the secret: two-factor sign-in is on
 * from now, with ten new recovery codes (returned once, in clear). A session that was only allowed to do
 * this (STAFF_REQUIRE_2FA) becomes a full one, for 8 hours from now.
 */
export async function confirmTwoFactorSetup(
  deps: TwoFactorDeps,
  input: Change & { session: StaffIdentity; code: string },
): Promise<ConfirmSetupOutcome> {
  const { session, now } = input;
  return deps.db.transaction(async (tx) => {
    const [account] = await tx
      .select({ sealed: staffAccounts.totpSecret, enabledAt: staffAccounts.totpEnabledAt })
      .from(staffAccounts)
      .where(eq(staffAccounts.id, session.staffId))
      .for('update');
    if (account?.enabledAt) return { ok: false as const, error: 'two_factor_already_enabled' as const };
    const key = openTotpKey(deps.secret, session.staffId, account?.sealed ?? null);
    if (!key) return { ok: false as const, error: 'two_factor_not_started' as const };
    const step = matchTotpStep(key, normalizeTotpCode(input.code), deps.wallClock.now().getTime());
    if (step === null) return { ok: false as const, error: 'invalid_code' as const };
    await tx
      .update(staffAccounts)
      .set({ totpEnabledAt: now, totpLastStep: step, updatedAt: now })
      .where(eq(staffAccounts.id, session.staffId));
    const recoveryCodes = await replaceRecoveryCodes(tx, deps.secret, session.staffId, now);
    const actor = { id: session.staffId, email: session.email };
    await recordAudit(tx, {
      actor,
      action: 'two_factor.enable',
      target: session.email,
      ip: input.ip,
      at: now,
    });
    let next: StaffIdentity = { ...session, twoFactorEnabled: true };
    if (session.stage === 'setup') {
      const expiresAt = new Date(now.getTime() + ADMIN_SESSION_MS);
      await tx
        .update(staffSessions)
        .set({ stage: 'full', expiresAt })
        .where(eq(staffSessions.id, session.sessionId));
      await recordAudit(tx, {
        actor,
        action: 'login',
        target: session.email,
        details: { secondFactor: 'setup' },
        ip: input.ip,
        at: now,
      });
      next = { ...next, stage: 'full', expiresAt };
    }
    return { ok: true as const, recoveryCodes, session: next };
  });
}

/**
 * Turns two-factor sign-in off, after the password is given again. Refused while STAFF_REQUIRE_2FA is on.
 * The secret and the recovery codes are deleted.
 */
export async function disableTwoFactor(
  deps: TwoFactorDeps,
  input: Change & { session: StaffIdentity; password: string; required: boolean },
): Promise<
  { ok: true } | { ok: false; error: 'wrong_password' | 'two_factor_required' | 'two_factor_not_enabled' }
> {
  const { session, now } = input;
  if (input.required) return { ok: false, error: 'two_factor_required' };
  if (!(await staffPasswordMatches(deps.db, session.staffId, input.password))) {
    return { ok: false, error: 'wrong_password' };
  }
  return deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(staffAccounts)
      .set({ ...SECOND_FACTOR_OFF, updatedAt: now })
      .where(and(eq(staffAccounts.id, session.staffId), sql`${staffAccounts.totpEnabledAt} is not null`))
      .returning({ id: staffAccounts.id });
    if (!updated) return { ok: false as const, error: 'two_factor_not_enabled' as const };
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, session.staffId));
    await recordAudit(tx, {
      actor: { id: session.staffId, email: session.email },
      action: 'two_factor.disable',
      target: session.email,
      ip: input.ip,
      at: now,
    });
    return { ok: true as const };
  });
}

/** Ten new recovery codes (the old ones stop working), after the password is given again. */
export async function regenerateRecoveryCodes(
  deps: TwoFactorDeps,
  input: Change & { session: StaffIdentity; password: string },
): Promise<
  { ok: true; recoveryCodes: string[] } | { ok: false; error: 'wrong_password' | 'two_factor_not_enabled' }
> {
  const { session, now } = input;
  if (!(await staffPasswordMatches(deps.db, session.staffId, input.password))) {
    return { ok: false, error: 'wrong_password' };
  }
  return deps.db.transaction(async (tx) => {
    const [account] = await tx
      .select({ enabledAt: staffAccounts.totpEnabledAt })
      .from(staffAccounts)
      .where(eq(staffAccounts.id, session.staffId))
      .for('update');
    if (!account?.enabledAt) return { ok: false as const, error: 'two_factor_not_enabled' as const };
    const recoveryCodes = await replaceRecoveryCodes(tx, deps.secret, session.staffId, now);
    await recordAudit(tx, {
      actor: { id: session.staffId, email: session.email },
      action: 'two_factor.recovery_codes',
      target: session.email,
      ip: input.ip,
      at: now,
    });
    return { ok: true as const, recoveryCodes };
  });
}
