import { randomUUID } from 'node:crypto';
import type { TLocale } from '@shared/domain/locale';
import {
  CONSENT_TEXT_VERSION,
  isValidEmail,
  normalizeEmail,
  type WaitlistJoinResult,
} from '@shared/domain/waitlist';
import { href } from '@shared/routes';
import type { TMailSendResult } from '@shared/schemas/admin';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { campaignMessages } from '../../db/schema/campaigns';
import { waitingList } from '../../db/schema/waitlist';
import { CHANGE_CHANNELS, notifyChange } from '../../lib/change-feed';
import { signToken, verifyToken } from '../../lib/signed-token';
import { type AuditActor, recordAudit } from '../admin/audit';
import {
  deliverNow,
  enqueueListMail,
  failedSendResult,
  listUnsubscribeHeaders,
  type MailDeps,
} from '../mail/service';
import { renderWaitlistConfirmation } from '../mail/templates/waitlist-confirmation';
import { renderSavedGdprEmail } from '../newsletters/service';

export type WaitlistDeps = {
  db: Database;
  mail: MailDeps;
  appUrl: string;
  secret: string;
};

const CONFIRM_PURPOSE = 'waitlist-confirm';
const UNSUBSCRIBE_PURPOSE = 'waitlist-unsubscribe';
/** A confirmation link works for 30 days; unsubscribe links never expire (old e-mails must keep working). */
const CONFIRM_LINK_DAYS = 30;

/** Links in e-mails carry the subscriber's language, so the page opens in the language of the e-mail. */
export function confirmationUrl(
  deps: Pick<WaitlistDeps, 'appUrl' | 'secret'>,
  input: { id: string; email: string; locale: TLocale; now: Date },
) {
  const token = signToken(deps.secret, CONFIRM_PURPOSE, {
    id: input.id,
    exp: input.now.getTime() + CONFIRM_LINK_DAYS * 24 * 3600 * 1000,
  });
  return `${deps.appUrl}${href('gdprConfirmation', { email: input.email, token, lang: input.locale })}`;
}

/** `campaignId`: the newsletter the link is in, so its unsubscribes can be counted (decision 042). */
export function unsubscribeToken(secret: string, id: string, campaignId?: string) {
  return signToken(secret, UNSUBSCRIBE_PURPOSE, campaignId ? { id, c: campaignId } : { id });
}

/** The page a person opens from an e-mail, and the address a mail client POSTs to (RFC 8058). */
export function unsubscribeUrls(
  deps: Pick<WaitlistDeps, 'appUrl' | 'secret'>,
  id: string,
  locale: TLocale,
  campaignId?: string,
) {
  const token = unsubscribeToken(deps.secret, id, campaignId);
  return {
    page: `${deps.appUrl}${href('byebye', { token, lang: locale })}`,
    oneClick: `${deps.appUrl}/api/waitlist/unsubscribe/one-click?token=${encodeURIComponent(token)}`,
  };
}

/**
 * The double opt-in e-mail of an entry: subject, bodies and the one-click unsubscribe headers. The latest
 * saved GDPR draft is the template when there is one (decision 019), or the GDPR defaults when only a GIF of
 * the confirmation e-mail is set for the language (decision 048), else the built-in e-mail. `db` is the
 * transaction the e-mail is enqueued in.
 */
export async function confirmationMessage(
  deps: Pick<WaitlistDeps, 'appUrl' | 'secret'>,
  db: DbExecutor,
  input: { id: string; email: string; locale: TLocale; now: Date },
) {
  const links = unsubscribeUrls(deps, input.id, input.locale);
  const urls = { confirmUrl: confirmationUrl(deps, input), unsubscribeUrl: links.page };
  const message =
    (await renderSavedGdprEmail({ db, appUrl: deps.appUrl }, { locale: input.locale, ...urls })) ??
    (await renderWaitlistConfirmation({ locale: input.locale, ...urls, appUrl: deps.appUrl }));
  return { ...message, headers: listUnsubscribeHeaders(links.oneClick) };
}

export type JoinInput = { email: string; language: TLocale; ipHash: string | null; userAgent: string | null };
export type JoinOutcome = { ok: true; result: WaitlistJoinResult } | { ok: false; error: 'alreadyOnList' };

