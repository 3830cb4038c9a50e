// Extends zod with `.openapi()` before the shared schemas below are built (the routes use it on them).
import '@hono/zod-openapi';
import type { TCampaign, TCampaignList, TCampaignPlan, TStartedCampaign } from '@shared/schemas/campaigns';
import type { TSuppressionList } from '@shared/schemas/suppression';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { campaignMessages } from '../../db/schema/campaigns';
import { mailOutbox, mailSuppressions } from '../../db/schema/mail';
import { waitingList } from '../../db/schema/waitlist';
import { signWebhook, webhookKey } from '../../lib/webhook-signature';
import { addListEntries, campaignRequest, startTestCampaignWorker } from '../../test/campaigns';
import { type ParsedMessage, rawHeader, type SmtpSink, startSmtpSink } from '../../test/smtp-sink';
import { createSignedInStaff, expectJson, type SignedInStaff, staffRequest } from '../../test/staff';
import { createTestApp, errorCodeOf, type TestContext } from '../../test/test-app';
import { until } from '../../test/until';
import { latestAudit } from '../admin/audit';
import type { CampaignWorker } from '../campaigns/sender';
import { drainDueMail, enqueueListMail } from '../mail/service';
import { filterSuppressed, isSuppressed } from './service';

/**
 * Issue #16, decision 043: a permanent refusal of an address (5xx) or the provider's bounce or complaint puts
 * it on the suppression list, which no list mail passes; the webhook takes only signed, fresh, new events.
 */

const WEBHOOK_SECRET = `whsec_${Buffer.from('a test signing key of 32 bytes!!').toString('base64')}`;
let sink: SmtpSink;
let t: TestContext;
let staff: SignedInStaff;
let worker: CampaignWorker | undefined;

beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.close();
});
beforeEach(async () => {
  t = await createTestApp({
    env: { APP_URL: 'https://mirror.test', SMTP_URL: sink.url, MAIL_WEBHOOK_SECRET: WEBHOOK_SECRET },
  });
  staff = await createSignedInStaff(t);
});
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
  await t.close();
  sink.setUnknownUsers([]);
  sink.messages.length = 0;
});

const call = (method: 'GET' | 'POST', pathname: string, body?: unknown) =>
  staffRequest(t, staff, method, pathname, body);

const confirmed = (emails: string[]) =>
  addListEntries(
    t.database.db,
    t.clock.now(),
    emails.map((email) => ({ email, language: 'en' as const })),
  );

async function sendCampaign(entryIds: string[]): Promise<TCampaign> {
  const started = await expectJson<TStartedCampaign>(
    await call('POST', '/api/admin/campaigns', campaignRequest(entryIds, { name: 'Bounce test' })),
    201,
  );
  return until(
    async () => {
      const { campaigns } = await expectJson<TCampaignList>(await call('GET', '/api/admin/campaigns'));
      return campaigns.find((campaign) => campaign.id === started.campaign.id) as TCampaign;
    },
    (campaign) => campaign.status === 'completed',
  );
}

async function startWorker() {
  worker = await startTestCampaignWorker(t);
}

