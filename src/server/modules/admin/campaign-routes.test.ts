// Extends zod with `.openapi()` before the shared schemas below are built (the routes use it on them).
import '@hono/zod-openapi';
import { randomUUID } from 'node:crypto';
import type { TLocale } from '@shared/domain/locale';
import type { WaitlistStatus } from '@shared/domain/waitlist';
import {
  type TCampaign,
  type TCampaignList,
  type TCampaignPlan,
  type TCampaignRecipients,
  type TStartedCampaign,
  ZCampaign,
  ZCampaignList,
} from '@shared/schemas/campaigns';
import type { TNewsletterDraftList, TNewsletterVersionList } from '@shared/schemas/newsletters';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { campaignMessages, campaigns } from '../../db/schema/campaigns';
import { emailSettings } from '../../db/schema/mail';
import { newsletters } from '../../db/schema/newsletters';
import { waitingList } from '../../db/schema/waitlist';
import { createLogger } from '../../lib/logger';
import {
  addListEntries,
  campaignRequest,
  newsletterContent,
  startTestCampaignWorker,
} from '../../test/campaigns';
import { type ProviderSink, startProviderSink } from '../../test/provider-sink';
import { type ParsedMessage, rawHeader, type SmtpSink, startSmtpSink } from '../../test/smtp-sink';
import {
  createSignedInStaff,
  expectJson,
  type SignedInStaff,
  staffHeaders,
  staffRequest,
} from '../../test/staff';
import { createTestApp, errorCodeOf, type TestContext } from '../../test/test-app';
import { until } from '../../test/until';
import type { CampaignWorker } from '../campaigns/sender';
import { latestAudit } from './audit';

const APP_URL = 'https://mirror.test';
let sink: SmtpSink;
let provider: ProviderSink;
let t: TestContext;
let staff: SignedInStaff;
let worker: CampaignWorker | undefined;

beforeAll(async () => {
  sink = await startSmtpSink();
  provider = await startProviderSink();
});
afterAll(async () => {
  await sink.close();
  await provider.close();
});
beforeEach(async () => {
  t = await createTestApp({
    env: { APP_URL, SMTP_URL: sink.url, MAIL_PROVIDER_API_URL: provider.url, TRUST_PROXY: 'true' },
  });
  staff = await createSignedInStaff(t);
});
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
  // The database goes on to the next test: no statement of it is watched there.
  vi.restoreAllMocks();
  await t.close();
  sink.setFailing(false);
  sink.setUnknownUsers([]);
  sink.messages.length = 0;
  provider.reset();
});

// ---- helpers ----

let entryCounter = 0;
/** Waiting-list entries as they would stand after joining (and confirming, or unsubscribing). */
function entries(status: WaitlistStatus, language: TLocale, count = 1) {
  const people = Array.from({ length: count }, () => {
    entryCounter += 1;
    return { email: `${status}-${language}-${entryCounter}@example.com`, language, status };
  });
  return addListEntries(t.database.db, t.clock.now(), people);
}

function call(method: 'GET' | 'POST', pathname: string, body?: unknown) {
  return staffRequest(t, staff, method, pathname, body);
}

async function startWorker(options: { retryBaseMs?: number; concurrency?: number } = {}) {
  worker = await startTestCampaignWorker(t, {
    logger: process.env.DEBUG_CAMPAIGNS ? createLogger({ level: 'debug' }) : t.logger,
    ...options,
  });
  return worker;
}

async function campaign(id: string): Promise<TCampaign> {
  const { campaigns: all } = await expectJson<TCampaignList>(await call('GET', '/api/admin/campaigns'));
  const found = all.find((item) => item.id === id);
  if (!found) throw new Error(`campaign ${id} is not in the history`);
  return found;
}

const to = (message: ParsedMessage) => message.envelope.to.join(',');

type Update = { table: unknown; values: Record<string, unknown>; done: boolean };

/**
 * The `db.update(table).set(values)` statements from now on (the campaign worker's among them), each `done`
 * once it has run: what a campaign's sender does when nothing is due, or after its last message, shows
 * nowhere else.
 */
