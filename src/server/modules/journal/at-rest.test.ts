import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { type DbExecutor, openPgliteDatabase, queryRows } from '../../db/client';
import { createLogger } from '../../lib/logger';
import { createTestApp, type TestContext } from '../../test/test-app';
import { authedRequest, createSignedInUser } from '../../test/users';
import { makeDueInsights } from '../insights/worker';

/**
 * Issue 17: what a person types is stored sealed. Text written through the API opens again through the API
 * (the day, the history, search, the export), and neither the tables nor, for the embedded database, the
 * files of its data directory hold any of it.
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const contexts: TestContext[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const ctx of contexts.splice(0)) await ctx.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Words no table would hold by chance, one for each kind of private text. */
function privateWords() {
  const tag = randomUUID().slice(0, 8);
  return {
    firstName: `Quirinella${tag}`,
    answer: `Lighthousekeeper${tag} honesty`,
    reflection: `Marzipanwolke${tag}`,
    bubble: `Zephyrine${tag}`,
  };
}

type Words = ReturnType<typeof privateWords>;

/** Types each private text through the API, as a person would, and lets the week's insight be made. */
async function typePrivateText(ctx: TestContext, words: Words) {
  const user = await createSignedInUser(ctx);
  const send = (pathname: string, method: string, body?: unknown) =>
    authedRequest(ctx, user.cookie, pathname, { method, body });
  const answers = [words.firstName, words.answer, 'Being heard.', 'At home.', 'With friends.', 'Saying no.'];
  expect((await send('/api/journal/onboarding/answers', 'PUT', { answers })).status).toBe(200);
  expect((await send('/api/journal/onboarding/complete', 'POST', { answers })).status).toBe(200);
  const reflection = `Today I met ${words.bubble} by the sea and felt ${words.reflection}, calm and honest.`;
  expect((await send('/api/journal/days/1', 'PUT', { contentText: reflection, baseVersion: 1 })).status).toBe(
    200,
  );
  // The weekly e-mail on: its body quotes the week while it waits in the outbox.
  const settings = {
    aiEnabled: false,
    reminderTime: '20:00',
    remindersEnabled: false,
    weeklyEmailEnabled: true,
  };
  expect((await send('/api/journal/settings', 'PUT', settings)).status).toBe(200);
  const bubble = {
    id: randomUUID(),
    category: 'Trust',
    whoTrusted: ['partner'],
    name: words.bubble,
    when: 'today',
    importance: 5,
    createdAt: ctx.clock.now().toISOString(),
  };
  expect((await send('/api/bubbles', 'POST', { bubbles: [bubble] })).status).toBe(200);
  // The week ends; its insight (which quotes a moment and names the bubble's person) is made and stored.
  ctx.clock.advance(8 * 24 * 60 * 60_000);
  await makeDueInsights({
    db: ctx.database.db,
    clock: ctx.clock,
    cipher: ctx.cipher,
    logger: createLogger({ level: 'silent' }),
    ai: undefined,
    appUrl: ctx.config.appUrl,
    secret: 'unused-secret-for-the-weekly-mail-links',
  });
  return { user, send, reflection };
}

/** The weekly e-mail waits in the outbox, its body sealed (decision 045). */
async function expectWeeklyMailSealed(db: DbExecutor) {
  const [mail] = await queryRows<{ text_body: string }>(
    db,
    sql`select text_body from mail_outbox where kind = 'weekly_insight' and status = 'pending'`,
  );
  expect(mail?.text_body).toMatch(/^v1\./);
}

/** Every row of every table of the app, as text. */
async function everyRow(db: DbExecutor): Promise<string> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select quote_ident(table_schema) || '.' || quote_ident(table_name) as name
        from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
  );
  const parts: string[] = [];
  for (const table of tables) {
    const rows = await queryRows<{ row: string }>(db, sql.raw(`select t::text as row from ${table.name} t`));
    parts.push(...rows.map((row) => row.row));
  }
  expect(tables.length).toBeGreaterThan(20);
  return parts.join('\n');
}

function expectNoneOf(haystack: string, words: Words, where: string) {
  for (const [kind, word] of Object.entries(words)) {
    expect(haystack.includes(word), `${kind} found in ${where}`).toBe(false);
  }
}

