import type { TEmailSettings, TMailSendResult, TProviderKeyStatus } from '@shared/schemas/admin';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminAuditLog, appSecrets } from '../../db/schema/admin';
import { emailSettings, mailOutbox } from '../../db/schema/mail';
import { sealSecret } from '../../lib/secret-box';
import { type ProviderSink, startProviderSink } from '../../test/provider-sink';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink';
import { createSignedInStaff, type SignedInStaff, staffHeaders } from '../../test/staff';
import { createTestApp, sendJson, type TestContext } from '../../test/test-app';
import { createSignedInUser } from '../../test/users';
import { PROVIDER_KEY_NAME } from '../mail/provider-key';
import { enqueueListMail, processDueMail } from '../mail/service';
import { mailTestCopy } from '../mail/templates/mail-test-copy';

const APP_URL = 'https://mirror.test';
const KEY = 're_live_8f3kQ2mZ7xYp4wLs';
const MASKED = 're_••••••••4wLs';

let smtp: SmtpSink;
let provider: ProviderSink;
let t: TestContext;
let staff: SignedInStaff;
let ipCounter = 0;

beforeAll(async () => {
  smtp = await startSmtpSink();
  provider = await startProviderSink();
  t = await createTestApp({
    env: { APP_URL, SMTP_URL: smtp.url, MAIL_PROVIDER_API_URL: provider.url, TRUST_PROXY: 'true' },
  });
  staff = await createSignedInStaff(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await provider.close();
});
beforeEach(async () => {
  await t.database.db.update(emailSettings).set({ globalBcc: null, autoSend: true });
  await t.database.db.delete(appSecrets);
  await t.database.db.delete(adminAuditLog);
  await t.database.db.delete(mailOutbox);
  // The key was removed behind the transport's back: make it look again.
  await t.mailTransport.describe({ refresh: true });
  smtp.messages.length = 0;
  smtp.setFailing(false);
  provider.reset();
});

function call(method: 'GET' | 'DELETE', path: string) {
  return t.app.request(`/api/admin/mail/${path}`, { method, headers: staffHeaders(t, staff) });
}

function send(method: 'PUT' | 'POST', path: string, body: unknown) {
  return sendJson(t.app, { method, path: `/api/admin/mail/${path}`, body, headers: staffHeaders(t, staff) });
}

async function json<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

async function errorCode(response: Response, status = 400): Promise<string> {
  return (await json<{ error: { code: string } }>(response, status)).error.code;
}

const testMail = (to: string, locale: 'en' | 'de' = 'en') => send('POST', 'test', { to, locale });

function joinWaitlist(email: string) {
  ipCounter += 1;
  return sendJson(t.app, {
    method: 'POST',
    path: '/api/waitlist',
    body: { email, consent: true, website: '', language: 'en' },
    headers: { origin: APP_URL, 'x-forwarded-for': `203.0.113.${ipCounter}` },
  });
}

async function auditActions() {
  const rows = await t.database.db.select().from(adminAuditLog);
  return rows;
}

describe('e-mail routing settings', () => {
  it('round-trips the settings, trims the BCC, stores a blank one as none, and audits old and new', async () => {
    expect(await json<TEmailSettings>(await call('GET', 'settings'))).toEqual({
      globalBcc: null,
      autoSend: true,
      held: 0,
    });
    const saved = await json<TEmailSettings>(
      await send('PUT', 'settings', { globalBcc: '  archive@mirror.test ', autoSend: false }),
    );
    expect(saved).toEqual({ globalBcc: 'archive@mirror.test', autoSend: false, held: 0 });
    expect(await json<TEmailSettings>(await call('GET', 'settings'))).toEqual(saved);

    const [audit] = await auditActions();
    expect(audit).toMatchObject({
      action: 'mail.settings.update',
      staffId: staff.id,
      staffEmail: staff.email,
      details: {
        before: { globalBcc: null, autoSend: true },
        after: { globalBcc: 'archive@mirror.test', autoSend: false },
      },
      createdAt: t.clock.now(),
    });

    const cleared = await json<TEmailSettings>(
      await send('PUT', 'settings', { globalBcc: '   ', autoSend: true }),
    );
    expect(cleared).toEqual({ globalBcc: null, autoSend: true, held: 0 });
    const [row] = await t.database.db.select().from(emailSettings);
    expect(row).toMatchObject({ globalBcc: null, autoSend: true });
  });

  it('refuses a BCC that is not an e-mail address and changes nothing', async () => {
    for (const globalBcc of ['archive', 'two words@mirror.test', 'a@b.c, d@e.f']) {
      expect(await errorCode(await send('PUT', 'settings', { globalBcc, autoSend: false }))).toBe(
        'invalid_email',
      );
    }
    expect(await json<TEmailSettings>(await call('GET', 'settings'))).toEqual({
      globalBcc: null,
      autoSend: true,
      held: 0,
    });
    expect(await auditActions()).toEqual([]);
  });

  it('applies to list mail: the BCC goes with every message, and auto-send off blocks a waiting-list join', async () => {
    await json(await send('PUT', 'settings', { globalBcc: 'archive@mirror.test', autoSend: true }));
    const queued = await enqueueListMail(t.database.db, {
      kind: 'test',
      messageKey: `settings-test:${Date.now()}`,
      to: 'reader@example.com',
      subject: 'Hello',
      html: '<p>Hello</p>',
      text: 'Hello',
    });
    if (queued.outcome !== 'queued') throw new Error('expected the message to be queued');
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, queued.id));
    expect(row?.bcc).toEqual(['archive@mirror.test']);

    expect(await json(await joinWaitlist('joiner@example.com'), 201)).toEqual({
      result: 'confirmation_sent',
    });
    const [confirmation] = await smtp.waitForMessages(1);
    expect(confirmation?.envelope.to).toEqual(['joiner@example.com', 'archive@mirror.test']);

    await json(await send('PUT', 'settings', { globalBcc: 'archive@mirror.test', autoSend: false }));
    expect(await json(await joinWaitlist('paused@example.com'), 201)).toEqual({ result: 'held' });
    const held = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'paused@example.com'));
    expect(held.map((row) => [row.status, row.bcc])).toEqual([['held', ['archive@mirror.test']]]);
    expect(smtp.messages).toHaveLength(1);
  });
});