function watchUpdates(): Update[] {
  const db = t.database.db;
  const update = db.update.bind(db);
  const updates: Update[] = [];
  vi.spyOn(db, 'update').mockImplementation((table) => {
    const builder = update(table);
    const set = builder.set.bind(builder);
    builder.set = (values) => {
      const statement: Update = { table, values: values as Record<string, unknown>, done: false };
      updates.push(statement);
      const query = set(values);
      const execute = query.execute;
      query.execute = async (placeholders) => {
        const result = await execute(placeholders);
        statement.done = true;
        return result;
      };
      return query;
    };
    return builder;
  });
  return updates;
}

/** A sender's claim: it marks the messages due now `sending` (none, when none is due). */
const isClaim = (update: Update) => update.table === campaignMessages && update.values.status === 'sending';
/**
 * A sender's last statement for its campaign: it gives up the lease once its messages in flight have
 * settled (each recorded and at the sink, or dropped) and its SMTP connections are closed.
 */
const isLeaseGivenUp = (update: Update) =>
  update.table === campaigns && update.values.leaseOwner === null && !('status' in update.values);

/** Waits until an update after the first `since` that `matches` has run. */
const untilRan = (updates: Update[], since: number, matches: (update: Update) => boolean) =>
  until(
    async () => updates.slice(since).some((update) => update.done && matches(update)),
    (ran) => ran,
  );

// ---- tests ----

describe('the plan', () => {
  it('counts who would get it, per language, and who is left out and why', async () => {
    const en = await entries('confirmed', 'en', 2);
    const de = await entries('confirmed', 'de');
    const unconfirmed = await entries('unconfirmed', 'en');
    const unsubscribed = await entries('unsubscribed', 'de', 2);
    const ids = [...en, ...de, ...unconfirmed, ...unsubscribed].map((entry) => entry.id);
    const plan = await expectJson<TCampaignPlan>(
      await call('POST', '/api/admin/campaigns/plan', { entryIds: [...ids, randomUUID(), ids[0]] }),
    );
    expect(plan).toEqual({
      selected: 7,
      recipients: 3,
      byLanguage: { en: 2, de: 1 },
      leftOut: { unconfirmed: 1, unsubscribed: 2, suppressed: 0, missing: 1 },
    });
  });

  it('says "No emails selected" for an empty selection', async () => {
    const response = await call('POST', '/api/admin/campaigns/plan', { entryIds: [] });
    expect(response.status).toBe(400);
    expect(await errorCodeOf(response)).toBe('no_recipients');
  });
});

