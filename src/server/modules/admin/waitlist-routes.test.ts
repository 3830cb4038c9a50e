import { randomUUID } from 'node:crypto';
import { OpenAPIHono } from '@hono/zod-openapi';
import { ADMIN_SESSION_MS } from '@shared/domain/admin';
import type { TAdminWaitlist, TMailSendResult } from '@shared/schemas/admin';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminAuditLog } from '../../db/schema/admin';
import { emailSettings, mailOutbox } from '../../db/schema/mail';
import { waitingList } from '../../db/schema/waitlist';
import type { AppEnv } from '../../lib/api';
import { type ParsedMessage, type SmtpSink, startSmtpSink } from '../../test/smtp-sink';
import { createSignedInStaff, type SignedInStaff, staffHeaders } from '../../test/staff';
import {
  createTestApp,
  errorCodeOf,
  sendJson,
  TEST_SESSION_SECRET,
  type TestContext,
} from '../../test/test-app';
import { until } from '../../test/until';
import { createSignedInUser } from '../../test/users';
import { createAuth } from '../accounts/auth';
import { drainDueMail } from '../mail/service';
import { waitlistConfirmationCopy } from '../mail/templates/copy';
import { createPageContentSource } from '../site/service';
import { type AdminDeps, staffGuard } from './routes';
import { adminWaitlistRoutes } from './waitlist-routes';

const APP_URL = 'https://mirror.test';
let sink: SmtpSink;
let t: TestContext;
let staff: SignedInStaff;
let ipCounter = 0;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ env: { SMTP_URL: sink.url, TRUST_PROXY: 'true', APP_URL } });
  staff = await createSignedInStaff(t);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});
beforeEach(async () => {
  sink.setFailing(false);
  await t.database.db.update(emailSettings).set({ autoSend: true, globalBcc: null });
  await t.database.db.delete(waitingList);
});
afterEach(() => {
  sink.messages.length = 0;
});

type EntryInput = {
  email: string;
  minutesAgo: number;
  language?: 'en' | 'de';
  status?: 'unconfirmed' | 'confirmed' | 'unsubscribed';
  confirmed?: boolean;
};

