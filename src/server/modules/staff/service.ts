import { randomBytes } from 'node:crypto';
import type { TLocale } from '@shared/domain/locale';
import { STAFF_INVITATION_VALID_DAYS, type StaffRole } from '@shared/domain/staff';
import { isValidEmail, normalizeEmail } from '@shared/domain/waitlist';
import { href } from '@shared/routes';
import type {
  TStaffAccount,
  TStaffInvitation,
  TStaffInvitationInfo,
  TStaffList,
  TStaffMember,
  TStaffSessionInfo,
} from '@shared/schemas/staff';
import { and, asc, eq, gt, ne } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { staffAccounts, staffInvitations, staffSessions } from '../../db/schema/admin';
import type { StaffIdentity } from '../../lib/api';
import { signToken, verifyToken } from '../../lib/signed-token';
import { type AuditActor, recordAudit } from '../admin/audit';
import { hashStaffPassword } from '../admin/passwords';
import {
  checkStaffPassword,
  openStaffSession,
  type StaffPasswordProblem,
  type StaffSession,
  staffPasswordMatches,
} from '../admin/service';
import { deliverNow, enqueueMail, type MailDeps } from '../mail/service';
import { renderStaffInvitation } from '../mail/templates/account-mail';
import { getTwoFactorStatus } from './two-factor';

/**
 * The staff and their accounts (decision 022): one's own password and sessions; for owners, the staff list,
 * invitations to the staff, roles, and removing staff. The last owner can neither be removed nor demoted:
 * every change of an owner locks all owner rows first, so two owners cannot demote each other at once.
 */

export type StaffDeps = { db: Database; mail: MailDeps; appUrl: string; secret: string };
type Change = { actor: NonNullable<AuditActor>; ip: string | null; now: Date };

const INVITATION_PURPOSE = 'staff-invitation';
const INVITATION_VALID_MS = STAFF_INVITATION_VALID_DAYS * 24 * 60 * 60_000;

// ---- own account ----------------------------------------------------------------------------------------

export async function getStaffAccount(
  db: DbExecutor,
  session: StaffIdentity,
  twoFactorRequired: boolean,
): Promise<TStaffAccount> {
  return {
    email: session.email,
    role: session.role,
    twoFactor: await getTwoFactorStatus(db, session.staffId),
    twoFactorRequired,
  };
}

export type PasswordChangeError = 'wrong_password' | StaffPasswordProblem;

/**
 * A new password for the signed-in staff member, after the current one. Every other session of theirs ends
 * (whoever might have used the old password is signed out); this one stays.
 */
export async function changeStaffPassword(
  db: Database,
  input: {
    session: StaffIdentity;
    currentPassword: string;
    newPassword: string;
    ip: string | null;
    now: Date;
  },
): Promise<{ ok: true; endedSessions: number } | { ok: false; error: PasswordChangeError }> {
  const problem = checkStaffPassword(input.newPassword, input.session.email);
  if (problem) return { ok: false, error: problem };
  if (!(await staffPasswordMatches(db, input.session.staffId, input.currentPassword))) {
    return { ok: false, error: 'wrong_password' };
  }
  const passwordHash = await hashStaffPassword(input.newPassword);
  return db.transaction(async (tx) => {
    await tx
      .update(staffAccounts)
      .set({ passwordHash, updatedAt: input.now })
      .where(eq(staffAccounts.id, input.session.staffId));
    const ended = await tx
      .delete(staffSessions)
      .where(
        and(eq(staffSessions.staffId, input.session.staffId), ne(staffSessions.id, input.session.sessionId)),
      )
      .returning({ id: staffSessions.id });
    await recordAudit(tx, {
      actor: { id: input.session.staffId, email: input.session.email },
      action: 'account.password',
      target: input.session.email,
      details: { endedSessions: ended.length },
      ip: input.ip,
      at: input.now,
    });
    return { ok: true as const, endedSessions: ended.length };
  });
}

/** The staff member's signed-in sessions (not expired), newest first, marking the one asking. */
export async function listOwnSessions(
  db: DbExecutor,
  session: StaffIdentity,
  now: Date,
): Promise<TStaffSessionInfo[]> {
  const rows = await db
    .select()
    .from(staffSessions)
    .where(
      and(
        eq(staffSessions.staffId, session.staffId),
        eq(staffSessions.stage, 'full'),
        gt(staffSessions.expiresAt, now),
      ),
    )
    .orderBy(asc(staffSessions.createdAt));
  return rows.reverse().map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    current: row.id === session.sessionId,
  }));
}

