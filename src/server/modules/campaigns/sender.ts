import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { CAMPAIGN_MAX_ATTEMPTS } from '@shared/domain/campaigns';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { campaignMessages, campaigns } from '../../db/schema/campaigns';
import { waitingList } from '../../db/schema/waitlist';
import { CHANGE_CHANNELS, type ChangeFeed, notifyChange } from '../../lib/change-feed';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { Metrics } from '../../lib/metrics';
import { BODY_URL_SLOT, compileRawTemplate, type RawTemplate } from '../mail/raw-template';
import {
  autoSendOn,
  backoffDelayMs,
  listUnsubscribeHeaders,
  messageIdHost,
  withoutLocalParts,
} from '../mail/service';
import { absoluteUrl } from '../mail/templates/layout';
import { renderNewsletter } from '../mail/templates/newsletter';
import { suppressAddress, suppressedAmong } from '../suppression/service';
import { unsubscribeUrls } from '../waitlist/service';
import { type CampaignDelivery, type CampaignMail, CampaignSendError } from './delivery';
import { sampleUnsubscribeUrl } from './service';

export type CampaignSenderDeps = {
  db: Database;
  clock: Clock;
  logger: Logger;
  mailFrom: string;
  appUrl: string;
  secret: string;
  /** The way messages leave, opened for each run of a campaign (decision 020). */
  openDelivery: () => Promise<CampaignDelivery>;
  /** Messages in flight at once per campaign. */
  concurrency?: number;
  /** How long a process holds a campaign without renewing its claim. */
  leaseMs?: number;
  /** The first retry waits this long, each further one twice as long (up to RETRY_MAX_MS). */
  retryBaseMs?: number;
  /** Names this process in `campaigns.lease_owner`. */
  owner?: string;
  /** Counts each settled message (the send rate in `GET /metrics`). */
  metrics?: Pick<Metrics, 'campaignMessage'>;
};

export const CAMPAIGN_DEFAULT_CONCURRENCY = 4;
export const CAMPAIGN_LEASE_MS = 10_000;
const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 15 * 60_000;
const HEARTBEAT_MS = 500;
const POLL_MS = 1000;
const LAST_ERROR_MAX_LENGTH = 1000;
/** The longest a message at its point of no return waits for the others to join its UPDATE. */
const GROUP_WAIT_MS = 3;

type MessageRow = typeof campaignMessages.$inferSelect;
type CampaignRow = typeof campaigns.$inferSelect;

/** At most `ratePerSecond` on average, in bursts of at most 50 ms worth. */
function pacer(ratePerSecond: number) {
  const burst = Math.max(1, ratePerSecond / 20);
  let tokens = 1;
  let last = performance.now();
  return async (isActive: () => boolean) => {
    for (;;) {
      const now = performance.now();
      tokens = Math.min(burst, tokens + ((now - last) * ratePerSecond) / 1000);
      last = now;
      if (tokens >= 1 || !isActive()) {
        tokens -= 1;
        return;
      }
      await sleep(Math.ceil(((1 - tokens) * 1000) / ratePerSecond));
    }
  };
}

