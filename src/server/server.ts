import { once } from 'node:events';
import type { Server } from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import type { SsrRender } from '@shared/ssr';
import { createApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { type DatabaseHandle, latestMigration, openDatabase } from './db/client';
import { createChangeFeed } from './lib/change-feed';
import { ClientNotBuiltError, loadClientAssets } from './lib/client-assets';
import { type Clock, offsetClock, systemClock } from './lib/clock';
import { capConnectionsPerClient, httpServerOptions } from './lib/connection-limits';
import { DataDirLockedError } from './lib/data-dir-lock';
import { keyringSource } from './lib/encryption-keys';
import { createFieldCipher, type FieldCipher } from './lib/field-cipher';
import { createLifecycle } from './lib/lifecycle';
import { createLogger, type Logger } from './lib/logger';
import { deleteExpiredLoginThrottles } from './lib/login-throttle';
import { noMetrics } from './lib/metrics';
import { deleteExpiredRateLimits } from './lib/rate-limit';
import { resolveSessionSecret } from './lib/secrets';
import { createFilesystemStorage } from './lib/storage/filesystem-storage';
import { type Storage, StorageError } from './lib/storage/storage';
import { startIntervalWorker, type Worker } from './lib/worker';
import { deleteExpiredStaffSessions, ensureBootstrapStaff, StaffAccountError } from './modules/admin/service';
import { openCampaignDelivery } from './modules/campaigns/delivery';
import { startCampaignWorker } from './modules/campaigns/sender';
import { databaseMetricsSources } from './modules/health/service';
import { startInsightWorker } from './modules/insights/worker';
import { startInvitationSender } from './modules/invitations/sender';
import { PromptLibraryError, seedPrompts } from './modules/journal/prompts';
import { readProviderKey } from './modules/mail/provider-key';
import { startOutboxWorker } from './modules/mail/service';
import {
  createMailTransport,
  createProviderAwareTransport,
  type MailTransport,
} from './modules/mail/transport';
import { seedDefaultMedia } from './modules/media/service';
import { startReminderWorker } from './modules/reminders/sender';
import { resealPrivateText } from './operations/reseal-private-text';

// These paths hold both for src/server/server.ts (tsx) and the bundle at dist/server/server.js.
const MIGRATIONS_DIR = fileURLToPath(new URL('./db/migrations', import.meta.url));
const CLIENT_DIR = fileURLToPath(new URL('../../dist/client', import.meta.url));
const SSR_ENTRY = new URL('../../dist/ssr/entry-server.js', import.meta.url);
const DEFAULT_MEDIA_DIR = fileURLToPath(new URL('../../assets/default-media', import.meta.url));
const PROMPT_LIBRARY_DIR = fileURLToPath(new URL('./modules/journal/prompt-library', import.meta.url));
const SHUTDOWN_GRACE_MS = 10_000;

/** A start-up failure with a message meant for the operator, printed without a stack trace. */
class StartError extends Error {}

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
}