describe('a permanent SMTP refusal', () => {
  it('marks the address bounced in the campaign, suppresses it, and the next campaign skips it', async () => {
    const emails = ['ok-1@example.com', 'gone-1@example.com', 'ok-2@example.com', 'gone-2@example.com'];
    const entries = await confirmed(emails);
    sink.setUnknownUsers(['gone-1@example.com', 'gone-2@example.com']);
    await startWorker();

    const first = await sendCampaign(entries.map((entry) => entry.id));
    expect(first.counts).toMatchObject({ sent: 2, bounced: 2, failed: 0 });
    const messages = await t.database.db
      .select({
        email: campaignMessages.email,
        status: campaignMessages.status,
        attempts: campaignMessages.attempts,
      })
      .from(campaignMessages)
      .where(eq(campaignMessages.status, 'bounced'));
    // Not retried: one attempt each.
    expect(messages.map((row) => [row.email, row.attempts]).sort()).toEqual([
      ['gone-1@example.com', 1],
      ['gone-2@example.com', 1],
    ]);
    const suppressed = await t.database.db.select().from(mailSuppressions);
    expect(suppressed.map((row) => [row.email, row.reason, row.source, row.campaignId]).sort()).toEqual([
      ['gone-1@example.com', 'bounce', 'smtp', first.id],
      ['gone-2@example.com', 'bounce', 'smtp', first.id],
    ]);
    expect(await filterSuppressed(t.database.db, ['OK-1@example.com', 'Gone-1@Example.com'])).toEqual([
      'OK-1@example.com',
    ]);

    // Unsubscribing through the newsletter's link counts for that campaign (the link names it, signed).
    const delivered = sink.messages.find((message) => message.envelope.to.includes('ok-1@example.com'));
    const oneClick = /<([^>]+)>/.exec(rawHeader(delivered as ParsedMessage, 'List-Unsubscribe') ?? '')?.[1];
    expect(oneClick).toContain('/api/waitlist/unsubscribe/one-click?token=');
    const path = new URL(oneClick as string);
    const unsubscribed = await t.app.request(`${path.pathname}${path.search}`, { method: 'POST' });
    expect(unsubscribed.status).toBeLessThan(300);
    const { campaigns } = await expectJson<TCampaignList>(await call('GET', '/api/admin/campaigns'));
    expect(campaigns.find((campaign) => campaign.id === first.id)?.counts.unsubscribed).toBe(1);
    await t.database.db
      .update(waitingList)
      .set({ status: 'confirmed', unsubscribedAt: null })
      .where(eq(waitingList.email, 'ok-1@example.com'));

    // The next campaign leaves them out, and the address would get nothing even if the server took it now.
    sink.setUnknownUsers([]);
    sink.messages.length = 0;
    const plan = await expectJson<TCampaignPlan>(
      await call('POST', '/api/admin/campaigns/plan', { entryIds: entries.map((entry) => entry.id) }),
    );
    expect(plan).toMatchObject({ recipients: 2, leftOut: { suppressed: 2 } });
    const second = await sendCampaign(entries.map((entry) => entry.id));
    expect(second.counts).toMatchObject({ total: 2, sent: 2, bounced: 0 });
    expect(sink.messages.flatMap((message) => message.envelope.to).sort()).toEqual([
      'ok-1@example.com',
      'ok-2@example.com',
    ]);
  }, 120_000);

  it('gives up an outbox list mail at once and suppresses the address; later list mail to it is not sent', async () => {
    sink.setUnknownUsers(['nobody@example.com']);
    const deps = {
      db: t.database.db,
      transport: t.mailTransport,
      clock: t.clock,
      logger: t.logger,
      mailFrom: t.config.mailFrom,
    };
    const message = {
      kind: 'waitlist_confirmation',
      to: 'nobody@example.com',
      subject: 's',
      html: 'h',
      text: 't',
    };
    await enqueueListMail(t.database.db, { ...message, messageKey: 'bounce:1' });
    await drainDueMail(deps);
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.messageKey, 'bounce:1'));
    expect(row).toMatchObject({ status: 'dead', attempts: 1 });
    expect(await isSuppressed(t.database.db, 'Nobody@example.com')).toBe(true);

    sink.setUnknownUsers([]);
    expect(await enqueueListMail(t.database.db, { ...message, messageKey: 'bounce:2' })).toMatchObject({
      outcome: 'suppressed',
    });
    await drainDueMail(deps);
    expect(sink.messages).toEqual([]);
  });
});

