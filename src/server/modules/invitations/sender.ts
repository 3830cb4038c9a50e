import { INVITATION_RATE_PER_SECOND } from '@shared/domain/invitations';
import { toLocale } from '@shared/domain/locale';
import { and, asc, eq, gt, isNull, lte } from 'drizzle-orm';
import { invitations } from '../../db/schema/invitations';
import { CHANGE_CHANNELS, notifyChange } from '../../lib/change-feed';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import { startIntervalWorker, type Worker } from '../../lib/worker';
import { deliverNow, enqueueMail, type MailDeps } from '../mail/service';
import { renderInvitation } from '../mail/templates/account-mail';
import { type InvitationDeps, invitationUrl } from './service';

/**
 * The invitation sender every app process runs (decision 021): each second it takes the invitations whose
 * send slot has come (FOR UPDATE SKIP LOCKED, so two processes never take the same one), writes their
 * e-mails into the outbox in the same transaction as list mail (held while automatic sending is off, never
 * sent to a suppressed address), and then tries each at once; the outbox worker retries what fails. The slots, given out when staff invite, keep the pace at INVITATION_RATE_PER_SECOND however
 * many processes send. Slots missed while no process ran are caught up at that rate per process.
 */

export type InvitationSenderDeps = InvitationDeps & { mail: MailDeps; clock: Clock; logger: Logger };

/** At most one second's worth per run, so slots missed while no process ran do not all go at once. */
const BATCH = INVITATION_RATE_PER_SECOND;

/** Hands the invitations that are due to the outbox and sends them; returns how many it took. */
export async function sendDueInvitations(deps: InvitationSenderDeps): Promise<number> {
  const now = deps.clock.now();
  const outboxIds = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(invitations)
      .where(
        and(
          eq(invitations.status, 'pending'),
          isNull(invitations.mailQueuedAt),
          lte(invitations.sendAfter, now),
          gt(invitations.expiresAt, now),
        ),
      )
      .orderBy(asc(invitations.sendAfter))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const ids: string[] = [];
    for (const row of due) {
      const locale = toLocale(row.language);
      const message = await renderInvitation({
        locale,
        acceptUrl: invitationUrl(deps, row, locale),
        appUrl: deps.appUrl,
      });
      // List mail (issue 36): held while automatic sending is off, never sent to a suppressed address. No
      // global BCC: the link signs up whoever holds it.
      const queued = await enqueueMail(tx, {
        kind: 'invitation',
        // One message per link: a resend (a new nonce) is a new message.
        messageKey: `invitation:${row.id}:${row.nonce}`,
        to: row.email,
        listMail: true,
        ...message,
      });
      await tx
        .update(invitations)
        .set({ mailQueuedAt: now, outboxId: queued.id })
        .where(eq(invitations.id, row.id));
      ids.push(queued.id);
    }
    if (ids.length > 0) await notifyChange(tx, CHANGE_CHANNELS.waitlist, 'updated');
    return ids;
  });
  for (const id of outboxIds) await deliverNow(deps.mail, id);
  if (outboxIds.length > 0) {
    deps.logger.info({ count: outboxIds.length }, 'invitations handed to the outbox');
    // The list shows "invited" once the outbox has sent them.
    await notifyChange(deps.db, CHANGE_CHANNELS.waitlist, 'updated');
  }
  return outboxIds.length;
}

/** Runs `sendDueInvitations` every `intervalMs` (1 s by default) until stopped. */
export function startInvitationSender(deps: InvitationSenderDeps & { intervalMs?: number }): Worker {
  const { intervalMs = 1000, ...senderDeps } = deps;
  return startIntervalWorker({
    name: 'invitations',
    intervalMs,
    logger: deps.logger,
    task: async () => {
      await sendDueInvitations(senderDeps);
    },
  });
}