describe('starting a campaign', () => {
  it('is refused with "Sending paused" while auto-send is off, and writes nothing', async () => {
    await t.database.db.update(emailSettings).set({ autoSend: false });
    const [entry] = await entries('confirmed', 'en');
    const response = await call('POST', '/api/admin/campaigns', campaignRequest([entry?.id ?? '']));
    expect(response.status).toBe(409);
    expect(await errorCodeOf(response)).toBe('sending_paused');
    expect(await t.database.db.select().from(campaigns)).toEqual([]);
    expect(await t.database.db.select().from(newsletters)).toEqual([]);
  });

  it('refuses an empty selection, one with nobody to mail, and a missing subject where there are recipients', async () => {
    const [unconfirmed] = await entries('unconfirmed', 'en');
    const [german] = await entries('confirmed', 'de');
    const empty = await call('POST', '/api/admin/campaigns', campaignRequest([]));
    expect([empty.status, await errorCodeOf(empty)]).toEqual([400, 'no_recipients']);
    const nobody = await call('POST', '/api/admin/campaigns', campaignRequest([unconfirmed?.id ?? '']));
    expect([nobody.status, await errorCodeOf(nobody)]).toEqual([409, 'no_eligible_recipients']);
    const noSubject = campaignRequest([german?.id ?? ''], {
      content: { en: newsletterContent('en'), de: { ...newsletterContent('de'), subjectLine: '  ' } },
    });
    const missing = await call('POST', '/api/admin/campaigns', noSubject);
    expect([missing.status, await errorCodeOf(missing)]).toEqual([400, 'subject_required']);
    // The English subject may be blank when nobody English is selected.
    const blankEnglish = campaignRequest([german?.id ?? ''], {
      content: { en: { ...newsletterContent('en'), subjectLine: '' }, de: newsletterContent('de') },
    });
    await expectJson<TStartedCampaign>(await call('POST', '/api/admin/campaigns', blankEnglish), 201);
    expect(await t.database.db.select().from(campaigns)).toHaveLength(1);
  });

  it('saves the texts as a draft first: a new one, or the next version of the loaded draft', async () => {
    const [entry] = await entries('confirmed', 'en');
    const first = await expectJson<TStartedCampaign>(
      await call('POST', '/api/admin/campaigns', campaignRequest([entry?.id ?? ''], { name: 'First' })),
      201,
    );
    const { drafts } = await expectJson<TNewsletterDraftList>(
      await call('GET', '/api/admin/newsletters?kind=newsletter'),
    );
    expect(drafts.map((draft) => [draft.id, draft.name])).toEqual([[first.campaign.newsletterId, 'First']]);
    const again = await expectJson<TStartedCampaign>(
      await call(
        'POST',
        '/api/admin/campaigns',
        campaignRequest([entry?.id ?? ''], {
          name: 'First, revised',
          draftId: first.campaign.newsletterId,
          content: { en: newsletterContent('revised'), de: newsletterContent('de') },
        }),
      ),
      201,
    );
    expect(again.campaign.newsletterId).toBe(first.campaign.newsletterId);
    const after = await expectJson<TNewsletterDraftList>(
      await call('GET', '/api/admin/newsletters?kind=newsletter'),
    );
    expect(after.drafts).toHaveLength(1);
    expect(after.drafts[0]?.content.en.subjectLine).toBe('Subject revised');
    // Sending changed texts made them the draft's next version; the first is kept (decision 047).
    const { versions } = await expectJson<TNewsletterVersionList>(
      await call('GET', `/api/admin/newsletters/${first.campaign.newsletterId}/versions`),
    );
    expect(versions.map((row) => [row.version, row.name])).toEqual([
      [2, 'First, revised'],
      [1, 'First'],
    ]);
    // Texts edited from version 1 while someone saved version 2: nothing is written or sent.
    const stale = await call(
      'POST',
      '/api/admin/campaigns',
      campaignRequest([entry?.id ?? ''], {
        name: 'Stale',
        draftId: first.campaign.newsletterId,
        baseVersion: 1,
      }),
    );
    expect([stale.status, await errorCodeOf(stale)]).toEqual([409, 'draft_version_conflict']);
    expect(
      (await expectJson<TCampaignList>(await call('GET', '/api/admin/campaigns'))).campaigns,
    ).toHaveLength(2);
    const unknown = await call(
      'POST',
      '/api/admin/campaigns',
      campaignRequest([entry?.id ?? ''], { draftId: randomUUID() }),
    );
    expect([unknown.status, await errorCodeOf(unknown)]).toEqual([404, 'not_found']);
    expect((await latestAudit(t.database.db)).map((row) => row.action)).toContain(
      'newsletter.campaign.start',
    );
  });
});