describe('the provider webhook', () => {
  const key = webhookKey(WEBHOOK_SECRET) as Buffer;
  let counter = 0;

  function post(
    event: unknown,
    options: { id?: string; timestamp?: number; signature?: string; omit?: string } = {},
  ) {
    counter += 1;
    const id = options.id ?? `msg_${counter}`;
    const body = typeof event === 'string' ? event : JSON.stringify(event);
    const timestamp = String(options.timestamp ?? Math.floor(t.clock.now().getTime() / 1000));
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'svix-id': id,
      'svix-timestamp': timestamp,
      'svix-signature': options.signature ?? `v1,${signWebhook(key, { id, timestamp, body })}`,
    };
    if (options.omit) delete headers[options.omit];
    return t.app.request('/api/webhooks/mail', { method: 'POST', headers, body });
  }

  const bounce = (to: string) => ({
    type: 'email.bounced',
    created_at: '2026-03-02T09:00:00.000Z',
    data: { email_id: 'e-1', to: [to], bounce: { message: 'The mailbox does not exist', type: 'Permanent' } },
  });

  it('suppresses bounced and complaining recipients, once per event id', async () => {
    const first = await post(bounce('Hard@Example.com'), { id: 'msg_fixed' });
    expect([first.status, await first.json()]).toEqual([200, { status: 'handled' }]);
    const complaint = await post({ type: 'email.complained', data: { to: ['angry@example.com'] } });
    expect(complaint.status).toBe(200);
    const other = await post({ type: 'email.delivered', data: { to: ['fine@example.com'] } });
    expect([other.status, await other.json()]).toEqual([200, { status: 'ignored' }]);

    const rows = await t.database.db.select().from(mailSuppressions);
    expect(rows.map((row) => [row.email, row.reason, row.source, row.detail]).sort()).toEqual([
      ['angry@example.com', 'complaint', 'webhook', 'email.complained'],
      ['hard@example.com', 'bounce', 'webhook', 'The mailbox does not exist'],
    ]);

    // The same delivery again (a replay, or the provider retrying) changes nothing.
    const again = await post(bounce('someone-else@example.com'), { id: 'msg_fixed' });
    expect([again.status, await errorCodeOf(again)]).toEqual([409, 'webhook_duplicate']);
    expect(await isSuppressed(t.database.db, 'someone-else@example.com')).toBe(false);
  });

  it('refuses forged, stale and unsigned events with 401, and a signed body that is no event with 400', async () => {
    const forged = await post(bounce('victim@example.com'), {
      signature: `v1,${signWebhook(Buffer.from('not the key at all, but 32 bytes'), { id: 'x', timestamp: '1', body: '{}' })}`,
    });
    const stale = await post(bounce('victim@example.com'), {
      timestamp: Math.floor(t.clock.now().getTime() / 1000) - 6 * 60,
    });
    const future = await post(bounce('victim@example.com'), {
      timestamp: Math.floor(t.clock.now().getTime() / 1000) + 6 * 60,
    });
    const unsigned = await post(bounce('victim@example.com'), { omit: 'svix-signature' });
    const noId = await post(bounce('victim@example.com'), { omit: 'svix-id' });
    const garbage = await post(bounce('victim@example.com'), { signature: 'v1,@@@ v2,zzz' });
    for (const response of [forged, stale, future, unsigned, noId, garbage]) {
      expect([response.status, await errorCodeOf(response)]).toEqual([401, 'webhook_signature_invalid']);
    }
    const notJson = await post('not json');
    expect([notJson.status, await errorCodeOf(notJson)]).toEqual([400, 'invalid_json']);
    expect(await t.database.db.select().from(mailSuppressions)).toEqual([]);
  });

  it('does not exist without MAIL_WEBHOOK_SECRET', async () => {
    const plain = await createTestApp({ env: { APP_URL: 'https://mirror.test' } });
    try {
      const response = await plain.app.request('/api/webhooks/mail', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(bounce('x@example.com')),
      });
      expect(response.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('the suppression list for staff', () => {
  it('lists entries with their reasons, and an owner lifts one, audited', async () => {
    const now = t.clock.now();
    await t.database.db.insert(mailSuppressions).values([
      { email: 'a@example.com', reason: 'bounce', source: 'smtp', detail: '550 5.1.1', createdAt: now },
      { email: 'b@example.com', reason: 'complaint', source: 'webhook', detail: null, createdAt: now },
    ]);
    const list = await expectJson<TSuppressionList>(await call('GET', '/api/admin/mail/suppressions'));
    expect(list.total).toBe(2);
    expect(list.entries.map((entry) => [entry.email, entry.reason, entry.source]).sort()).toEqual([
      ['a@example.com', 'bounce', 'smtp'],
      ['b@example.com', 'complaint', 'webhook'],
    ]);

    const lifted = await expectJson<TSuppressionList>(
      await call('POST', '/api/admin/mail/suppressions/lift', { email: 'A@example.com' }),
    );
    expect(lifted.entries.map((entry) => entry.email)).toEqual(['b@example.com']);
    const [audit] = await latestAudit(t.database.db, 1);
    expect(audit).toMatchObject({
      action: 'mail.suppression.lift',
      target: 'a@example.com',
      staffId: staff.id,
    });

    const missing = await call('POST', '/api/admin/mail/suppressions/lift', { email: 'a@example.com' });
    expect([missing.status, await errorCodeOf(missing)]).toEqual([404, 'not_found']);
  });
});