/** The files below `dir` that contain one of the words (as UTF-8 bytes). */
function filesHolding(dir: string, words: Words): string[] {
  const needles = Object.values(words).map((word) => Buffer.from(word, 'utf8'));
  const found: string[] = [];
  const walk = (current: string) => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        const bytes = fs.readFileSync(full);
        if (needles.some((needle) => bytes.includes(needle))) found.push(path.relative(dir, full));
      }
    }
  };
  walk(dir);
  return found;
}

async function expectItAllReadable(typed: Awaited<ReturnType<typeof typePrivateText>>, words: Words) {
  const { send } = typed;
  const profile = (await (await send('/api/journal/profile', 'GET')).json()) as {
    firstName: string;
    answers: string[];
  };
  expect(profile.firstName).toBe(words.firstName);
  expect(profile.answers[1]).toBe(words.answer);
  const week = (await (await send('/api/history?page=1&locale=en', 'GET')).json()) as {
    weeks: { entries: { contentText: string }[]; insight: { moment: string | null } | null }[];
  };
  expect(week.weeks[0]?.entries[0]?.contentText).toBe(typed.reflection);
  expect(week.weeks[0]?.insight).not.toBeNull();
  const search = (await (
    await send(`/api/history/search?q=${words.reflection.toLowerCase()}&page=1`, 'GET')
  ).json()) as {
    total: number;
    hits: { snippet: string }[];
  };
  expect(search.total).toBe(1);
  expect(search.hits[0]?.snippet).toContain(words.reflection);
  const bubbles = (await (await send('/api/bubbles', 'GET')).json()) as { bubbles: { name: string }[] };
  expect(bubbles.bubbles.map((bubble) => bubble.name)).toEqual([words.bubble]);
  const exported = await (await send('/api/account/export', 'GET')).text();
  for (const word of Object.values(words)) expect(exported).toContain(word);
}

describe('private text at rest', () => {
  it('is sealed in every table, and opens again for its owner: day, history, search, export, deletion', async () => {
    const ctx = await createTestApp();
    contexts.push(ctx);
    const words = privateWords();
    const typed = await typePrivateText(ctx, words);
    await expectItAllReadable(typed, words);
    await expectWeeklyMailSealed(ctx.database.db);
    expectNoneOf(await everyRow(ctx.database.db), words, 'the tables');
    const [entry] = await queryRows<{ content_text: string }>(
      ctx.database.db,
      sql`select content_text from entries where user_id = ${typed.user.id} and day = 1`,
    );
    expect(entry?.content_text).toMatch(/^v1\./);

    expect((await typed.send('/api/journal/data', 'DELETE')).status).toBe(204);
    const search = (await (
      await typed.send(`/api/history/search?q=${words.reflection}&page=1`, 'GET')
    ).json()) as {
      total: number;
    };
    expect(search.total).toBe(0);
    const [left] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select (select count(*) from entries where user_id = ${typed.user.id})::int
            + (select count(*) from bubbles where user_id = ${typed.user.id})::int
            + (select count(*) from summaries where user_id = ${typed.user.id})::int as n`,
    );
    expect(left?.n).toBe(0);
  });

  it.skipIf(onPostgres)('leaves none of the typed text in the files of the embedded database', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirror-at-rest-'));
    dirs.push(dataDir);
    const template = new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
    const database = await openPgliteDatabase(dataDir, { loadDataDir: template });
    const ctx = await createTestApp({ database });
    const words = privateWords();
    const typed = await typePrivateText(ctx, words);
    await expectItAllReadable(typed, words);
    await expectWeeklyMailSealed(ctx.database.db);
    expectNoneOf(await everyRow(ctx.database.db), words, 'the tables');
    await database.db.execute(sql`checkpoint`);
    await ctx.close();
    expect(filesHolding(path.join(dataDir, 'db'), words)).toEqual([]);
    // The scan finds text that is there: a plaintext row written directly is found.
    const again = await openPgliteDatabase(dataDir);
    await again.db.execute(sql`update entries set content_text = ${words.reflection}`);
    await again.db.execute(sql`checkpoint`);
    await again.close();
    expect(filesHolding(path.join(dataDir, 'db'), words).length).toBeGreaterThan(0);
  });
});
