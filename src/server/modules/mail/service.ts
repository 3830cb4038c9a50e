import { randomUUID } from 'node:crypto';
import type { TLocale } from '@shared/domain/locale';
import { isValidEmail } from '@shared/domain/waitlist';
import type { TEmailSettings, TEmailSettingsState, TMailSendResult } from '@shared/schemas/admin';
import { and, asc, eq, gte, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { campaignMessages, campaigns } from '../../db/schema/campaigns';
import { emailSettings, mailOutbox, type OutboxStatus } from '../../db/schema/mail';
import type { Clock } from '../../lib/clock';
import type { FieldCipher } from '../../lib/field-cipher';
import type { Logger } from '../../lib/logger';
import type { OutboxBacklog } from '../../lib/metrics';
import { startIntervalWorker, type Worker } from '../../lib/worker';
import { type AuditActor, recordAudit } from '../admin/audit';
import { isSuppressed, recipientBounce, suppressAddress } from '../suppression/service';
import { renderMailTest } from './templates/mail-test';
import type { MailTransport, OutgoingMail } from './transport';

/** A message to enqueue. `messageKey` names the message for deduplication, e.g. `waitlist-confirm:<entry id>`. */
export type MailMessage = {
  kind: string;
  messageKey: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
  bcc?: string[];
  /**
   * Mail to the waiting list (confirmations, invitations): held while auto-send is off (decision 041) and
   * never sent to a suppressed address (decision 043).
   */
  listMail?: boolean;
};

export type MailDeps = {
  db: Database;
  transport: MailTransport;
  clock: Clock;
  logger: Logger;
  mailFrom: string;
  /**
   * Opens the sealed bodies of private mail (PRIVATE_BODY_KINDS) as they are sent. The outbox worker has it;
   * the senders of one message a request just wrote need not. Without it, such a message fails its attempt
   * and stays queued, sealed, for a retry.
   */
  cipher?: FieldCipher;
};

export type DeliveryOutcome = 'sent' | 'failed' | 'skipped';

/** After this many failed (or abandoned) attempts a message is given up: status 'dead'. */
export const MAIL_MAX_ATTEMPTS = 8;
/** How long a claim lasts; a worker that dies while sending leaves the row to be reclaimed after it. */
export const MAIL_CLAIM_LEASE_MS = 5 * 60_000;
const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 60 * 60_000;
const DEFAULT_BATCH_SIZE = 20;
const DEFAULT_INTERVAL_MS = 2000;
const LAST_ERROR_MAX_LENGTH = 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** The settings row (spec §3); a missing row means sending is on and there is no BCC. */
export async function getEmailSettings(
  db: DbExecutor,
): Promise<{ globalBcc: string | null; autoSend: boolean }> {
  const [row] = await db
    .select({ globalBcc: emailSettings.globalBcc, autoSend: emailSettings.autoSend })
    .from(emailSettings)
    .where(eq(emailSettings.id, 1));
  if (!row) return { globalBcc: null, autoSend: true };
  const globalBcc = row.globalBcc?.trim() || null;
  return { globalBcc, autoSend: row.autoSend };
}

/** The settings with the number of e-mails the emergency stop holds (the routing card). */
export async function getEmailSettingsState(db: DbExecutor): Promise<TEmailSettingsState> {
  const settings = await getEmailSettings(db);
  return { ...settings, held: await countHeldMail(db) };
}

/**
 * Changes the e-mail settings (spec §5: the BCC is optional, but an e-mail address when filled in) and
 * records old and new values in the audit log, in one transaction.
 */
export async function updateEmailSettings(
  db: Database,
  input: TEmailSettings & { actor: AuditActor; ip: string | null; now: Date },
): Promise<{ ok: true; settings: TEmailSettings } | { ok: false; error: 'invalid_email' }> {
  const globalBcc = input.globalBcc?.trim() || null;
  if (globalBcc !== null && !isValidEmail(globalBcc)) return { ok: false, error: 'invalid_email' };
  const settings = { globalBcc, autoSend: input.autoSend };
  await db.transaction(async (tx) => {
    // Locked, so the audit's "before" is the row this change replaces even when two staff save at once.
    const [locked] = await tx
      .select({ globalBcc: emailSettings.globalBcc, autoSend: emailSettings.autoSend })
      .from(emailSettings)
      .where(eq(emailSettings.id, 1))
      .for('update');
    const before = locked ?? { globalBcc: null, autoSend: true };
    await tx
      .insert(emailSettings)
      .values({ id: 1, ...settings, updatedAt: input.now })
      .onConflictDoUpdate({ target: emailSettings.id, set: { ...settings, updatedAt: input.now } });
    // The emergency stop (decision 041): list mail waiting to go is held, and released when it is back on.
    const moved =
      before.autoSend && !settings.autoSend
        ? await tx
            .update(mailOutbox)
            .set({ status: 'held' })
            .where(and(eq(mailOutbox.status, 'pending'), eq(mailOutbox.listMail, true)))
            .returning({ id: mailOutbox.id })
        : !before.autoSend && settings.autoSend
          ? await tx
              .update(mailOutbox)
              .set({ status: 'pending', nextAttemptAt: input.now })
              .where(eq(mailOutbox.status, 'held'))
              .returning({ id: mailOutbox.id })
          : [];
    await recordAudit(tx, {
      actor: input.actor,
      action: 'mail.settings.update',
      target: 'email_settings',
      details: { before, after: settings, ...(moved.length > 0 ? { heldOrReleased: moved.length } : {}) },
      ip: input.ip,
      at: input.now,
    });
  });
  return { ok: true, settings };
}

/** The global BCC as a list (the column may hold several addresses separated by commas or spaces). */
export function globalBccList(settings: { globalBcc: string | null }): string[] {
  return settings.globalBcc ? settings.globalBcc.split(/[\s,;]+/).filter(Boolean) : [];
}

/** Trimmed, without empties, without the addressee, each address once (case-insensitive). */
function normalizeBcc(addresses: readonly string[], to: string): string[] {
  const seen = new Set([to.trim().toLowerCase()]);
  const result: string[] = [];
  for (const raw of addresses) {
    const address = raw.trim();
    const key = address.toLowerCase();
    if (address === '' || seen.has(key)) continue;
    seen.add(key);
    result.push(address);
  }
  return result;
}

/** The outbox row of a message. */
function outboxValues(message: MailMessage) {
  return {
    listMail: message.listMail ?? false,
    messageKey: message.messageKey,
    kind: message.kind,
    toAddress: message.to.trim(),
    bcc: normalizeBcc(message.bcc ?? [], message.to),
    subject: message.subject,
    html: message.html,
    textBody: message.text,
    headers: message.headers ?? {},
  };
}

/**
 * Puts a message in the outbox; pass the caller's transaction so the message exists exactly when the change
 * that causes it commits. The same `messageKey` again writes nothing and returns the first row's id.
 */
export async function enqueueMail(
  db: DbExecutor,
  message: MailMessage,
): Promise<{ id: string; created: boolean; status: OutboxStatus }> {
  const status = message.listMail ? await listMailStatus(db, message.to) : 'pending';
  const [inserted] = await db
    .insert(mailOutbox)
    .values({ ...outboxValues(message), status })
    .onConflictDoNothing({ target: mailOutbox.messageKey })
    .returning({ id: mailOutbox.id });
  if (inserted) return { id: inserted.id, created: true, status };
  const [existing] = await db
    .select({ id: mailOutbox.id, status: mailOutbox.status })
    .from(mailOutbox)
    .where(eq(mailOutbox.messageKey, message.messageKey));
  if (!existing) throw new Error(`mail_outbox: ${message.messageKey} conflicted but cannot be read`);
  return { id: existing.id, created: false, status: existing.status };
}

/** Where a new list mail starts: suppressed addresses get nothing, and while auto-send is off it is held. */
async function listMailStatus(db: DbExecutor, to: string): Promise<OutboxStatus> {
  if (await isSuppressed(db, to)) return 'suppressed';
  return (await getEmailSettings(db)).autoSend ? 'pending' : 'held';
}

/**
 * Puts many messages in the outbox in one statement (a scheduler's batch), inside the caller's transaction;
 * keys already there are passed over. Answers how many were new.
 */
export async function enqueueMails(db: DbExecutor, messages: readonly MailMessage[]): Promise<number> {
  if (messages.length === 0) return 0;
  const inserted = await db
    .insert(mailOutbox)
    .values(messages.map(outboxValues))
    .onConflictDoNothing({ target: mailOutbox.messageKey })
    .returning({ id: mailOutbox.id });
  return inserted.length;
}

/**
 * Enqueues a list mail (waiting-list confirmations), which obeys the e-mail settings: while auto-send is off
 * it is written `held` and goes out when it is switched on again (decision 041); a suppressed address gets
 * nothing (decision 043); the global BCC is added when one is set (spec §7).
 */
export async function enqueueListMail(
  db: DbExecutor,
  message: MailMessage,
): Promise<{ outcome: 'queued' | 'held' | 'suppressed'; id: string; created: boolean }> {
  const settings = await getEmailSettings(db);
  const queued = await enqueueMail(db, {
    ...message,
    listMail: true,
    bcc: [...(message.bcc ?? []), ...globalBccList(settings)],
  });
  const outcome = queued.status === 'held' || queued.status === 'suppressed' ? queued.status : 'queued';
  return { outcome, id: queued.id, created: queued.created };
}

/** SQL: auto-send is on (a missing settings row means on). Read per claim, so a stop holds at once. */
export const autoSendOn = sql`coalesce((select ${emailSettings.autoSend} from ${emailSettings} where ${emailSettings.id} = 1), true)`;

/** How many e-mails the emergency stop holds: list mail in the outbox and open messages of running campaigns. */
export async function countHeldMail(db: DbExecutor): Promise<number> {
  const [outbox] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, 'held'));
  const [campaign] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(campaignMessages)
    .innerJoin(campaigns, eq(campaigns.id, campaignMessages.campaignId))
    .where(
      and(
        eq(campaigns.status, 'sending'),
        inArray(campaignMessages.status, ['pending', 'sending']),
        sql`not ${autoSendOn}`,
      ),
    );
  return (outbox?.count ?? 0) + (campaign?.count ?? 0);
}