async function start() {
  const config = readConfig();
  const logger = createLogger({ level: config.logLevel });
  const clock = offsetClock(config.clockOffsetMs);
  if (config.clockOffsetMs !== 0) {
    logger.warn(
      { clockOffsetMs: config.clockOffsetMs, now: clock.now() },
      'the clock is shifted (CLOCK_OFFSET_MS)',
    );
  }
  if (config.testSupportToken) {
    logger.warn('test support is on (TEST_SUPPORT_TOKEN): for tests and benchmarks only, never in real use');
  }

  let database: DatabaseHandle;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const stopped = { current: false };
  const workers: Worker[] = [];
  let server: Server | undefined;
  let mailTransport: MailTransport | undefined;
  const changes = createChangeFeed(database, logger.child({ module: 'changes' }));
  const lifecycle = createLifecycle();
  // prom-client is loaded only when metrics can be scraped.
  const metrics = config.metricsToken
    ? (await import('./lib/prometheus')).createPrometheusMetrics({
        ...databaseMetricsSources({ db: database.db, clock }),
        poolStats: database.poolStats,
        logger: logger.child({ module: 'metrics' }),
      })
    : noMetrics;

  const shutdown = async (signal: string) => {
    if (stopped.current) return;
    stopped.current = true;
    lifecycle.beginShutdown();
    if (server && config.shutdownDelayMs > 0) {
      // /api/ready answers 503 from now on; the load balancer's health check needs a moment to see it.
      logger.info(
        { signal, delayMs: config.shutdownDelayMs },
        'shutting down: not ready any more, still serving until the load balancer notices',
      );
      await sleep(config.shutdownDelayMs);
    }
    logger.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      logger.warn('requests still open after the grace period: closing them');
      server?.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    if (server) {
      const closed = new Promise<void>((resolve) => server?.close(() => resolve()));
      server.closeIdleConnections();
      // Ends the open event streams (admin pages), which would otherwise hold the server open.
      await changes.close();
      await closed;
    }
    clearTimeout(force);
    await Promise.all(workers.map((worker) => worker.stop()));
    await mailTransport?.close();
    await changes.close();
    await database.close();
    logger.info('stopped');
  };

  process.once('SIGTERM', () => void shutdown('SIGTERM').then(() => process.exit(0)));
  process.once('SIGINT', () => void shutdown('SIGINT').then(() => process.exit(0)));

  try {
    const cipher = openCipher(config, logger);
    if (database.kind === 'postgres' && !config.encryption.key) {
      logger.warn(
        'ENCRYPTION_KEY is not set: private text is sealed with a key generated into this DATA_DIR. Every app ' +
          'process on this database needs the same key: set ENCRYPTION_KEY on all of them (decision 045)',
      );
    }
    await database.migrate(MIGRATIONS_DIR);
    await seedPrompts(database.db, PROMPT_LIBRARY_DIR);
    await ensureBootstrapStaff({
      db: database.db,
      admin: config.admin,
      dataDir: config.dataDir,
      now: clock.now(),
      logger,
    });
    const clientAssets = config.env === 'development' ? undefined : await loadClientAssets(CLIENT_DIR);
    const storage = await openStorage(config, clock);
    const media = await seedDefaultMedia(storage, DEFAULT_MEDIA_DIR);
    if (media.seeded.length > 0) logger.info({ files: media.seeded }, 'default background media stored');
    if (media.missing.length > 0) logger.warn({ files: media.missing }, 'default background media not found');
    const mailLogger = logger.child({ module: 'mail' });
    const sessionSecret = resolveSessionSecret({ configured: config.sessionSecret, dataDir: config.dataDir });
    const directTransport = createMailTransport({
      smtpUrl: config.smtpUrl,
      dataDir: config.dataDir,
      logger: mailLogger,
    });
    // One transport for the app and the worker: the provider's API while staff have set a key.
    const transport = createProviderAwareTransport({
      fallback: directTransport,
      readKey: () => readProviderKey(database.db, sessionSecret),
      apiUrl: config.mailProviderApiUrl,
    });
    mailTransport = transport;
    const ssrRender = clientAssets ? await loadServerRendering(logger) : undefined;
    const app = createApp({
      db: database.db,
      config,
      clock,
      logger,
      storage,
      mailTransport,
      changes,
      sessionSecret,
      cipher,
      clientAssets,
      ssrRender,
      wallClock: systemClock,
      migrations: latestMigration(MIGRATIONS_DIR),
      lifecycle,
      metrics,
    });

    server = serve({
      fetch: app.fetch,
      port: config.port,
      hostname: config.host,
      serverOptions: httpServerOptions(config.http),
    }) as Server;
    capConnectionsPerClient(server, {
      limit: config.http.connectionsPerClient,
      trustProxy: config.trustProxy,
      logger: logger.child({ module: 'http' }),
      metrics,
    });
    await once(server, 'listening').catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EADDRINUSE') throw error;
      throw new StartError(
        `Port ${config.port} is already in use. Stop the other server or set PORT to a free port.`,
      );
    });
    workers.push(
      startOutboxWorker({
        db: database.db,
        transport: mailTransport,
        clock,
        logger: mailLogger,
        mailFrom: config.mailFrom,
        cipher,
      }),
    );
    if (directTransport.kind === 'file') {
      mailLogger.info('SMTP_URL is not set: e-mails are written to DATA_DIR/mail');
    }
    const campaignWorker = await startCampaignWorker({
      db: database.db,
      clock,
      logger: logger.child({ module: 'campaigns' }),
      mailFrom: config.mailFrom,
      appUrl: config.appUrl,
      secret: sessionSecret,
      openDelivery: () => openCampaignDelivery({ smtpUrl: config.smtpUrl, transport, logger: mailLogger }),
      concurrency: config.campaignConcurrency,
      changes,
      metrics,
      // PGlite admits one process per database, so a lease left by an earlier run is this process's own.
      exclusive: database.kind === 'pglite',
    });
    workers.push({ name: 'campaigns', stop: () => campaignWorker.stop() });
    workers.push(
      startInvitationSender({
        db: database.db,
        appUrl: config.appUrl,
        secret: sessionSecret,
        mail: { db: database.db, transport, clock, logger: mailLogger, mailFrom: config.mailFrom },
        clock,
        logger: logger.child({ module: 'invitations' }),
      }),
    );
    const personal = { db: database.db, clock, cipher, appUrl: config.appUrl, secret: sessionSecret };
    workers.push(startReminderWorker({ ...personal, logger: logger.child({ module: 'reminders' }) }));
    workers.push(
      startInsightWorker({ ...personal, ai: config.ai, logger: logger.child({ module: 'insights' }) }),
    );

    workers.push(
      startIntervalWorker({
        name: 'expiry-sweeper',
        intervalMs: 10 * 60_000,
        logger,
        task: async () => {
          await deleteExpiredRateLimits(database.db, clock.now());
          await deleteExpiredLoginThrottles(database.db, clock.now());
          await deleteExpiredStaffSessions(database.db, clock.now());
        },
      }),
    );
    workers.push(startResealing({ db: database.db, cipher, logger, stopped }));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    logger.info(
      { port, database: database.kind, storage: config.s3 ? 's3' : 'filesystem', dataDir: config.dataDir },
      `Mirror is running on http://localhost:${port}`,
    );
  } catch (error) {
    await failStart(error, logger, database);
  }
}

