import { randomBytes } from 'node:crypto';
import {
  INVITATION_EXCLUSION_REASONS,
  INVITATION_RATE_PER_SECOND,
  INVITATION_VALID_MS,
  type InvitationExclusionReason,
  type InvitationMailStatus,
  invitationState,
} from '@shared/domain/invitations';
import { type TLocale, toLocale } from '@shared/domain/locale';
import { isValidEmail, normalizeEmail } from '@shared/domain/waitlist';
import { href } from '@shared/routes';
import type { TInvitationSummary } from '@shared/schemas/admin';
import type { TDirectInvitation, TInvitationLookup, TInvitationPlan } from '@shared/schemas/invitations';
import { and, desc, eq, inArray, isNull, max, ne, or, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { invitations } from '../../db/schema/invitations';
import { mailOutbox } from '../../db/schema/mail';
import { waitingList } from '../../db/schema/waitlist';
import { CHANGE_CHANNELS, notifyChange } from '../../lib/change-feed';
import { signToken, verifyToken } from '../../lib/signed-token';
import { type AuditActor, recordAudit } from '../admin/audit';
import { suppressedAmong } from '../suppression/service';

/**
 * Invitations (decision 021). While INVITE_ONLY is on, an account is made only from an invitation: staff
 * invite confirmed people from the waiting list (or any address), each gets an e-mail in their language
 * with a signed link bound to the invitation's row and its current `nonce` (a resend makes a new one, so
 * only the latest link works), single-use and valid 14 days. The e-mails are paced: each invitation gets a
 * slot `send_after`, 1/INVITATION_RATE_PER_SECOND after the last one scheduled, and the sender (sender.ts)
 * hands it to the outbox when its slot comes.
 */

export type InvitationDeps = { db: Database; appUrl: string; secret: string };
type Change = { actor: NonNullable<AuditActor>; ip: string | null; now: Date };

const TOKEN_PURPOSE = 'invitation';
/** Held while slots are handed out, so two batches of invitations at once do not share slots. */
const PACING_LOCK_KEY = 727_013;
const SLOT_MS = 1000 / INVITATION_RATE_PER_SECOND;
const CHUNK = 1000;
/** An audit record names at most this many addresses (and says how many there were). */
const AUDITED_EMAILS = 100;

type InvitationRow = typeof invitations.$inferSelect;

export function invitationToken(secret: string, row: { id: string; nonce: string }): string {
  return signToken(secret, TOKEN_PURPOSE, { id: row.id, n: row.nonce });
}

/** The link in the e-mail: /auth in sign-up mode, in the person's language. */
export function invitationUrl(
  deps: Pick<InvitationDeps, 'appUrl' | 'secret'>,
  row: { id: string; nonce: string },
  locale: TLocale,
): string {
  return `${deps.appUrl}${href('auth', { invitation: invitationToken(deps.secret, row), lang: locale })}`;
}

/** The state of an invitation row whose e-mail's outbox row stands at `mailStatus`, for staff. */
export function toInvitationSummary(
  row: Pick<InvitationRow, 'id' | 'status' | 'invitedAt' | 'expiresAt' | 'acceptedAt' | 'revokedAt'>,
  mailStatus: InvitationMailStatus,
  now: Date,
): TInvitationSummary {
  return {
    id: row.id,
    state: invitationState({ status: row.status, expiresAt: row.expiresAt, mailStatus }, now),
    invitedAt: row.invitedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/**
 * The columns that give an invitation's summary; select them with `invitationJoin` on a query that has the
 * address in `emailColumn` (the waiting list's), then pass the row to `summaryOf`.
 */
export const invitationColumns = {
  invitationId: invitations.id,
  invitationStatus: invitations.status,
  invitedAt: invitations.invitedAt,
  invitationExpiresAt: invitations.expiresAt,
  invitationAcceptedAt: invitations.acceptedAt,
  invitationRevokedAt: invitations.revokedAt,
  invitationMailStatus: mailOutbox.status,
};

type InvitationColumns = {
  invitationId: string | null;
  invitationStatus: InvitationRow['status'] | null;
  invitedAt: Date | null;
  invitationExpiresAt: Date | null;
  invitationAcceptedAt: Date | null;
  invitationRevokedAt: Date | null;
  invitationMailStatus: string | null;
};

/** The summary of the joined invitation, or null when the address was never invited. */
export function summaryOf(row: InvitationColumns, now: Date): TInvitationSummary | null {
  if (!row.invitationId || !row.invitationStatus || !row.invitedAt || !row.invitationExpiresAt) return null;
  return toInvitationSummary(
    {
      id: row.invitationId,
      status: row.invitationStatus,
      invitedAt: row.invitedAt,
      expiresAt: row.invitationExpiresAt,
      acceptedAt: row.invitationAcceptedAt,
      revokedAt: row.invitationRevokedAt,
    },
    row.invitationMailStatus as InvitationMailStatus,
    now,
  );
}

/**
 * Left-joins each row's invitation (by address) and the outbox row of its e-mail onto a query over
 * `emailColumn`; select `invitationColumns` from it.
 */
export function invitationJoin<Q extends { leftJoin: (...args: never[]) => unknown }>(
  query: Q,
  emailColumn: typeof waitingList.email,
) {
  // biome-ignore lint/suspicious/noExplicitAny: drizzle's join builders are typed per query; this one works for any.
  const joinable = query as any;
  return joinable
    .leftJoin(invitations, eq(invitations.email, emailColumn))
    .leftJoin(mailOutbox, eq(mailOutbox.id, invitations.outboxId)) as Q;
}

// ---- pacing ---------------------------------------------------------------------------------------------

/**
 * `count` send slots, 1/INVITATION_RATE_PER_SECOND apart, after every slot already given to an invitation
 * not yet handed to the outbox. The lock makes concurrent batches (on any app process) queue behind each
 * other; it is released with the transaction.
 */
async function nextSlots(tx: DbExecutor, count: number, now: Date): Promise<Date[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PACING_LOCK_KEY})`);
  const [row] = await tx
    .select({ last: max(invitations.sendAfter) })
    .from(invitations)
    .where(and(isNull(invitations.mailQueuedAt), eq(invitations.status, 'pending')));
  const start = Math.max(now.getTime(), row?.last ? row.last.getTime() + SLOT_MS : 0);
  return Array.from({ length: count }, (_, index) => new Date(Math.round(start + index * SLOT_MS)));
}

/** The values that make a row a fresh invitation: a new link, 14 days from now, a send slot. */
function freshInvitation(input: {
  language: TLocale;
  slot: Date;
  actor: NonNullable<AuditActor>;
  now: Date;
}) {
  return {
    language: input.language,
    status: 'pending' as const,
    nonce: randomBytes(12).toString('base64url'),
    invitedAt: input.now,
    invitedBy: input.actor.email,
    expiresAt: new Date(input.now.getTime() + INVITATION_VALID_MS),
    sendAfter: input.slot,
    mailQueuedAt: null,
    outboxId: null,
    acceptedAt: null,
    userId: null,
    revokedAt: null,
    updatedAt: input.now,
  };
}

// ---- planning and inviting from the waiting list --------------------------------------------------------------

type Candidate = { id: string; email: string; language: TLocale; status: string; suppressed: boolean };

async function candidatesOf(db: DbExecutor, entryIds: readonly string[], now: Date) {
  const unique = [...new Set(entryIds)];
  const rows: (Candidate & { invitation: TInvitationSummary | null; hasAccount: boolean })[] = [];
  for (let start = 0; start < unique.length; start += CHUNK) {
    const chunk = unique.slice(start, start + CHUNK);
    const base = db
      .select({
        id: waitingList.id,
        email: waitingList.email,
        language: waitingList.language,
        status: waitingList.status,
        userId: users.id,
        ...invitationColumns,
      })
      .from(waitingList)
      .leftJoin(users, eq(users.email, waitingList.email))
      .$dynamic();
    const found = await invitationJoin(base, waitingList.email).where(inArray(waitingList.id, chunk));
    const suppressed = await suppressedAmong(
      db,
      found.map((row) => row.email),
    );
    for (const row of found) {
      rows.push({
        id: row.id,
        email: row.email,
        language: toLocale(row.language),
        status: row.status,
        suppressed: suppressed.has(row.email.toLowerCase()),
        invitation: summaryOf(row, now),
        hasAccount: row.userId !== null,
      });
    }
  }
  return { selected: unique.length, rows };
}

const LIVE_STATES = new Set(['sending', 'invited', 'mail_failed']);

/** Who of a selection gets an invitation, and why the others do not. */
function planOf(candidates: Awaited<ReturnType<typeof candidatesOf>>) {
  const leftOut = Object.fromEntries(INVITATION_EXCLUSION_REASONS.map((reason) => [reason, 0])) as Record<
    InvitationExclusionReason,
    number
  >;
  const invitees: Candidate[] = [];
  for (const row of candidates.rows) {
    if (row.status === 'unconfirmed') leftOut.unconfirmed += 1;
    else if (row.status === 'unsubscribed') leftOut.unsubscribed += 1;
    else if (row.suppressed) leftOut.suppressed += 1;
    else if (row.hasAccount) leftOut.hasAccount += 1;
    else if (row.invitation && LIVE_STATES.has(row.invitation.state)) leftOut.alreadyInvited += 1;
    else invitees.push(row);
  }
  leftOut.missing = candidates.selected - candidates.rows.length;
  const plan: TInvitationPlan = {
    selected: candidates.selected,
    invitable: invitees.length,
    byLanguage: {
      en: invitees.filter((row) => row.language === 'en').length,
      de: invitees.filter((row) => row.language === 'de').length,
    },
    leftOut,
  };
  return { plan, invitees };
}

/** Who of the newsletter-list selection would be invited now, and who is left out and why. */
export async function planInvitations(
  db: Database,
  entryIds: readonly string[],
  now: Date,
): Promise<TInvitationPlan> {
  return planOf(await candidatesOf(db, entryIds, now)).plan;
}

/** Writes (or renews) invitations with their send slots; returns the rows written. */
async function writeInvitations(
  tx: DbExecutor,
  people: readonly { email: string; language: TLocale }[],
  change: Change,
  options: { renewLive: boolean },
): Promise<InvitationRow[]> {
  const slots = await nextSlots(tx, people.length, change.now);
  const written: InvitationRow[] = [];
  for (let start = 0; start < people.length; start += CHUNK) {
    const values = people.slice(start, start + CHUNK).map((person, index) => ({
      email: person.email,
      createdAt: change.now,
      ...freshInvitation({
        language: person.language,
        slot: slots[start + index] ?? change.now,
        actor: change.actor,
        now: change.now,
      }),
    }));
    const rows = await tx
      .insert(invitations)
      .values(values)
      .onConflictDoUpdate({
        target: invitations.email,
        set: {
          language: sql`excluded.language`,
          status: sql`excluded.status`,
          nonce: sql`excluded.nonce`,
          invitedAt: sql`excluded.invited_at`,
          invitedBy: sql`excluded.invited_by`,
          expiresAt: sql`excluded.expires_at`,
          sendAfter: sql`excluded.send_after`,
          mailQueuedAt: null,
          outboxId: null,
          acceptedAt: null,
          userId: null,
          revokedAt: null,
          updatedAt: sql`excluded.updated_at`,
        },
        // Never over an invitation someone accepted (while their account exists); and, for a batch from the
        // list, never over one whose link still works (two staff inviting the same people at once).
        setWhere: and(
          or(ne(invitations.status, 'accepted'), isNull(invitations.userId)),
          options.renewLive
            ? undefined
            : or(ne(invitations.status, 'pending'), sql`${invitations.expiresAt} <= ${change.now}`),
        ),
      })
      .returning();
    written.push(...rows);
  }
  return written;
}

function auditedEmails(emails: readonly string[]) {
  return {
    count: emails.length,
    emails: emails.slice(0, AUDITED_EMAILS),
    truncated: emails.length > AUDITED_EMAILS,
  };
}

/**
 * Invites the confirmed, subscribed people of the selection who have neither an account nor an invitation
 * that still works, in one transaction with its audit record. Their e-mails leave at
 * INVITATION_RATE_PER_SECOND, in their language.
 */
export async function inviteEntries(
  db: Database,
  input: Change & { entryIds: readonly string[] },
): Promise<{ ok: true; invited: number; plan: TInvitationPlan } | { ok: false; error: 'no_recipients' }> {
  if (input.entryIds.length === 0) return { ok: false, error: 'no_recipients' };
  return db.transaction(async (tx) => {
    const { plan, invitees } = planOf(await candidatesOf(tx, input.entryIds, input.now));
    const written = await writeInvitations(tx, invitees, input, { renewLive: false });
    if (written.length > 0) {
      await recordAudit(tx, {
        actor: input.actor,
        action: 'invitation.create',
        target: `invitations:${written.length}`,
        details: { ...auditedEmails(written.map((row) => row.email)), plan },
        ip: input.ip,
        at: input.now,
      });
      await notifyChange(tx, CHANGE_CHANNELS.waitlist, 'updated');
    }
    return { ok: true as const, invited: written.length, plan: { ...plan, invitable: written.length } };
  });
}

export type InviteAddressError = 'invalid_email' | 'user_exists';

/**
 * Invites one address, on the waiting list or not (a friend of the team), in `language`. An address with a
 * live invitation gets a new one (the old link stops working); one with an account is refused.
 */
export async function inviteAddress(
  db: Database,
  input: Change & { email: string; language: TLocale },
): Promise<{ ok: true; invitation: TInvitationSummary } | { ok: false; error: InviteAddressError }> {
  const email = normalizeEmail(input.email);
  if (!isValidEmail(email)) return { ok: false, error: 'invalid_email' };
  return db.transaction(async (tx) => {
    const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (account) return { ok: false as const, error: 'user_exists' as const };
    const [row] = await writeInvitations(tx, [{ email, language: input.language }], input, {
      renewLive: true,
    });
    if (!row) return { ok: false as const, error: 'user_exists' as const };
    await recordAudit(tx, {
      actor: input.actor,
      action: 'invitation.create',
      target: email,
      details: { language: input.language, direct: true },
      ip: input.ip,
      at: input.now,
    });
    await notifyChange(tx, CHANGE_CHANNELS.waitlist, 'updated');
    return { ok: true as const, invitation: toInvitationSummary(row, null, input.now) };
  });
}

export type InvitationChangeError = 'not_found' | 'invitation_used' | 'invitation_revoked';

/** Sends an invitation again: a new link, valid 14 days from now; the old link stops working. */
export async function resendInvitation(
  db: Database,
  input: Change & { id: string },
): Promise<{ ok: true; invitation: TInvitationSummary } | { ok: false; error: InvitationChangeError }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(invitations).where(eq(invitations.id, input.id)).for('update');
    if (!row) return { ok: false as const, error: 'not_found' as const };
    if (row.status === 'accepted' && row.userId)
      return { ok: false as const, error: 'invitation_used' as const };
    const [written] = await writeInvitations(
      tx,
      [{ email: row.email, language: toLocale(row.language) }],
      input,
      {
        renewLive: true,
      },
    );
    if (!written) return { ok: false as const, error: 'invitation_used' as const };
    await recordAudit(tx, {
      actor: input.actor,
      action: 'invitation.resend',
      target: row.email,
      details: { previousState: toInvitationSummary(row, null, input.now).state },
      ip: input.ip,
      at: input.now,
    });
    await notifyChange(tx, CHANGE_CHANNELS.waitlist, 'updated');
    return { ok: true as const, invitation: toInvitationSummary(written, null, input.now) };
  });
}

/** Takes an invitation back: its link stops working; an e-mail not yet sent is not sent. */
export async function revokeInvitation(
  db: Database,
  input: Change & { id: string },
): Promise<{ ok: true; invitation: TInvitationSummary } | { ok: false; error: InvitationChangeError }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(invitations).where(eq(invitations.id, input.id)).for('update');
    if (!row) return { ok: false as const, error: 'not_found' as const };
    if (row.status === 'accepted') return { ok: false as const, error: 'invitation_used' as const };
    if (row.status === 'revoked') return { ok: false as const, error: 'invitation_revoked' as const };
    const [revoked] = await tx
      .update(invitations)
      .set({ status: 'revoked', revokedAt: input.now, updatedAt: input.now })
      .where(eq(invitations.id, input.id))
      .returning();
    if (!revoked) return { ok: false as const, error: 'not_found' as const };
    await recordAudit(tx, {
      actor: input.actor,
      action: 'invitation.revoke',
      target: row.email,
      ip: input.ip,
      at: input.now,
    });
    await notifyChange(tx, CHANGE_CHANNELS.waitlist, 'updated');
    return { ok: true as const, invitation: toInvitationSummary(revoked, null, input.now) };
  });
}

/** Invitations of addresses that are not on the waiting list (invited directly), newest first. */
export async function listDirectInvitations(
  db: Database,
  now: Date,
  limit = 200,
): Promise<TDirectInvitation[]> {
  const rows = await db
    .select({ email: invitations.email, language: invitations.language, ...invitationColumns })
    .from(invitations)
    .leftJoin(mailOutbox, eq(mailOutbox.id, invitations.outboxId))
    .leftJoin(waitingList, eq(waitingList.email, invitations.email))
    .where(isNull(waitingList.id))
    .orderBy(desc(invitations.invitedAt))
    .limit(limit);
  return rows.flatMap((row) => {
    const invitation = summaryOf(row, now);
    return invitation ? [{ email: row.email, language: toLocale(row.language), invitation }] : [];
  });
}

// ---- the invited person's side ----------------------------------------------------------------------------------

export type InvitationLinkError =
  | 'invitation_invalid'
  | 'invitation_expired'
  | 'invitation_used'
  | 'invitation_revoked';

/**
 * The invitation a link's token names, if it still works at `now`. A forged token, or one replaced by a
 * newer link (a resend), is `invitation_invalid`. `lock` takes the row for update (to accept it).
 */
async function findInvitation(
  db: DbExecutor,
  input: { secret: string; token: string; now: Date; lock?: boolean },
): Promise<{ ok: true; row: InvitationRow } | { ok: false; error: InvitationLinkError }> {
  const payload = verifyToken(input.secret, TOKEN_PURPOSE, input.token);
  if (!payload || typeof payload.id !== 'string' || typeof payload.n !== 'string') {
    return { ok: false, error: 'invitation_invalid' };
  }
  const query = db
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, payload.id), eq(invitations.nonce, payload.n)));
  const [row] = await (input.lock ? query.for('update') : query);
  if (!row) return { ok: false, error: 'invitation_invalid' };
  if (row.status === 'accepted') return { ok: false, error: 'invitation_used' };
  if (row.status === 'revoked') return { ok: false, error: 'invitation_revoked' };
  if (row.expiresAt <= input.now) return { ok: false, error: 'invitation_expired' };
  return { ok: true, row };
}

/** What the /auth page shows for an invitation link: the address (fixed) and its language. */
export async function lookUpInvitation(
  deps: Pick<InvitationDeps, 'db' | 'secret'>,
  input: { token: string; now: Date },
): Promise<{ ok: true; invitation: TInvitationLookup } | { ok: false; error: InvitationLinkError }> {
  const found = await findInvitation(deps.db, { secret: deps.secret, ...input });
  if (!found.ok) return found;
  return { ok: true, invitation: { email: found.row.email, language: toLocale(found.row.language) } };
}

/**
 * Uses up an invitation inside the transaction that makes its account: the link must still work and be
 * for `email`. The row stays locked until the transaction ends, so a link is accepted once, whatever the
 * number of attempts at the same moment. Call `markInvitationAccepted` with the new account in the same
 * transaction.
 */
export function claimInvitation(tx: DbExecutor, input: InvitationForAddress) {
  return invitationFor(tx, input, true);
}

/** Checks a link (without using it up) for `email`, before the work of hashing a password. */
export function checkInvitation(db: DbExecutor, input: InvitationForAddress) {
  return invitationFor(db, input, false);
}

type InvitationForAddress = { secret: string; token: string; email: string; now: Date };

/** The invitation of a working link for `email` (another address is `invitation_wrong_address`). */
async function invitationFor(
  db: DbExecutor,
  input: InvitationForAddress,
  lock: boolean,
): Promise<
  | { ok: true; id: string; email: string }
  | { ok: false; error: InvitationLinkError | 'invitation_wrong_address' }
> {
  const found = await findInvitation(db, { ...input, lock });
  if (!found.ok) return found;
  if (found.row.email !== normalizeEmail(input.email))
    return { ok: false, error: 'invitation_wrong_address' };
  return { ok: true, id: found.row.id, email: found.row.email };
}

export async function markInvitationAccepted(
  tx: DbExecutor,
  input: { id: string; userId: string; now: Date },
): Promise<void> {
  await tx
    .update(invitations)
    .set({ status: 'accepted', acceptedAt: input.now, userId: input.userId, updatedAt: input.now })
    .where(eq(invitations.id, input.id));
  await notifyChange(tx, CHANGE_CHANNELS.waitlist, 'updated');
}
