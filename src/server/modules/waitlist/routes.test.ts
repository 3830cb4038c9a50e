import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailSettings, mailOutbox } from '../../db/schema/mail';
import { waitingList } from '../../db/schema/waitlist';
import { type ParsedMessage, rawHeader, type SmtpSink, startSmtpSink } from '../../test/smtp-sink';
import { createTestApp, errorCodeOf, sendJson, type TestContext } from '../../test/test-app';
import { processDueMail } from '../mail/service';
import { WAITLIST_RATE_LIMITS } from './routes';

let sink: SmtpSink;
let t: TestContext;
let ipCounter = 0;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({
    env: { SMTP_URL: sink.url, TRUST_PROXY: 'true', APP_URL: 'https://mirror.test' },
  });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});
beforeEach(async () => {
  sink.setFailing(false);
  await t.database.db.update(emailSettings).set({ autoSend: true, globalBcc: null });
});
afterEach(() => {
  sink.messages.length = 0;
});

/** Each call comes from its own address unless told otherwise, so the per-IP limits stay out of the way. */
function join(
  body: Partial<{ email: string; consent: boolean; website: string; language: 'en' | 'de' }>,
  ip?: string,
) {
  ipCounter += 1;
  return sendJson(t.app, {
    method: 'POST',
    path: '/api/waitlist',
    body: { email: 'ada@example.com', consent: true, website: '', language: 'en', ...body },
    headers: { 'x-forwarded-for': ip ?? `198.51.100.${ipCounter % 250}`, 'user-agent': 'vitest/4' },
  });
}

function linkIn(message: ParsedMessage, pattern: RegExp): URL {
  const match = (message.parsed.text ?? '').match(pattern);
  if (!match) throw new Error(`no link matching ${pattern} in:\n${message.parsed.text}`);
  return new URL(match[0]);
}

const confirmLink = (message: ParsedMessage) =>
  linkIn(message, /https:\/\/mirror\.test\/gdpr-confirmation\?\S+/);
const unsubscribePage = (message: ParsedMessage) => linkIn(message, /https:\/\/mirror\.test\/byebye\?\S+/);

async function rowOf(email: string) {
  const [row] = await t.database.db.select().from(waitingList).where(eq(waitingList.email, email));
  return row;
}