/**
 * Ends sessions of the signed-in staff member: one of them (`sessionId`), or every other one. Another
 * member's session is never touched; the current one ends only by signing out.
 */
export async function endOwnSessions(
  db: Database,
  input: { session: StaffIdentity; which: { sessionId: string } | 'others'; ip: string | null; now: Date },
): Promise<number> {
  const { session } = input;
  return db.transaction(async (tx) => {
    const ended = await tx
      .delete(staffSessions)
      .where(
        and(
          eq(staffSessions.staffId, session.staffId),
          ne(staffSessions.id, session.sessionId),
          input.which === 'others' ? undefined : eq(staffSessions.id, input.which.sessionId),
        ),
      )
      .returning({ id: staffSessions.id });
    if (ended.length > 0) {
      await recordAudit(tx, {
        actor: { id: session.staffId, email: session.email },
        action: 'account.sessions.end',
        target: session.email,
        details: { ended: ended.length, which: input.which === 'others' ? 'others' : 'one' },
        ip: input.ip,
        at: input.now,
      });
    }
    return ended.length;
  });
}

// ---- the staff (owners) ---------------------------------------------------------------------------------

function toInvitation(row: typeof staffInvitations.$inferSelect, now: Date): TStaffInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedAt: row.invitedAt.toISOString(),
    invitedBy: row.invitedBy,
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt <= now,
  };
}

/** Every staff account (owners first) and every open invitation to the staff. */
export async function listStaff(db: DbExecutor, now: Date): Promise<TStaffList> {
  const accounts = await db
    .select({
      id: staffAccounts.id,
      email: staffAccounts.email,
      role: staffAccounts.role,
      totpEnabledAt: staffAccounts.totpEnabledAt,
      lastLoginAt: staffAccounts.lastLoginAt,
      createdAt: staffAccounts.createdAt,
    })
    .from(staffAccounts)
    .orderBy(asc(staffAccounts.email));
  const invitations = await db.select().from(staffInvitations).orderBy(asc(staffInvitations.email));
  const staff: TStaffMember[] = accounts
    .sort((a, b) => Number(b.role === 'owner') - Number(a.role === 'owner'))
    .map((row) => ({
      id: row.id,
      email: row.email,
      role: row.role,
      twoFactorEnabled: row.totpEnabledAt !== null,
      lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    }));
  return { staff, invitations: invitations.map((row) => toInvitation(row, now)) };
}

/**
 * Locks every owner row and the staff member `staffId`, so a change of roles cannot leave no owner: returns
 * the member (or undefined) and whether they are the only owner.
 */
async function lockForOwnerChange(tx: DbExecutor, staffId: string) {
  const owners = await tx
    .select({ id: staffAccounts.id })
    .from(staffAccounts)
    .where(eq(staffAccounts.role, 'owner'))
    .for('update');
  const [target] = await tx
    .select({ email: staffAccounts.email, role: staffAccounts.role })
    .from(staffAccounts)
    .where(eq(staffAccounts.id, staffId))
    .for('update');
  return { target, lastOwner: target?.role === 'owner' && owners.length <= 1 };
}

export type StaffChangeError = 'not_found' | 'last_owner';

/** Gives a staff member another role. The last owner keeps theirs. Takes effect on their next call. */
export async function changeStaffRole(
  db: Database,
  input: Change & { staffId: string; role: StaffRole },
): Promise<{ ok: true; member: TStaffMember } | { ok: false; error: StaffChangeError }> {
  const outcome = await db.transaction(async (tx) => {
    const { target, lastOwner } = await lockForOwnerChange(tx, input.staffId);
    if (!target) return 'not_found' as const;
    if (target.role === input.role) return 'unchanged' as const;
    if (lastOwner) return 'last_owner' as const;
    await tx
      .update(staffAccounts)
      .set({ role: input.role, updatedAt: input.now })
      .where(eq(staffAccounts.id, input.staffId));
    await recordAudit(tx, {
      actor: input.actor,
      action: 'staff.role',
      target: target.email,
      details: { from: target.role, to: input.role },
      ip: input.ip,
      at: input.now,
    });
    return 'changed' as const;
  });
  if (outcome === 'not_found' || outcome === 'last_owner') return { ok: false, error: outcome };
  const member = (await listStaff(db, input.now)).staff.find((row) => row.id === input.staffId);
  return member ? { ok: true, member } : { ok: false, error: 'not_found' };
}

/**
 * Removes a staff account: its sessions end at once (they go with the row) and it can no longer sign in.
 * The audit log keeps what it did, under its address. The last owner cannot be removed.
 */