/** RFC 8058 one-click unsubscribe headers; the URL must accept a POST without a session. */
export function listUnsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** 30 s, 1 min, 2 min, ... up to 1 h by default (campaigns pass their own), plus up to 10 % jitter so retries of a burst spread out. */
export function backoffDelayMs(attempts: number, baseMs = RETRY_BASE_MS, maxMs = RETRY_MAX_MS): number {
  const base = Math.min(baseMs * 2 ** Math.max(0, attempts - 1), maxMs);
  return Math.round(base * (1 + Math.random() * 0.1));
}

// A message never tried is due at once whatever the clock says: enqueueing has no clock (it runs inside the
// caller's transaction), so its next_attempt_at is only the database's idea of "now" (the same as its
// created_at). Unless it was given a later slot than that: paced mail (staff's confirmations and imports,
// `enqueuePacedConfirmations`) waits for its slot by the app's clock, so pacing holds (issue 36: an import's
// 10,403 confirmations had left at 152 a second, its slots passed over).
// List mail is claimed only while auto-send is on: the switch is read per claim (decision 041).
const pendingAndDue = (now: Date): SQL | undefined =>
  and(
    eq(mailOutbox.status, 'pending'),
    or(
      lte(mailOutbox.nextAttemptAt, now),
      and(eq(mailOutbox.attempts, 0), lte(mailOutbox.nextAttemptAt, mailOutbox.createdAt)),
    ),
    or(eq(mailOutbox.listMail, false), autoSendOn),
  );

