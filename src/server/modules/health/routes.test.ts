import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TReadiness } from '@shared/schemas/site';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AppDeps, createApp } from '../../app';
import { loadConfig } from '../../config';
import { latestMigration } from '../../db/client';
import { mailOutbox } from '../../db/schema/mail';
import { createLifecycle } from '../../lib/lifecycle';
import { createFilesystemStorage } from '../../lib/storage/filesystem-storage';
import { createSignedInStaff } from '../../test/staff';
import { createTestApp, TEST_SESSION_SECRET, type TestContext } from '../../test/test-app';
import { MIGRATIONS_DIR } from '../../test/test-db';

const TOKEN = 'metrics-token-0123456789';
let t: TestContext;
const dirs: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The test app's parts, put together again with some of them replaced. */
function appWith(overrides: Partial<AppDeps>) {
  return createApp({
    db: t.database.db,
    config: t.config,
    clock: t.clock,
    logger: t.logger,
    storage: t.storage,
    mailTransport: t.mailTransport,
    changes: t.changes,
    sessionSecret: TEST_SESSION_SECRET,
    cipher: t.cipher,
    migrations: latestMigration(MIGRATIONS_DIR),
    ...overrides,
  });
}

async function readiness(app: { request: TestContext['app']['request'] }) {
  const response = await app.request('/api/ready');
  return { status: response.status, body: (await response.json()) as TReadiness, response };
}

const scrape = (app: { request: TestContext['app']['request'] }, authorization?: string) =>
  app.request('/metrics', { headers: authorization ? { authorization } : {} });

describe('GET /api/ready', () => {
  it('answers 200 when the database, its migrations and storage are fine', async () => {
    const { status, body, response } = await readiness(t.app);
    expect(status).toBe(200);
    expect(body).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', storage: 'ok' },
    });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 503 while the database lacks a migration this version needs', async () => {
    const newer = { tag: '9999_from_the_future', createdAt: Date.now() + 86_400_000 };
    const { status, body } = await readiness(appWith({ migrations: newer }));
    expect(status).toBe(503);
    expect(body).toEqual({
      status: 'unavailable',
      checks: { database: 'ok', migrations: 'pending', storage: 'ok' },
    });
  });

  it('answers 503 when storage cannot be used', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirror-ready-'));
    dirs.push(dir);
    const file = path.join(dir, 'storage');
    fs.writeFileSync(file, 'not a directory');
    const { status, body } = await readiness(appWith({ storage: createFilesystemStorage(file) }));
    expect(status).toBe(503);
    expect(body.checks).toEqual({ database: 'ok', migrations: 'ok', storage: 'failed' });
  });

  it('answers as shutting down when the shutdown begins while its checks run', async () => {
    const lifecycle = createLifecycle();
    // The storage check is where the shutdown begins: after the request started, before it answers.
    const storage = {
      ...t.storage,
      check: async () => {
        lifecycle.beginShutdown();
        await t.storage.check();
      },
    };
    const { status, body } = await readiness(appWith({ lifecycle, storage }));
    expect(status).toBe(503);
    expect(body).toEqual({ status: 'shutting_down' });
  });

  it('answers 503 from the moment the process shuts down, and every answer then closes its connection', async () => {
    const lifecycle = createLifecycle();
    const app = appWith({ lifecycle });
    expect((await app.request('/api/health')).headers.get('connection')).toBeNull();
    lifecycle.beginShutdown();
    const { status, body, response } = await readiness(app);
    expect(status).toBe(503);
    expect(body).toEqual({ status: 'shutting_down' });
    expect(response.headers.get('connection')).toBe('close');
    const health = await app.request('/api/health');
    expect(health.status).toBe(200);
    expect(health.headers.get('connection')).toBe('close');
  });
});

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: t.config.dataDir, LOG_LEVEL: 'silent' });
    const response = await scrape(appWith({ config }), `Bearer ${TOKEN}`);
    expect(response.status).toBe(404);
  });

  it('answers 401 without the bearer token, or with another', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, TOKEN, `Basic ${TOKEN}`]) {
      const response = await scrape(t.app, authorization);
      expect(response.status, authorization).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(await response.text()).not.toContain('mirror_');
    }
  });

  it('reports requests by route pattern and status, never by raw path', async () => {
    await t.app.request('/api/site/pages/home?locale=en');
    await t.app.request('/api/site/pages/invite?locale=de');
    await t.app.request('/api/journal/days/3');
    await t.app.request('/api/no-such-thing/12345');
    await t.app.request('/api/health');
    const response = await scrape(t.app, `Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toContain(
      'mirror_http_request_duration_seconds_count{method="GET",route="/api/site/pages/:page",status="200"} 2',
    );
    // Refused by the journal's sign-in check before its routes: labelled with that check's pattern.
    expect(text).toContain('route="/api/journal/*",status="401"');
    expect(text).toContain(
      'mirror_http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}',
    );
    expect(text).toContain('route="/api/*",status="404"');
    expect(text).not.toContain('/api/journal/days/3');
    expect(text).not.toContain('pages/home');
    expect(text).not.toContain('12345');
    expect(text).toMatch(/mirror_http_request_duration_seconds_bucket\{le="0\.005",method="GET"/);
  });

  it('reports the outbox, campaigns, event streams, campaign sends and the event loop', async () => {
    const now = t.clock.now();
    const row = (key: string, status: 'pending' | 'sending' | 'sent' | 'dead', ageSeconds: number) => ({
      messageKey: key,
      kind: 'test',
      toAddress: 'someone@example.com',
      subject: 'Hello',
      html: '<p>Hello</p>',
      textBody: 'Hello',
      status,
      createdAt: new Date(now.getTime() - ageSeconds * 1000),
    });
    await t.database.db
      .insert(mailOutbox)
      .values([
        row('metrics-a', 'pending', 90),
        row('metrics-b', 'pending', 30),
        row('metrics-c', 'sending', 10),
        row('metrics-d', 'sent', 600),
        row('metrics-e', 'dead', 900),
      ]);

    const staff = await createSignedInStaff(t);
    const events = await t.app.request('/api/admin/waitlist/events', { headers: { cookie: staff.cookie } });
    const reader = events.body?.getReader();
    await reader?.read(); // the stream is open once its first event arrived
    const open = await (await scrape(t.app, `Bearer ${TOKEN}`)).text();
    await reader?.cancel();

    expect(open).toContain('mirror_outbox_messages{status="pending"} 2');
    expect(open).toContain('mirror_outbox_messages{status="sending"} 1');
    expect(open).toContain('mirror_outbox_messages{status="dead"} 1');
    expect(open).toContain('mirror_outbox_oldest_pending_age_seconds 90');
    expect(open).toContain('mirror_campaigns_sending 0');
    expect(open).toContain('mirror_sse_clients{stream="waitlist"} 1');
    expect(open).toContain('mirror_campaign_messages_total{result="sent"} 0');
    expect(open).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(open).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);

    for (let i = 0; i < 50; i++) {
      const text = await (await scrape(t.app, `Bearer ${TOKEN}`)).text();
      if (text.includes('mirror_sse_clients{stream="waitlist"} 0')) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the closed event stream is still counted');
  });
});