describe('joining', () => {
  it('stores the entry with proof of consent and sends the double opt-in mail in German, with BCC and one-click headers', async () => {
    await t.database.db.update(emailSettings).set({ globalBcc: 'archive@mirror.test' });
    const response = await join({ email: '  Grete.Muster@Example.DE ', language: 'de' });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ result: 'confirmation_sent' });

    const row = await rowOf('grete.muster@example.de');
    expect(row).toMatchObject({ status: 'unconfirmed', language: 'de', consentTextVersion: '2026-11-22' });
    expect(row?.consentAt).toEqual(t.clock.now());
    expect(row?.consentUserAgent).toBe('vitest/4');
    expect(row?.consentIpHash).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(row?.consentIpHash).not.toContain('198.51.100');

    const [message] = await sink.waitForMessages(1);
    if (!message) throw new Error('no message');
    expect(message.envelope.to).toEqual(['grete.muster@example.de', 'archive@mirror.test']);
    expect(message.parsed.subject).toMatch(/Warteliste|bestätig/i);
    expect(rawHeader(message, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(rawHeader(message, 'list-unsubscribe')).toMatch(
      /^<https:\/\/mirror\.test\/api\/waitlist\/unsubscribe\/one-click\?token=[\w.%-]+>$/,
    );
    const link = confirmLink(message);
    expect(link.searchParams.get('email')).toBe('grete.muster@example.de');
    expect(link.searchParams.get('token')).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(message.parsed.html).toContain(link.searchParams.get('token'));
  });

  it('checks in the order of spec §5 and answers with the matching code', async () => {
    const cases: [Parameters<typeof join>[0], number, string][] = [
      [{ website: 'http://spam', consent: false, email: 'bad' }, 400, 'somethingWrong'],
      [{ consent: false, email: 'bad' }, 400, 'consent'],
      [{ email: '   ' }, 400, 'emailRequired'],
      [{ email: 'no spaces@example.com' }, 400, 'invalidEmail'],
    ];
    for (const [body, status, code] of cases) {
      const response = await join(body);
      expect(response.status, code).toBe(status);
      expect(await errorCodeOf(response)).toBe(code);
    }
    expect(sink.messages).toHaveLength(0);
  });

  it('rejects a malformed body with a validation error', async () => {
    const response = await sendJson(t.app, { method: 'POST', path: '/api/waitlist', body: { email: 3 } });
    expect(response.status).toBe(400);
    expect(await errorCodeOf(response)).toBe('validation');
  });

  it('answers alreadyOnList for an address already on the list, whatever its case', async () => {
    expect((await join({ email: 'twice@example.com' })).status).toBe(201);
    const again = await join({ email: 'TWICE@example.com' });
    expect(again.status).toBe(409);
    expect(await errorCodeOf(again)).toBe('alreadyOnList');
  });

  it('keeps exactly one row when 20 joins of one address arrive at once', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => join({ email: 'rush@example.com' })),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    // The rest are already on the list, or past the three attempts an address gets per hour.
    expect(statuses.filter((status) => status !== 201 && status !== 409 && status !== 429)).toEqual([]);
    const rows = await t.database.db
      .select()
      .from(waitingList)
      .where(eq(waitingList.email, 'rush@example.com'));
    expect(rows).toHaveLength(1);
    await sink.waitForMessages(1);
    expect(sink.messages.filter((message) => message.envelope.to.includes('rush@example.com'))).toHaveLength(
      1,
    );
  });

  it('shows the normal success and holds the confirmation while auto-send is off', async () => {
    await t.database.db.update(emailSettings).set({ autoSend: false });
    const response = await join({ email: 'paused@example.com' });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ result: 'held' });
    expect(await rowOf('paused@example.com')).toMatchObject({ status: 'unconfirmed' });
    const queued = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'paused@example.com'));
    expect(queued.map((row) => row.status)).toEqual(['held']);
    expect(sink.messages).toHaveLength(0);
  });

  it('says the e-mail failed while SMTP is down, then delivers it exactly once after a retry', async () => {
    sink.setFailing(true);
    const response = await join({ email: 'later@example.com' });
    expect(await response.json()).toEqual({ result: 'confirmation_failed' });
    const [queued] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'later@example.com'));
    expect(queued).toMatchObject({ status: 'pending', attempts: 1 });

    sink.setFailing(false);
    const deps = {
      db: t.database.db,
      transport: t.mailTransport,
      clock: t.clock,
      logger: t.logger,
      mailFrom: t.config.mailFrom,
    };
    expect(await processDueMail(deps)).toEqual({ sent: 0, failed: 0 });
    t.clock.advance(60_000);
    expect(await processDueMail(deps)).toEqual({ sent: 1, failed: 0 });
    expect(await processDueMail(deps)).toEqual({ sent: 0, failed: 0 });
    expect(sink.messages.filter((message) => message.envelope.to.includes('later@example.com'))).toHaveLength(
      1,
    );
  });
});

describe('rate limits (kept in the database)', () => {
  it('lets many different people join from one address (a campus, a carrier NAT, an event Wi-Fi)', async () => {
    const ip = '203.0.113.9';
    const people = 60;
    for (let person = 0; person < people; person += 1) {
      const response = await join({ email: `crowd-${person}@example.com` }, ip);
      expect(response.status, `person ${person}`).toBe(201);
    }
  });

  it('holds one network to its hourly budget, whatever the addresses', async () => {
    const { limit } = WAITLIST_RATE_LIMITS.perNetworkHourly;
    for (let attempt = 0; attempt < limit; attempt += 1) {
      const response = await join({ email: `not an address ${attempt}` }, `192.0.2.${attempt % 250}`);
      expect(response.status).toBe(400);
    }
    const over = await join({ email: 'late@example.com' }, '192.0.2.251');
    expect(over.status).toBe(429);
    expect(await errorCodeOf(over)).toBe('tooManyAttempts');
    // Another network is not affected.
    expect((await join({ email: 'late@example.com' }, '192.0.3.1')).status).toBe(201);
  });

  it('allows three attempts an hour for one address, from anywhere', async () => {
    for (let i = 0; i < 3; i++) await join({ email: 'same@example.com' });
    const fourth = await join({ email: 'same@example.com' });
    expect(fourth.status).toBe(429);
    expect(await errorCodeOf(fourth)).toBe('tooManyAttempts');
    t.clock.advance(60 * 60_000);
    expect((await join({ email: 'same@example.com' })).status).toBe(409);
  });

  it('does not count a filled honeypot or a missing consent', async () => {
    const ip = '203.0.113.77';
    await join({ website: 'x' }, ip);
    await join({ consent: false }, ip);
    expect((await join({ email: 'honest@example.com' }, ip)).status).toBe(201);
  });
});