/**
 * Adds an address (already validated) to the list as unconfirmed, with its proof of consent, and sends the
 * double opt-in e-mail. The row and the e-mail are written in one transaction; the e-mail is then tried at
 * once so the answer can say whether it went out (the outbox retries it if not). An address that had
 * unsubscribed joins again; one that is unconfirmed or confirmed is already on the list.
 */
export async function joinWaitlist(deps: WaitlistDeps, input: JoinInput): Promise<JoinOutcome> {
  const now = deps.mail.clock.now();
  const email = normalizeEmail(input.email);
  const consent = {
    language: input.language,
    status: 'unconfirmed' as const,
    updatedAt: now,
    consentAt: now,
    consentTextVersion: CONSENT_TEXT_VERSION,
    consentIpHash: input.ipHash,
    consentUserAgent: input.userAgent?.slice(0, 500) ?? null,
    confirmedAt: null,
    unsubscribedAt: null,
  };

  const queued = await deps.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(waitingList)
      .values({ email, createdAt: now, ...consent })
      .onConflictDoNothing({ target: waitingList.email })
      .returning({ id: waitingList.id });
    let id = inserted?.id;
    if (!id) {
      const [existing] = await tx
        .select({ id: waitingList.id, status: waitingList.status })
        .from(waitingList)
        .where(eq(waitingList.email, email))
        .for('update');
      if (existing?.status !== 'unsubscribed') return { ok: false as const };
      await tx.update(waitingList).set(consent).where(eq(waitingList.id, existing.id));
      id = existing.id;
    }

    const message = await confirmationMessage(deps, tx, { id, email, locale: input.language, now });
    const outcome = await enqueueListMail(tx, {
      kind: 'waitlist_confirmation',
      messageKey: `waitlist-confirmation:${id}:${now.getTime()}`,
      to: email,
      ...message,
    });
    await notifyChange(tx, CHANGE_CHANNELS.waitlist, 'joined');
    return { ok: true as const, outcome: outcome.outcome, outboxId: outcome.id };
  });

  if (!queued.ok) return { ok: false, error: 'alreadyOnList' };
  // Held while auto-send is off: it goes out once when it is switched on again (decision 041).
  if (queued.outcome !== 'queued') return { ok: true, result: 'held' };
  const delivery = await deliverNow(deps.mail, queued.outboxId);
  return { ok: true, result: delivery === 'failed' ? 'confirmation_failed' : 'confirmation_sent' };
}

export type ConfirmOutcome = 'confirmed' | 'invalid';

/** Confirms a subscription from the link in the double opt-in e-mail (by POST, never by a bare GET). */
export async function confirmSubscription(
  deps: Pick<WaitlistDeps, 'db' | 'secret' | 'mail'>,
  input: { email: string; token: string },
): Promise<ConfirmOutcome> {
  const payload = verifyToken(deps.secret, CONFIRM_PURPOSE, input.token);
  const now = deps.mail.clock.now();
  if (!payload || typeof payload.id !== 'string' || typeof payload.exp !== 'number') return 'invalid';
  if (payload.exp < now.getTime()) return 'invalid';
  const email = normalizeEmail(input.email);
  const entryId = payload.id;
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(waitingList)
      .set({
        status: 'confirmed',
        confirmedAt: sql`coalesce(${waitingList.confirmedAt}, ${now})`,
        updatedAt: now,
      })
      // An unsubscribed person is not subscribed again by an old confirmation link.
      .where(
        sql`${waitingList.id} = ${entryId} and ${waitingList.email} = ${email} and ${waitingList.status} in ('unconfirmed', 'confirmed')`,
      )
      .returning({ status: waitingList.status });
    if (row?.status !== 'confirmed') return 'invalid';
    await notifyChange(tx, CHANGE_CHANNELS.waitlist, 'updated');
    return 'confirmed';
  });
}

/**
 * Unsubscribes the person a token names. Idempotent; a token for an entry staff have since deleted also
 * succeeds, since that person gets no more mail either way.
 */
