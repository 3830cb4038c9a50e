import {
  CAMPAIGN_EXCLUSION_REASONS,
  CAMPAIGN_MESSAGE_STATUSES,
  type CampaignExclusionReason,
  type CampaignStatus,
} from '@shared/domain/campaigns';
import { LOCALES, type TLocale } from '@shared/domain/locale';
import type { EmailGifs } from '@shared/domain/newsletters';
import { href } from '@shared/routes';
import type {
  TCampaign,
  TCampaignEmail,
  TCampaignEmailVersion,
  TCampaignPlan,
  TCampaignRecipient,
  TCampaignRecipients,
  TStartCampaign,
} from '@shared/schemas/campaigns';
import type { TBilingualContent, TNewsletterDraft } from '@shared/schemas/newsletters';
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { campaignEmails, campaignMessages, campaigns } from '../../db/schema/campaigns';
import { newsletters } from '../../db/schema/newsletters';
import { waitingList } from '../../db/schema/waitlist';
import { CHANGE_CHANNELS, notifyChange } from '../../lib/change-feed';
import { recordAudit } from '../admin/audit';
import { autoSendOn, getEmailSettings, globalBccList } from '../mail/service';
import { renderNewsletter } from '../mail/templates/newsletter';
import { emailGifsFor, type NewsletterChange, saveDraft } from '../newsletters/service';
import { suppressedAmong } from '../suppression/service';

export type CampaignDeps = { db: Database; appUrl: string };

type CampaignRow = typeof campaigns.$inferSelect;
type Selected = { id: string; email: string; language: TLocale; status: string };

/** Rows per INSERT when a campaign's messages are written (well below PostgreSQL's parameter limit). */
const INSERT_CHUNK = 1000;
const HISTORY_LIMIT = 50;

/** The selection's entries as they are now; ids no longer on the list are simply absent. */
async function selectedEntries(db: DbExecutor, entryIds: readonly string[]): Promise<Selected[]> {
  const unique = [...new Set(entryIds)];
  const rows: Selected[] = [];
  for (let start = 0; start < unique.length; start += INSERT_CHUNK) {
    const chunk = unique.slice(start, start + INSERT_CHUNK);
    const found = await db
      .select({
        id: waitingList.id,
        email: waitingList.email,
        language: waitingList.language,
        status: waitingList.status,
      })
      .from(waitingList)
      .where(inArray(waitingList.id, chunk));
    rows.push(...found.map((row) => ({ ...row, language: row.language as TLocale })));
  }
  return rows;
}

/** The unsubscribe link of a copy that unsubscribes nobody (archive copies, the kept e-mail, test sends). */
export function sampleUnsubscribeUrl(appUrl: string, locale: TLocale): string {
  return `${appUrl}${href('byebye', { token: 'preview', lang: locale })}`;
}

/** One language version of a campaign's e-mail as every recipient gets it, but with the sample link. */
async function renderCampaignEmail(
  input: { content: TBilingualContent; gifs: EmailGifs; appUrl: string },
  locale: TLocale,
): Promise<TCampaignEmailVersion> {
  const rendered = await renderNewsletter(
    {
      kind: 'newsletter',
      locale,
      content: input.content[locale],
      gif: input.gifs[locale],
      appUrl: input.appUrl,
    },
    { unsubscribeUrl: sampleUnsubscribeUrl(input.appUrl, locale) },
  );
  return { language: locale, subject: rendered.subject, html: rendered.html, text: rendered.text };
}

/**
 * Only confirmed, subscribed people whose address is not suppressed get newsletters; everyone else selected
 * is counted by reason.
 */