export async function removeStaff(
  db: Database,
  input: Change & { staffId: string },
): Promise<{ ok: true } | { ok: false; error: StaffChangeError }> {
  const outcome = await db.transaction(async (tx) => {
    const { target, lastOwner } = await lockForOwnerChange(tx, input.staffId);
    if (!target) return 'not_found' as const;
    if (lastOwner) return 'last_owner' as const;
    await tx.delete(staffAccounts).where(eq(staffAccounts.id, input.staffId));
    await recordAudit(tx, {
      actor: input.actor,
      action: 'staff.remove',
      target: target.email,
      details: { role: target.role },
      ip: input.ip,
      at: input.now,
    });
    return 'removed' as const;
  });
  return outcome === 'removed' ? { ok: true } : { ok: false, error: outcome };
}

// ---- invitations to the staff -------------------------------------------------------------------------------

function staffInvitationUrl(
  deps: Pick<StaffDeps, 'appUrl' | 'secret'>,
  row: { id: string; nonce: string },
  locale: TLocale,
) {
  const token = signToken(deps.secret, INVITATION_PURPOSE, { id: row.id, n: row.nonce });
  return `${deps.appUrl}${href('adminLogin', { staffInvitation: token, lang: locale })}`;
}

/** Writes the invitation e-mail into the outbox with the row's current link; returns the outbox id. */
async function enqueueStaffInvitationMail(
  deps: StaffDeps,
  tx: DbExecutor,
  row: { id: string; nonce: string; email: string; language: TLocale },
): Promise<string> {
  const message = await renderStaffInvitation({
    locale: row.language,
    acceptUrl: staffInvitationUrl(deps, row, row.language),
    appUrl: deps.appUrl,
  });
  const queued = await enqueueMail(tx, {
    kind: 'staff_invitation',
    messageKey: `staff-invitation:${row.id}:${row.nonce}`,
    to: row.email,
    ...message,
  });
  return queued.id;
}

export type InviteStaffError = 'invalid_email' | 'staff_exists';

/**
 * Invites an address to the staff with a role: a signed link, for that address, single-use, valid 7 days,
 * e-mailed in `language`. Inviting the same address again renews the invitation (the old link stops
 * working). An address that has a staff account already is refused.
 */
export async function inviteStaff(
  deps: StaffDeps,
  input: Change & { email: string; role: StaffRole; language: TLocale },
): Promise<{ ok: true; invitation: TStaffInvitation } | { ok: false; error: InviteStaffError }> {
  const email = normalizeEmail(input.email);
  if (!isValidEmail(email)) return { ok: false, error: 'invalid_email' };
  const outcome = await deps.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: staffAccounts.id })
      .from(staffAccounts)
      .where(eq(staffAccounts.email, email));
    if (existing) return { ok: false as const, error: 'staff_exists' as const };
    const values = {
      role: input.role,
      nonce: randomBytes(12).toString('base64url'),
      language: input.language,
      invitedBy: input.actor.email,
      invitedAt: input.now,
      expiresAt: new Date(input.now.getTime() + INVITATION_VALID_MS),
    };
    const [row] = await tx
      .insert(staffInvitations)
      .values({ email, ...values })
      .onConflictDoUpdate({ target: staffInvitations.email, set: values })
      .returning();
    if (!row) throw new Error('staff invitation upsert returned no row');
    const outboxId = await enqueueStaffInvitationMail(deps, tx, { ...row, language: input.language });
    await recordAudit(tx, {
      actor: input.actor,
      action: 'staff.invite',
      target: email,
      details: { role: input.role, language: input.language },
      ip: input.ip,
      at: input.now,
    });
    return { ok: true as const, row, outboxId };
  });
  if (!outcome.ok) return outcome;
  await deliverNow(deps.mail, outcome.outboxId);
  return { ok: true, invitation: toInvitation(outcome.row, input.now) };
}

/** Sends an open staff invitation again, with a new link valid 7 days from now. */
export async function resendStaffInvitation(
  deps: StaffDeps,
  input: Change & { invitationId: string },
): Promise<{ ok: true; invitation: TStaffInvitation } | { ok: false; error: 'not_found' }> {
  const [row] = await deps.db
    .select()
    .from(staffInvitations)
    .where(eq(staffInvitations.id, input.invitationId));
  if (!row) return { ok: false, error: 'not_found' };
  const outcome = await inviteStaff(deps, {
    ...input,
    email: row.email,
    role: row.role,
    language: row.language === 'de' ? 'de' : 'en',
  });
  // An account made from the invitation in the meantime: nothing is left to resend.
  return outcome.ok ? outcome : { ok: false, error: 'not_found' };
}

