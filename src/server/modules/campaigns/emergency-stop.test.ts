// Extends zod with `.openapi()` before the shared schemas below are built (the routes use it on them).
import '@hono/zod-openapi';
import type { TEmailSettingsState } from '@shared/schemas/admin';
import type { TCampaign, TCampaignList, TStartedCampaign } from '@shared/schemas/campaigns';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { campaignMessages, campaigns } from '../../db/schema/campaigns';
import { mailOutbox } from '../../db/schema/mail';
import { addListEntries, campaignRequest, startTestCampaignWorker } from '../../test/campaigns';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink';
import { createSignedInStaff, expectJson, type SignedInStaff, staffRequest } from '../../test/staff';
import { createTestApp, sendJson, type TestContext } from '../../test/test-app';
import { until } from '../../test/until';
import { drainDueMail, type MailDeps } from '../mail/service';
import type { CampaignWorker } from './sender';

/**
 * Issue #16: auto-send off is an emergency stop (decision 041). A running campaign sends nothing more once
 * the stop is committed, apart from the messages already handed to the SMTP server; list mail written while
 * it is off is held, and goes out exactly once when it is switched on again.
 */

const RECIPIENTS = 60;
const CONCURRENCY = 4;
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
    env: { APP_URL: 'https://mirror.test', SMTP_URL: sink.url, TRUST_PROXY: 'true' },
  });
  staff = await createSignedInStaff(t);
});
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
  await t.close();
  sink.setReplyDelay(0);
  sink.setFailing(false);
  sink.messages.length = 0;
});

const call = (method: 'GET' | 'POST' | 'PUT', pathname: string, body?: unknown) =>
  staffRequest(t, staff, method, pathname, body);

const setAutoSend = async (autoSend: boolean) =>
  expectJson<TEmailSettingsState>(
    await call('PUT', '/api/admin/mail/settings', { globalBcc: null, autoSend }),
  );

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function sentCount(): Promise<number> {
  const [row] = await t.database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(campaignMessages)
    .where(eq(campaignMessages.status, 'sent'));
  return row?.count ?? 0;
}

async function campaignOf(id: string): Promise<TCampaign> {
  const { campaigns } = await expectJson<TCampaignList>(await call('GET', '/api/admin/campaigns'));
  const found = campaigns.find((campaign) => campaign.id === id);
  if (!found) throw new Error(`campaign ${id} is missing`);
  return found;
}

async function startWorker() {
  worker = await startTestCampaignWorker(t, { concurrency: CONCURRENCY });
}

async function startCampaign(ratePerSecond: number): Promise<string> {
  const people = Array.from({ length: RECIPIENTS }, (_, index) => ({
    email: `stop-${index}@example.com`,
    language: index % 2 === 0 ? ('en' as const) : ('de' as const),
  }));
  const rows = await addListEntries(t.database.db, t.clock.now(), people);
  const request = campaignRequest(
    rows.map((row) => row.id),
    { name: 'Stop test', ratePerSecond },
  );
  const started = await expectJson<TStartedCampaign>(
    await call('POST', '/api/admin/campaigns', request),
    201,
  );
  return started.campaign.id;
}