function planFor(entryIds: readonly string[], entries: readonly Selected[], suppressed: ReadonlySet<string>) {
  const selected = new Set(entryIds).size;
  const isSuppressed = (entry: Selected) => suppressed.has(entry.email.toLowerCase());
  const recipients = entries.filter((entry) => entry.status === 'confirmed' && !isSuppressed(entry));
  const leftOut = Object.fromEntries(CAMPAIGN_EXCLUSION_REASONS.map((reason) => [reason, 0])) as Record<
    CampaignExclusionReason,
    number
  >;
  for (const entry of entries) {
    if (entry.status === 'unconfirmed') leftOut.unconfirmed += 1;
    else if (entry.status === 'unsubscribed') leftOut.unsubscribed += 1;
    else if (isSuppressed(entry)) leftOut.suppressed += 1;
  }
  leftOut.missing = selected - entries.length;
  const byLanguage = {
    en: recipients.filter((entry) => entry.language === 'en').length,
    de: recipients.filter((entry) => entry.language === 'de').length,
  };
  const plan: TCampaignPlan = { selected, recipients: recipients.length, byLanguage, leftOut };
  return { plan, recipients };
}

/** Who of the selection would get a newsletter now, and who is left out and why. */
export async function planCampaign(
  db: Database,
  entryIds: readonly string[],
): Promise<{ ok: true; plan: TCampaignPlan } | { ok: false; error: 'no_recipients' }> {
  if (entryIds.length === 0) return { ok: false, error: 'no_recipients' };
  return { ok: true, plan: (await planOf(db, entryIds)).plan };
}

async function planOf(db: DbExecutor, entryIds: readonly string[]) {
  const entries = await selectedEntries(db, entryIds);
  const suppressed = await suppressedAmong(
    db,
    entries.map((entry) => entry.email),
  );
  return planFor(entryIds, entries, suppressed);
}

export type StartError =
  | 'no_recipients'
  | 'no_eligible_recipients'
  | 'sending_paused'
  | 'subject_required'
  | 'invalid_cta_link'
  | 'not_found'
  | 'draft_version_conflict';

/** A refusal inside the transaction: rolls everything back (the draft too) and becomes the answer. */
class StartRefused extends Error {
  constructor(readonly code: StartError) {
    super(code);
  }
}

/**
 * Sends a newsletter to the confirmed, subscribed people of the selection (decision 020). In one
 * transaction: the composer's texts are saved as a draft (the next version of `draftId` when they differ
 * from it, its earlier versions kept (decision 047); else a new draft), the campaign
 * is written with the texts and GIF as sent, and one message per recipient in their language, plus one
 * archive copy per language for each global-BCC address. Nothing is written when any check fails,
 * including when auto-send is off ('Sending paused'). The campaign workers pick it up from there.
 */
