import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_FRAGRANCE_SHOP_URL, loadConfig } from './config';

const load = (env: Record<string, string>) => loadConfig(env, '/srv/mirror');

function errorOf(env: Record<string, string>): string {
  try {
    load(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('configuration', () => {
  it('works with nothing set', () => {
    const config = load({});
    expect(config).toMatchObject({
      env: 'production',
      port: 3000,
      dataDir: path.resolve('/srv/mirror', 'data'),
      databaseUrl: undefined,
      appUrl: 'http://localhost:3000',
      secureCookies: false,
      smtpUrl: undefined,
      admin: undefined,
      s3: undefined,
    });
  });

  it('treats blank values as unset', () => {
    expect(load({ DATABASE_URL: '', SMTP_URL: '  ' }).databaseUrl).toBeUndefined();
  });

  it('derives the app URL from the port and strips a trailing slash', () => {
    expect(load({ PORT: '8080' }).appUrl).toBe('http://localhost:8080');
    expect(load({ APP_URL: 'https://mirror.example.com/' }).appUrl).toBe('https://mirror.example.com');
  });

  it('uses secure cookies when served over https', () => {
    expect(load({ APP_URL: 'https://mirror.example.com' }).secureCookies).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: '3.5' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ APP_URL: 'mirror.example.com' }, 'APP_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'long enough password' }, 'ADMIN_EMAIL'],
    [{ ADMIN_EMAIL: 'staff@example.com', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_EMAIL: 'staff@example.com' }, 'ADMIN_PASSWORD'],
    [{ SESSION_SECRET: 'too short' }, 'SESSION_SECRET'],
    [{ S3_BUCKET: 'videos' }, 'S3_ACCESS_KEY_ID'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/40' }, 'TRUST_PROXY'],
    [{ FRAGRANCE_SHOP_URL: 'shop.example.com' }, 'FRAGRANCE_SHOP_URL'],
    [{ FRAGRANCE_SHOP_URL: 'javascript:alert(1)' }, 'FRAGRANCE_SHOP_URL'],
  ])('rejects %j with one line naming %s', (env, variable) => {
    const message = errorOf(env);
    expect(message).toMatch(new RegExp(`^Invalid configuration: ${variable} `));
    expect(message).not.toContain('\n');
  });

  it('reads a complete S3 configuration', () => {
    const config = load({
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'mirror',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      bucket: 'mirror',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
    });
  });

  it('reads a clock offset, whole milliseconds only', () => {
    expect(load({}).clockOffsetMs).toBe(0);
    expect(load({ CLOCK_OFFSET_MS: '-86400000' }).clockOffsetMs).toBe(-86_400_000);
    expect(errorOf({ CLOCK_OFFSET_MS: '1.5' })).toMatch(
      /^Invalid configuration: CLOCK_OFFSET_MS must be a whole/,
    );
    expect(errorOf({ CLOCK_OFFSET_MS: 'soon' })).toMatch(/CLOCK_OFFSET_MS/);
  });

  it('reads the perfume shop address, with a placeholder when unset or blank', () => {
    expect(load({}).fragranceShopUrl).toBe(DEFAULT_FRAGRANCE_SHOP_URL);
    expect(load({ FRAGRANCE_SHOP_URL: ' ' }).fragranceShopUrl).toBe(DEFAULT_FRAGRANCE_SHOP_URL);
    expect(load({ FRAGRANCE_SHOP_URL: 'https://shop.example.com/perfume?ref=mirror' }).fragranceShopUrl).toBe(
      'https://shop.example.com/perfume?ref=mirror',
    );
  });

  it('reads the e-mail provider API address: Resend by default, http(s) only, without a trailing slash', () => {
    expect(load({}).mailProviderApiUrl).toBe('https://api.resend.com');
    expect(load({ MAIL_PROVIDER_API_URL: 'http://127.0.0.1:4010/' }).mailProviderApiUrl).toBe(
      'http://127.0.0.1:4010',
    );
    expect(errorOf({ MAIL_PROVIDER_API_URL: 'ftp://mail.example.com' })).toMatch(
      /^Invalid configuration: MAIL_PROVIDER_API_URL/,
    );
  });

  it('reads the bootstrap admin', () => {
    const config = load({ ADMIN_EMAIL: 'staff@example.com', ADMIN_PASSWORD: 'correct horse battery' });
    expect(config.admin).toEqual({ email: 'staff@example.com', password: 'correct horse battery' });
  });

  it('is invite-only unless INVITE_ONLY says otherwise, and requires no second factor unless told', () => {
    expect(load({}).inviteOnly).toBe(true);
    expect(load({ INVITE_ONLY: 'false' }).inviteOnly).toBe(false);
    expect(load({ INVITE_ONLY: '0' }).inviteOnly).toBe(false);
    expect(load({}).staffRequire2fa).toBe(false);
    expect(load({ STAFF_REQUIRE_2FA: 'true' }).staffRequire2fa).toBe(true);
    expect(() => load({ INVITE_ONLY: 'maybe' })).toThrow(
      'Invalid configuration: INVITE_ONLY must be true or false',
    );
    expect(() => load({ STAFF_REQUIRE_2FA: 'yes' })).toThrow('STAFF_REQUIRE_2FA must be true or false');
  });

  it('reads the metrics token and the shutdown delay', () => {
    expect(load({})).toMatchObject({ metricsToken: undefined, shutdownDelayMs: 0 });
    expect(load({ METRICS_TOKEN: 'a-token-of-16-chars', SHUTDOWN_DELAY_MS: '5000' })).toMatchObject({
      metricsToken: 'a-token-of-16-chars',
      shutdownDelayMs: 5000,
    });
    expect(errorOf({ METRICS_TOKEN: 'short' })).toBe(
      'Invalid configuration: METRICS_TOKEN must be at least 16 characters long (got "short")',
    );
    expect(errorOf({ SHUTDOWN_DELAY_MS: '90000' })).toBe(
      'Invalid configuration: SHUTDOWN_DELAY_MS must be a whole number of milliseconds from 0 to 60000 (got "90000")',
    );
  });

  it('reads the HTTP timeouts and connection caps, with defaults of seconds, not minutes', () => {
    expect(load({})).toMatchObject({
      http: {
        headersTimeoutMs: 10_000,
        requestTimeoutMs: 900_000,
        keepAliveTimeoutMs: 5000,
        connectionsPerClient: 100,
      },
      staffEventStreamsPerSession: 8,
    });
    const config = load({
      HTTP_HEADERS_TIMEOUT_MS: '2000',
      HTTP_REQUEST_TIMEOUT_MS: '60000',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '65000',
      HTTP_CONNECTIONS_PER_CLIENT: '500',
      STAFF_EVENT_STREAMS_PER_SESSION: '4',
    });
    expect(config).toMatchObject({
      http: {
        headersTimeoutMs: 2000,
        requestTimeoutMs: 60_000,
        keepAliveTimeoutMs: 65_000,
        connectionsPerClient: 500,
      },
      staffEventStreamsPerSession: 4,
    });
    expect(errorOf({ HTTP_HEADERS_TIMEOUT_MS: '500' })).toBe(
      'Invalid configuration: HTTP_HEADERS_TIMEOUT_MS must be a whole number of milliseconds from 1000 to 120000 (got "500")',
    );
    expect(errorOf({ HTTP_CONNECTIONS_PER_CLIENT: '0' })).toBe(
      'Invalid configuration: HTTP_CONNECTIONS_PER_CLIENT must be a whole number from 1 to 100000 (got "0")',
    );
    expect(errorOf({ HTTP_HEADERS_TIMEOUT_MS: '60000', HTTP_REQUEST_TIMEOUT_MS: '30000' })).toBe(
      'Invalid configuration: HTTP_HEADERS_TIMEOUT_MS must not be longer than HTTP_REQUEST_TIMEOUT_MS',
    );
  });

  it('reads the encryption keys, and names a bad one without repeating it', () => {
    const hex = 'ab'.repeat(32);
    const base64 = Buffer.alloc(32, 7).toString('base64');
    const config = load({ ENCRYPTION_KEY: hex, ENCRYPTION_KEYS_OLD: `${base64}, ${hex}` });
    expect(config.encryption.key?.toString('hex')).toBe(hex);
    expect(config.encryption.oldKeys.map((key) => key.toString('base64'))).toEqual([
      base64,
      Buffer.from(hex, 'hex').toString('base64'),
    ]);
    expect(load({}).encryption).toEqual({ key: undefined, oldKeys: [] });
    const wrong = errorOf({ ENCRYPTION_KEY: 'my-secret-passphrase' });
    expect(wrong).toBe(
      'Invalid configuration: ENCRYPTION_KEY must be 32 random bytes written as 64 hex characters or as base64 (make one with `openssl rand -base64 32`) (got 20 characters)',
    );
    expect(wrong).not.toContain('passphrase');
    expect(errorOf({ ENCRYPTION_KEYS_OLD: `${hex},short` })).toMatch(
      /^Invalid configuration: ENCRYPTION_KEYS_OLD key 2 must be 32 random bytes.*\(got 70 characters\)$/,
    );
  });
});
