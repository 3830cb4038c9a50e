import type { TSuppression } from '@shared/schemas/suppression';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import {
  mailSuppressions,
  mailWebhookEvents,
  type SuppressionReason,
  type SuppressionSource,
} from '../../db/schema/mail';
import { CHANGE_CHANNELS, notifyChange } from '../../lib/change-feed';
import { recordAudit } from '../admin/audit';

/**
 * The suppression list (decision 043): addresses that bounced for good or complained. No list mail goes to
 * them: campaigns, confirmations, invitations, resends and imports all ask here (`filterSuppressed`,
 * `isSuppressed`), and the senders check again when they claim a message.
 */

const LIST_LIMIT = 500;
const DETAIL_MAX_LENGTH = 500;

const key = (email: string) => email.trim().toLowerCase();

export async function isSuppressed(db: DbExecutor, email: string): Promise<boolean> {
  const [row] = await db
    .select({ email: mailSuppressions.email })
    .from(mailSuppressions)
    .where(eq(mailSuppressions.email, key(email)));
  return row !== undefined;
}

/** The addresses of `emails` that are suppressed, lower-cased. */
export async function suppressedAmong(db: DbExecutor, emails: readonly string[]): Promise<Set<string>> {
  const keys = [...new Set(emails.map(key))];
  const found = new Set<string>();
  for (let start = 0; start < keys.length; start += 1000) {
    const rows = await db
      .select({ email: mailSuppressions.email })
      .from(mailSuppressions)
      .where(inArray(mailSuppressions.email, keys.slice(start, start + 1000)));
    for (const row of rows) found.add(row.email);
  }
  return found;
}

/** `emails` without the suppressed ones, in their order (for imports and any bulk send). */
export async function filterSuppressed(db: DbExecutor, emails: readonly string[]): Promise<string[]> {
  const suppressed = await suppressedAmong(db, emails);
  return emails.filter((email) => !suppressed.has(key(email)));
}

/** SQL: the address in `column` is not suppressed (for claims). */
export const notSuppressed = (column: unknown) =>
  sql`not exists (select 1 from ${mailSuppressions} where ${mailSuppressions.email} = lower(${column}))`;

/** Puts an address on the list; an address already there keeps its first entry. Answers whether it is new. */
export async function suppressAddress(
  db: DbExecutor,
  input: {
    email: string;
    reason: SuppressionReason;
    source: SuppressionSource;
    detail?: string | null;
    campaignId?: string | null;
    now: Date;
  },
): Promise<boolean> {
  const inserted = await db
    .insert(mailSuppressions)
    .values({
      email: key(input.email),
      reason: input.reason,
      source: input.source,
      detail: input.detail?.slice(0, DETAIL_MAX_LENGTH) ?? null,
      campaignId: input.campaignId ?? null,
      createdAt: input.now,
    })
    .onConflictDoNothing({ target: mailSuppressions.email })
    .returning({ email: mailSuppressions.email });
  if (inserted.length === 0) return false;
  // The staff list shows suppressed addresses: open lists reload, in every app process.
  await notifyChange(db, CHANGE_CHANNELS.waitlist, 'updated');
  return true;
}

/**
 * Whether a failed send says the recipient's address is bad for good: a 5xx reply to RCPT TO, or a 5xx with
 * an enhanced status about the mailbox (5.1.x, 5.2.1) or its usual wording. Other 5xx (a refused sender, a
 * relay denied, a message found to be spam) are permanent but not the address's fault.
 */
export function recipientBounce(error: unknown): boolean {
  const { responseCode, command, response, message } = error as {
    responseCode?: unknown;
    command?: unknown;
    response?: unknown;
    message?: unknown;
  };
  if (typeof responseCode !== 'number' || responseCode < 500 || responseCode >= 600) return false;
  if (typeof command === 'string' && /^RCPT/i.test(command)) return true;
  const text = `${typeof response === 'string' ? response : ''} ${typeof message === 'string' ? message : ''}`;
  return /\b5\.(1\.\d|2\.1)\b|user unknown|no such user|mailbox (unavailable|not found)|does not exist/i.test(
    text,
  );
}

/** The list for staff, newest first. */
export async function listSuppressions(db: Database): Promise<{ total: number; entries: TSuppression[] }> {
  const [rows, [total]] = await Promise.all([
    db.select().from(mailSuppressions).orderBy(desc(mailSuppressions.createdAt)).limit(LIST_LIMIT),
    db.select({ count: sql<number>`count(*)::int` }).from(mailSuppressions),
  ]);
  return {
    total: total?.count ?? 0,
    entries: rows.map((row) => ({
      email: row.email,
      reason: row.reason,
      source: row.source,
      detail: row.detail,
      campaignId: row.campaignId,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/** Lifts an entry (staff decided the address works again), audited in the same transaction. */
export async function liftSuppression(
  db: Database,
  input: { email: string; actor: { id: string; email: string }; ip: string | null; now: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(mailSuppressions)
      .where(eq(mailSuppressions.email, key(input.email)))
      .returning();
    if (!removed) return false;
    await recordAudit(tx, {
      actor: input.actor,
      action: 'mail.suppression.lift',
      target: removed.email,
      details: { reason: removed.reason, source: removed.source, since: removed.createdAt.toISOString() },
      ip: input.ip,
      at: input.now,
    });
    await notifyChange(tx, CHANGE_CHANNELS.waitlist, 'updated');
    return true;
  });
}

export type MailWebhookEvent = { id: string; type: string; recipients: string[]; detail: string | null };

const EVENT_REASONS: Record<string, SuppressionReason> = {
  'email.bounced': 'bounce',
  'email.complained': 'complaint',
};

/**
 * Handles one verified provider event once: `duplicate` when its id was handled before. Bounces and
 * complaints suppress their recipients; other event types are recorded and otherwise ignored.
 */
export async function handleMailWebhookEvent(
  db: Database,
  event: MailWebhookEvent,
  now: Date,
): Promise<'handled' | 'ignored' | 'duplicate'> {
  return db.transaction(async (tx) => {
    const [first] = await tx
      .insert(mailWebhookEvents)
      .values({ id: event.id, type: event.type.slice(0, 100), receivedAt: now })
      .onConflictDoNothing({ target: mailWebhookEvents.id })
      .returning({ id: mailWebhookEvents.id });
    if (!first) return 'duplicate';
    const reason = EVENT_REASONS[event.type];
    if (!reason) return 'ignored';
    for (const email of event.recipients) {
      await suppressAddress(tx, {
        email,
        reason,
        source: 'webhook',
        detail: event.detail ?? event.type,
        now,
      });
    }
    return 'handled';
  });
}
