import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TAdminWaitlist } from '@shared/schemas/admin';
import type { TCampaignList } from '@shared/schemas/campaigns';
import type { TDashboard, TDayReflection } from '@shared/schemas/journal';
import type { TAdminVideo, TAdminVideoList, TUploadedFile } from '@shared/schemas/media';
import type { TNewsletterDraftList } from '@shared/schemas/newsletters';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyringFilePath, readKeyringFile } from '../lib/encryption-keys';
import { HttpClient } from '../test/http-client';
import {
  expectStatus,
  joinAndConfirm,
  newsletterContent,
  onboard,
  signUpVerified,
  staffSignIn,
  TIME_ZONE,
  testSupportEnv,
} from '../test/http-flows';
import { mp4 } from '../test/media-fixtures';
import { startS3Server, type TestS3Server } from '../test/s3-server';
import {
  bundled,
  freePort,
  type ServerProcess,
  startServerProcess,
  waitForHealth,
  withMigratedDatabase,
} from '../test/server-process';
import { type SmtpSink, startSmtpSink } from '../test/smtp-sink';
import { createScratchDatabase } from '../test/test-db';

/**
 * Issue #18: an embedded install, seeded through its API, moved to PostgreSQL and S3 with the commands an
 * operator runs (migrate:postgres, migrate:s3), then started on them: the same people, reflections, list,
 * drafts, campaigns and videos. Then a backup of the moved install restored into a new database and bucket.
 */

const base = process.env.TEST_DATABASE_URL;
const STAFF = { email: 'move-staff@example.com', password: 'move staff password 1' };
const USER = { email: 'moving-person@example.com', password: 'quiet harbour lantern 42' };
const REFLECTION = 'Mit „Anführungszeichen“ und einem Zeilenumbruch\nin der Mitte.';
const running = new Set<ChildProcess>();
const dirs: string[] = [];
const drops: (() => Promise<void>)[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirror-move-'));
  dirs.push(dir);
  return dir;
}

async function createDatabase(): Promise<string> {
  const scratch = await createScratchDatabase(`mirror_move_${process.pid}_${drops.length}`);
  drops.push(scratch.drop);
  return scratch.url;
}

/** Runs one of the operator's commands as `npm run …` runs it; resolves with its exit code and output. */
async function ops(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [bundled('ops-cli.js'), ...args], {
    env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const [code] = await once(child, 'exit');
  running.delete(child);
  return { code: code as number | null, output };
}

async function startServer(env: Record<string, string>): Promise<{ server: ServerProcess; url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = startServerProcess(
    { LOG_LEVEL: 'warn', PORT: String(port), APP_URL: url, INVITE_ONLY: 'false', ...testSupportEnv, ...env },
    running,
  );
  // Compiled from the sources by tsx on start: slow on a busy machine.
  await waitForHealth(port, server, 120_000);
  return { server, url };
}

async function stop(server: ServerProcess) {
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}

const s3Env = (s3: TestS3Server) => ({
  S3_ENDPOINT: s3.config.endpoint as string,
  S3_BUCKET: s3.config.bucket,
  S3_ACCESS_KEY_ID: s3.config.accessKeyId,
  S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey,
});

let sink: SmtpSink;
const video = mp4(200_000);

beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  await sink.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  for (const drop of drops) await drop();
});

/** Everything the issue names, as a person and a staff member see it through the API. */
async function readInstall(url: string, session?: HttpClient) {
  const person = session ?? new HttpClient(url);
  if (!session)
    expectStatus(await person.post('/api/account/sign-in', { ...USER, language: 'en' }), 200, 'sign-in');
  const dashboard = expectStatus(
    await person.get('/api/journal/dashboard', TIME_ZONE),
    200,
    'dashboard',
  ).json<TDashboard>();
  const day = expectStatus(
    await person.get('/api/journal/days/1?locale=en', TIME_ZONE),
    200,
    'day 1',
  ).json<TDayReflection>();
  const bubbles = expectStatus(await person.get('/api/bubbles'), 200, 'bubbles').json<{
    bubbles: { name: string }[];
  }>();
  const staff = new HttpClient(url);
  await staffSignIn(staff, STAFF);
  const list = expectStatus(await staff.get('/api/admin/waitlist'), 200, 'list').json<TAdminWaitlist>();
  const drafts = expectStatus(
    await staff.get('/api/admin/newsletters?kind=newsletter'),
    200,
    'drafts',
  ).json<TNewsletterDraftList>();
  const campaigns = expectStatus(
    await staff.get('/api/admin/campaigns'),
    200,
    'campaigns',
  ).json<TCampaignList>();
  const videos = expectStatus(await staff.get('/api/admin/videos'), 200, 'videos').json<TAdminVideoList>();
  const file = videos.videos[0] ? await staff.get(`/media/videos/${videos.videos[0].fileName}`) : undefined;
  return {
    name: dashboard.firstName,
    reflection: day.entry?.contentText,
    bubbles: bubbles.bubbles.map((bubble) => bubble.name),
    list: list.entries.map((entry) => `${entry.email} ${entry.status}`).sort(),
    drafts: drafts.drafts.map((draft) => draft.name).sort(),
    campaigns: campaigns.campaigns.map(
      (campaign) => `${campaign.name} ${campaign.status} ${campaign.counts.sent}`,
    ),
    videos: videos.videos.map((entry: TAdminVideo) => entry.title),
    videoBytes: file?.body.equals(video),
  };
}