// A claim counts as an attempt, so a message that kills its worker every time still ends up dead.
const claimChanges = (now: Date) => ({
  status: 'sending' as const,
  attempts: sql`${mailOutbox.attempts} + 1`,
  lockedUntil: new Date(now.getTime() + MAIL_CLAIM_LEASE_MS),
});

/** Due messages, claimed atomically: rows another worker has locked are skipped, not waited for. */
async function claimDueMail(db: Database, options: { now: Date; limit: number }): Promise<OutboxRow[]> {
  const { now, limit } = options;
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      or(
        pendingAndDue(now),
        and(
          eq(mailOutbox.status, 'sending'),
          lte(mailOutbox.lockedUntil, now),
          lt(mailOutbox.attempts, MAIL_MAX_ATTEMPTS),
        ),
      ),
    )
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db.update(mailOutbox).set(claimChanges(now)).where(inArray(mailOutbox.id, due)).returning();
}

/** Claims whose lease ran out after the last allowed attempt: the sender died each time, so give up. */
async function buryAbandonedMail(db: Database, now: Date): Promise<number> {
  const buried = await db
    .update(mailOutbox)
    .set({
      status: 'dead',
      lockedUntil: null,
      lastError: sql`coalesce(${mailOutbox.lastError} || '; ', '') || 'the sender stopped before finishing'`,
    })
    .where(
      and(
        eq(mailOutbox.status, 'sending'),
        lte(mailOutbox.lockedUntil, now),
        gte(mailOutbox.attempts, MAIL_MAX_ATTEMPTS),
      ),
    )
    .returning({ id: mailOutbox.id });
  return buried.length;
}