/** Up to `size` tasks at once. */
function slots(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  return {
    acquire(): Promise<void> {
      if (free > 0) {
        free -= 1;
        return Promise.resolve();
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
    release() {
      const next = waiting.shift();
      if (next) next();
      else free += 1;
    },
  };
}

/**
 * Records messages as sent in as few statements as the database allows. A message reaches its point of no
 * return with its SMTP connection held open, so the messages of all connections wait for one another: the
 * UPDATE goes out once no other message is on its way (`onTheirWay()`: started, not yet at its commit),
 * or GROUP_WAIT_MS after the first arrived, whichever is sooner; while it runs, later arrivals
 * queue for the next. Each statement costs far more than a row in it (on PGlite it runs on this very
 * thread), so this saves most of them. Resolves true for a message whose claim was still its sender's.
 */
function groupCommit(write: (messages: MessageRow[]) => Promise<Set<string>>, onTheirWay: () => number) {
  let queued: { message: MessageRow; settle: (ok: boolean) => void; fail: (error: unknown) => void }[] = [];
  let writing = false;
  let timer: NodeJS.Timeout | undefined;
  const flush = async () => {
    clearTimeout(timer);
    timer = undefined;
    writing = true;
    while (queued.length > 0) {
      const batch = queued;
      queued = [];
      try {
        const marked = await write(batch.map((entry) => entry.message));
        for (const entry of batch) entry.settle(marked.has(entry.message.id));
      } catch (error) {
        for (const entry of batch) entry.fail(error);
      }
    }
    writing = false;
  };
  /** Starts the statement when nobody else is about to arrive; else waits for them, but not long. */
  const consider = () => {
    if (writing || queued.length === 0) return;
    if (onTheirWay() === 0) void flush();
    else timer ??= setTimeout(() => void flush(), GROUP_WAIT_MS);
  };
  return {
    record: (message: MessageRow) =>
      new Promise<boolean>((settle, fail) => {
        queued.push({ message, settle, fail });
        consider();
      }),
    /** To call when a message on its way left without arriving (refused before its commit). */
    consider,
  };
}

// The claim's fencing token is its attempt number: only the sender that made this claim may settle it.
const ownClaim = (message: MessageRow, status: 'sending' | 'sent') =>
  and(
    eq(campaignMessages.id, message.id),
    eq(campaignMessages.status, status),
    eq(campaignMessages.attempts, message.attempts),
  );

/**
 * Sends one campaign while this process holds its lease: paced to the campaign's rate, `concurrency`
 * messages at a time, each recorded as sent at the point of no return, failures retried with back-off.
 * Returns when the campaign is done, paused, cancelled, taken over, or the worker stops.
 */
async function driveCampaign(
  deps: Required<Omit<CampaignSenderDeps, 'owner' | 'metrics'>> &
    Pick<CampaignSenderDeps, 'metrics'> & {
      owner: string;
    },
  campaign: CampaignRow,
  isStopping: () => boolean,
) {
  const { db, clock, logger, owner } = deps;
  const fields = { campaignId: campaign.id };
  let active = true;
  let dirty = true;
  const isActive = () => active && !isStopping();

  const notify = async () => {
    dirty = false;
    await notifyChange(db, CHANGE_CHANNELS.campaigns, campaign.id).catch((error: unknown) => {
      logger.warn({ ...fields, err: error }, 'campaign: could not announce progress');
    });
  };
  // Renews the lease and looks whether the campaign is still to be sent; announces progress meanwhile.
  const beat = async () => {
    try {
      const now = clock.now();
      const renewed = await db
        .update(campaigns)
        .set({ leaseUntil: new Date(now.getTime() + deps.leaseMs) })
        .where(
          and(
            eq(campaigns.id, campaign.id),
            eq(campaigns.leaseOwner, owner),
            eq(campaigns.status, 'sending'),
            autoSendOn,
          ),
        )
        .returning({ id: campaigns.id });
      if (renewed.length === 0) active = false;
    } catch (error) {
      logger.warn({ ...fields, err: error }, 'campaign: could not renew the lease');
    }
    if (dirty) await notify();
  };
  let beating = Promise.resolve();
  const heartbeat = setInterval(() => {
    beating = beating.then(beat);
  }, HEARTBEAT_MS);

  const delivery = await deps.openDelivery();
  const pace = pacer(campaign.ratePerSecond);
  const limit = slots(deps.concurrency);
  const inFlight = new Set<Promise<void>>();
  const batchSize = Math.min(200, Math.max(deps.concurrency * 4, Math.ceil(campaign.ratePerSecond / 2)));
  const host = messageIdHost(deps.mailFrom);

  const settle = async (message: MessageRow, error: CampaignSendError | Error) => {
    const committed = error instanceof CampaignSendError && error.options.committed;
    const permanent = error instanceof CampaignSendError && error.options.permanent;
    // The server refused the address for good: not retried, and no list mail goes there again.
    const bounced = error instanceof CampaignSendError && error.options.bounce === true;
    const lastError = error.message.slice(0, LAST_ERROR_MAX_LENGTH);
    const giveUp = permanent || message.attempts >= CAMPAIGN_MAX_ATTEMPTS;
    const nextAttemptAt = new Date(
      clock.now().getTime() + backoffDelayMs(message.attempts, deps.retryBaseMs, RETRY_MAX_MS),
    );
    await db
      .update(campaignMessages)
      .set(
        giveUp
          ? { status: bounced ? 'bounced' : 'failed', lockedUntil: null, lastError, sentAt: null }
          : { status: 'pending', lockedUntil: null, lastError, sentAt: null, nextAttemptAt },
      )
      .where(ownClaim(message, committed ? 'sent' : 'sending'));
    if (bounced) {
      await suppressAddress(db, {
        email: message.email,
        reason: 'bounce',
        source: 'smtp',
        detail: withoutLocalParts(lastError),
        campaignId: campaign.id,
        now: clock.now(),
      });
    }
    deps.metrics?.campaignMessage(giveUp ? 'failed' : 'retried');
    logger.warn(
      {
        ...fields,
        messageId: message.id,
        attempts: message.attempts,
        giveUp,
        error: withoutLocalParts(lastError),
      },
      'campaign message not sent',
    );
  };

  // Over SMTP the record is the point of no return (the final dot follows it): while the campaign is paused
  // or auto-send is off (the emergency stop, decision 041) nothing is recorded, so the message is not sent.
  // The other ways have sent it already when they record it, so the record must be kept.
  const stillSending =
    delivery.mode === 'two-phase'
      ? and(
          sql`exists (select 1 from ${campaigns} where ${campaigns.id} = ${campaign.id} and ${campaigns.status} = 'sending')`,
          autoSendOn,
        )
      : undefined;
  // Messages started and not yet at their point of no return: the group commit waits for them.
  let onTheirWay = 0;
  const recordSent = groupCommit(
    async (messages: MessageRow[]) => {
      const marked = await db
        .update(campaignMessages)
        .set({ status: 'sent', sentAt: clock.now(), lockedUntil: null, lastError: null })
        .where(
          and(
            stillSending,
            eq(campaignMessages.status, 'sending'),
            // Each row only under the claim its sender made (the attempt number is the fencing token).
            sql`(${campaignMessages.id}, ${campaignMessages.attempts}) in (${sql.join(
              messages.map((message) => sql`(${message.id}::uuid, ${message.attempts}::int)`),
              sql`, `,
            )})`,
          ),
        )
        .returning({ id: campaignMessages.id });
      return new Set(marked.map((row) => row.id));
    },
    () => onTheirWay,
  );

  const sendOne = async (message: MessageRow) => {
    onTheirWay += 1;
    let arrived = false;
    const commit = () => {
      arrived = true;
      onTheirWay -= 1;
      return recordSent.record(message);
    };
    try {
      await sendAndSettle(message, commit);
    } finally {
      if (!arrived) {
        onTheirWay -= 1;
        recordSent.consider();
      }
    }
  };

  const render = (locale: MessageRow['language'], unsubscribeUrl: string) =>
    renderNewsletter(
      {
        kind: 'newsletter',
        locale,
        content: campaign.content[locale],
        gif: campaign.gifs[locale],
        appUrl: deps.appUrl,
      },
      { unsubscribeUrl },
    );

  // Over SMTP a message's bytes are filled in from a template nodemailer composed once per language and
  // kind (with or without one-click headers) for this run (decision 052). A template that cannot be composed
  // leaves each message to be composed in full.
  const rawTemplates = new Map<string, Promise<RawTemplate | null>>();
  const rawTemplate = (locale: MessageRow['language'], oneClick: boolean) => {
    const key = `${locale}/${oneClick}`;
    let template = rawTemplates.get(key);
    if (!template) {
      template = render(locale, BODY_URL_SLOT)
        .then((rendered) => compileRawTemplate({ from: deps.mailFrom, ...rendered, oneClick }))
        .catch((error: unknown) => {
          logger.warn(
            { ...fields, locale, err: error },
            'campaign: no message template, composing each message',
          );
          return null;
        });
      rawTemplates.set(key, template);
    }
    return template;
  };

  const sendAndSettle = async (message: MessageRow, commit: () => Promise<boolean>) => {
    const locale = message.language;
    const links = message.entryId
      ? unsubscribeUrls(deps, message.entryId, locale, campaign.id)
      : // An archive copy unsubscribes nobody: its link is the sample link of the preview.
        { page: sampleUnsubscribeUrl(deps.appUrl, locale), oneClick: null };
    const messageId = `<${message.id}@${host}>`;
    // Over SMTP from the template, without rendering the message's own bodies.
    const raw =
      delivery.mode === 'two-phase'
        ? (await rawTemplate(locale, links.oneClick !== null))?.fill({
            to: message.email,
            messageId,
            bodyUrl: absoluteUrl(links.page),
            oneClickUrl: links.oneClick ?? undefined,
            // The time it leaves, as nodemailer dates a message it composes.
            date: new Date(),
          })
        : null;
    const mail: CampaignMail = raw
      ? { from: deps.mailFrom, to: message.email, raw }
      : {
          from: deps.mailFrom,
          to: message.email,
          bcc: [],
          ...(await render(locale, links.page)),
          headers: links.oneClick ? listUnsubscribeHeaders(links.oneClick) : {},
          messageId,
        };
    try {
      const outcome = await delivery.send(mail, commit);
      if (outcome === 'dropped') {
        // Stopped at the last moment (or taken over): back to pending, unless another sender claimed it since.
        await unclaim([message]);
        logger.info({ ...fields, messageId: message.id }, 'campaign: message not released (stopped)');
      } else deps.metrics?.campaignMessage('sent');
    } catch (error) {
      await settle(message, error instanceof Error ? error : new Error(String(error)));
    } finally {
      dirty = true;
    }
  };

  /** Claims due messages; those whose person unsubscribed or left the list since are cancelled instead. */
  const claim = async (): Promise<MessageRow[]> => {
    const now = clock.now();
    const due = db
      .select({ id: campaignMessages.id })
      .from(campaignMessages)
      .where(
        and(
          eq(campaignMessages.campaignId, campaign.id),
          eq(campaignMessages.status, 'pending'),
          lte(campaignMessages.nextAttemptAt, now),
          // Read per claim: a pause or the emergency stop claims nothing more (decision 041).
          sql`exists (select 1 from ${campaigns} where ${campaigns.id} = ${campaign.id} and ${campaigns.status} = 'sending')`,
          autoSendOn,
        ),
      )
      .orderBy(asc(campaignMessages.nextAttemptAt), asc(campaignMessages.id))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(campaignMessages)
      .set({
        status: 'sending',
        attempts: sql`${campaignMessages.attempts} + 1`,
        lockedUntil: new Date(now.getTime() + deps.leaseMs),
      })
      .where(inArray(campaignMessages.id, due))
      .returning();
    const suppressed = await suppressedAmong(
      db,
      claimed.map((message) => message.email),
    );
    const blocked = claimed.filter((message) => suppressed.has(message.email.toLowerCase()));
    for (const message of blocked) {
      await db
        .update(campaignMessages)
        .set({ status: 'cancelled', lockedUntil: null, lastError: 'the address is on the suppression list' })
        .where(ownClaim(message, 'sending'));
    }
    const open = claimed.filter((message) => !blocked.includes(message));
    const entryIds = open.flatMap((message) => (message.entryId ? [message.entryId] : []));
    if (entryIds.length === 0) return open;
    const subscribed = new Set(
      (
        await db
          .select({ id: waitingList.id })
          .from(waitingList)
          .where(and(inArray(waitingList.id, entryIds), eq(waitingList.status, 'confirmed')))
      ).map((row) => row.id),
    );
    const gone = open.filter((message) => message.entryId && !subscribed.has(message.entryId));
    for (const message of gone) {
      await db
        .update(campaignMessages)
        .set({
          status: 'cancelled',
          lockedUntil: null,
          lastError: 'unsubscribed or removed from the list before sending',
        })
        .where(ownClaim(message, 'sending'));
    }
    return open.filter((message) => !gone.includes(message));
  };

  /**
   * Puts claimed messages that were not started back as they were, their attempt not counted (a pause is
   * no failure). Safe for the fencing token: no sender ever held these claims.
   */
  const unclaim = async (messages: MessageRow[]) => {
    for (const message of messages) {
      await db
        .update(campaignMessages)
        .set({ status: 'pending', lockedUntil: null, attempts: message.attempts - 1 })
        .where(ownClaim(message, 'sending'));
    }
  };

  try {
    while (isActive()) {
      const claimed = await claim();
      if (claimed.length === 0) {
        await Promise.all(inFlight);
        const [left] = await db
          .select({
            open: sql<number>`count(*) filter (where ${campaignMessages.status} in ('pending', 'sending'))::int`,
            nextAt: sql<Date | null>`min(${campaignMessages.nextAttemptAt}) filter (where ${campaignMessages.status} = 'pending')`,
          })
          .from(campaignMessages)
          .where(eq(campaignMessages.campaignId, campaign.id));
        if (!left || left.open === 0) {
          const now = clock.now();
          await db
            .update(campaigns)
            .set({ status: 'completed', finishedAt: now, updatedAt: now, leaseOwner: null, leaseUntil: null })
            .where(
              and(
                eq(campaigns.id, campaign.id),
                eq(campaigns.leaseOwner, owner),
                eq(campaigns.status, 'sending'),
              ),
            );
          logger.info(fields, 'campaign completed');
          break;
        }
        const nextAt = left.nextAt ? new Date(left.nextAt).getTime() : clock.now().getTime() + POLL_MS;
        await sleep(Math.min(POLL_MS, Math.max(20, nextAt - clock.now().getTime())));
        continue;
      }
      for (const [index, message] of claimed.entries()) {
        await pace(isActive);
        await limit.acquire();
        if (!isActive()) {
          limit.release();
          await unclaim(claimed.slice(index));
          break;
        }
        const sending = sendOne(message).finally(() => {
          limit.release();
          inFlight.delete(sending);
        });
        inFlight.add(sending);
      }
    }
  } finally {
    await Promise.allSettled(inFlight);
    clearInterval(heartbeat);
    await beating;
    await delivery.close();
    // A cancel may have raced a failed send that put its message back to pending.
    await db
      .update(campaignMessages)
      .set({ status: 'cancelled', lockedUntil: null })
      .where(
        and(
          eq(campaignMessages.campaignId, campaign.id),
          eq(campaignMessages.status, 'pending'),
          sql`exists (select 1 from ${campaigns} where ${campaigns.id} = ${campaign.id} and ${campaigns.status} = 'cancelled')`,
        ),
      );
    // Let another process (or this one, after a resume) take over at once.
    await db
      .update(campaigns)
      .set({ leaseOwner: null, leaseUntil: null })
      .where(and(eq(campaigns.id, campaign.id), eq(campaigns.leaseOwner, owner)));
    await notify();
  }
}

export type CampaignWorker = { stop(): Promise<void> /** Looks for campaigns to send now. */; wake(): void };

/**
 * Sends campaigns from this process: looks every second (and whenever a campaign changes) for campaigns
 * in `sending` that no live process holds, takes each over with a lease and drives it. Messages a dead
 * holder had claimed but not recorded as sent were never completed at the SMTP server (decision 020), so
 * they go back to pending when a campaign is taken over. With `exclusive` (PGlite: one process per
 * database) leases left by an earlier run of this process are taken over at once, not after they expire.
 */
export async function startCampaignWorker(
  deps: CampaignSenderDeps & { changes?: ChangeFeed; exclusive?: boolean; pollMs?: number },
): Promise<CampaignWorker> {
  const full = {
    concurrency: CAMPAIGN_DEFAULT_CONCURRENCY,
    leaseMs: CAMPAIGN_LEASE_MS,
    retryBaseMs: RETRY_BASE_MS,
    ...deps,
    owner: deps.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
  };
  const { db, clock, logger, owner } = full;
  const drivers = new Map<string, Promise<void>>();
  let stopping = false;
  let looking: Promise<void> | null = null;
  let again = false;

  if (deps.exclusive) {
    await db
      .update(campaigns)
      .set({ leaseOwner: null, leaseUntil: null })
      .where(eq(campaigns.status, 'sending'));
  }

  const take = async (id: string): Promise<CampaignRow | null> =>
    db.transaction(async (tx) => {
      const now = clock.now();
      const [row] = await tx
        .update(campaigns)
        .set({ leaseOwner: owner, leaseUntil: new Date(now.getTime() + full.leaseMs) })
        .where(
          and(
            eq(campaigns.id, id),
            eq(campaigns.status, 'sending'),
            autoSendOn,
            or(isNull(campaigns.leaseOwner), eq(campaigns.leaseOwner, owner), lte(campaigns.leaseUntil, now)),
          ),
        )
        .returning();
      if (!row) return null;
      // Nothing of this campaign is in flight here (no driver runs); claims still open are a dead holder's.
      await tx
        .update(campaignMessages)
        .set({ status: 'pending', lockedUntil: null })
        .where(and(eq(campaignMessages.campaignId, id), eq(campaignMessages.status, 'sending')));
      return row;
    });

  const lookOnce = async () => {
    const now = clock.now();
    const candidates = await db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(
        and(
          eq(campaigns.status, 'sending'),
          autoSendOn,
          or(isNull(campaigns.leaseOwner), eq(campaigns.leaseOwner, owner), lte(campaigns.leaseUntil, now)),
        ),
      );
    for (const { id } of candidates) {
      if (stopping || drivers.has(id)) continue;
      const campaign = await take(id);
      if (!campaign) continue;
      logger.info({ campaignId: id, owner }, 'campaign: sending');
      const run = driveCampaign(full, campaign, () => stopping)
        .catch((error: unknown) =>
          logger.error({ campaignId: id, err: error }, 'campaign: the sender failed'),
        )
        .finally(() => {
          drivers.delete(id);
          if (!stopping) wake();
        });
      drivers.set(id, run);
    }
  };

  const look = async () => {
    do {
      again = false;
      await lookOnce().catch((error: unknown) =>
        logger.error({ err: error }, 'campaign worker: look failed'),
      );
    } while (again && !stopping);
  };

  function wake() {
    if (stopping) return;
    if (looking) {
      again = true;
      return;
    }
    looking = look().finally(() => {
      looking = null;
    });
  }

  const timer = setInterval(wake, deps.pollMs ?? POLL_MS);
  timer.unref();
  const stopListening = deps.changes
    ? await deps.changes.listen(CHANGE_CHANNELS.campaigns, (campaignId) => {
        // A campaign this process drives announces its own progress twice a second: nothing to look for.
        if (!drivers.has(campaignId)) wake();
      })
    : null;
  wake();

  return {
    wake,
    async stop() {
      stopping = true;
      clearInterval(timer);
      await stopListening?.();
      await looking;
      await Promise.allSettled(drivers.values());
    },
  };
}