export async function startCampaign(
  deps: CampaignDeps,
  input: NewsletterChange & { request: TStartCampaign },
): Promise<{ ok: true; campaign: TCampaign; plan: TCampaignPlan } | { ok: false; error: StartError }> {
  const { request } = input;
  if (request.entryIds.length === 0) return { ok: false, error: 'no_recipients' };
  try {
    const { id, plan } = await deps.db.transaction(async (tx) => {
      const settings = await getEmailSettings(tx);
      if (!settings.autoSend) throw new StartRefused('sending_paused');
      const { plan, recipients } = await planOf(tx, request.entryIds);
      if (recipients.length === 0) throw new StartRefused('no_eligible_recipients');
      const languages = LOCALES.filter((locale) => plan.byLanguage[locale] > 0);
      if (languages.some((locale) => request.content[locale].subjectLine.trim() === '')) {
        throw new StartRefused('subject_required');
      }
      const saved = await saveDraft(tx, {
        ...input,
        id: request.draftId ?? undefined,
        baseVersion: request.baseVersion,
        draft: { kind: 'newsletter', name: request.name, content: request.content },
      });
      if (!saved) throw new StartRefused('not_found');
      if (!saved.ok) throw new StartRefused(saved.error);
      const draft = saved.draft;
      await tx.update(newsletters).set({ isDraft: false }).where(eq(newsletters.id, draft.id));

      const bcc = globalBccList(settings);
      const gifs = await emailGifsFor(tx, { kind: 'newsletter', appUrl: deps.appUrl });
      const [campaign] = await tx
        .insert(campaigns)
        .values({
          newsletterId: draft.id,
          name: draft.name,
          content: draft.content,
          gifs,
          status: 'sending',
          ratePerSecond: request.ratePerSecond,
          bcc,
          recipientsEn: plan.byLanguage.en,
          recipientsDe: plan.byLanguage.de,
          createdBy: input.actor.email,
          createdAt: input.now,
          updatedAt: input.now,
        })
        .returning({ id: campaigns.id });
      if (!campaign) throw new Error('campaigns: the insert returned no row');

      const messages = [
        ...recipients.map((entry) => ({ entryId: entry.id, email: entry.email, language: entry.language })),
        ...bcc.flatMap((email) => languages.map((language) => ({ entryId: null, email, language }))),
      ];
      // The e-mail as sent, kept apart from the draft, which may be edited or deleted later.
      const versions = await Promise.all(
        languages.map((locale) =>
          renderCampaignEmail({ content: draft.content, gifs, appUrl: deps.appUrl }, locale),
        ),
      );
      await tx
        .insert(campaignEmails)
        .values(versions.map((version) => ({ ...version, campaignId: campaign.id })));
      for (let start = 0; start < messages.length; start += INSERT_CHUNK) {
        await tx
          .insert(campaignMessages)
          .values(
            messages
              .slice(start, start + INSERT_CHUNK)
              .map((message) => ({ ...message, campaignId: campaign.id, nextAttemptAt: input.now })),
          )
          // An archive address that is also a recipient gets that one message.
          .onConflictDoNothing();
      }
      await recordAudit(tx, {
        actor: input.actor,
        action: 'newsletter.campaign.start',
        target: `campaign:${campaign.id}`,
        details: {
          newsletterId: draft.id,
          name: draft.name,
          plan,
          ratePerSecond: request.ratePerSecond,
          bcc,
        },
        ip: input.ip,
        at: input.now,
      });
      await notifyChange(tx, CHANGE_CHANNELS.campaigns, campaign.id);
      return { id: campaign.id, plan };
    });
    const campaign = await getCampaign(deps.db, id);
    if (!campaign) throw new Error(`campaigns: ${id} vanished after it was written`);
    return { ok: true, campaign, plan };
  } catch (error) {
    if (error instanceof StartRefused) return { ok: false, error: error.code };
    throw error;
  }
}

type Counts = TCampaign['counts'];

function emptyCounts(): Counts {
  return { total: 0, pending: 0, sending: 0, sent: 0, failed: 0, bounced: 0, cancelled: 0, unsubscribed: 0 };
}

/** Per-status counts of the recipients' messages (archive copies are not counted). */
async function countsOf(db: DbExecutor, ids: readonly string[]): Promise<Map<string, Counts>> {
  const counts = new Map(ids.map((id) => [id, emptyCounts()]));
  if (ids.length === 0) return counts;
  const rows = await db
    .select({
      campaignId: campaignMessages.campaignId,
      status: campaignMessages.status,
      count: sql<number>`count(*)::int`,
      unsubscribed: sql<number>`count(${campaignMessages.unsubscribedAt})::int`,
    })
    .from(campaignMessages)
    .where(and(inArray(campaignMessages.campaignId, [...ids]), isNotNull(campaignMessages.entryId)))
    .groupBy(campaignMessages.campaignId, campaignMessages.status);
  for (const row of rows) {
    const entry = counts.get(row.campaignId);
    if (!entry || !CAMPAIGN_MESSAGE_STATUSES.includes(row.status)) continue;
    entry[row.status] += row.count;
    entry.total += row.count;
    entry.unsubscribed += row.unsubscribed;
  }
  return counts;
}