export function messageIdHost(mailFrom: string): string {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'mirror.local';
}

function toOutgoingMail(row: OutboxRow, mailFrom: string): OutgoingMail {
  return {
    from: mailFrom,
    to: row.toAddress,
    bcc: row.bcc,
    subject: row.subject,
    html: row.html,
    text: row.textBody,
    headers: row.headers,
    // From the row id, so a re-send after a crash carries the same Message-ID and can be told apart.
    messageId: `<${row.id}@${messageIdHost(mailFrom)}>`,
  };
}

/** An error of a send for staff and the log: nodemailer's code and SMTP reply code, then the message. */
export function describeSendError(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, LAST_ERROR_MAX_LENGTH);
  const { code, responseCode } = error as Error & { code?: unknown; responseCode?: unknown };
  const prefix = [code, responseCode].filter((part) => part !== undefined).join(' ');
  return (prefix ? `${prefix}: ${error.message}` : error.message).slice(0, LAST_ERROR_MAX_LENGTH);
}

/** SMTP replies often quote the address; the log keeps only its domain. */
export function withoutLocalParts(text: string): string {
  return text.replace(/[^\s<>"'@,;:]+@/g, '…@');
}

/**
 * E-mails whose body is a person's private text (the weekly insight quotes their week, decision 045): the
 * outbox keeps the body sealed while the message waits (`sealPrivateBody`), opens it only to send it, and
 * forgets it once delivered, so the database never holds a readable copy.
 */
const PRIVATE_BODY_KINDS: ReadonlySet<string> = new Set(['weekly_insight']);

/** A body part's sealing context: the message's own key, so a body moved to another message does not open. */
const privateBodyContext = (part: 'html' | 'text', messageKey: string) => `mail_outbox.${part}:${messageKey}`;

/** A private message (PRIVATE_BODY_KINDS) as the outbox is to keep it: both bodies sealed. */
export function sealPrivateBody(cipher: FieldCipher, message: MailMessage): MailMessage {
  if (!PRIVATE_BODY_KINDS.has(message.kind)) throw new Error(`${message.kind} mail has no private body`);
  return {
    ...message,
    html: cipher.seal(message.html, privateBodyContext('html', message.messageKey)),
    text: cipher.seal(message.text, privateBodyContext('text', message.messageKey)),
  };
}

/** A private message's outbox row with both bodies opened. Throws when they do not open. */
export function openPrivateBody(cipher: FieldCipher, row: OutboxRow): OutboxRow {
  return {
    ...row,
    html: cipher.open(row.html, privateBodyContext('html', row.messageKey)),
    textBody: cipher.open(row.textBody, privateBodyContext('text', row.messageKey)),
  };
}

/** The row as it is to be sent: a private message's bodies opened, other mail as it is. */
function openedBody(deps: MailDeps, row: OutboxRow): OutboxRow {
  if (!PRIVATE_BODY_KINDS.has(row.kind)) return row;
  if (!deps.cipher) throw new Error('this sender has no key to open the message');
  return openPrivateBody(deps.cipher, row);
}

// Only the row's own claim may settle it: if the lease ran out and someone reclaimed it, attempts moved on.
const ownClaim = (row: OutboxRow) =>
  and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, 'sending'), eq(mailOutbox.attempts, row.attempts));