describe.skipIf(!base)('moving an embedded install to PostgreSQL and S3', () => {
  it('keeps everyone and everything, and the commands refuse a target that is not empty', async () => {
    // 1. An embedded install, used through its API.
    const dataDir = tempDir();
    const first = await startServer({
      DATA_DIR: dataDir,
      SMTP_URL: sink.url,
      ADMIN_EMAIL: STAFF.email,
      ADMIN_PASSWORD: STAFF.password,
    });
    const person = new HttpClient(first.url);
    await signUpVerified(person, sink, USER);
    await onboard(person, USER.email);
    expectStatus(
      await person.put('/api/journal/days/1', { contentText: REFLECTION, baseVersion: 1 }, TIME_ZONE),
      200,
      'reflection',
    );
    const bubble = {
      id: '7d0f4e0e-3f8f-4c5e-9b7a-6a1e2f3d4c5b',
      category: 'Trust',
      whoTrusted: ['close_friend'],
      name: 'Lena',
      when: 'few_weeks_ago',
      importance: 8,
      createdAt: new Date().toISOString(),
    };
    expectStatus(await person.post('/api/bubbles', { bubbles: [bubble] }), 200, 'bubbles');
    const visitor = new HttpClient(first.url);
    await joinAndConfirm(visitor, sink, 'reader-one@example.com');
    const staff = new HttpClient(first.url);
    await staffSignIn(staff, STAFF);
    const content = newsletterContent('Spring letter');
    expectStatus(
      await staff.post('/api/admin/newsletters', { kind: 'newsletter', name: 'Spring draft', content }),
      201,
      'draft',
    );
    const entries = staff.get('/api/admin/waitlist').then((answer) => answer.json<TAdminWaitlist>().entries);
    const campaign = await staff.post('/api/admin/campaigns', {
      entryIds: (await entries).map((entry) => entry.id),
      draftId: null,
      name: 'Spring',
      content,
      ratePerSecond: 10,
    });
    expectStatus(campaign, 201, 'campaign');
    const uploaded = expectStatus(
      await staff.request('POST', '/api/admin/videos/files', {
        body: video,
        headers: { 'content-type': 'video/mp4' },
      }),
      201,
      'upload',
    ).json<TUploadedFile>();
    expectStatus(
      await staff.post('/api/admin/videos', {
        title: 'Moving day',
        description: null,
        fileName: uploaded.name,
        thumbnailName: null,
        durationSeconds: null,
        isFeatured: false,
        isPublished: true,
      }),
      201,
      'video',
    );
    for (let i = 0; ; i++) {
      const { campaigns } = (await staff.get('/api/admin/campaigns')).json<TCampaignList>();
      if (campaigns[0]?.status === 'completed') break;
      if (i > 300) throw new Error(`the campaign did not finish: ${JSON.stringify(campaigns[0])}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const before = await readInstall(first.url, person);
    expect(before).toEqual({
      name: 'Sam',
      reflection: REFLECTION,
      bubbles: ['Lena'],
      list: ['reader-one@example.com confirmed'],
      // Sending saves the composer's texts as a draft of their own first.
      drafts: ['Spring', 'Spring draft'],
      campaigns: ['Spring completed 1'],
      videos: ['Moving day'],
      videoBytes: true,
    });
    await stop(first.server);

    // 2. The operator's commands.
    const databaseUrl = await createDatabase();
    const s3 = await startS3Server();
    try {
      const moved = await ops(['migrate-postgres', '--to', databaseUrl], { DATA_DIR: dataDir });
      expect(moved.output).toMatch(
        /Done in [\d.]+ s: [\d,]+ rows in \d+ tables and 0 sequences, in one transaction/,
      );
      expect(moved.code).toBe(0);
      expect(moved.output).toMatch(/ {2}users +1 row$/m);
      expect(moved.output).not.toContain(new URL(base as string).password || 'no password here');
      const again = await ops(['migrate-postgres', '--to', databaseUrl], { DATA_DIR: dataDir });
      expect(again.code).toBe(1);
      expect(again.output).toMatch(
        /^the target database is not empty: \d+ rows in \d+ tables, e\.g\. .+ \(nothing was written; add --force to write into it anyway\)$/m,
      );

      const files = await ops(['migrate-s3'], { DATA_DIR: dataDir, ...s3Env(s3) });
      expect(files.code).toBe(0);
      expect(files.output).toMatch(/Done in [\d.]+ s: [45] files copied \([\d.]+ MB\), 0 already there/);
      const filesAgain = await ops(['migrate-s3'], { DATA_DIR: dataDir, ...s3Env(s3) });
      expect(filesAgain.output).toMatch(
        /0 files copied \(0 MB\), [45] already there with the same size and checksum/,
      );

      // 3. Started on them, from a new DATA_DIR: nothing comes from the old one but the secret and the
      // encryption key it generated.
      const secret = fs.readFileSync(path.join(dataDir, 'secrets', 'session-secret'), 'utf8').trim();
      const key = readKeyringFile(keyringFilePath(dataDir))[0]?.toString('base64url') ?? '';
      const movedEnv = {
        DATABASE_URL: databaseUrl,
        SESSION_SECRET: secret,
        ENCRYPTION_KEY: key,
        ...s3Env(s3),
      };
      const second = await startServer({ DATA_DIR: tempDir(), ...movedEnv });
      // The session from before the move still works, and signing in again too.
      const carried = new HttpClient(second.url);
      for (const [name, value] of person.cookies) carried.cookies.set(name, value);
      expect(await readInstall(second.url, carried)).toEqual(before);
      expect(await readInstall(second.url)).toEqual(before);

      // 4. A backup of the moved install, restored into a new database and bucket.
      const archive = path.join(tempDir(), 'mirror.backup');
      const backup = await ops(['backup', archive], { DATA_DIR: tempDir(), ...movedEnv });
      expect(backup.output).toMatch(
        /Wrote .+ in [\d.]+ s: the database as pg_dump-custom \([\d,]+ rows in \d+ tables\), [45] stored files/,
      );
      expect(backup.code).toBe(0);
      await stop(second.server);
      const restoredUrl = await createDatabase();
      const s3Restored = await startS3Server('mirror-restored');
      try {
        const restoredEnv = {
          DATABASE_URL: restoredUrl,
          SESSION_SECRET: secret,
          ENCRYPTION_KEY: key,
          ...s3Env(s3Restored),
        };
        const restored = await ops(['restore', archive], { DATA_DIR: tempDir(), ...restoredEnv });
        expect(restored.output).toMatch(
          /Restored .+: [\d,]+ rows in \d+ tables into .+ \(counts checked\), [45] files/,
        );
        expect(restored.code).toBe(0);
        const third = await startServer({ DATA_DIR: tempDir(), ...restoredEnv });
        expect(await readInstall(third.url)).toEqual(before);
        await stop(third.server);
      } finally {
        await s3Restored.close();
      }
    } finally {
      await s3.close();
    }
  }, 600_000);
});

// Once, in the PGlite run of the suite: it needs no PostgreSQL.
describe.skipIf(Boolean(base))('backing up an embedded install', () => {
  it('backs up an embedded install and restores it into a new DATA_DIR', async () => {
    const dataDir = await withMigratedDatabase(tempDir());
    const first = await startServer({
      DATA_DIR: dataDir,
      ADMIN_EMAIL: STAFF.email,
      ADMIN_PASSWORD: STAFF.password,
    });
    const visitor = new HttpClient(first.url);
    expectStatus(
      await visitor.post('/api/waitlist', {
        email: 'kept@example.com',
        consent: true,
        website: '',
        language: 'de',
      }),
      201,
      'join',
    );
    // The embedded database belongs to the running server: the command says so instead of waiting.
    const busy = await ops(['backup', path.join(tempDir(), 'busy.backup')], { DATA_DIR: dataDir });
    expect(busy.code).toBe(1);
    expect(busy.output).toContain(`is in use by another Mirror process (pid ${first.server.child.pid}`);
    await stop(first.server);

    const archive = path.join(tempDir(), 'embedded.backup');
    const backup = await ops(['backup', archive], { DATA_DIR: dataDir });
    expect(backup.output).toMatch(
      /the database as pglite-datadir \([\d,]+ rows in \d+ tables\), 4 stored files \([\d.]+ MB\), 2 generated secrets/,
    );
    expect(backup.code).toBe(0);
    const target = tempDir();
    const restored = await ops(['restore', archive], { DATA_DIR: target });
    const secrets = /Restored the generated secrets: ([^\n]*)\./.exec(restored.output)?.[1]?.split(', ');
    expect(secrets?.sort()).toEqual(['encryption-keys', 'session-secret']);
    expect(restored.code).toBe(0);
    for (const secret of secrets ?? []) {
      expect(fs.readFileSync(path.join(target, 'secrets', secret), 'utf8')).toBe(
        fs.readFileSync(path.join(dataDir, 'secrets', secret), 'utf8'),
      );
    }
    const again = await ops(['restore', archive], { DATA_DIR: target });
    expect(again.code).toBe(1);
    expect(again.output).toContain(`${path.join(target, 'db')} holds a database already`);

    const second = await startServer({ DATA_DIR: target });
    const staff = new HttpClient(second.url);
    await staffSignIn(staff, STAFF);
    const list = (await staff.get('/api/admin/waitlist')).json<TAdminWaitlist>();
    expect(list.entries.map((entry) => entry.email)).toEqual(['kept@example.com']);
    await stop(second.server);
  }, 600_000);
});
