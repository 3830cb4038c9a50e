import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SsrRender } from '@shared/ssr';
import { createApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type DatabaseHandle, latestMigration } from '../db/client';
import { type ChangeFeed, createChangeFeed } from '../lib/change-feed';
import type { ClientAssets } from '../lib/client-assets';
import type { FieldCipher } from '../lib/field-cipher';
import { createLogger, type Logger } from '../lib/logger';
import { createPrometheusMetrics } from '../lib/prometheus';
import { createFilesystemStorage } from '../lib/storage/filesystem-storage';
import type { Storage } from '../lib/storage/storage';
import { databaseMetricsSources } from '../modules/health/service';
import { type PromptSeed, seedPrompts } from '../modules/journal/prompts';
import { readProviderKey } from '../modules/mail/provider-key';
import {
  createMailTransport,
  createProviderAwareTransport,
  type MailTransport,
} from '../modules/mail/transport';
import { createFakeClock, type FakeClock } from './fake-clock';
import { createTestCipher } from './test-cipher';
import { createTestDatabase, MIGRATIONS_DIR } from './test-db';

export type TestContext = {
  app: ReturnType<typeof createApp>;
  database: DatabaseHandle;
  clock: FakeClock;
  config: Config;
  /** Files under the temporary DATA_DIR/storage. */
  storage: Storage;
  /**
   * SMTP when the env names SMTP_URL (a test sink), else .eml files in the temporary DATA_DIR; the provider
   * API at MAIL_PROVIDER_API_URL while a provider key is stored.
   */
  mailTransport: MailTransport;
  changes: ChangeFeed;
  logger: Logger;
  /** What the app seals private text with (the test key). */
  cipher: FieldCipher;
  close(): Promise<void>;
};

export const TEST_SESSION_SECRET = 'test-session-secret-with-at-least-32-characters';

/**
 * The real app on a fresh database, built in-process; requests go through `app.request()`. `prompts` seeds
 * the prompts table from a library folder (the real one is `PROMPT_LIBRARY_DIR` of journal/test-fixtures.ts)
 * or from rows.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    clientAssets?: ClientAssets;
    /** Server rendering of public pages (the real one is dist/ssr, loaded by server.ts). */
    ssrRender?: SsrRender;
    prompts?: string | PromptSeed[];
    /** Collects the app's log lines (JSON) at `level` instead of discarding them. */
    log?: { level: string; lines: string[] };
    /** A migrated database to use instead of a fresh one (closed with the app). */
    database?: DatabaseHandle;
  } = {},
): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirror-test-data-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env });
  const database = options.database ?? (await createTestDatabase());
  if (options.prompts) await seedPrompts(database.db, options.prompts);
  const clock = createFakeClock();
  const log = options.log;
  const logger = log
    ? createLogger({ level: log.level, destination: { write: (line: string) => log.lines.push(line) } })
    : createLogger({ level: 'silent' });
  const storage = createFilesystemStorage(path.join(dataDir, 'storage'), { clock });
  const mailTransport = createProviderAwareTransport({
    fallback: createMailTransport({ smtpUrl: config.smtpUrl, dataDir, logger }),
    readKey: () => readProviderKey(database.db, TEST_SESSION_SECRET),
    apiUrl: config.mailProviderApiUrl,
  });
  const changes = createChangeFeed(database, logger);
  const cipher = createTestCipher();
  const app = createApp({
    db: database.db,
    config,
    clock,
    logger,
    storage,
    mailTransport,
    changes,
    sessionSecret: TEST_SESSION_SECRET,
    cipher,
    clientAssets: options.clientAssets,
    ssrRender: options.ssrRender,
    migrations: latestMigration(MIGRATIONS_DIR),
    metrics: config.metricsToken
      ? createPrometheusMetrics(databaseMetricsSources({ db: database.db, clock }))
      : undefined,
  });
  return {
    app,
    database,
    clock,
    config,
    storage,
    mailTransport,
    changes,
    logger,
    cipher,
    async close() {
      await mailTransport.close();
      await changes.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Sends `body` as JSON (a string is sent as it is, to test malformed bodies). */
export function sendJson(
  app: TestContext['app'],
  request: {
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    path: string;
    body: unknown;
    headers?: Record<string, string>;
  },
) {
  return app.request(request.path, {
    method: request.method,
    headers: { 'content-type': 'application/json', ...request.headers },
    body: typeof request.body === 'string' ? request.body : JSON.stringify(request.body),
  });
}

/** The `error.code` of an API answer (`{ error: { code } }`). */
export async function errorCodeOf(response: Response): Promise<string> {
  return ((await response.json()) as { error: { code: string } }).error.code;
}

export type ClientRequest = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  pathname: string,
  options?: { body?: unknown; cookie?: string; ip?: string; userAgent?: string },
) => Response | Promise<Response>;

/**
 * Requests as a browser on the app's origin sends them (TRUST_PROXY must be on). Each call comes from its
 * own client address under `ipPrefix` (e.g. `198.51.`) unless told otherwise, so per-IP limits stay out of
 * the way.
 */
export function clientRequests(
  ctx: () => TestContext,
  options: { origin: string; ipPrefix: string },
): ClientRequest {
  let counter = 0;
  return (method, pathname, request = {}) => {
    counter += 1;
    const headers: Record<string, string> = {
      origin: options.origin,
      'x-forwarded-for': request.ip ?? `${options.ipPrefix}${Math.floor(counter / 250)}.${counter % 250}`,
      'user-agent': request.userAgent ?? 'vitest/4',
    };
    if (request.cookie) headers.cookie = request.cookie;
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    return ctx().app.request(pathname, {
      method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    });
  };
}