/** Sends one claimed row and records the result. Never throws. */
async function sendClaimed(deps: MailDeps, row: OutboxRow): Promise<'sent' | 'failed'> {
  const { db, clock, logger } = deps;
  const fields = { kind: row.kind, outboxId: row.id, toDomain: row.toAddress.split('@').pop() };
  // The address may have been suppressed since the message was written (decision 043).
  if (row.listMail && (await isSuppressed(db, row.toAddress))) {
    await db
      .update(mailOutbox)
      .set({ status: 'suppressed', lockedUntil: null, lastError: 'the address is on the suppression list' })
      .where(ownClaim(row));
    logger.info(fields, 'mail not sent: the address is suppressed');
    return 'failed';
  }
  try {
    await deps.transport.send(toOutgoingMail(openedBody(deps, row), deps.mailFrom));
  } catch (error) {
    const now = clock.now();
    // A permanent refusal of the address (5xx) is not retried, and the address is suppressed.
    const bounced = recipientBounce(error);
    const dead = bounced || row.attempts >= MAIL_MAX_ATTEMPTS;
    const nextAttemptAt = new Date(now.getTime() + backoffDelayMs(row.attempts));
    const lastError = describeSendError(error);
    try {
      await db
        .update(mailOutbox)
        .set(
          dead
            ? { status: 'dead', lockedUntil: null, lastError }
            : { status: 'pending', lockedUntil: null, lastError, nextAttemptAt },
        )
        .where(ownClaim(row));
      if (bounced) {
        await suppressAddress(db, {
          email: row.toAddress,
          reason: 'bounce',
          source: 'smtp',
          detail: withoutLocalParts(lastError),
          now,
        });
      }
    } catch (markError) {
      logger.error({ ...fields, err: markError }, 'mail: could not record a failed send');
    }
    const logged = { ...fields, attempts: row.attempts, error: withoutLocalParts(lastError) };
    if (dead) logger.error(logged, 'mail given up');
    else logger.warn({ ...logged, nextAttemptAt }, 'mail send failed');
    return 'failed';
  }
  try {
    await db
      .update(mailOutbox)
      .set({
        status: 'sent',
        sentAt: clock.now(),
        lockedUntil: null,
        ...(PRIVATE_BODY_KINDS.has(row.kind) ? { html: '', textBody: '' } : {}),
      })
      .where(ownClaim(row));
  } catch (markError) {
    // The message went out; the row is reclaimed after the lease and re-sent with the same Message-ID.
    logger.error({ ...fields, err: markError }, 'mail: sent, but could not record it');
  }
  logger.info({ ...fields, attempts: row.attempts }, 'mail sent');
  return 'sent';
}

/**
 * Tries one message now, e.g. right after the transaction that enqueued it commits, so a response can
 * say whether it went out. Claims it like the worker does, so the two never both send it. 'skipped': not
 * pending and due (sent already, or another sender has it). 'failed': stays in the outbox for a retry.
 */
export async function deliverNow(deps: MailDeps, id: string): Promise<DeliveryOutcome> {
  if (!UUID.test(id)) return 'skipped';
  let row: OutboxRow | undefined;
  try {
    const now = deps.clock.now();
    [row] = await deps.db
      .update(mailOutbox)
      .set(claimChanges(now))
      .where(and(eq(mailOutbox.id, id), pendingAndDue(now)))
      .returning();
  } catch (error) {
    // The caller's change is committed already; the worker will send the message.
    deps.logger.error({ err: error, outboxId: id }, 'mail: could not claim a message to send now');
    return 'failed';
  }
  if (!row) return 'skipped';
  return sendClaimed(deps, row);
}

/**
 * One outbox run: claims up to `batchSize` due messages (and reclaims those whose sender's lease ran out)
 * in one statement, then sends them outside any transaction and records each result.
 */
export async function processDueMail(
  deps: MailDeps,
  options: { batchSize?: number } = {},
): Promise<{ sent: number; failed: number }> {
  const now = deps.clock.now();
  const buried = await buryAbandonedMail(deps.db, now);
  if (buried > 0) deps.logger.error({ count: buried }, 'mail given up: the sender stopped before finishing');
  const claimed = await claimDueMail(deps.db, { now, limit: options.batchSize ?? DEFAULT_BATCH_SIZE });
  const outcomes = await Promise.all(claimed.map((row) => sendClaimed(deps, row)));
  return {
    sent: outcomes.filter((outcome) => outcome === 'sent').length,
    failed: outcomes.filter((outcome) => outcome === 'failed').length,
  };
}

/**
 * Sends due mail every `intervalMs` (2 s by default) until stopped. A run that claimed a full batch runs
 * again at once, so a burst (thousands of reminders at 08:00) drains at the transport's pace instead of
 * 20 messages every 2 seconds.
 */
