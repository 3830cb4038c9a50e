// Extends zod with `.openapi()` before the shared schemas below are built (the routes use it on them).
import '@hono/zod-openapi';
import { randomUUID } from 'node:crypto';
import { CAMPAIGN_TEST_RATE_LIMIT } from '@shared/domain/campaigns';
import type { TLocale } from '@shared/domain/locale';
import type {
  TCampaignEmail,
  TCampaignList,
  TCampaignTestResult,
  TCampaignTestSend,
  TStartCampaign,
  TStartedCampaign,
} from '@shared/schemas/campaigns';
import type { TNewsletterDraft, TNewsletterDraftList } from '@shared/schemas/newsletters';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { campaignEmails, campaignMessages, campaigns } from '../../db/schema/campaigns';
import { emailSettings, mailOutbox } from '../../db/schema/mail';
import { newsletters } from '../../db/schema/newsletters';
import {
  addListEntries,
  campaignRequest,
  newsletterContent,
  startTestCampaignWorker,
} from '../../test/campaigns';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink';
import { createSignedInStaff, expectJson, type SignedInStaff, staffRequest } from '../../test/staff';
import { createTestApp, errorCodeOf, type TestContext } from '../../test/test-app';
import type { CampaignWorker } from '../campaigns/sender';
import { suppressAddress } from '../suppression/service';
import { latestAudit } from './audit';

const APP_URL = 'https://mirror.test';
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
  t = await createTestApp({ env: { APP_URL, SMTP_URL: sink.url } });
  staff = await createSignedInStaff(t);
});
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
  await t.close();
  sink.setFailing(false);
  sink.messages.length = 0;
});

// ---- helpers ----

let entryCounter = 0;
function confirmed(language: TLocale, count = 1) {
  const people = Array.from({ length: count }, () => {
    entryCounter += 1;
    return { email: `confirmed-${language}-${entryCounter}@example.com`, language };
  });
  return addListEntries(t.database.db, t.clock.now(), people);
}

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', pathname: string, body?: unknown) {
  return staffRequest(t, staff, method, pathname, body);
}

async function startCampaign(entryIds: string[], overrides: Partial<TStartCampaign> = {}) {
  const body = campaignRequest(entryIds, overrides);
  return expectJson<TStartedCampaign>(await call('POST', '/api/admin/campaigns', body), 201);
}

async function startWorker() {
  worker = await startTestCampaignWorker(t);
}

const htmlOf = (message: { parsed: { html?: unknown } } | undefined) =>
  typeof message?.parsed.html === 'string' ? message.parsed.html : '';

// ---- duplicate ----