/**
 * The keys that seal private text (decision 045): ENCRYPTION_KEY, or the keyring generated into
 * DATA_DIR/secrets. A keyring file that cannot be read stops the start with its reason.
 */
function openCipher(config: Config, logger: Logger): FieldCipher {
  const source = keyringSource({ encryption: config.encryption, dataDir: config.dataDir });
  let cipher: FieldCipher;
  try {
    cipher = createFieldCipher(source);
  } catch (error) {
    throw new StartError(`The encryption keys cannot be read: ${(error as Error).message}`);
  }
  const { current, keys } = cipher.keyring();
  logger.info(
    { keyId: current.id, keys: keys.size, from: source.origin },
    source.origin === 'file'
      ? 'private text is sealed with the key in DATA_DIR/secrets (ENCRYPTION_KEY is not set)'
      : 'private text is sealed with ENCRYPTION_KEY',
  );
  return cipher;
}

/**
 * Seals, in the background, what is not under the current key yet: plaintext from before encryption, and
 * values of an older key (decision 045). Stops between batches when the process shuts down.
 */
function startResealing(deps: {
  db: DatabaseHandle['db'];
  cipher: FieldCipher;
  logger: Logger;
  stopped: { current: boolean };
}): Worker {
  const logger = deps.logger.child({ module: 'encryption' });
  const done = resealPrivateText(
    { db: deps.db, cipher: deps.cipher, logger },
    { stopped: () => deps.stopped.current },
  )
    .then((counts) => {
      if (counts.sealed + counts.resealed > 0)
        logger.info(counts, 'private values sealed under the current key');
    })
    .catch((error: unknown) => {
      if (!deps.stopped.current)
        logger.error({ err: error }, 'sealing private values failed; the next start tries again');
    });
  return { name: 'reseal', stop: () => done };
}

/** S3 when S3_* is configured (its bucket must be reachable), else files under DATA_DIR/storage. */
async function openStorage(config: Config, clock: Clock): Promise<Storage> {
  if (!config.s3) return createFilesystemStorage(path.join(config.dataDir, 'storage'), { clock });
  // Loaded only here: the AWS SDK takes some 20 MB that a server on the filesystem driver does not need.
  const { createS3Storage } = await import('./lib/storage/s3-storage');
  const storage = createS3Storage(config.s3, { clock });
  try {
    await storage.check();
  } catch (error) {
    storage.destroy();
    if (error instanceof StorageError) throw new StartError(error.message);
    throw error;
  }
  return storage;
}

/** The server-rendering build of the client; without it public pages are rendered in the browser. */
async function loadServerRendering(logger: Logger): Promise<SsrRender | undefined> {
  try {
    const module = (await import(SSR_ENTRY.href)) as { render: SsrRender };
    return module.render;
  } catch (error) {
    logger.warn(
      { err: error },
      'server rendering is not available (dist/ssr missing); pages render in the browser',
    );
    return undefined;
  }
}

async function failStart(error: unknown, logger: Logger, database: DatabaseHandle): Promise<never> {
  if (
    error instanceof ClientNotBuiltError ||
    error instanceof StartError ||
    error instanceof StaffAccountError ||
    error instanceof PromptLibraryError
  ) {
    console.error(error.message);
  } else {
    logger.fatal({ err: error }, 'start-up failed');
  }
  await database.close().catch(() => undefined);
  process.exit(1);
}

await start();