describe('the e-mail provider key', () => {
  it('stores the key encrypted and shows it only masked', async () => {
    expect(await json<TProviderKeyStatus>(await call('GET', 'provider-key'))).toEqual({
      configured: false,
      masked: null,
      updatedAt: null,
    });
    const setResponse = await send('PUT', 'provider-key', { key: `  ${KEY}\n` });
    const setText = await setResponse.clone().text();
    const status = await json<TProviderKeyStatus>(setResponse);
    expect(status).toEqual({ configured: true, masked: MASKED, updatedAt: t.clock.now().toISOString() });
    expect(setText).not.toContain(KEY);

    const getResponse = await call('GET', 'provider-key');
    expect(await getResponse.clone().text()).not.toContain(KEY);
    expect(await json<TProviderKeyStatus>(getResponse)).toEqual(status);

    const rows = await t.database.db.select().from(appSecrets);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: PROVIDER_KEY_NAME, hint: MASKED, updatedBy: staff.email });
    expect(rows[0]?.ciphertext).toMatch(/^v1\./);
    expect(JSON.stringify(rows)).not.toContain(KEY);
    expect(JSON.stringify(rows)).not.toContain(KEY.slice(3, -4));

    const audit = await auditActions();
    expect(audit.map((entry) => entry.action)).toEqual(['mail.provider_key.set']);
    expect(audit[0]?.details).toEqual({ masked: MASKED, replaced: false });
    expect(JSON.stringify(audit)).not.toContain(KEY);
  });

  it('refuses a blank key, or one with spaces or characters no header takes, and keeps the one stored', async () => {
    await json(await send('PUT', 'provider-key', { key: KEY }));
    // The last: a pasted key whose mask would have split the emoji in two (a 500 the fuzz test found).
    for (const key of ['', '   ', '\n\t', 're_two words', 're_schlüssel', 'ab😀cdefghij😀']) {
      expect(await errorCode(await send('PUT', 'provider-key', { key }))).toBe('invalid_api_key');
    }
    expect(await json<TProviderKeyStatus>(await call('GET', 'provider-key'))).toMatchObject({
      masked: MASKED,
    });
  });

  it("sends the test mail to the provider with the bearer key in Resend's shape, in the staff member's language", async () => {
    await json(await send('PUT', 'settings', { globalBcc: 'archive@mirror.test', autoSend: true }));
    await json(await send('PUT', 'provider-key', { key: KEY }));
    const result = await json<TMailSendResult>(await testMail('ops@example.com', 'de'));
    expect(result).toEqual({
      outcome: 'sent',
      transport: 'provider',
      error: null,
      bcc: ['archive@mirror.test'],
      outboxId: expect.any(String),
      sentAt: t.clock.now().toISOString(),
    });

    const [request] = provider.requests;
    expect(provider.requests).toHaveLength(1);
    expect(request).toMatchObject({ method: 'POST', path: '/emails' });
    expect(request?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}@localhost$/);
    const body = request?.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['bcc', 'from', 'headers', 'html', 'subject', 'text', 'to']);
    expect(body).toMatchObject({
      from: t.config.mailFrom,
      to: ['ops@example.com'],
      bcc: ['archive@mirror.test'],
      subject: mailTestCopy.de.subject,
      headers: {},
    });
    expect(body.html).toContain('lang="de"');
    expect(body.text).toContain(mailTestCopy.de.heading);
    expect(body.text).toContain(staff.email);
    expect(smtp.messages).toHaveLength(0);

    const [row] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'ops@example.com'));
    expect(row).toMatchObject({ status: 'sent', kind: 'admin_mail_test', attempts: 1 });
    expect(request?.headers['idempotency-key']).toBe(`${row?.id}@localhost`);
    const audit = await auditActions();
    expect(audit.find((entry) => entry.action === 'mail.test')).toMatchObject({
      target: 'ops@example.com',
      details: { outboxId: row?.id, locale: 'de', bcc: ['archive@mirror.test'] },
    });
  });

  it('reports a refusal of the provider with its error, and says when the outbox tries it again', async () => {
    await json(await send('PUT', 'provider-key', { key: KEY }));
    provider.respondWith(500, {
      statusCode: 500,
      name: 'application_error',
      message: 'Something broke upstream',
    });
    const result = await json<TMailSendResult>(await testMail('ops@example.com'));
    const [row] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'ops@example.com'));
    expect(row).toMatchObject({
      status: 'pending',
      lastError: 'mail provider answered 500: Something broke upstream',
    });
    // Not "not sent": the outbox sends it later, and the answer says when it tries.
    expect(result).toEqual({
      outcome: 'retrying',
      retryAt: row?.nextAttemptAt.toISOString(),
      transport: 'provider',
      error: 'mail provider answered 500: Something broke upstream',
      bcc: [],
      outboxId: row?.id,
    });
  });

  it('sends through SMTP again once the key is removed, the test mail and list mail alike', async () => {
    await json(await send('PUT', 'provider-key', { key: KEY }));
    expect(await json<TMailSendResult>(await testMail('first@example.com'))).toMatchObject({
      outcome: 'sent',
      transport: 'provider',
    });
    expect(await json<TProviderKeyStatus>(await call('DELETE', 'provider-key'))).toEqual({
      configured: false,
      masked: null,
      updatedAt: null,
    });
    expect(await t.database.db.select().from(appSecrets)).toEqual([]);
    expect(await json<TMailSendResult>(await testMail('second@example.com'))).toMatchObject({
      outcome: 'sent',
      transport: 'smtp',
      error: null,
      bcc: [],
    });
    expect(await json(await joinWaitlist('after-clear@example.com'), 201)).toEqual({
      result: 'confirmation_sent',
    });
    const messages = await smtp.waitForMessages(2);
    expect(messages.map((message) => message.envelope.to[0])).toEqual([
      'second@example.com',
      'after-clear@example.com',
    ]);
    expect(messages[0]?.parsed.subject).toBe(mailTestCopy.en.subject);
    expect(provider.requests).toHaveLength(1);
    const actions = (await auditActions()).map((entry) => entry.action).sort();
    expect(actions).toEqual(['mail.provider_key.clear', 'mail.provider_key.set', 'mail.test', 'mail.test']);
  });

  it('fails visibly when the stored key cannot be decrypted, instead of sending another way', async () => {
    const now = t.clock.now();
    await t.database.db.insert(appSecrets).values({
      name: PROVIDER_KEY_NAME,
      ciphertext: sealSecret('another-session-secret-of-at-least-32-chars', PROVIDER_KEY_NAME, KEY),
      hint: MASKED,
      updatedAt: now,
    });
    const result = await json<TMailSendResult>(await testMail('ops@example.com'));
    expect(result).toMatchObject({ outcome: 'retrying', transport: null });
    expect(result.error).toMatch(/cannot be decrypted.*SESSION_SECRET/);
    expect(smtp.messages).toHaveLength(0);
    expect(provider.requests).toHaveLength(0);
  });
});