describe('auto-send off mid-campaign', () => {
  it('sends nothing more than the messages in flight, shows the campaign paused, and resumes it when on', async () => {
    // Each message waits 150 ms at the server after its final dot: some are always in flight.
    sink.setReplyDelay(150);
    const id = await startCampaign(30);
    await startWorker();
    await until(sentCount, (count) => count >= 10);

    const stopped = await setAutoSend(false);
    const atStop = await sentCount();
    expect(stopped.autoSend).toBe(false);

    // The sender notices within a heartbeat, lets the messages in flight finish, then gives up its lease.
    await until(
      async () =>
        (
          await t.database.db
            .select({ owner: campaigns.leaseOwner })
            .from(campaigns)
            .where(eq(campaigns.id, id))
        )[0]?.owner,
      (owner) => owner === null,
    );
    const afterStop = await sentCount();
    // A message recorded in the instant the stop committed may be counted just after it; never more than
    // one per connection.
    expect(afterStop - atStop).toBeLessThanOrEqual(CONCURRENCY);
    await until(
      async () => sink.messages.length,
      (count) => count === afterStop,
    );
    // Nothing more goes out while it is off.
    await pause(1500);
    expect(await sentCount()).toBe(afterStop);
    expect(sink.messages).toHaveLength(afterStop);
    const open = await t.database.db
      .select({ status: campaignMessages.status })
      .from(campaignMessages)
      .where(and(eq(campaignMessages.campaignId, id), eq(campaignMessages.status, 'sending')));
    expect(open).toEqual([]);

    const paused = await campaignOf(id);
    expect({ status: paused.status, stopped: paused.stopped }).toEqual({ status: 'sending', stopped: true });
    const settings = await expectJson<TEmailSettingsState>(await call('GET', '/api/admin/mail/settings'));
    expect(settings.held).toBe(RECIPIENTS - afterStop);

    // On again: the campaign goes on by itself, and everybody gets exactly one message.
    await setAutoSend(true);
    const done = await until(
      () => campaignOf(id),
      (campaign) => campaign.status === 'completed',
    );
    expect(done.counts.sent).toBe(RECIPIENTS);
    await until(
      async () => sink.messages.length,
      (count) => count === RECIPIENTS,
    );
    const addresses = sink.messages.flatMap((message) => message.envelope.to);
    expect(new Set(addresses).size).toBe(RECIPIENTS);
  }, 120_000);
});

describe('list mail while auto-send is off', () => {
  const mailDeps = (): MailDeps => ({
    db: t.database.db,
    transport: t.mailTransport,
    clock: t.clock,
    logger: t.logger,
    mailFrom: t.config.mailFrom,
  });
  let ip = 0;
  const join = (email: string) => {
    ip += 1;
    return sendJson(t.app, {
      method: 'POST',
      path: '/api/waitlist',
      body: { email, language: 'en', consent: true, website: '' },
      headers: { 'x-forwarded-for': `198.51.100.${ip}` },
    });
  };

  it('holds the confirmations of people who join, and sends each once when it is back on', async () => {
    await setAutoSend(false);
    const emails = ['held-1@example.com', 'held-2@example.com', 'held-3@example.com'];
    for (const email of emails) {
      const response = await join(email);
      expect(response.status).toBe(201);
      expect(await response.json()).toMatchObject({ result: 'held' });
    }
    await drainDueMail(mailDeps());
    expect(sink.messages).toEqual([]);
    const held = await t.database.db.select({ status: mailOutbox.status }).from(mailOutbox);
    expect(held.map((row) => row.status)).toEqual(['held', 'held', 'held']);
    expect((await expectJson<TEmailSettingsState>(await call('GET', '/api/admin/mail/settings'))).held).toBe(
      3,
    );

    const on = await setAutoSend(true);
    expect(on.held).toBe(0);
    await drainDueMail(mailDeps());
    await drainDueMail(mailDeps());
    expect(sink.messages.map((message) => message.envelope.to.join()).sort()).toEqual(emails);

    // Off and on again sends nothing twice.
    await setAutoSend(false);
    await setAutoSend(true);
    await drainDueMail(mailDeps());
    expect(sink.messages).toHaveLength(3);
  });

  it('holds list mail already waiting in the outbox when it is switched off', async () => {
    // The outbox cannot reach the server: the confirmation waits for its retry.
    sink.setFailing(true);
    const response = await join('waiting@example.com');
    expect(await response.json()).toMatchObject({ result: 'confirmation_failed' });
    sink.setFailing(false);
    await setAutoSend(false);
    t.clock.advance(60 * 60_000);
    await drainDueMail(mailDeps());
    expect(sink.messages).toEqual([]);
    await setAutoSend(true);
    await drainDueMail(mailDeps());
    expect(sink.messages.map((message) => message.envelope.to.join())).toEqual(['waiting@example.com']);
  });
});