describe('confirming and unsubscribing', () => {
  /** Joins and returns the confirmation mail (sent before the join request answers). */
  async function joined(email: string) {
    expect((await join({ email })).status).toBe(201);
    const message = sink.messages.findLast((m) => m.envelope.to.includes(email));
    if (!message) throw new Error(`no mail to ${email}`);
    return message;
  }

  function confirm(link: URL, overrides: Partial<{ email: string; token: string }> = {}) {
    return sendJson(t.app, {
      method: 'POST',
      path: '/api/waitlist/confirm',
      body: { email: link.searchParams.get('email'), token: link.searchParams.get('token'), ...overrides },
    });
  }

  it('confirms with the link from the mail, by POST, once and idempotently', async () => {
    const message = await joined('confirm-me@example.com');
    const link = confirmLink(message);
    expect((await t.app.request(`${link.pathname}${link.search}`)).status).toBe(404);
    expect(await rowOf('confirm-me@example.com')).toMatchObject({ status: 'unconfirmed', confirmedAt: null });

    const response = await confirm(link);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'confirmed' });
    const row = await rowOf('confirm-me@example.com');
    expect(row).toMatchObject({ status: 'confirmed' });
    expect(row?.confirmedAt).toEqual(t.clock.now());
    expect((await confirm(link)).status).toBe(200);
  });

  it('rejects forged, altered, misaddressed and expired confirmation tokens', async () => {
    const link = confirmLink(await joined('careful@example.com'));
    const token = link.searchParams.get('token') ?? '';
    const [body, signature] = token.split('.') as [string, string];
    const forgedBody = Buffer.from(JSON.stringify({ id: 'someone-else', exp: 4e12 })).toString('base64url');
    for (const bad of [
      `${forgedBody}.${signature}`,
      `${body}.${signature.slice(0, -3)}abc`,
      'nonsense',
      '',
    ]) {
      const response = await confirm(link, { token: bad });
      expect(response.status, bad).toBe(400);
      expect(await errorCodeOf(response)).toBe('invalid_token');
    }
    expect((await confirm(link, { email: 'someone-else@example.com' })).status).toBe(400);
    t.clock.advance(31 * 24 * 3600_000);
    expect((await confirm(link)).status).toBe(400);
    expect(await rowOf('careful@example.com')).toMatchObject({ status: 'unconfirmed' });
  });

  it('unsubscribes in one click from the List-Unsubscribe header, without a login or an Origin', async () => {
    const message = await joined('one-click@example.com');
    const target = (rawHeader(message, 'list-unsubscribe') ?? '').slice(1, -1);
    const url = new URL(target);
    const response = await t.app.request(`${url.pathname}${url.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);
    const row = await rowOf('one-click@example.com');
    expect(row).toMatchObject({ status: 'unsubscribed' });
    expect(row?.unsubscribedAt).toEqual(t.clock.now());
  });

  it('unsubscribes from the page linked in every mail, and an old confirmation link cannot subscribe again', async () => {
    const message = await joined('leaving@example.com');
    const page = unsubscribePage(message);
    const response = await sendJson(t.app, {
      method: 'POST',
      path: '/api/waitlist/unsubscribe',
      body: { token: page.searchParams.get('token') },
    });
    expect(response.status).toBe(200);
    expect(await rowOf('leaving@example.com')).toMatchObject({ status: 'unsubscribed' });
    expect((await confirm(confirmLink(message))).status).toBe(400);
    expect(await rowOf('leaving@example.com')).toMatchObject({ status: 'unsubscribed' });

    t.clock.advance(10_000);
    expect((await join({ email: 'leaving@example.com' })).status).toBe(201);
    expect(await rowOf('leaving@example.com')).toMatchObject({ status: 'unconfirmed', unsubscribedAt: null });
  });

  it('rejects forged unsubscribe tokens, and a confirmation token is not an unsubscribe token', async () => {
    const message = await joined('stays@example.com');
    const confirmToken = confirmLink(message).searchParams.get('token');
    for (const token of ['forged.token', confirmToken]) {
      const response = await sendJson(t.app, {
        method: 'POST',
        path: '/api/waitlist/unsubscribe',
        body: { token },
      });
      expect(response.status).toBe(400);
    }
    const oneClick = await t.app.request('/api/waitlist/unsubscribe/one-click?token=forged.token', {
      method: 'POST',
    });
    expect(oneClick.status).toBe(400);
    expect(await rowOf('stays@example.com')).toMatchObject({ status: 'unconfirmed' });
  });
});