describe('duplicating a campaign', () => {
  it('makes a new draft of its texts as sent, and leaves the campaign and its draft alone', async () => {
    const [person] = await confirmed('en');
    const content = {
      en: newsletterContent('en'),
      de: { ...newsletterContent('de'), introText: '  Hallo  ' },
    };
    const { campaign } = await startCampaign([person?.id ?? ''], { content });
    // The campaign's own draft is edited after sending: the duplicate still carries what was sent.
    await expectJson(
      await call('PUT', `/api/admin/newsletters/${campaign.newsletterId}`, {
        kind: 'newsletter',
        baseVersion: 1, // the campaign's new draft, as it started it
        name: 'Edited later',
        content: { en: newsletterContent('edited'), de: newsletterContent('edited') },
      }),
    );

    const draft = await expectJson<TNewsletterDraft>(
      await call('POST', `/api/admin/campaigns/${campaign.id}/duplicate`, {
        name: 'Copy of November letter',
      }),
      201,
    );
    expect(draft.id).not.toBe(campaign.newsletterId);
    expect(draft.kind).toBe('newsletter');
    expect(draft.name).toBe('Copy of November letter');
    expect(draft.content).toEqual({
      en: newsletterContent('en'),
      de: { ...newsletterContent('de'), introText: 'Hallo' },
    });

    const { drafts } = await expectJson<TNewsletterDraftList>(
      await call('GET', '/api/admin/newsletters?kind=newsletter'),
    );
    expect(drafts.map((item) => item.id).sort()).toEqual([campaign.newsletterId, draft.id].sort());
    const [again] = await t.database.db.select().from(newsletters).where(eq(newsletters.id, draft.id));
    expect(again?.content.de.introText).toBe('Hallo');
    const { campaigns: history } = await expectJson<TCampaignList>(await call('GET', '/api/admin/campaigns'));
    expect(history).toHaveLength(1);

    const audit = (await latestAudit(t.database.db)).find(
      (entry) => entry.action === 'newsletter.campaign.duplicate',
    );
    expect(audit).toMatchObject({
      staffEmail: staff.email,
      target: `campaign:${campaign.id}`,
      details: { newsletterId: draft.id, name: 'Copy of November letter' },
    });
  });

  it('takes the campaign’s name when none is given, also after its draft is deleted', async () => {
    const [person] = await confirmed('de');
    const { campaign } = await startCampaign([person?.id ?? '']);
    expect((await call('DELETE', `/api/admin/newsletters/${campaign.newsletterId}`)).status).toBe(204);
    const draft = await expectJson<TNewsletterDraft>(
      await call('POST', `/api/admin/campaigns/${campaign.id}/duplicate`, {}),
      201,
    );
    expect(draft.name).toBe('November letter');
    expect(draft.content.de).toEqual(newsletterContent('de'));
  });

  it('answers 404 for no such campaign and 400 for a name too long, and writes nothing', async () => {
    const missing = await call('POST', `/api/admin/campaigns/${randomUUID()}/duplicate`, {});
    expect(missing.status).toBe(404);
    expect(await errorCodeOf(missing)).toBe('not_found');
    const [person] = await confirmed('en');
    const { campaign } = await startCampaign([person?.id ?? '']);
    const long = await call('POST', `/api/admin/campaigns/${campaign.id}/duplicate`, {
      name: 'x'.repeat(500),
    });
    expect(long.status).toBe(400);
    expect(await t.database.db.select().from(newsletters)).toHaveLength(1);
  });
});

// ---- the e-mail a campaign sent ----