/** Puts an entry on the list as joining would have, `minutesAgo` before the fake clock's now. */
async function addEntry(input: EntryInput): Promise<string> {
  const at = new Date(t.clock.now().getTime() - input.minutesAgo * 60_000);
  const status = input.status ?? 'unconfirmed';
  const [row] = await t.database.db
    .insert(waitingList)
    .values({
      email: input.email,
      language: input.language ?? 'en',
      status,
      createdAt: at,
      updatedAt: at,
      consentAt: at,
      consentTextVersion: 'test',
      confirmedAt: status === 'confirmed' || input.confirmed ? at : null,
      unsubscribedAt: status === 'unsubscribed' ? at : null,
    })
    .returning({ id: waitingList.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

const adminGet = (path: string, cookie = staff.cookie) =>
  t.app.request(path, { headers: staffHeaders(t, { cookie }) });

const adminSend = (method: 'POST' | 'DELETE', path: string, body: unknown, cookie = staff.cookie) =>
  sendJson(t.app, { method, path, body, headers: staffHeaders(t, { cookie }) });

/** Joins through the public form's endpoint, each time from another address (the per-IP limits). */
function joinPublicly(email: string) {
  ipCounter += 1;
  return sendJson(t.app, {
    method: 'POST',
    path: '/api/waitlist',
    body: { email, consent: true, website: '', language: 'en' },
    headers: { 'x-forwarded-for': `203.0.113.${ipCounter}`, origin: APP_URL },
  });
}

describe('GET /api/admin/waitlist', () => {
  it('lists every entry newest first, with its consent state', async () => {
    const oldest = await addEntry({ email: 'oldest@example.com', minutesAgo: 30, language: 'de' });
    const confirmed = await addEntry({ email: 'confirmed@example.com', minutesAgo: 20, status: 'confirmed' });
    const left = await addEntry({
      email: 'left@example.com',
      minutesAgo: 10,
      status: 'unsubscribed',
      confirmed: true,
    });

    const response = await adminGet('/api/admin/waitlist');
    expect(response.status).toBe(200);
    const { entries } = (await response.json()) as TAdminWaitlist;
    expect(entries.map((entry) => entry.id)).toEqual([left, confirmed, oldest]);
    const minutesAgo = (minutes: number) =>
      new Date(t.clock.now().getTime() - minutes * 60_000).toISOString();
    expect(entries[2]).toEqual({
      id: oldest,
      email: 'oldest@example.com',
      createdAt: minutesAgo(30),
      language: 'de',
      status: 'unconfirmed',
      gdprConfirmed: false,
      confirmedAt: null,
      unsubscribedAt: null,
      invitation: null,
      suppression: null,
    });
    expect(entries[1]).toMatchObject({
      status: 'confirmed',
      gdprConfirmed: true,
      confirmedAt: minutesAgo(20),
    });
    // Confirmed once, then unsubscribed: the consent is withdrawn.
    expect(entries[0]).toMatchObject({
      status: 'unsubscribed',
      gdprConfirmed: false,
      confirmedAt: minutesAgo(10),
      unsubscribedAt: minutesAgo(10),
    });
  });

  it("refuses a user's session and a request without one", async () => {
    const user = await createSignedInUser(t);
    await addEntry({ email: 'private@example.com', minutesAgo: 1 });
    const asUser = await adminGet('/api/admin/waitlist', user.cookie);
    expect(asUser.status).toBe(401);
    expect(await errorCodeOf(asUser)).toBe('admin_session_missing');
    const deleteAsUser = await adminSend(
      'DELETE',
      '/api/admin/waitlist',
      { ids: [randomUUID()] },
      user.cookie,
    );
    expect(deleteAsUser.status).toBe(401);
    const anonymous = await t.app.request('/api/admin/waitlist');
    expect(anonymous.status).toBe(401);
  });
});

describe('DELETE /api/admin/waitlist', () => {
  it('deletes the chosen entries, keeps the rest and audits who deleted which addresses', async () => {
    const first = await addEntry({ email: 'first@example.com', minutesAgo: 3 });
    const second = await addEntry({ email: 'second@example.com', minutesAgo: 2 });
    const kept = await addEntry({ email: 'kept@example.com', minutesAgo: 1 });

    const response = await adminSend('DELETE', '/api/admin/waitlist', { ids: [first, second, randomUUID()] });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ deleted: 2 });

    const rest = (await (await adminGet('/api/admin/waitlist')).json()) as TAdminWaitlist;
    expect(rest.entries.map((entry) => entry.id)).toEqual([kept]);
    const audit = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'waitlist.delete'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ staffId: staff.id, staffEmail: staff.email, createdAt: t.clock.now() });
    const details = audit[0]?.details as { count: number; emails: string[] };
    expect(details.count).toBe(2);
    expect([...details.emails].sort()).toEqual(['first@example.com', 'second@example.com']);

    const again = await adminSend('DELETE', '/api/admin/waitlist', { ids: [first] });
    expect(await again.json()).toEqual({ deleted: 0 });
  });

  it('refuses an empty selection', async () => {
    await addEntry({ email: 'stays@example.com', minutesAgo: 1 });
    const response = await adminSend('DELETE', '/api/admin/waitlist', { ids: [] });
    expect(response.status).toBe(400);
    expect(await errorCodeOf(response)).toBe('validation');
    const list = (await (await adminGet('/api/admin/waitlist')).json()) as TAdminWaitlist;
    expect(list.entries).toHaveLength(1);
  });
});

