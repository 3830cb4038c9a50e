import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { type DatabaseHandle, type DbExecutor, openPostgresDatabase, queryRows } from '../db/client';
import type { Storage } from '../lib/storage/storage';
import { startCampaign } from '../modules/campaigns/service';
import { defaultNewsletterContent } from '../modules/mail/templates/newsletter-copy';
import { addListEntries } from '../test/campaigns';
import { createSignedInStaff, staffRequest } from '../test/staff';
import type { TestContext } from '../test/test-app';
import { createScratchDatabase, openEmptyMemoryDatabase, withDatabase } from '../test/test-db';
import { authedRequest, createSignedInUser } from '../test/users';
import { readShape } from './tables';

const ANSWERS = [
  'Anna',
  'Honesty and trust.',
  'Being listened to.',
  'With friends.',
  'At home.',
  'Saying no.',
];

async function expectOk(response: Response | Promise<Response>, what: string) {
  const answer = await response;
  if (answer.status >= 300) throw new Error(`${what}: ${answer.status} ${await answer.text()}`);
  return answer;
}

/**
 * An installation with something in every part: an onboarded user with a reflection (with a quote and
 * an umlaut) and bubbles, confirmed people on the list, a newsletter draft, a campaign, an e-mail in the
 * outbox, and two stored files (one larger than an S3 upload part).
 */
export async function seedInstall(ctx: TestContext) {
  const user = await createSignedInUser(ctx, { password: 'quiet harbour lantern 42' });
  const headers = { 'x-time-zone': 'Europe/Berlin' };
  await expectOk(
    authedRequest(ctx, user.cookie, '/api/journal/onboarding/complete', {
      method: 'POST',
      body: { answers: ANSWERS },
      headers,
    }),
    'onboarding',
  );
  const reflection = 'Heute war ich "ehrlich" – und es fühlte sich gut an.';
  await expectOk(
    authedRequest(ctx, user.cookie, '/api/journal/days/1', {
      method: 'PUT',
      body: { contentText: reflection, baseVersion: 1 },
      headers,
    }),
    'reflection',
  );
  await expectOk(
    authedRequest(ctx, user.cookie, '/api/bubbles', {
      method: 'POST',
      body: {
        bubbles: [
          {
            id: randomUUID(),
            category: 'Trust',
            whoTrusted: ['close_friend'],
            name: 'Max',
            when: 'few_weeks_ago',
            importance: 7,
            createdAt: new Date().toISOString(),
          },
        ],
      },
    }),
    'bubbles',
  );

  const now = ctx.clock.now();
  const entries = await addListEntries(
    ctx.database.db,
    now,
    ['ada@example.com', 'björn@example.com', 'chris@example.com'].map((email, index) => ({
      email,
      language: index === 1 ? ('de' as const) : ('en' as const),
    })),
  );

  const staff = await createSignedInStaff(ctx);
  const content = {
    en: defaultNewsletterContent('newsletter', 'en', ctx.config.appUrl),
    de: defaultNewsletterContent('newsletter', 'de', ctx.config.appUrl),
  };
  await expectOk(
    staffRequest(ctx, staff, 'POST', '/api/admin/newsletters', {
      kind: 'newsletter',
      name: 'Spring',
      content,
    }),
    'draft',
  );
  const campaign = await startCampaign(
    { db: ctx.database.db, appUrl: ctx.config.appUrl },
    {
      actor: { id: staff.id, email: staff.email },
      ip: null,
      now,
      request: {
        entryIds: entries.map((row) => row.id),
        draftId: null,
        name: 'Spring',
        content,
        ratePerSecond: 10,
      },
    },
  );
  if (!campaign.ok) throw new Error(`the campaign was refused: ${campaign.error}`);

  const small = Buffer.from('GIF89a tiny');
  const large = Buffer.alloc(9 * 1024 * 1024 + 17, 7);
  large.write('ftypisom', 4);
  await ctx.storage.put('gifs', 'newsletter-gif/spring.gif', Readable.from([small]), {
    maxBytes: small.length,
    contentType: 'image/gif',
  });
  await ctx.storage.put('videos', 'large-clip.mp4', Readable.from([large]), {
    maxBytes: large.length,
    contentType: 'video/mp4',
  });
  return {
    user,
    reflection,
    staff,
    files: {
      'gifs/newsletter-gif/spring.gif': describeBytes(small),
      'videos/large-clip.mp4': describeBytes(large),
    },
  };
}

/** Every table's rows as one digest each: two databases with equal fingerprints hold the same data. */
export async function fingerprint(db: DbExecutor): Promise<Record<string, string>> {
  const shape = await readShape(db);
  const result: Record<string, string> = {};
  for (const table of shape.tables) {
    const [row] = await queryRows<{ digest: string; rows: string }>(
      db,
      sql`select md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as "digest", count(*)::text as "rows"
          from ${sql.identifier(table.name)} t`,
    );
    result[table.name] = `${row?.rows} rows ${row?.digest}`;
  }
  return result;
}

/** A new database with nothing in it: in-memory PGlite, or a new database on TEST_DATABASE_URL's server. */
export async function createEmptyDatabase(): Promise<DatabaseHandle & { url?: string }> {
  if (!process.env.TEST_DATABASE_URL) return openEmptyMemoryDatabase();
  const scratch = await createScratchDatabase(`mirror_ops_${randomUUID().replaceAll('-', '')}`);
  const handle = openPostgresDatabase(scratch.url);
  return {
    ...handle,
    url: scratch.url,
    async close() {
      await handle.close();
      await scratch.drop();
    },
  };
}

/** The connection URL of a test database on PostgreSQL (its name is only known to the server). */
export async function urlOf(db: DbExecutor): Promise<string> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('only on PostgreSQL');
  const [row] = await queryRows<{ name: string }>(db, sql`select current_database() as "name"`);
  return withDatabase(base, row?.name ?? '');
}

/** Every object of a storage, by `<bucket>/<name>`: its size and SHA-256 (cheap to compare, unlike 9 MB). */
export async function storedFiles(storage: Storage): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const bucket of ['videos', 'gifs'] as const) {
    for (const object of await storage.list(bucket, { limit: 1000 })) {
      const got = await storage.get(bucket, object.name);
      const hash = createHash('sha256');
      let size = 0;
      for await (const chunk of got?.body ?? []) {
        hash.update(chunk as Buffer);
        size += (chunk as Buffer).length;
      }
      files[`${bucket}/${object.name}`] = `${size} bytes ${hash.digest('hex')}`;
    }
  }
  return files;
}

/** A file's bytes as `storedFiles` describes them. */
export const describeBytes = (body: Buffer) =>
  `${body.length} bytes ${createHash('sha256').update(body).digest('hex')}`;