describe('sending', () => {
  it('mails each confirmed, subscribed person once, in their language, with their own unsubscribe link', async () => {
    const en = await entries('confirmed', 'en', 3);
    const de = await entries('confirmed', 'de', 2);
    const left = [...(await entries('unconfirmed', 'de')), ...(await entries('unsubscribed', 'en'))];
    const started = await expectJson<TStartedCampaign>(
      await call(
        'POST',
        '/api/admin/campaigns',
        campaignRequest([...en, ...de, ...left].map((entry) => entry.id)),
      ),
      201,
    );
    expect(started.plan.leftOut).toEqual({ unconfirmed: 1, unsubscribed: 1, suppressed: 0, missing: 0 });
    await startWorker();
    const done = await until(
      () => campaign(started.campaign.id),
      (item) => item.status === 'completed',
    );
    expect(done.counts).toEqual({
      total: 5,
      pending: 0,
      sending: 0,
      sent: 5,
      failed: 0,
      cancelled: 0,
      bounced: 0,
      unsubscribed: 0,
    });
    expect(sink.messages.map(to).sort()).toEqual([...en, ...de].map((entry) => entry.email).sort());
    for (const message of sink.messages) {
      const german = de.some((entry) => entry.email === to(message));
      expect(message.parsed.subject).toBe(german ? 'Subject de' : 'Subject en');
      expect(message.parsed.text).toContain(german ? 'Intro de' : 'Intro en');
      expect(rawHeader(message, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    }
    // The one-click link of the first English message unsubscribes exactly that person.
    const first = sink.messages.find((message) => to(message) === en[0]?.email);
    const oneClick = /<([^>]+)>/.exec(rawHeader(first as ParsedMessage, 'list-unsubscribe') ?? '')?.[1] ?? '';
    const url = new URL(oneClick);
    expect((await t.app.request(`${url.pathname}${url.search}`, { method: 'POST' })).status).toBeLessThan(
      300,
    );
    const statuses = await t.database.db
      .select({ email: waitingList.email, status: waitingList.status })
      .from(waitingList)
      .where(eq(waitingList.status, 'unsubscribed'));
    expect(statuses.map((row) => row.email).sort()).toEqual(
      [en[0]?.email, ...left.slice(1).map((entry) => entry.email)].sort(),
    );
  });

  it('sends the global BCC one archive copy per language, not one per recipient', async () => {
    await t.database.db.update(emailSettings).set({ globalBcc: 'archive@example.com' });
    const people = [...(await entries('confirmed', 'en', 3)), ...(await entries('confirmed', 'de', 2))];
    const started = await expectJson<TStartedCampaign>(
      await call('POST', '/api/admin/campaigns', campaignRequest(people.map((entry) => entry.id))),
      201,
    );
    expect(started.campaign.bcc).toEqual(['archive@example.com']);
    await startWorker();
    await until(
      () => campaign(started.campaign.id),
      (item) => item.status === 'completed',
    );
    const archive = sink.messages.filter((message) => to(message) === 'archive@example.com');
    expect(archive.map((message) => message.parsed.subject).sort()).toEqual(['Subject de', 'Subject en']);
    expect(sink.messages).toHaveLength(7);
    // No recipient's message carries a BCC.
    expect(sink.messages.every((message) => message.envelope.to.length === 1)).toBe(true);
  });

  it('sends exactly what the preview shows, but for the recipient’s own link', async () => {
    const [person] = await entries('confirmed', 'de');
    const content = { en: newsletterContent('en'), de: newsletterContent('de') };
    await expectJson<TStartedCampaign>(
      await call('POST', '/api/admin/campaigns', campaignRequest([person?.id ?? ''], { content })),
      201,
    );
    await startWorker();
    const [sent] = await sink.waitForMessages(1);
    const preview = await expectJson<{ html: string }>(
      await call('POST', '/api/admin/newsletters/preview', {
        kind: 'newsletter',
        language: 'de',
        content: content.de,
      }),
    );
    const sentHtml = typeof sent?.parsed.html === 'string' ? sent.parsed.html : '';
    const ownLink = /href="([^"]*\/byebye[^"]*)"/.exec(sentHtml)?.[1] ?? '';
    const previewLink = /href="([^"]*\/byebye[^"]*)"/.exec(preview.html)?.[1] ?? '';
    expect(ownLink).not.toBe(previewLink);
    expect(sentHtml).toBe(preview.html.replaceAll(previewLink, ownLink));
  });

  it('retries a temporary failure with back-off and records it per recipient', async () => {
    const [person] = await entries('confirmed', 'en');
    sink.setFailing(true);
    const started = await expectJson<TStartedCampaign>(
      await call('POST', '/api/admin/campaigns', campaignRequest([person?.id ?? ''])),
      201,
    );
    const updates = watchUpdates();
    await startWorker({ retryBaseMs: 60_000 });
    const failedOnce = await until(
      async () =>
        expectJson<TCampaignRecipients>(
          await call('GET', `/api/admin/campaigns/${started.campaign.id}/recipients`),
        ),
      (list) => list.recipients[0]?.attempts === 1 && list.recipients[0]?.status === 'pending',
    );
    expect(failedOnce.recipients[0]).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failedOnce.recipients[0]?.lastError).toContain('451');
    // Not due yet: nothing more happens until the back-off has passed, though the sender looks again (within
    // a second) for what is due.
    const sinceFailure = updates.length;
    await untilRan(updates, sinceFailure, isClaim);
    expect((await campaign(started.campaign.id)).counts.sent).toBe(0);
    const afterLooking = await expectJson<TCampaignRecipients>(
      await call('GET', `/api/admin/campaigns/${started.campaign.id}/recipients`),
    );
    expect(afterLooking.recipients[0]).toMatchObject({ status: 'pending', attempts: 1 });
    sink.setFailing(false);
    t.clock.advance(2 * 60_000);
    const done = await until(
      () => campaign(started.campaign.id),
      (item) => item.status === 'completed',
    );
    expect(done.counts.sent).toBe(1);
    expect(sink.messages).toHaveLength(1);
  });

  it('pauses, resumes and cancels; a finished campaign cannot be changed', async () => {
    const people = await entries('confirmed', 'en', 40);
    const started = await expectJson<TStartedCampaign>(
      await call(
        'POST',
        '/api/admin/campaigns',
        campaignRequest(
          people.map((entry) => entry.id),
          { ratePerSecond: 20 },
        ),
      ),
      201,
    );
    const id = started.campaign.id;
    const updates = watchUpdates();
    await startWorker();
    await sink.waitForMessages(3);
    const sincePause = updates.length;
    const paused = await expectJson<{ campaign: TCampaign }>(
      await call('POST', `/api/admin/campaigns/${id}/pause`),
    );
    expect(paused.campaign.status).toBe('paused');
    // Messages in flight finish; then nothing more goes out.
    await until(
      () => campaign(id),
      (item) => item.counts.sending === 0,
    );
    // The sender has stopped: what it sent is at the sink.
    await untilRan(updates, sincePause, isLeaseGivenUp);
    const whilePaused = sink.messages.length;
    // The worker looks for campaigns to take up whenever one changes: one started now (to an address the
    // server refuses for good, so nothing of it reaches the sink) is taken up by a look that would have taken
    // up the paused one again too.
    const [marker] = await entries('confirmed', 'en');
    sink.setUnknownUsers([marker?.email ?? '']);
    const sinceMarker = updates.length;
    const other = await expectJson<TStartedCampaign>(
      await call('POST', '/api/admin/campaigns', campaignRequest([marker?.id ?? ''])),
      201,
    );
    await until(
      () => campaign(other.campaign.id),
      (item) => item.status === 'completed' && item.counts.bounced === 1,
    );
    await untilRan(updates, sinceMarker, isLeaseGivenUp);
    expect(sink.messages.length).toBe(whilePaused);
    expect(whilePaused).toBeLessThan(40);
    const [lease] = await t.database.db
      .select({ owner: campaigns.leaseOwner })
      .from(campaigns)
      .where(eq(campaigns.id, id));
    expect(lease).toEqual({ owner: null });

    await expectJson(await call('POST', `/api/admin/campaigns/${id}/resume`));
    await sink.waitForMessages(whilePaused + 3);
    const sinceCancel = updates.length;
    const cancelled = await expectJson<{ campaign: TCampaign }>(
      await call('POST', `/api/admin/campaigns/${id}/cancel`),
    );
    expect(cancelled.campaign.status).toBe('cancelled');
    const settled = await until(
      () => campaign(id),
      (item) => item.counts.sending === 0 && item.counts.pending === 0,
    );
    expect(settled.counts.cancelled).toBeGreaterThan(0);
    expect(settled.counts.sent + settled.counts.cancelled).toBe(40);
    // The sender has stopped: every message it recorded as sent has arrived, and no other will.
    await untilRan(updates, sinceCancel, isLeaseGivenUp);
    expect(sink.messages).toHaveLength(settled.counts.sent);
    // Everyone got at most one message, and a pause counted no attempt.
    expect(new Set(sink.messages.map(to)).size).toBe(sink.messages.length);
    const { recipients } = await expectJson<TCampaignRecipients>(
      await call('GET', `/api/admin/campaigns/${id}/recipients?limit=500`),
    );
    expect(recipients).toHaveLength(40);
    expect(recipients.filter((recipient) => recipient.attempts > 1)).toEqual([]);

    const again = await call('POST', `/api/admin/campaigns/${id}/cancel`);
    expect([again.status, await errorCodeOf(again)]).toEqual([409, 'campaign_finished']);
    const unknown = await call('POST', `/api/admin/campaigns/${randomUUID()}/pause`);
    expect(unknown.status).toBe(404);
  });

  it('keeps to the rate', async () => {
    const people = await entries('confirmed', 'en', 12);
    await expectJson(
      await call(
        'POST',
        '/api/admin/campaigns',
        campaignRequest(
          people.map((entry) => entry.id),
          { ratePerSecond: 10 },
        ),
      ),
      201,
    );
    const began = Date.now();
    await startWorker();
    await sink.waitForMessages(12);
    // 12 messages at 10 per second: the first goes at once, the rest take at least a second.
    expect(Date.now() - began).toBeGreaterThanOrEqual(1000);
  });

  it('does not mail someone who unsubscribed after the campaign began', async () => {
    const people = await entries('confirmed', 'en', 2);
    const started = await expectJson<TStartedCampaign>(
      await call('POST', '/api/admin/campaigns', campaignRequest(people.map((entry) => entry.id))),
      201,
    );
    await t.database.db
      .update(waitingList)
      .set({ status: 'unsubscribed' })
      .where(eq(waitingList.id, people[1]?.id ?? ''));
    await startWorker();
    const done = await until(
      () => campaign(started.campaign.id),
      (item) => item.status === 'completed',
    );
    expect(done.counts).toMatchObject({ sent: 1, cancelled: 1 });
    expect(sink.messages.map(to)).toEqual([people[0]?.email]);
    const rows = await t.database.db
      .select({ status: campaignMessages.status })
      .from(campaignMessages)
      .where(eq(campaignMessages.campaignId, started.campaign.id));
    expect(rows.map((row) => row.status).sort()).toEqual(['cancelled', 'sent']);
  });
});

describe('through the e-mail provider', () => {
  it('sends each message once through the provider API, keyed by the message for idempotency', async () => {
    const stored = await t.app.request('/api/admin/mail/provider-key', {
      method: 'PUT',
      headers: staffHeaders(t, staff),
      body: JSON.stringify({ key: 're_campaign_key_1234' }),
    });
    expect(stored.status).toBe(200);
    const people = [...(await entries('confirmed', 'en')), ...(await entries('confirmed', 'de'))];
    const started = await expectJson<TStartedCampaign>(
      await call('POST', '/api/admin/campaigns', campaignRequest(people.map((entry) => entry.id))),
      201,
    );
    await startWorker();
    await until(
      () => campaign(started.campaign.id),
      (item) => item.status === 'completed',
    );
    const sends = provider.requests.filter((sent) => sent.path === '/emails');
    expect(sends).toHaveLength(2);
    expect(sink.messages).toHaveLength(0);
    const bodies = sends.map(
      (sent) => sent.body as { to: string[]; subject: string; headers: Record<string, string> },
    );
    expect(bodies.map((body) => [body.to[0], body.subject]).sort()).toEqual(
      [
        [people[0]?.email, 'Subject en'],
        [people[1]?.email, 'Subject de'],
      ].sort(),
    );
    expect(
      bodies.every((body) => body.headers['List-Unsubscribe-Post'] === 'List-Unsubscribe=One-Click'),
    ).toBe(true);
    const keys = sends.map((sent) => sent.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(2);
    expect(keys.every((key) => typeof key === 'string' && key.length > 0)).toBe(true);
  });
});

describe('live progress', () => {
  it('streams the campaign with its counts as it sends', async () => {
    const people = await entries('confirmed', 'en', 5);
    const controller = new AbortController();
    const response = await t.app.request('/api/admin/campaigns/events', {
      headers: staffHeaders(t, staff),
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let received = '';
    const readUntil = async (pattern: RegExp) => {
      while (!pattern.test(received)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended; got ${received}`);
        received += decoder.decode(value);
      }
    };
    await readUntil(/event: ready/);
    await expectJson(
      await call('POST', '/api/admin/campaigns', campaignRequest(people.map((entry) => entry.id))),
      201,
    );
    await startWorker();
    await readUntil(/"status":"completed"/);
    const events = [...received.matchAll(/event: campaign\ndata: (.*)\n/g)].map((match) =>
      ZCampaign.parse(JSON.parse(match[1] ?? '{}')),
    );
    expect(events[0]?.counts.total).toBe(5);
    expect(events.at(-1)?.counts).toMatchObject({ sent: 5, pending: 0 });
    // Each copy says when it was read, so a client keeps the later of the list and an event.
    const observed = events.map((event) => event.observedAt);
    expect(observed).toEqual([...observed].sort());
    expect(observed.at(-1) ?? '').not.toBe(observed[0]);
    const list = ZCampaignList.parse(await expectJson(await call('GET', '/api/admin/campaigns'), 200));
    expect((list.campaigns[0]?.observedAt ?? '') > (observed.at(-1) ?? '')).toBe(true);
    controller.abort();
    await reader.cancel().catch(() => undefined);
  });
});