describe('the e-mail a campaign sent', () => {
  it('is kept per language when the campaign begins, and is what each recipient got but for their own link', async () => {
    const en = await confirmed('en');
    const de = await confirmed('de');
    const { campaign } = await startCampaign([...en, ...de].map((row) => row.id));
    const email = await expectJson<TCampaignEmail>(
      await call('GET', `/api/admin/campaigns/${campaign.id}/email`),
    );
    expect(email.kept).toBe(true);
    expect(email.versions.map((item) => [item.language, item.subject])).toEqual([
      ['en', 'Subject en'],
      ['de', 'Subject de'],
    ]);
    for (const item of email.versions) {
      expect(item.html).toContain(`Intro ${item.language}`);
      expect(item.html).toMatch(/href="https:\/\/mirror\.test\/[^"]*byebye[^"]*preview/);
      expect(item.text).toContain(`Second ${item.language}`);
    }

    await startWorker();
    const sent = await sink.waitForMessages(2);
    for (const message of sent) {
      const html = htmlOf(message);
      const language = html.includes('Intro de') ? 'de' : 'en';
      const kept = email.versions.find((item) => item.language === language);
      const ownLink = /href="([^"]*\/byebye[^"]*)"/.exec(html)?.[1] ?? '';
      const keptLink = /href="([^"]*\/byebye[^"]*)"/.exec(kept?.html ?? '')?.[1] ?? '';
      expect(ownLink).not.toBe(keptLink);
      expect(html).toBe(kept?.html.replaceAll(keptLink, ownLink));
      expect(message.parsed.subject).toBe(kept?.subject);
    }
  });

  it('stays the same after its draft is edited and deleted', async () => {
    const [person] = await confirmed('de');
    const { campaign } = await startCampaign([person?.id ?? '']);
    const before = await expectJson<TCampaignEmail>(
      await call('GET', `/api/admin/campaigns/${campaign.id}/email`),
    );
    // Only the language that had recipients was sent.
    expect(before.versions.map((item) => item.language)).toEqual(['de']);
    await expectJson(
      await call('PUT', `/api/admin/newsletters/${campaign.newsletterId}`, {
        kind: 'newsletter',
        baseVersion: 1, // the campaign's new draft, as it started it
        name: 'Edited',
        content: { en: newsletterContent('edited'), de: newsletterContent('edited') },
      }),
    );
    expect(await (await call('GET', `/api/admin/campaigns/${campaign.id}/email`)).json()).toEqual(before);
    expect((await call('DELETE', `/api/admin/newsletters/${campaign.newsletterId}`)).status).toBe(204);
    expect(await (await call('GET', `/api/admin/campaigns/${campaign.id}/email`)).json()).toEqual(before);
  });

  it('is rendered from the saved texts for a campaign from before copies were kept, and says so', async () => {
    const [person] = await confirmed('en');
    const { campaign } = await startCampaign([person?.id ?? '']);
    const kept = await expectJson<TCampaignEmail>(
      await call('GET', `/api/admin/campaigns/${campaign.id}/email`),
    );
    await t.database.db.delete(campaignEmails).where(eq(campaignEmails.campaignId, campaign.id));
    const rendered = await expectJson<TCampaignEmail>(
      await call('GET', `/api/admin/campaigns/${campaign.id}/email`),
    );
    expect(rendered).toEqual({ ...kept, kept: false });
    const missing = await call('GET', `/api/admin/campaigns/${randomUUID()}/email`);
    expect(missing.status).toBe(404);
  });
});

// ---- test send ----

function testSend(overrides: Partial<TCampaignTestSend> = {}): TCampaignTestSend {
  return {
    to: ['editor@example.org'],
    languages: ['en'],
    content: { en: newsletterContent('en'), de: newsletterContent('de') },
    ...overrides,
  };
}

describe('a test send of the composed newsletter', () => {
  it('sends each language to each address, rendered as the campaign would be, the subject marked', async () => {
    const result = await expectJson<TCampaignTestResult>(
      await call(
        'POST',
        '/api/admin/campaigns/test',
        testSend({ to: ['a@example.org', ' b@example.org '], languages: ['en', 'de'] }),
      ),
    );
    expect(result.transport).toBe('smtp');
    expect(result.results.map((item) => [item.to, item.language, item.subject, item.outcome])).toEqual([
      ['a@example.org', 'en', '[Test] Subject en', 'sent'],
      ['a@example.org', 'de', '[Test] Subject de', 'sent'],
      ['b@example.org', 'en', '[Test] Subject en', 'sent'],
      ['b@example.org', 'de', '[Test] Subject de', 'sent'],
    ]);
    const sent = await sink.waitForMessages(4);
    expect(sent).toHaveLength(4);
    const preview = await expectJson<{ html: string }>(
      await call('POST', '/api/admin/newsletters/preview', {
        kind: 'newsletter',
        language: 'de',
        content: newsletterContent('de'),
      }),
    );
    const german = sent.find((message) => message.parsed.subject === '[Test] Subject de');
    expect(htmlOf(german)).toBe(preview.html);
    // No one-click unsubscribe: the link unsubscribes nobody.
    expect(german?.parsed.headers.has('list-unsubscribe')).toBe(false);

    // No campaign, so no campaign counts it.
    expect(await t.database.db.select().from(campaigns)).toHaveLength(0);
    expect(await t.database.db.select().from(campaignMessages)).toHaveLength(0);
    const audit = (await latestAudit(t.database.db)).find((entry) => entry.action === 'newsletter.test');
    expect(audit).toMatchObject({
      target: 'a@example.org, b@example.org',
      details: { languages: ['en', 'de'] },
    });
  });

  it('goes out while auto-send is off, like the e-mail test', async () => {
    await t.database.db.update(emailSettings).set({ autoSend: false });
    const result = await expectJson<TCampaignTestResult>(
      await call('POST', '/api/admin/campaigns/test', testSend()),
    );
    expect(result.results[0]?.outcome).toBe('sent');
    expect(await sink.waitForMessages(1)).toHaveLength(1);
  });

  it('says "retrying" with the time when the server refuses it for now, and the outbox retries it', async () => {
    sink.setFailing(true);
    const result = await expectJson<TCampaignTestResult>(
      await call('POST', '/api/admin/campaigns/test', testSend()),
    );
    const [only] = result.results;
    expect(only?.outcome).toBe('retrying');
    expect(only?.error).toMatch(/451/);
    expect(Date.parse(only?.retryAt ?? '')).toBeGreaterThan(t.clock.now().getTime());
    const rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'newsletter_test'));
    expect(rows.map((row) => row.status)).toEqual(['pending']);
    expect(sink.messages).toHaveLength(0);
  });

  it('sends nothing to a suppressed address and says so', async () => {
    await suppressAddress(t.database.db, {
      email: 'gone@example.org',
      reason: 'bounce',
      source: 'smtp',
      now: t.clock.now(),
    });
    const result = await expectJson<TCampaignTestResult>(
      await call(
        'POST',
        '/api/admin/campaigns/test',
        testSend({ to: ['gone@example.org', 'ok@example.org'] }),
      ),
    );
    expect(result.results.map((item) => [item.to, item.outcome])).toEqual([
      ['gone@example.org', 'suppressed'],
      ['ok@example.org', 'sent'],
    ]);
    const sent = await sink.waitForMessages(1);
    expect(sent.map((message) => message.envelope.to.join(','))).toEqual(['ok@example.org']);
  });

  it('refuses a wrong address, a blank subject or a wrong link, and sends nothing', async () => {
    const cases: [Partial<TCampaignTestSend>, string][] = [
      [{ to: ['a@example.org', 'not-an-address'] }, 'invalid_email'],
      [
        { content: { en: { ...newsletterContent('en'), subjectLine: '  ' }, de: newsletterContent('de') } },
        'subject_required',
      ],
      [
        {
          content: {
            en: { ...newsletterContent('en'), ctaLink: 'javascript:alert(1)' },
            de: newsletterContent('de'),
          },
        },
        'invalid_cta_link',
      ],
      [{ to: [] }, 'validation'],
    ];
    for (const [overrides, code] of cases) {
      const response = await call('POST', '/api/admin/campaigns/test', testSend(overrides));
      expect(response.status).toBe(400);
      expect(await errorCodeOf(response)).toBe(code);
    }
    expect(await t.database.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it('is limited per staff member, counting each message; over the limit nothing is sent', async () => {
    // Signed in first: signing in clears the admin rate-limit counters.
    const other = await createSignedInStaff(t, { email: 'other-staff@example.com' });
    const perRequest = 4;
    const body = testSend({ to: ['a@example.org', 'b@example.org'], languages: ['en', 'de'] });
    for (let sent = 0; sent + perRequest <= CAMPAIGN_TEST_RATE_LIMIT.limit; sent += perRequest) {
      expect((await call('POST', '/api/admin/campaigns/test', body)).status).toBe(200);
    }
    const before = await t.database.db.select().from(mailOutbox);
    const refused = await call('POST', '/api/admin/campaigns/test', body);
    expect(refused.status).toBe(429);
    expect(await errorCodeOf(refused)).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await t.database.db.select().from(mailOutbox)).toHaveLength(before.length);
    // Another staff member has their own allowance.
    const theirs = await staffRequest(t, other, 'POST', '/api/admin/campaigns/test', testSend());
    expect(theirs.status).toBe(200);
  });
});
