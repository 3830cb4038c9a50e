// Extends zod with `.openapi()` before the shared schemas below are built (the routes use it on them).
import '@hono/zod-openapi';
import { Readable } from 'node:stream';
import type { TStartedCampaign } from '@shared/schemas/campaigns';
import type { TNewsletterGifs } from '@shared/schemas/newsletters';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { campaigns } from '../../db/schema/campaigns';
import { addListEntries, campaignRequest, startTestCampaignWorker } from '../../test/campaigns';
import { gif } from '../../test/media-fixtures';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink';
import {
  createSignedInStaff,
  expectJson,
  type SignedInStaff,
  staffHeaders,
  staffRequest,
} from '../../test/staff';
import { createTestApp, type TestContext } from '../../test/test-app';
import type { CampaignWorker } from './sender';

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
  const rows = await addListEntries(
    t.database.db,
    t.clock.now(),
    (['en', 'de'] as const).map((language) => ({ email: `gif-${language}@example.com`, language })),
  );
  const request = campaignRequest(
    rows.map((row) => row.id),
    { name: 'GIF test', ratePerSecond: 50 },
  );
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

  worker = await startTestCampaignWorker(t, { pollMs: 50, concurrency: 2 });
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