function toCampaign(row: CampaignRow, counts: Counts, observedAt: string, autoSend: boolean): TCampaign {
  return {
    // A campaign under way while auto-send is off is held by the emergency stop (decision 041).
    stopped: row.status === 'sending' && !autoSend,
    id: row.id,
    newsletterId: row.newsletterId,
    name: row.name,
    subjects: { en: row.content.en.subjectLine, de: row.content.de.subjectLine },
    status: row.status,
    ratePerSecond: row.ratePerSecond,
    byLanguage: { en: row.recipientsEn, de: row.recipientsDe },
    counts,
    bcc: row.bcc,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    observedAt,
  };
}

// The start of the statement that took the snapshot, to the microsecond, in a form that sorts as text.
const observedAtSql = sql<string>`to_char(statement_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Campaigns with their counts, as of one snapshot: the rows and the counts agree, and `observedAt` tells a
 * client which of two copies of a campaign (the list and a live event, say) is the later one.
 */
async function readCampaigns(db: Database, query: { id: string } | { limit: number }): Promise<TCampaign[]> {
  return db.transaction(
    async (tx) => {
      const base = tx
        .select({ row: campaigns, observedAt: observedAtSql, autoSend: sql<boolean>`${autoSendOn}` })
        .from(campaigns)
        .$dynamic();
      const rows = await ('id' in query
        ? base.where(eq(campaigns.id, query.id))
        : base.orderBy(desc(campaigns.createdAt), desc(campaigns.id)).limit(query.limit));
      const counts = await countsOf(
        tx,
        rows.map(({ row }) => row.id),
      );
      return rows.map(({ row, observedAt, autoSend }) =>
        toCampaign(row, counts.get(row.id) ?? emptyCounts(), observedAt, autoSend),
      );
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

export async function getCampaign(db: Database, id: string): Promise<TCampaign | null> {
  const [campaign] = await readCampaigns(db, { id });
  return campaign ?? null;
}

/** The campaign history, newest first. */
export async function listCampaigns(db: Database): Promise<TCampaign[]> {
  return readCampaigns(db, { limit: HISTORY_LIMIT });
}

/** Recipients of a campaign, failed first, then by address. Null when there is no such campaign. */
export async function listCampaignRecipients(
  db: Database,
  input: { id: string; status?: TCampaignRecipient['status']; limit: number },
): Promise<TCampaignRecipients | null> {
  const [campaign] = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, input.id));
  if (!campaign) return null;
  const where = and(
    eq(campaignMessages.campaignId, input.id),
    isNotNull(campaignMessages.entryId),
    input.status ? eq(campaignMessages.status, input.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(campaignMessages)
      .where(where)
      .orderBy(sql`(${campaignMessages.status} = 'failed') desc`, asc(campaignMessages.email))
      .limit(input.limit),
    db.select({ count: sql<number>`count(*)::int` }).from(campaignMessages).where(where),
  ]);
  return {
    total: total?.count ?? 0,
    recipients: rows.map((row) => ({
      email: row.email,
      language: row.language,
      status: row.status,
      attempts: row.attempts,
      lastError: row.lastError,
      sentAt: row.sentAt?.toISOString() ?? null,
    })),
  };
}

/**
 * The e-mail a campaign sent, per language that had recipients, as kept when it began; for a campaign from
 * before copies were kept, rendered now from the texts and GIF it saved (`kept: false`). Null when there
 * is no such campaign.
 */
export async function getCampaignEmail(
  deps: Pick<CampaignDeps, 'db' | 'appUrl'>,
  id: string,
): Promise<TCampaignEmail | null> {
  const [row] = await deps.db.select().from(campaigns).where(eq(campaigns.id, id));
  if (!row) return null;
  const kept = await deps.db.select().from(campaignEmails).where(eq(campaignEmails.campaignId, id));
  const order = (version: { language: TLocale }) => LOCALES.indexOf(version.language);
  if (kept.length > 0) {
    return {
      campaignId: id,
      kept: true,
      versions: kept
        .map(({ language, subject, html, text }) => ({ language, subject, html, text }))
        .sort((a, b) => order(a) - order(b)),
    };
  }
  const counts = { en: row.recipientsEn, de: row.recipientsDe };
  const languages = LOCALES.filter((locale) => counts[locale] > 0);
  const versions = await Promise.all(
    (languages.length > 0 ? languages : LOCALES).map((locale) =>
      renderCampaignEmail({ content: row.content, gifs: row.gifs, appUrl: deps.appUrl }, locale),
    ),
  );
  return { campaignId: id, kept: false, versions };
}

/**
 * Makes a new newsletter draft of a campaign's texts in both languages (as sent), named `name` or else as
 * the campaign; the campaign and its draft stay as they are. Null when there is no such campaign.
 */
export async function duplicateCampaign(
  db: Database,
  input: NewsletterChange & { id: string; name?: string },
): Promise<TNewsletterDraft | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(campaigns).where(eq(campaigns.id, input.id));
    if (!row) return null;
    const name = input.name ?? row.name;
    const saved = await saveDraft(tx, {
      actor: input.actor,
      ip: input.ip,
      now: input.now,
      draft: { kind: 'newsletter', name, content: row.content },
    });
    // The texts passed every check when the campaign began; a draft that fails them now is a bug.
    if (!saved?.ok) throw new Error(`campaigns: the texts of ${input.id} could not be saved as a draft`);
    await recordAudit(tx, {
      actor: input.actor,
      action: 'newsletter.campaign.duplicate',
      target: `campaign:${row.id}`,
      details: { newsletterId: saved.draft.id, name },
      ip: input.ip,
      at: input.now,
    });
    return saved.draft;
  });
}

export type CampaignAction = 'pause' | 'resume' | 'cancel';

const ACTION_FROM: Record<CampaignAction, readonly CampaignStatus[]> = {
  pause: ['sending'],
  resume: ['paused'],
  cancel: ['sending', 'paused'],
};
const ACTION_TO: Record<CampaignAction, CampaignStatus> = {
  pause: 'paused',
  resume: 'sending',
  cancel: 'cancelled',
};

/**
 * Pauses, resumes or cancels a campaign. Messages already handed to the server stay sent; a pause lets the
 * sender finish the ones in flight, a cancel also marks every message not yet sent as cancelled.
 */
export async function changeCampaign(
  db: Database,
  input: NewsletterChange & { id: string; action: CampaignAction },
): Promise<{ ok: true; campaign: TCampaign } | { ok: false; error: 'not_found' | 'campaign_finished' }> {
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: campaigns.status })
      .from(campaigns)
      .where(eq(campaigns.id, input.id))
      .for('update');
    if (!row) return 'not_found' as const;
    if (!ACTION_FROM[input.action].includes(row.status)) return 'campaign_finished' as const;
    const status = ACTION_TO[input.action];
    await tx
      .update(campaigns)
      .set({
        status,
        updatedAt: input.now,
        ...(status === 'cancelled' ? { finishedAt: input.now } : {}),
        // A paused or cancelled campaign has no driver; a resumed one is picked up by any process.
        leaseOwner: null,
        leaseUntil: null,
      })
      .where(eq(campaigns.id, input.id));
    if (status === 'cancelled') {
      await tx
        .update(campaignMessages)
        .set({ status: 'cancelled', lockedUntil: null })
        .where(and(eq(campaignMessages.campaignId, input.id), eq(campaignMessages.status, 'pending')));
    }
    await recordAudit(tx, {
      actor: input.actor,
      action: `newsletter.campaign.${input.action}`,
      target: `campaign:${input.id}`,
      details: { from: row.status, to: status },
      ip: input.ip,
      at: input.now,
    });
    await notifyChange(tx, CHANGE_CHANNELS.campaigns, input.id);
    return 'changed' as const;
  });
  if (outcome !== 'changed') return { ok: false, error: outcome };
  const campaign = await getCampaign(db, input.id);
  if (!campaign) return { ok: false, error: 'not_found' };
  return { ok: true, campaign };
}

/** Campaigns being sent now (metrics). */
export async function countSendingCampaigns(db: Database): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(campaigns)
    .where(eq(campaigns.status, 'sending'));
  return row?.count ?? 0;
}