export function startOutboxWorker(deps: MailDeps & { intervalMs?: number }): Worker {
  const { intervalMs = DEFAULT_INTERVAL_MS, ...mailDeps } = deps;
  let stopping = false;
  const worker = startIntervalWorker({
    name: 'mail-outbox',
    intervalMs,
    logger: deps.logger,
    task: async () => {
      await drainDueMail(mailDeps, { isStopped: () => stopping });
    },
  });
  return {
    name: worker.name,
    stop: () => {
      stopping = true;
      return worker.stop();
    },
  };
}

/**
 * Runs `processDueMail` while runs claim a full batch and send all of it; a failure (the server is down,
 * say) or a stop ends the drain, and the retries wait for their back-off. Answers the totals.
 */
export async function drainDueMail(
  deps: MailDeps,
  options: { batchSize?: number; isStopped?: () => boolean } = {},
): Promise<{ sent: number; failed: number }> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const total = { sent: 0, failed: 0 };
  for (;;) {
    const run = await processDueMail(deps, { batchSize });
    total.sent += run.sent;
    total.failed += run.failed;
    if (run.sent < batchSize || options.isStopped?.()) return total;
  }
}

/**
 * The admin area's test e-mail (spec §2 e-mail system test): sent at once in the staff member's language,
 * whatever auto-send says, so delivery can be checked while sending is paused. It does get the global BCC,
 * so the routing can be checked too; the result lists the BCC copies. The message is claimed in the
 * transaction that enqueues it, so the outbox worker never takes it and the answer is this send's outcome.
 */
export async function sendTestMail(
  deps: MailDeps,
  input: {
    to: string;
    locale: TLocale;
    appUrl: string;
    actor: AuditActor;
    ip: string | null;
    now: Date;
  },
): Promise<{ ok: true; result: TMailSendResult } | { ok: false; error: 'invalid_email' }> {
  const to = input.to.trim();
  if (!isValidEmail(to)) return { ok: false, error: 'invalid_email' };
  const rendered = await renderMailTest({
    locale: input.locale,
    requestedBy: input.actor?.email ?? '',
    sentAt: input.now,
    appUrl: input.appUrl,
  });
  const settings = await getEmailSettings(deps.db);
  const message: MailMessage = {
    kind: 'admin_mail_test',
    messageKey: `admin-mail-test:${randomUUID()}`,
    to,
    ...rendered,
    bcc: globalBccList(settings),
  };
  const [sent] = await sendImmediately(deps, [message], async (tx, [row]) => {
    await recordAudit(tx, {
      actor: input.actor,
      action: 'mail.test',
      target: to,
      details: { outboxId: row?.id, locale: input.locale, bcc: row?.bcc },
      ip: input.ip,
      at: input.now,
    });
  });
  if (!sent) throw new Error('mail: the test message was not written');
  // Read back from the outbox, so the answer and the status route (decision 047) say the same thing.
  const status = await testMailStatus(deps.db, sent.outboxId);
  if (!status) throw new Error(`mail_outbox: the test message ${sent.outboxId} vanished after it was sent`);
  return { ok: true, result: { ...status, transport: sent.transport } };
}

/**
 * Staff's own sends (the e-mail test, a newsletter test): written to the outbox already claimed, with
 * `inTransaction` (the audit entry) in the same transaction, so the outbox worker never takes them and the
 * answer is this send's outcome; then sent one after the other. Not list mail: auto-send does not hold
 * them. A refusal for now stays in the outbox and is retried ('retrying', with `retryAt`).
 */
export async function sendImmediately(
  deps: MailDeps,
  messages: readonly MailMessage[],
  inTransaction: (tx: DbExecutor, rows: readonly OutboxRow[]) => Promise<void>,
): Promise<
  {
    result: { outcome: 'sent'; error: null } | UnsentResult;
    transport: TMailSendResult['transport'];
    bcc: string[];
    outboxId: string;
  }[]