describe('the e-mail test', () => {
  it('sends while auto-send is off, with the global BCC, so routing can be checked', async () => {
    await json(await send('PUT', 'settings', { globalBcc: 'archive@mirror.test', autoSend: false }));
    const result = await json<TMailSendResult>(await testMail('  ops@example.com '));
    expect(result).toEqual({
      outcome: 'sent',
      transport: 'smtp',
      error: null,
      bcc: ['archive@mirror.test'],
      outboxId: expect.any(String),
      sentAt: t.clock.now().toISOString(),
    });
    const [message] = await smtp.waitForMessages(1);
    expect(message?.envelope.to).toEqual(['ops@example.com', 'archive@mirror.test']);
    expect(message?.parsed.subject).toBe(mailTestCopy.en.subject);
    expect(message?.parsed.html).toContain('lang="en"');
  });

  it("reports a temporary SMTP refusal with the server's answer, to be tried again", async () => {
    smtp.setFailing(true);
    const result = await json<TMailSendResult>(await testMail('ops@example.com'));
    expect(result.outcome).toBe('retrying');
    expect(result.transport).toBe('smtp');
    expect(result.error).toMatch(/451/);
  });

  it('says "queued, will retry" when the SMTP server refuses, and "sent" only once a retry is accepted', async () => {
    smtp.setFailing(true);
    const first = await json<TMailSendResult>(await testMail('ops@example.com'));
    expect(first).toMatchObject({
      outcome: 'retrying',
      transport: 'smtp',
      error: expect.stringMatching(/451/),
    });
    expect(first.sentAt).toBeUndefined();
    expect(smtp.messages).toHaveLength(0);
    const status = async () => json<TMailSendResult>(await call('GET', `test/${first.outboxId}`));
    // Still waiting: the outbox has not tried again yet.
    expect(await status()).toMatchObject({ outcome: 'retrying', retryAt: first.retryAt });

    // The server accepts now; the outbox worker tries again once the back-off is over.
    smtp.setFailing(false);
    const deps = {
      db: t.database.db,
      transport: t.mailTransport,
      clock: t.clock,
      logger: t.logger,
      mailFrom: t.config.mailFrom,
    };
    expect(await processDueMail(deps)).toEqual({ sent: 0, failed: 0 });
    t.clock.advance(new Date(first.retryAt ?? 0).getTime() - t.clock.now().getTime());
    expect(await processDueMail(deps)).toEqual({ sent: 1, failed: 0 });
    expect(smtp.messages.map((message) => message.envelope.to)).toEqual([['ops@example.com']]);
    expect(await status()).toEqual({
      outcome: 'sent',
      transport: null,
      error: null,
      bcc: [],
      outboxId: first.outboxId,
      sentAt: t.clock.now().toISOString(),
    });
  });

  it('says "failed" with the reason when the address is refused for good', async () => {
    smtp.setUnknownUsers(['nobody@example.com']);
    try {
      const result = await json<TMailSendResult>(await testMail('nobody@example.com'));
      expect(result).toMatchObject({ outcome: 'failed', error: expect.stringMatching(/550/) });
      expect(await json<TMailSendResult>(await call('GET', `test/${result.outboxId}`))).toMatchObject({
        outcome: 'failed',
      });
    } finally {
      smtp.setUnknownUsers([]);
    }
  });

  it('answers 404 for an outbox id that is not a test e-mail', async () => {
    const other = await call('GET', 'test/00000000-0000-4000-8000-000000000000');
    expect(await errorCode(other, 404)).toBe('not_found');
  });

  it('refuses an address that is not one', async () => {
    for (const to of ['', 'ops', 'ops @example.com']) {
      expect(await errorCode(await testMail(to))).toBe('invalid_email');
    }
    expect(
      await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'admin_mail_test')),
    ).toEqual([]);
  });
});