/** An open event stream, read as text. */
type EventStream = {
  response: Response;
  /** Reads until the text received so far contains `needle`; returns all of it. */
  readUntil(needle: string, timeoutMs?: number): Promise<string>;
  /** Reads until the server ends the stream; rejects if it does not within `timeoutMs`. */
  readToEnd(timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
};

async function openEvents(
  app: { request: TestContext['app']['request'] },
  cookie: string,
  path = '/api/admin/waitlist/events',
) {
  const response = await app.request(path, { headers: { cookie } });
  if (!response.body) throw new Error(`no body (status ${response.status})`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let received = '';
  let ended = false;

  const readOnce = (timeoutMs: number) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no more data within ${timeoutMs} ms; got:\n${received}`)),
        timeoutMs,
      );
    });
    return Promise.race([reader.read(), timeout]).finally(() => clearTimeout(timer));
  };

  const stream: EventStream = {
    response,
    async readUntil(needle, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (!received.includes(needle)) {
        if (ended) throw new Error(`the stream ended before "${needle}"; got:\n${received}`);
        const { done, value } = await readOnce(Math.max(1, deadline - Date.now()));
        if (done) ended = true;
        else received += value;
      }
      return received;
    },
    async readToEnd(timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (!ended) {
        const { done, value } = await readOnce(Math.max(1, deadline - Date.now()));
        if (done) ended = true;
        else received += value;
      }
      return received;
    },
    close: () => reader.cancel(),
  };
  return stream;
}

/** The admin waiting-list routes on their own, behind the real guard, with a short heartbeat. */
function appWithHeartbeat(eventsHeartbeatMs: number) {
  const mail = {
    db: t.database.db,
    transport: t.mailTransport,
    clock: t.clock,
    logger: t.logger,
    mailFrom: t.config.mailFrom,
  };
  const deps: AdminDeps = {
    db: t.database.db,
    clock: t.clock,
    config: t.config,
    secret: TEST_SESSION_SECRET,
    mail,
    pageContent: createPageContentSource({ db: t.database.db, clock: t.clock, appUrl: t.config.appUrl }),
    changes: t.changes,
    logger: t.logger,
    storage: t.storage,
    auth: createAuth({
      db: t.database.db,
      config: t.config,
      secret: TEST_SESSION_SECRET,
      mail,
      logger: t.logger,
    }),
    wallClock: t.clock,
  };
  const app = new OpenAPIHono<AppEnv>();
  app.use('/api/admin/*', staffGuard(deps));
  app.route('/api', adminWaitlistRoutes(deps, { eventsHeartbeatMs }));
  return app;
}

describe('GET /api/admin/waitlist/events', () => {
  it('announces joins, confirmations and deletions as they happen', async () => {
    const events = await openEvents(t.app, staff.cookie);
    try {
      expect(events.response.status).toBe(200);
      expect(events.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(events.response.headers.get('cache-control')).toBe('no-store');
      expect(events.response.headers.get('x-accel-buffering')).toBe('no');
      const start = await events.readUntil('event: ready');
      expect(start).toMatch(/^event: ready\ndata: \{\}\nretry: 1000\n\n/);

      expect((await joinPublicly('live@example.com')).status).toBe(201);
      await events.readUntil('event: waitlist\ndata: {"change":"joined"}\n\n');

      const [message] = await sink.waitForMessages(1);
      const link = confirmLinkOf(message);
      const confirmed = await sendJson(t.app, {
        method: 'POST',
        path: '/api/waitlist/confirm',
        body: { email: link.searchParams.get('email'), token: link.searchParams.get('token') },
        headers: { origin: APP_URL },
      });
      expect(confirmed.status).toBe(200);
      await events.readUntil('data: {"change":"updated"}');

      const [row] = await t.database.db.select({ id: waitingList.id }).from(waitingList);
      await adminSend('DELETE', '/api/admin/waitlist', { ids: [row?.id] });
      const all = await events.readUntil('data: {"change":"deleted"}');
      expect(all.match(/event: waitlist/g)).toHaveLength(3);
    } finally {
      await events.close();
    }
  });

  it('sends a heartbeat comment at the configured interval', async () => {
    const events = await openEvents(appWithHeartbeat(30), staff.cookie);
    try {
      const received = await events.readUntil(': heartbeat\n\n: heartbeat\n\n');
      expect(received.startsWith('event: ready\n')).toBe(true);
    } finally {
      await events.close();
    }
  });

  it('ends the stream once the session has expired', async () => {
    const own = await createSignedInStaff(t);
    const events = await openEvents(appWithHeartbeat(30), own.cookie);
    try {
      await events.readUntil(': heartbeat');
      t.clock.advance(ADMIN_SESSION_MS + 1000);
      const received = await events.readToEnd();
      expect(received).toContain('event: ready');
    } finally {
      t.clock.advance(-(ADMIN_SESSION_MS + 1000));
      await events.close();
    }
  });

  it('ends the stream once the staff member signs out', async () => {
    const own = await createSignedInStaff(t);
    const events = await openEvents(appWithHeartbeat(30), own.cookie);
    try {
      await events.readUntil('event: ready');
      const signOut = await t.app.request('/api/admin/session', {
        method: 'DELETE',
        headers: staffHeaders(t, own),
      });
      expect(signOut.status).toBe(204);
      await events.readToEnd();
    } finally {
      await events.close();
    }
  });

  it('keeps a stream open while the session lasts', async () => {
    const events = await openEvents(appWithHeartbeat(20), staff.cookie);
    try {
      await events.readUntil('event: ready');
      t.clock.advance(ADMIN_SESSION_MS - 60_000);
      // Several heartbeats after the clock moved: the session is checked, and still valid.
      await events.readUntil(': heartbeat\n\n: heartbeat\n\n: heartbeat\n\n');
    } finally {
      t.clock.advance(-(ADMIN_SESSION_MS - 60_000));
      await events.close();
    }
  });

  it('holds a staff session to 8 open streams of either kind, and lets another session and a freed slot in', async () => {
    const own = await createSignedInStaff(t);
    const open: EventStream[] = [];
    try {
      for (let i = 0; i < 8; i++) {
        const path = i % 2 === 0 ? '/api/admin/waitlist/events' : '/api/admin/campaigns/events';
        const events = await openEvents(t.app, own.cookie, path);
        open.push(events);
        await events.readUntil('event: ready');
      }
      const refused = await t.app.request('/api/admin/waitlist/events', { headers: { cookie: own.cookie } });
      expect(refused.status).toBe(429);
      expect(await errorCodeOf(refused)).toBe('too_many_event_streams');

      const other = await openEvents(t.app, staff.cookie);
      open.push(other);
      await other.readUntil('event: ready');

      await open.shift()?.close();
      // The slot is freed once the server has seen the stream go.
      const again = await until(
        async () => t.app.request('/api/admin/campaigns/events', { headers: { cookie: own.cookie } }),
        (response) => response.status !== 429,
      );
      expect(again.status).toBe(200);
      await again.body?.cancel();
    } finally {
      await Promise.all(open.map((events) => events.close()));
    }
  });

  it('refuses a request without a staff session', async () => {
    const response = await t.app.request('/api/admin/waitlist/events');
    expect(response.status).toBe(401);
    expect(await errorCodeOf(response)).toBe('admin_session_missing');
  });
});

function confirmLinkOf(message: ParsedMessage | undefined): URL {
  const match = (message?.parsed.text ?? '').match(/https:\/\/mirror\.test\/gdpr-confirmation\?\S+/);
  if (!match) throw new Error(`no confirmation link in:\n${message?.parsed.text}`);
  return new URL(match[0]);
}

function unsubscribeTokenOf(message: ParsedMessage | undefined): string {
  const match = (message?.parsed.text ?? '').match(/https:\/\/mirror\.test\/byebye\?\S+/);
  const token = match ? new URL(match[0]).searchParams.get('token') : null;
  if (!token) throw new Error(`no unsubscribe link in:\n${message?.parsed.text}`);
  return token;
}

const confirmByLink = (link: URL) =>
  sendJson(t.app, {
    method: 'POST',
    path: '/api/waitlist/confirm',
    body: { email: link.searchParams.get('email'), token: link.searchParams.get('token') },
    headers: { origin: APP_URL },
  });

const sendConfirmation = (body: unknown) => adminSend('POST', '/api/admin/waitlist/confirmation-mail', body);

async function statusOf(email: string) {
  const [row] = await t.database.db
    .select({ status: waitingList.status })
    .from(waitingList)
    .where(eq(waitingList.email, email));
  return row?.status;
}

describe('POST /api/admin/waitlist/confirmation-mail', () => {
  it('sends an address on the list a real confirmation whose link confirms it, and audits the send', async () => {
    await addEntry({ email: 'real@example.com', minutesAgo: 5 });
    const response = await sendConfirmation({ email: ' Real@Example.com ', language: 'en' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      outcome: 'sent',
      transport: 'smtp',
      error: null,
      mode: 'subscriber',
    } satisfies TMailSendResult);

    const [message] = await sink.waitForMessages(1);
    expect(message?.envelope.to).toEqual(['real@example.com']);
    expect(message?.parsed.subject).toBe(waitlistConfirmationCopy.en.subject);
    const confirmed = await confirmByLink(confirmLinkOf(message));
    expect(confirmed.status).toBe(200);
    expect(await statusOf('real@example.com')).toBe('confirmed');

    const audit = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'waitlist.confirmation.send'));
    expect(audit.find((row) => row.target === 'real@example.com')).toMatchObject({
      staffEmail: staff.email,
      details: { language: 'en', mode: 'subscriber', queued: true },
    });
  });

  it('sends an address not on the list a "[Test] " copy whose links change nothing', async () => {
    const response = await sendConfirmation({ email: 'outsider@example.com', language: 'en' });
    expect(await response.json()).toEqual({ outcome: 'sent', transport: 'smtp', error: null, mode: 'test' });
    const [message] = await sink.waitForMessages(1);
    expect(message?.parsed.subject).toBe(`[Test] ${waitlistConfirmationCopy.en.subject}`);
    expect(await statusOf('outsider@example.com')).toBeUndefined();

    // Even once the address has joined, the test copy's links neither confirm nor unsubscribe it.
    expect((await joinPublicly('outsider@example.com')).status).toBe(201);
    const confirmed = await confirmByLink(confirmLinkOf(message));
    expect(confirmed.status).toBe(400);
    expect(await errorCodeOf(confirmed)).toBe('invalid_token');
    await sendJson(t.app, {
      method: 'POST',
      path: '/api/waitlist/unsubscribe',
      body: { token: unsubscribeTokenOf(message) },
      headers: { origin: APP_URL },
    });
    expect(await statusOf('outsider@example.com')).toBe('unconfirmed');
  });

  it('holds the confirmation while auto-send is off', async () => {
    await addEntry({ email: 'paused@example.com', minutesAgo: 5 });
    await t.database.db.update(emailSettings).set({ autoSend: false });
    const response = await sendConfirmation({ email: 'paused@example.com', language: 'en' });
    expect(await response.json()).toEqual({
      outcome: 'held',
      transport: 'smtp',
      error: null,
      mode: 'subscriber',
    });
    const queued = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'paused@example.com'));
    expect(queued.map((row) => row.status)).toEqual(['held']);
    // A run of the outbox worker sends whatever is due: the held confirmation is not.
    await drainDueMail({
      db: t.database.db,
      transport: t.mailTransport,
      clock: t.clock,
      logger: t.logger,
      mailFrom: t.config.mailFrom,
    });
    expect(sink.messages).toHaveLength(0);
    const afterRun = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'paused@example.com'));
    expect(afterRun.map((row) => row.status)).toEqual(['held']);
  });

  it('refuses an address that unsubscribed', async () => {
    await addEntry({ email: 'gone@example.com', minutesAgo: 5, status: 'unsubscribed' });
    const response = await sendConfirmation({ email: 'gone@example.com', language: 'en' });
    expect(response.status).toBe(409);
    expect(await errorCodeOf(response)).toBe('unsubscribed_address');
    const queued = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'gone@example.com'));
    expect(queued).toHaveLength(0);
  });

  it('writes in the chosen language', async () => {
    await addEntry({ email: 'deutsch@example.com', minutesAgo: 5, language: 'en' });
    const response = await sendConfirmation({ email: 'deutsch@example.com', language: 'de' });
    expect((await response.json()) as TMailSendResult).toMatchObject({ outcome: 'sent' });
    const [message] = await sink.waitForMessages(1);
    expect(message?.parsed.subject).toBe(waitlistConfirmationCopy.de.subject);
    expect(confirmLinkOf(message).searchParams.get('lang')).toBe('de');
  });

  it('reports the transport error when the mail server refuses it for now, and that it is tried again', async () => {
    await addEntry({ email: 'bounce@example.com', minutesAgo: 5 });
    sink.setFailing(true);
    const response = await sendConfirmation({ email: 'bounce@example.com', language: 'en' });
    const result = (await response.json()) as TMailSendResult;
    expect(result).toMatchObject({ outcome: 'retrying', transport: 'smtp', mode: 'subscriber' });
    expect(result.retryAt).toBeTruthy();
    expect(result.error).toMatch(/451/);
  });

  it('refuses something that is not an e-mail address', async () => {
    const response = await sendConfirmation({ email: 'not an address', language: 'en' });
    expect(response.status).toBe(400);
    expect(await errorCodeOf(response)).toBe('invalid_email');
  });
});