/** Takes a staff invitation back: its link stops working. */
export async function revokeStaffInvitation(
  db: Database,
  input: Change & { invitationId: string },
): Promise<{ ok: true } | { ok: false; error: 'not_found' }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(staffInvitations)
      .where(eq(staffInvitations.id, input.invitationId))
      .returning({ email: staffInvitations.email, role: staffInvitations.role });
    if (!row) return { ok: false as const, error: 'not_found' as const };
    await recordAudit(tx, {
      actor: input.actor,
      action: 'staff.invitation.revoke',
      target: row.email,
      details: { role: row.role },
      ip: input.ip,
      at: input.now,
    });
    return { ok: true as const };
  });
}

export type StaffInvitationError = 'invalid_token' | 'invitation_expired';

/** The open invitation a link's token names (its current link, not expired), for `tx` to lock if it wants. */
async function findStaffInvitation(
  db: DbExecutor,
  secret: string,
  token: string,
  now: Date,
  lock = false,
): Promise<
  { ok: true; row: typeof staffInvitations.$inferSelect } | { ok: false; error: StaffInvitationError }
> {
  const payload = verifyToken(secret, INVITATION_PURPOSE, token);
  if (!payload || typeof payload.id !== 'string' || typeof payload.n !== 'string') {
    return { ok: false, error: 'invalid_token' };
  }
  const query = db
    .select()
    .from(staffInvitations)
    .where(and(eq(staffInvitations.id, payload.id), eq(staffInvitations.nonce, payload.n)));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) return { ok: false, error: 'invalid_token' };
  if (row.expiresAt <= now) return { ok: false, error: 'invitation_expired' };
  return { ok: true, row };
}

/** What a staff invitation link is for (the page shows the address and role before a password is chosen). */
export async function readStaffInvitation(
  deps: Pick<StaffDeps, 'db' | 'secret'>,
  input: { token: string; now: Date },
): Promise<{ ok: true; info: TStaffInvitationInfo } | { ok: false; error: StaffInvitationError }> {
  const found = await findStaffInvitation(deps.db, deps.secret, input.token, input.now);
  if (!found.ok) return found;
  return { ok: true, info: { email: found.row.email, role: found.row.role } };
}

export type AcceptStaffInvitationError = StaffInvitationError | 'staff_exists' | StaffPasswordProblem;

/**
 * Accepts a staff invitation: the account is made with the invited role and the chosen password, the
 * invitation is used up, and a session opens (waiting for the setup of two-factor sign-in when it is
 * required), all in one transaction.
 */
export async function acceptStaffInvitation(
  deps: Pick<StaffDeps, 'db' | 'secret'>,
  input: {
    token: string;
    password: string;
    requireSecondFactor: boolean;
    ip: string | null;
    userAgent: string | null;
    now: Date;
  },
): Promise<
  { ok: true; token: string; session: StaffSession } | { ok: false; error: AcceptStaffInvitationError }
> {
  const peek = await findStaffInvitation(deps.db, deps.secret, input.token, input.now);
  const problem = checkStaffPassword(input.password, peek.ok ? peek.row.email : undefined);
  if (!peek.ok) return peek;
  if (problem) return { ok: false, error: problem };
  const passwordHash = await hashStaffPassword(input.password);
  return deps.db.transaction(async (tx) => {
    const found = await findStaffInvitation(tx, deps.secret, input.token, input.now, true);
    if (!found.ok) return found;
    const { row } = found;
    const [account] = await tx
      .insert(staffAccounts)
      .values({ email: row.email, passwordHash, role: row.role, createdAt: input.now, updatedAt: input.now })
      .onConflictDoNothing({ target: staffAccounts.email })
      .returning({ id: staffAccounts.id, email: staffAccounts.email, role: staffAccounts.role });
    if (!account) return { ok: false as const, error: 'staff_exists' as const };
    await tx.delete(staffInvitations).where(eq(staffInvitations.id, row.id));
    const opened = await openStaffSession(tx, {
      account: { ...account, totpEnabledAt: null },
      requireSecondFactor: input.requireSecondFactor,
      ip: input.ip,
      userAgent: input.userAgent,
      now: input.now,
    });
    await recordAudit(tx, {
      actor: { id: account.id, email: account.email },
      action: 'staff.invitation.accept',
      target: account.email,
      details: { role: account.role, invitedBy: row.invitedBy },
      ip: input.ip,
      at: input.now,
    });
    return { ok: true as const, ...opened };
  });
}
