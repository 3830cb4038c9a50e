import type { TLocale } from '@shared/domain/locale';
import { CONSENT_TEXT_VERSION, normalizeEmail, type WaitlistJoinResult } from '@shared/domain/waitlist';
import { href } from '@shared/routes';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { waitingList } from '../../db/schema/waitlist';
import { signToken, verifyToken } from '../../lib/signed-token';
import { deliverNow, enqueueListMail, listUnsubscribeHeaders, type MailDeps } from '../mail/service';
import { renderWaitlistConfirmation } from '../mail/templates/waitlist-confirmation';

export type WaitlistDeps = { db: Database; mail: MailDeps; appUrl: string; secret: string };

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

export function unsubscribeToken(secret: string, id: string) {
  return signToken(secret, UNSUBSCRIBE_PURPOSE, { id });
}

/** The page a person opens from an e-mail, and the address a mail client POSTs to (RFC 8058). */
export function unsubscribeUrls(deps: Pick<WaitlistDeps, 'appUrl' | 'secret'>, id: string, locale: TLocale) {
  const token = unsubscribeToken(deps.secret, id);
  return {
    page: `${deps.appUrl}${href('byebye', { token, lang: locale })}`,
    oneClick: `${deps.appUrl}/api/waitlist/unsubscribe/one-click?token=${encodeURIComponent(token)}`,
  };
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

    const links = unsubscribeUrls(deps, id, input.language);
    const message = await renderWaitlistConfirmation({
      locale: input.language,
      confirmUrl: confirmationUrl(deps, { id, email, locale: input.language, now }),
      unsubscribeUrl: links.page,
      appUrl: deps.appUrl,
    });
    const outcome = await enqueueListMail(tx, {
      kind: 'waitlist_confirmation',
      messageKey: `waitlist-confirmation:${id}:${now.getTime()}`,
      to: email,
      ...message,
      headers: listUnsubscribeHeaders(links.oneClick),
    });
    return { ok: true as const, outboxId: outcome.outcome === 'queued' ? outcome.id : null };
  });

  if (!queued.ok) return { ok: false, error: 'alreadyOnList' };
  if (!queued.outboxId) return { ok: true, result: 'blocked' };
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
  const [row] = await deps.db
    .update(waitingList)
    .set({
      status: 'confirmed',
      confirmedAt: sql`coalesce(${waitingList.confirmedAt}, ${now})`,
      updatedAt: now,
    })
    // An unsubscribed person is not subscribed again by an old confirmation link.
    .where(
      sql`${waitingList.id} = ${payload.id} and ${waitingList.email} = ${email} and ${waitingList.status} in ('unconfirmed', 'confirmed')`,
    )
    .returning({ status: waitingList.status });
  return row?.status === 'confirmed' ? 'confirmed' : 'invalid';
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
  await deps.db
    .update(waitingList)
    .set({
      status: 'unsubscribed',
      unsubscribedAt: sql`coalesce(${waitingList.unsubscribedAt}, ${now})`,
      updatedAt: now,
    })
    .where(eq(waitingList.id, payload.id));
  return 'unsubscribed';
}