> {
  const rows = await deps.db.transaction(async (tx) => {
    const claimed: OutboxRow[] = [];
    for (const message of messages) {
      const { id } = await enqueueMail(tx, { ...message, listMail: false });
      const [row] = await tx
        .update(mailOutbox)
        .set(claimChanges(deps.clock.now()))
        .where(eq(mailOutbox.id, id))
        .returning();
      if (!row) throw new Error(`mail_outbox: the message ${id} vanished before it was claimed`);
      claimed.push(row);
    }
    await inTransaction(tx, claimed);
    return claimed;
  });
  // Looked up afresh: staff often set the provider key and test right away.
  const transport = await deps.transport.describe({ refresh: true }).catch(() => null);
  const outcomes = [];
  for (const row of rows) {
    const outcome = await sendClaimed(deps, row);
    const result = outcome === 'sent' ? { outcome, error: null } : await failedSendResult(deps.db, row.id);
    outcomes.push({ result, transport, bcc: row.bcc, outboxId: row.id });
  }
  return outcomes;
}

/** Where an outbox message stands (optionally only if it is of `kind`): what staff are told about a send. */
async function outboxState(db: DbExecutor, outboxId: string, kind?: string) {
  const [row] = await db
    .select({
      status: mailOutbox.status,
      lastError: mailOutbox.lastError,
      nextAttemptAt: mailOutbox.nextAttemptAt,
      sentAt: mailOutbox.sentAt,
      bcc: mailOutbox.bcc,
    })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.id, outboxId), kind === undefined ? undefined : eq(mailOutbox.kind, kind)));
  return row;
}

/**
 * What became of a test e-mail as it is now (decision 047): 'sent' only once the SMTP server (or the
 * provider) accepted it, 'retrying' while it waits in the outbox for its next attempt (or is being tried),
 * 'failed' with the reason once given up. Null for an id that is not a test e-mail.
 */
export async function testMailStatus(db: DbExecutor, outboxId: string): Promise<TMailSendResult | null> {
  const row = await outboxState(db, outboxId, 'admin_mail_test');
  if (!row) return null;
  const base = { transport: null, bcc: row.bcc, outboxId };
  switch (row.status) {
    case 'sent':
      return {
        ...base,
        outcome: 'sent',
        error: null,
        sentAt: (row.sentAt ?? row.nextAttemptAt).toISOString(),
      };
    case 'pending':
    case 'sending':
    case 'held':
      return { ...base, outcome: 'retrying', error: row.lastError, retryAt: row.nextAttemptAt.toISOString() };
    case 'suppressed':
      return { ...base, outcome: 'suppressed', error: null };
    case 'dead':
      return { ...base, outcome: 'failed', error: row.lastError };
  }
}

type UnsentResult = Pick<TMailSendResult, 'error' | 'retryAt'> & {
  outcome: 'retrying' | 'failed' | 'suppressed';
};

/**
 * What became of a message whose send just failed, as staff should hear it: still in the outbox for a
 * retry at `retryAt` ('retrying'), given up ('failed'), or not sent to a suppressed address.
 */
export async function failedSendResult(db: DbExecutor, outboxId: string): Promise<UnsentResult> {
  const row = await outboxState(db, outboxId);
  const error = row?.lastError ?? null;
  if (row?.status === 'pending')
    return { outcome: 'retrying', error, retryAt: row.nextAttemptAt.toISOString() };
  if (row?.status === 'suppressed') return { outcome: 'suppressed', error: null };
  return { outcome: 'failed', error };
}

/** Why the last attempt to send an outbox message failed (for staff), or null. */
export async function lastSendError(db: DbExecutor, outboxId: string): Promise<string | null> {
  const [row] = await db
    .select({ lastError: mailOutbox.lastError })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, outboxId));
  return row?.lastError ?? null;
}

/** What the outbox holds that is not sent yet (metrics): one query over the status index. */
export async function readOutboxBacklog(db: Database, now: Date): Promise<OutboxBacklog> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${mailOutbox.status} = 'pending')::int`,
      sending: sql<number>`count(*) filter (where ${mailOutbox.status} = 'sending')::int`,
      dead: sql<number>`count(*) filter (where ${mailOutbox.status} = 'dead')::int`,
      oldestAgeSeconds: sql<number>`coalesce(extract(epoch from (${now}::timestamptz - min(${mailOutbox.createdAt}) filter (where ${mailOutbox.status} <> 'dead'))), 0)::float8`,
    })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ['pending', 'sending', 'dead']));
  return {
    pending: row?.pending ?? 0,
    sending: row?.sending ?? 0,
    dead: row?.dead ?? 0,
    oldestAgeSeconds: Math.max(0, row?.oldestAgeSeconds ?? 0),
  };
}