describe('who may use these routes', () => {
  const routes: [string, string, unknown][] = [
    ['GET', 'settings', undefined],
    ['PUT', 'settings', { globalBcc: 'intruder@example.com', autoSend: false }],
    ['GET', 'provider-key', undefined],
    ['PUT', 'provider-key', { key: 're_intruder_key' }],
    ['DELETE', 'provider-key', undefined],
    ['POST', 'test', { to: 'intruder@example.com', locale: 'en' }],
    ['GET', 'test/00000000-0000-4000-8000-000000000000', undefined],
  ];

  it("answers 401 without a session and with a user's session, and changes nothing", async () => {
    const user = await createSignedInUser(t);
    for (const cookie of [undefined, user.cookie]) {
      for (const [method, path, body] of routes) {
        const headers: Record<string, string> = { origin: APP_URL, 'content-type': 'application/json' };
        if (cookie) headers.cookie = cookie;
        const response = await t.app.request(`/api/admin/mail/${path}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        expect(await errorCode(response, 401), `${method} ${path}`).toBe('admin_session_missing');
      }
    }
    expect(await json<TEmailSettings>(await call('GET', 'settings'))).toEqual({
      globalBcc: null,
      autoSend: true,
      held: 0,
    });
    expect(await t.database.db.select().from(appSecrets)).toEqual([]);
    // Signing the user up sent their verification mail; nothing else went out.
    expect(smtp.messages.flatMap((message) => message.envelope.to)).not.toContain('intruder@example.com');
    expect(
      await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'intruder@example.com')),
    ).toEqual([]);
    // Only the user's invitation (how the account was made) is in the log.
    expect((await auditActions()).map((row) => row.action)).toEqual(['invitation.create']);
  });
});
