// Extends zod with `.openapi()` before the shared schemas below are built (the routes use it on them).
import '@hono/zod-openapi';
import { Readable } from 'node:stream';
import type { TStartCampaign, TStartedCampaign } from '@shared/schemas/campaigns';
import type { TNewsletterGifs } from '@shared/schemas/newsletters';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { campaigns } from '../../db/schema/campaigns';
import { waitingList } from '../../db/schema/waitlist';
import { gif } from '../../test/media-fixtures';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink';
import {
  createSignedInStaff,
  expectJson,
  type SignedInStaff,
  staffHeaders,
  staffRequest,
} from '../../test/staff';
import { createTestApp, TEST_SESSION_SECRET, type TestContext } from '../../test/test-app';
import { openCampaignDelivery } from './delivery';
import { type CampaignWorker, startCampaignWorker } from './sender';

/** Issue #16, decision 048: a campaign sends each language the newsletter GIF of that language, at its size. */

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
  t = await createTestApp({ env: { APP_URL, SMTP_URL: sink.url, TRUST_PROXY: 'true' } });
  staff = await createSignedInStaff(t);
});
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
  await t.close();
  sink.messages.length = 0;
});

async function uploadGif(kind: string, language: string, body: Buffer) {
  const response = await t.app.request(`/api/admin/newsletters/gifs/${kind}/${language}`, {
    method: 'POST',
    headers: { ...staffHeaders(t, staff), 'content-type': 'image/gif' },
    body: Readable.toWeb(Readable.from([body])) as unknown as ReadableStream<Uint8Array>,
    duplex: 'half',
  } as RequestInit);
  return expectJson<TNewsletterGifs>(response);
}

it('sends each language its own newsletter GIF at its natural size, and none where that language has none', async () => {
  const gifs = await uploadGif('newsletter', 'de', gif({ width: 300, height: 200 }));
  // The confirmation e-mail's English GIF is not the newsletter's.
  await uploadGif('gdpr', 'en', gif({ width: 40, height: 40 }));
  const now = t.clock.now();
  const rows = await t.database.db
    .insert(waitingList)
    .values(
      (['en', 'de'] as const).map((language) => ({
        email: `gif-${language}@example.com`,
        language,
        status: 'confirmed' as const,
        consentAt: now,
        consentTextVersion: 'v1',
        confirmedAt: now,
      })),
    )
    .returning({ id: waitingList.id });
  const version = (tag: string) => ({
    subjectLine: `Subject ${tag}`,
    heroTitle: 'Hero',
    introText: 'Intro',
    secondTextBlock: 'Second',
    ctaText: 'Read',
    ctaLink: 'https://example.com/read',
    footerText: 'Footer',
    gifAltText: `Alt ${tag}`,
  });
  const request: TStartCampaign = {
    entryIds: rows.map((row) => row.id),
    draftId: null,
    name: 'GIF test',
    content: { en: version('en'), de: version('de') },
    ratePerSecond: 50,
  };
  const started = await expectJson<TStartedCampaign>(
    await staffRequest(t, staff, 'POST', '/api/admin/campaigns', request),
    201,
  );
  const [row] = await t.database.db
    .select({ gifs: campaigns.gifs })
    .from(campaigns)
    .where(eq(campaigns.id, started.campaign.id));
  expect(row?.gifs).toEqual({
    en: null,
    de: { url: `${APP_URL}/media/gifs/${gifs.newsletter.de?.name}`, width: 300, height: 200 },
  });

  worker = await startCampaignWorker({
    db: t.database.db,
    clock: t.clock,
    logger: t.logger,
    mailFrom: t.config.mailFrom,
    appUrl: t.config.appUrl,
    secret: TEST_SESSION_SECRET,
    openDelivery: () =>
      openCampaignDelivery({ smtpUrl: t.config.smtpUrl, transport: t.mailTransport, logger: t.logger }),
    changes: t.changes,
    exclusive: true,
    pollMs: 50,
    concurrency: 2,
  });
  await sink.waitForMessages(2);
  const html = (language: string) =>
    sink.messages.find((m) => m.envelope.to.includes(`gif-${language}@example.com`))?.parsed.html || '';
  expect(html('en')).not.toContain('<img');
  const images = html('de').match(/<img[^>]*>/g) ?? [];
  expect(images).toHaveLength(1);
  expect(images[0]).toContain(`src="${APP_URL}/media/gifs/${gifs.newsletter.de?.name}"`);
  expect(images[0]).toContain('width="300"');
  expect(images[0]).toContain('height="200"');
  expect(images[0]).toContain('alt="Alt de"');
});