export async function unsubscribe(
  deps: Pick<WaitlistDeps, 'db' | 'secret' | 'mail'>,
  input: { token: string },
): Promise<'unsubscribed' | 'invalid'> {
  const payload = verifyToken(deps.secret, UNSUBSCRIBE_PURPOSE, input.token);
  if (!payload || typeof payload.id !== 'string') return 'invalid';
  const now = deps.mail.clock.now();
  const entryId = payload.id;
  await deps.db.transaction(async (tx) => {
    const changed = await tx
      .update(waitingList)
      .set({
        status: 'unsubscribed',
        unsubscribedAt: sql`coalesce(${waitingList.unsubscribedAt}, ${now})`,
        updatedAt: now,
      })
      .where(eq(waitingList.id, entryId))
      .returning({ id: waitingList.id });
    if (changed.length > 0) await notifyChange(tx, CHANGE_CHANNELS.waitlist, 'updated');
    // A link from a newsletter counts for that campaign (its per-campaign unsubscribes), once.
    if (typeof payload.c === 'string' && changed.length > 0) {
      await tx
        .update(campaignMessages)
        .set({ unsubscribedAt: now })
        .where(
          and(
            eq(campaignMessages.campaignId, payload.c),
            eq(campaignMessages.entryId, entryId),
            isNull(campaignMessages.unsubscribedAt),
          ),
        );
    }
  });
  return 'unsubscribed';
}

// ---- administration (/api/admin/waitlist) -----------------------------------------------------------------

export type AdminChange = { actor: NonNullable<AuditActor>; ip: string | null; now: Date };

export type SendConfirmationOutcome =
  | { ok: true; result: TMailSendResult & { mode: 'subscriber' | 'test' } }
  | { ok: false; error: 'invalid_email' | 'unsubscribed_address' };

/**
 * The manual GDPR sender (spec §2, §7 send-gdpr-confirmation): sends the double opt-in e-mail now, in the
 * chosen language. An address on the list gets a real confirmation for its entry. An address not on the
 * list gets a test copy, marked "[Test] ", whose links name no entry (a random id), so confirming or
 * unsubscribing through it changes nothing. An unsubscribed address gets nothing. Like every list mail it
 * obeys auto-send; the audit record is written with the enqueueing.
 */
export async function sendConfirmationMail(
  deps: WaitlistDeps,
  input: { email: string; language: TLocale; actor: NonNullable<AuditActor>; ip: string | null },
): Promise<SendConfirmationOutcome> {
  const email = normalizeEmail(input.email);
  if (!isValidEmail(email)) return { ok: false, error: 'invalid_email' };
  const now = deps.mail.clock.now();

  const queued = await deps.db.transaction(async (tx) => {
    const [entry] = await tx
      .select({ id: waitingList.id, status: waitingList.status })
      .from(waitingList)
      .where(eq(waitingList.email, email));
    if (entry?.status === 'unsubscribed') return { ok: false as const };
    const mode = entry ? ('subscriber' as const) : ('test' as const);
    const id = entry?.id ?? randomUUID();

    const message = await confirmationMessage(deps, tx, { id, email, locale: input.language, now });
    const outcome = await enqueueListMail(tx, {
      kind: mode === 'test' ? 'waitlist_confirmation_test' : 'waitlist_confirmation',
      // Each send by staff is a message of its own, even twice within a millisecond.
      messageKey: `waitlist-confirmation:manual:${id}:${randomUUID()}`,
      to: email,
      ...message,
      subject: mode === 'test' ? `[Test] ${message.subject}` : message.subject,
    });
    await recordAudit(tx, {
      actor: input.actor,
      action: 'waitlist.confirmation.send',
      target: email,
      details: { language: input.language, mode, queued: outcome.outcome === 'queued' },
      ip: input.ip,
      at: now,
    });
    return { ok: true as const, mode, outcome: outcome.outcome, outboxId: outcome.id };
  });

  if (!queued.ok) return { ok: false, error: 'unsubscribed_address' };
  const { mode, outboxId } = queued;
  const transport = await deps.mail.transport.describe();
  if (queued.outcome !== 'queued') {
    return { ok: true, result: { outcome: queued.outcome, transport, error: null, mode } };
  }
  const delivery = await deliverNow(deps.mail, outboxId);
  // 'skipped': an outbox worker claimed it first and is sending it, as joinWaitlist counts it too.
  if (delivery !== 'failed') return { ok: true, result: { outcome: 'sent', transport, error: null, mode } };
  return { ok: true, result: { ...(await failedSendResult(deps.db, outboxId)), transport, mode } };
}
