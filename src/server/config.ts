import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './lib/client-ip';
import type { HttpLimits } from './lib/connection-limits';
import {
  ENCRYPTION_KEY_HINT,
  type EncryptionSettings,
  parseEncryptionKey,
  parseEncryptionKeyList,
} from './lib/encryption-keys';
import { DEFAULT_FAILED_SIGN_INS_PER_MINUTE } from './lib/login-throttle';
import { webhookKey } from './lib/webhook-signature';

const optional = (schema: z.ZodType<string>) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.optional(),
  );

const urlWithProtocols = (protocols: string[], example: string) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL like ${example}` },
  );

/** A whole number from `min` to `max`, in `unit`, said so in every message. */
const wholeNumberIn = (min: number, max: number, unit = '') => {
  const message = `must be a whole number${unit} from ${min} to ${max}`;
  return z.coerce.number({ message }).int(message).min(min, message).max(max, message);
};

/** A placeholder until an operator sets the real shop (README): the test home's "fragrance" bubble opens it. */
export const DEFAULT_FRAGRANCE_SHOP_URL = 'https://example.com/';

/** Resend's API; any service that speaks its `POST /emails` works (MAIL_PROVIDER_API_URL). */
export const DEFAULT_MAIL_PROVIDER_API_URL = 'https://api.resend.com';

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce
    .number({ message: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optional(urlWithProtocols(['postgres:', 'postgresql:'], 'postgres://user:pass@host:5432/db')),
  APP_URL: optional(urlWithProtocols(['http:', 'https:'], 'https://mirror.example.com')),
  SMTP_URL: optional(urlWithProtocols(['smtp:', 'smtps:'], 'smtp://user:pass@127.0.0.1:2525')),
  MAIL_FROM: z.string().min(3).default('Mirror <no-reply@localhost>'),
  MAIL_PROVIDER_API_URL: optional(urlWithProtocols(['http:', 'https:'], 'https://api.resend.com')),
  MAIL_WEBHOOK_SECRET: optional(
    z
      .string()
      .refine(
        (value) => webhookKey(value) !== null,
        'must be the signing secret the provider shows (whsec_…)',
      ),
  ),
  ADMIN_EMAIL: optional(z.email('must be an e-mail address')),
  ADMIN_PASSWORD: optional(z.string().min(12, 'must be at least 12 characters long')),
  SESSION_SECRET: optional(z.string().min(32, 'must be at least 32 characters long')),
  ENCRYPTION_KEY: optional(
    z.string().refine((value) => parseEncryptionKey(value) !== undefined, ENCRYPTION_KEY_HINT),
  ),
  ENCRYPTION_KEYS_OLD: optional(
    z.string().superRefine((value, context) => {
      try {
        parseEncryptionKeyList(value);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
      }
    }),
  ),
  S3_ENDPOINT: optional(urlWithProtocols(['http:', 'https:'], 'https://s3.eu-central-1.amazonaws.com')),
  S3_REGION: optional(z.string().min(1)),
  S3_BUCKET: optional(z.string().min(1)),
  S3_ACCESS_KEY_ID: optional(z.string().min(1)),
  S3_SECRET_ACCESS_KEY: optional(z.string().min(1)),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, context) => {
      try {
        return parseTrustProxy(value);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  FRAGRANCE_SHOP_URL: optional(urlWithProtocols(['http:', 'https:'], 'https://shop.example.com/fragrance')),
  CAMPAIGN_CONCURRENCY: z.coerce
    .number({ message: 'must be a whole number from 1 to 32' })
    .int('must be a whole number from 1 to 32')
    .min(1, 'must be a whole number from 1 to 32')
    .max(32, 'must be a whole number from 1 to 32')
    .default(4),
  INVITE_ONLY: z.enum(['true', 'false', '1', '0'], { message: 'must be true or false' }).default('true'),
  SIGN_IN_FAILURES_PER_MINUTE: z.coerce
    .number({ message: 'must be a whole number from 1 to 100000' })
    .int('must be a whole number from 1 to 100000')
    .min(1, 'must be a whole number from 1 to 100000')
    .max(100_000, 'must be a whole number from 1 to 100000')
    .default(DEFAULT_FAILED_SIGN_INS_PER_MINUTE),
  STAFF_REQUIRE_2FA: z
    .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
    .default('false'),
  AI_API_URL: optional(urlWithProtocols(['http:', 'https:'], 'http://127.0.0.1:11434/v1')),
  AI_API_KEY: optional(z.string().min(1)),
  AI_MODEL: optional(z.string().min(1).max(200)),
  AI_TIMEOUT_MS: z.coerce
    .number({ message: 'must be a whole number of milliseconds from 1000 to 120000' })
    .int('must be a whole number of milliseconds from 1000 to 120000')
    .min(1000, 'must be a whole number of milliseconds from 1000 to 120000')
    .max(120_000, 'must be a whole number of milliseconds from 1000 to 120000')
    .default(20_000),
  CLOCK_OFFSET_MS: z.coerce
    .number({ message: 'must be a whole number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .default(0),
  METRICS_TOKEN: optional(z.string().min(16, 'must be at least 16 characters long')),
  TEST_SUPPORT_TOKEN: optional(z.string().min(32, 'must be at least 32 characters long')),
  SHUTDOWN_DELAY_MS: z.coerce
    .number({ message: 'must be a whole number of milliseconds from 0 to 60000' })
    .int('must be a whole number of milliseconds from 0 to 60000')
    .min(0, 'must be a whole number of milliseconds from 0 to 60000')
    .max(60_000, 'must be a whole number of milliseconds from 0 to 60000')
    .default(0),
  HTTP_HEADERS_TIMEOUT_MS: wholeNumberIn(1000, 120_000, ' of milliseconds').default(10_000),
  HTTP_REQUEST_TIMEOUT_MS: wholeNumberIn(10_000, 3_600_000, ' of milliseconds').default(900_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: wholeNumberIn(1000, 600_000, ' of milliseconds').default(5000),
  HTTP_CONNECTIONS_PER_CLIENT: wholeNumberIn(1, 100_000).default(100),
  STAFF_EVENT_STREAMS_PER_SESSION: wholeNumberIn(1, 100).default(8),
});

export type S3Config = {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
};

/**
 * An OpenAI-compatible chat-completions endpoint that writes weekly insights for people who switch AI
 * insights on (issue 14, decision 027): `url` is the API base (`…/v1`), `/chat/completions` is appended.
 */
export type AiConfig = { url: string; apiKey: string | undefined; model: string; timeoutMs: number };

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  appUrl: string;
  secureCookies: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The e-mail provider's API (Resend-compatible), used while staff have stored a provider key. */
  mailProviderApiUrl: string;
  /** Signs the provider's bounce and complaint webhooks (MAIL_WEBHOOK_SECRET); unset, the webhook is off. */
  mailWebhookSecret: string | undefined;
  admin: { email: string; password: string } | undefined;
  sessionSecret: string | undefined;
  /**
   * The keys that seal private text at rest (decision 045): ENCRYPTION_KEY seals (unset: a keyring generated
   * into DATA_DIR/secrets), ENCRYPTION_KEYS_OLD only open.
   */
  encryption: EncryptionSettings;
  /** The proxies whose X-Forwarded-For and X-Forwarded-Proto entries are believed (TRUST_PROXY). */
  trustProxy: TrustProxy;
  s3: S3Config | undefined;
  logLevel: string;
  /**
   * Shifts the app's clock (the user's "today", the week, rate-limit windows, mail scheduling). For demos
   * and end-to-end tests that need a given weekday; 0 in real use. Sessions keep the real time.
   */
  clockOffsetMs: number;
  /**
   * End-to-end tests only (decision 067): with it, `POST /test-support/first-day` sets a member's first day,
   * for that bearer token. Unset in real use, and the path does not exist.
   */
  testSupportToken: string | undefined;
  /** Messages each campaign has in flight at once (SMTP connections); CAMPAIGN_CONCURRENCY, default 4. */
  campaignConcurrency: number;
  /** The perfume shop page the test home's "fragrance" bubble opens in a new tab (spec §2). */
  fragranceShopUrl: string;
  /** Sign-up needs an invitation (INVITE_ONLY, default true; decision 021). */
  inviteOnly: boolean;
  /**
   * Failed user sign-ins a minute across every account before browsers that are no known device of the
   * account they try wait for the next minute (SIGN_IN_FAILURES_PER_MINUTE, default 60; decision 033).
   */
  signInFailuresPerMinute: number;
  /** Staff must set up two-factor sign-in at their next sign-in (STAFF_REQUIRE_2FA; decision 024). */
  staffRequire2fa: boolean;
  /** The bearer token `GET /metrics` asks for; unset, the endpoint does not exist (404). */
  metricsToken: string | undefined;
  /**
   * On SIGTERM, how long the process keeps serving (answering `/api/ready` with 503) before it stops
   * accepting connections, so a load balancer's health check takes it out of rotation first.
   */
  shutdownDelayMs: number;
  /** The model that may write weekly insights; unset, every insight is computed on this server. */
  ai: AiConfig | undefined;
  /** Timeouts of the HTTP server and the open connections a client address may hold (decision 035). */
  http: HttpLimits;
  /** Event streams (live admin pages) one staff session may hold open on a process at once. */
  staffEventStreamsPerSession: number;
};

/** Variables whose value a start-up error does not repeat (it would end up in logs). */
const SECRET_VARIABLES = new Set(['ENCRYPTION_KEY', 'ENCRYPTION_KEYS_OLD']);

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads the configuration from environment variables. Throws a ConfigError whose message is one line
 * naming the offending variable; server.ts prints it and exits with code 2.
 */
export function loadConfig(env: Record<string, string | undefined>, cwd = process.cwd()): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const raw = env[name];
    const shown =
      raw === undefined
        ? ''
        : SECRET_VARIABLES.has(name)
          ? ` (got ${raw.length} characters)`
          : ` (got ${JSON.stringify(raw.length > 40 ? `${raw.slice(0, 40)}…` : raw)})`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}${shown}`);
  }
  const e = parsed.data;

  if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD)) {
    const missing = e.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL';
    throw new ConfigError(
      `Invalid configuration: ${missing} must be set together with the other ADMIN_ variable`,
    );
  }

  const s3Required = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  const s3Any = s3Required.some((key) => e[key]) || Boolean(e.S3_ENDPOINT);
  const s3Missing = s3Required.find((key) => !e[key]);
  if (s3Any && s3Missing) {
    throw new ConfigError(`Invalid configuration: ${s3Missing} is required when S3 storage is configured`);
  }

  if (Boolean(e.AI_API_URL) !== Boolean(e.AI_MODEL)) {
    const missing = e.AI_API_URL ? 'AI_MODEL' : 'AI_API_URL';
    throw new ConfigError(`Invalid configuration: ${missing} is required when AI insights are configured`);
  }

  if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) {
    throw new ConfigError(
      'Invalid configuration: HTTP_HEADERS_TIMEOUT_MS must not be longer than HTTP_REQUEST_TIMEOUT_MS',
    );
  }

  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    appUrl,
    secureCookies: appUrl.startsWith('https:'),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailProviderApiUrl: (e.MAIL_PROVIDER_API_URL ?? DEFAULT_MAIL_PROVIDER_API_URL).replace(/\/+$/, ''),
    mailWebhookSecret: e.MAIL_WEBHOOK_SECRET,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    sessionSecret: e.SESSION_SECRET,
    encryption: {
      key: e.ENCRYPTION_KEY ? parseEncryptionKey(e.ENCRYPTION_KEY) : undefined,
      oldKeys: e.ENCRYPTION_KEYS_OLD ? parseEncryptionKeyList(e.ENCRYPTION_KEYS_OLD) : [],
    },
    trustProxy: e.TRUST_PROXY,
    clockOffsetMs: e.CLOCK_OFFSET_MS,
    testSupportToken: e.TEST_SUPPORT_TOKEN,
    campaignConcurrency: e.CAMPAIGN_CONCURRENCY,
    fragranceShopUrl: e.FRAGRANCE_SHOP_URL ?? DEFAULT_FRAGRANCE_SHOP_URL,
    inviteOnly: e.INVITE_ONLY === 'true' || e.INVITE_ONLY === '1',
    signInFailuresPerMinute: e.SIGN_IN_FAILURES_PER_MINUTE,
    staffRequire2fa: e.STAFF_REQUIRE_2FA === 'true' || e.STAFF_REQUIRE_2FA === '1',
    metricsToken: e.METRICS_TOKEN,
    shutdownDelayMs: e.SHUTDOWN_DELAY_MS,
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      connectionsPerClient: e.HTTP_CONNECTIONS_PER_CLIENT,
    },
    staffEventStreamsPerSession: e.STAFF_EVENT_STREAMS_PER_SESSION,
    ai:
      e.AI_API_URL && e.AI_MODEL
        ? {
            url: e.AI_API_URL.replace(/\/+$/, ''),
            apiKey: e.AI_API_KEY,
            model: e.AI_MODEL,
            timeoutMs: e.AI_TIMEOUT_MS,
          }
        : undefined,
    s3:
      s3Any && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION ?? 'us-east-1',
            bucket: e.S3_BUCKET,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
    logLevel: e.LOG_LEVEL,
  };
}
