import { Writable } from 'node:stream';
import { asc, eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { emailSettings, mailOutbox } from '../../db/schema/mail';
import { createLogger } from '../../lib/logger';
import { createFakeClock, type FakeClock } from '../../test/fake-clock';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink';
import { createTestCipher } from '../../test/test-cipher';
import { createTestDatabase } from '../../test/test-db';
import {
  deliverNow,
  drainDueMail,
  enqueueListMail,
  enqueueMail,
  enqueueMails,
  getEmailSettings,
  listUnsubscribeHeaders,
  MAIL_CLAIM_LEASE_MS,
  MAIL_MAX_ATTEMPTS,
  type MailDeps,
  type MailMessage,
  processDueMail,
  sealPrivateBody,
  startOutboxWorker,
} from './service';
import { createMailTransport, type MailTransport } from './transport';

let database: DatabaseHandle;
let sink: SmtpSink;
let transport: MailTransport;
let clock: FakeClock;
let deps: MailDeps;

beforeAll(async () => {
  database = await createTestDatabase();
  sink = await startSmtpSink();
  transport = createMailTransport({
    smtpUrl: sink.url,
    dataDir: '/nonexistent',
    logger: createLogger({ level: 'silent' }),
  });
});
afterAll(async () => {
  await transport.close();
  await sink.close();
  await database.close();
});

beforeEach(async () => {
  await database.db.delete(mailOutbox);
  await database.db
    .insert(emailSettings)
    .values({ id: 1 })
    .onConflictDoUpdate({ target: emailSettings.id, set: { globalBcc: null, autoSend: true } });
  sink.messages.length = 0;
  sink.setFailing(false);
  clock = createFakeClock();
  deps = {
    db: database.db,
    transport,
    clock,
    logger: createLogger({ level: 'silent' }),
    mailFrom: 'Mirror <no-reply@mirror.test>',
  };
});

function message(key: string, overrides: Partial<MailMessage> = {}): MailMessage {
  return {
    kind: 'test',
    messageKey: key,
    to: `${key}@example.com`,
    subject: `Subject ${key}`,
    html: `<p>Hello ${key}</p>`,
    text: `Hello ${key}`,
    ...overrides,
  };
}

async function outboxRow(id: string) {
  const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) throw new Error(`no outbox row ${id}`);
  return row;
}

async function outboxRows() {
  return database.db.select().from(mailOutbox).orderBy(asc(mailOutbox.createdAt));
}

describe('enqueueMail', () => {
  it('writes a message once per message key', async () => {
    const first = await enqueueMail(database.db, message('ada', { headers: { 'X-Test': '1' } }));
    const again = await enqueueMail(database.db, message('ada', { subject: 'Changed' }));
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false, status: 'pending' });
    const rows = await outboxRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'test',
      toAddress: 'ada@example.com',
      subject: 'Subject ada',
      headers: { 'X-Test': '1' },
      status: 'pending',
      attempts: 0,
    });
  });

  it('keeps one row when 20 requests enqueue the same key at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => enqueueMail(database.db, message('same'))),
    );
    expect(new Set(results.map((result) => result.id)).size).toBe(1);
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(await outboxRows()).toHaveLength(1);
  });

  it('writes nothing when the surrounding transaction rolls back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueMail(tx, message('rolled-back'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await outboxRows()).toHaveLength(0);
  });
});

describe('enqueueListMail and the e-mail settings', () => {
  it('reads the defaults when the settings row is missing', async () => {
    await database.db.delete(emailSettings);
    expect(await getEmailSettings(database.db)).toEqual({ globalBcc: null, autoSend: true });
  });

  it('is written held while auto-send is off, and nothing claims it', async () => {
    await database.db.update(emailSettings).set({ autoSend: false });
    expect(await enqueueListMail(database.db, message('held'))).toMatchObject({ outcome: 'held' });
    expect((await outboxRows()).map((row) => [row.status, row.listMail])).toEqual([['held', true]]);
  });

  it('merges the global BCC, each address once, never the addressee', async () => {
    await database.db.update(emailSettings).set({ globalBcc: ' Audit@Example.org, second@example.org ' });
    const queued = await enqueueListMail(
      database.db,
      message('bcc', { bcc: ['audit@example.org', 'BCC@example.com', 'extra@example.org'] }),
    );
    if (queued.outcome !== 'queued') throw new Error('expected the mail to be queued');
    expect(queued.created).toBe(true);
    expect((await outboxRow(queued.id)).bcc).toEqual([
      'audit@example.org',
      'extra@example.org',
      'second@example.org',
    ]);
  });

  it('queues without BCC when none is set', async () => {
    const queued = await enqueueListMail(database.db, message('plain'));
    if (queued.outcome !== 'queued') throw new Error('expected the mail to be queued');
    expect((await outboxRow(queued.id)).bcc).toEqual([]);
  });
});

describe('processDueMail', () => {
  it('sends due mail once and marks it sent', async () => {
    const { id } = await enqueueMail(
      database.db,
      message('once', { bcc: ['copy@example.org'], headers: listUnsubscribeHeaders('https://m.test/u?t=1') }),
    );
    await enqueueMail(database.db, message('twice'));

    expect(await processDueMail(deps)).toEqual({ sent: 2, failed: 0 });
    expect(await processDueMail(deps)).toEqual({ sent: 0, failed: 0 });
    expect(sink.messages).toHaveLength(2);

    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lockedUntil: null, sentAt: clock.now() });
    const delivered = sink.messages.find((entry) => entry.parsed.messageId === `<${id}@mirror.test>`);
    if (!delivered) throw new Error('the message did not arrive with the Message-ID of its row');
    expect(delivered.envelope).toEqual({
      from: 'no-reply@mirror.test',
      to: ['once@example.com', 'copy@example.org'],
    });
    expect(delivered.parsed.subject).toBe('Subject once');
    expect(delivered.parsed.from?.value).toEqual([{ name: 'Mirror', address: 'no-reply@mirror.test' }]);
    expect(delivered.raw.toString('utf8')).toContain('List-Unsubscribe: <https://m.test/u?t=1>');
  });

  it('keeps a weekly insight sealed while it waits, opens it to send, then forgets it (decision 045)', async () => {
    const cipher = createTestCipher();
    const insight = await enqueueMail(
      database.db,
      sealPrivateBody(
        cipher,
        message('insight', { kind: 'weekly_insight', text: 'Your week: trust and a quiet talk' }),
      ),
    );
    const other = await enqueueMail(database.db, message('other'));
    const waiting = await outboxRow(insight.id);
    expect(`${waiting.html} ${waiting.textBody}`).not.toMatch(/trust|Hello/);
    // A sender without the key sends the rest and leaves the insight for a retry, still sealed.
    expect(await processDueMail(deps)).toEqual({ sent: 1, failed: 1 });
    expect(await outboxRow(insight.id)).toMatchObject({ status: 'pending', textBody: waiting.textBody });
    clock.advance(60 * 60_000);
    expect(await processDueMail({ ...deps, cipher })).toEqual({ sent: 1, failed: 0 });
    expect(sink.messages.map((entry) => entry.parsed.text?.trim()).sort()).toEqual([
      'Hello other',
      'Your week: trust and a quiet talk',
    ]);
    expect(sink.messages.find((entry) => entry.parsed.text?.includes('Your week'))?.parsed.html).toContain(
      '<p>Hello insight</p>',
    );
    expect(await outboxRow(insight.id)).toMatchObject({ status: 'sent', html: '', textBody: '' });
    expect(await outboxRow(other.id)).toMatchObject({ status: 'sent', textBody: 'Hello other' });
  });

  it('drains a burst in one go, a batch after the other, and stops at a failure', async () => {
    await enqueueMails(
      database.db,
      Array.from({ length: 45 }, (_, index) => message(`burst-${index}`)),
    );
    expect(await drainDueMail(deps)).toEqual({ sent: 45, failed: 0 });
    expect(sink.messages).toHaveLength(45);
    // Written twice, kept once: the same keys again add nothing.
    expect(await enqueueMails(database.db, [message('burst-0'), message('burst-45')])).toBe(1);

    await enqueueMails(
      database.db,
      Array.from({ length: 30 }, (_, index) => message(`down-${index}`)),
    );
    sink.setFailing(true);
    expect(await drainDueMail(deps)).toEqual({ sent: 0, failed: 20 });
    sink.setFailing(false);
    expect(await drainDueMail(deps)).toEqual({ sent: 11, failed: 0 });
  });

  it('logs kind, outbox id and domain, never the full address', async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: 'info', base: undefined },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString('utf8'));
          done();
        },
      }),
    );
    const failed = await enqueueMail(database.db, message('private-person'));
    sink.setFailing(true);
    await processDueMail({ ...deps, logger });
    sink.setFailing(false);
    const sent = await enqueueMail(database.db, message('another-person'));
    expect(await deliverNow({ ...deps, logger }, sent.id)).toBe('sent');

    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toContainEqual(
      expect.objectContaining({
        msg: 'mail send failed',
        kind: 'test',
        outboxId: failed.id,
        toDomain: 'example.com',
      }),
    );
    expect(logged).toContainEqual(
      expect.objectContaining({ msg: 'mail sent', kind: 'test', outboxId: sent.id, toDomain: 'example.com' }),
    );
    expect(lines.join('')).not.toMatch(/private-person@|another-person@/);
  });

  it('retries a failed send after a backoff and delivers it exactly once', async () => {
    const { id } = await enqueueMail(database.db, message('retry'));
    sink.setFailing(true);
    expect(await processDueMail(deps)).toEqual({ sent: 0, failed: 1 });

    const failed = await outboxRow(id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: null });
    expect(failed.lastError).toContain('451');
    const delay = failed.nextAttemptAt.getTime() - clock.now().getTime();
    expect(delay).toBeGreaterThanOrEqual(30_000);
    expect(delay).toBeLessThanOrEqual(33_000);

    sink.setFailing(false);
    expect(await processDueMail(deps)).toEqual({ sent: 0, failed: 0 });
    clock.advance(delay);
    expect(await processDueMail(deps)).toEqual({ sent: 1, failed: 0 });
    expect(await processDueMail(deps)).toEqual({ sent: 0, failed: 0 });
    expect(sink.messages).toHaveLength(1);
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('backs off exponentially and gives up after the maximum attempts', async () => {
    const { id } = await enqueueMail(database.db, message('dead'));
    sink.setFailing(true);
    const delays: number[] = [];
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      expect(await processDueMail(deps)).toEqual({ sent: 0, failed: 1 });
      const row = await outboxRow(id);
      delays.push(row.nextAttemptAt.getTime() - clock.now().getTime());
      clock.advance(2 * 60 * 60_000);
    }
    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: 'dead', attempts: MAIL_MAX_ATTEMPTS, lockedUntil: null });
    expect(row.lastError).toContain('451');
    // Each wait doubles (with up to 10 % jitter) until the one-hour cap.
    expect(delays[1]).toBeGreaterThanOrEqual(60_000);
    expect(delays[5]).toBeGreaterThanOrEqual(16 * 60_000);
    expect(delays[6]).toBeLessThanOrEqual(66 * 60_000);

    sink.setFailing(false);
    expect(await processDueMail(deps)).toEqual({ sent: 0, failed: 0 });
    expect(sink.messages).toHaveLength(0);
  });

  it('reclaims a message whose sender died holding it, once the lease has run out', async () => {
    const stale = await enqueueMail(database.db, message('stale'));
    const held = await enqueueMail(database.db, message('held'));
    const now = clock.now().getTime();
    await database.db
      .update(mailOutbox)
      .set({ status: 'sending', attempts: 1, lockedUntil: new Date(now - 1000) })
      .where(eq(mailOutbox.id, stale.id));
    await database.db
      .update(mailOutbox)
      .set({ status: 'sending', attempts: 1, lockedUntil: new Date(now + MAIL_CLAIM_LEASE_MS) })
      .where(eq(mailOutbox.id, held.id));

    expect(await processDueMail(deps)).toEqual({ sent: 1, failed: 0 });
    expect(await outboxRow(stale.id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await outboxRow(held.id)).toMatchObject({ status: 'sending', attempts: 1 });
    expect(sink.messages.map((entry) => entry.parsed.messageId)).toEqual([`<${stale.id}@mirror.test>`]);
  });

  it('gives up on a message whose sender died on its last attempt', async () => {
    const { id } = await enqueueMail(database.db, message('poison'));
    await database.db
      .update(mailOutbox)
      .set({
        status: 'sending',
        attempts: MAIL_MAX_ATTEMPTS,
        lockedUntil: new Date(clock.now().getTime() - 1000),
        lastError: 'EENVELOPE 451: earlier',
      })
      .where(eq(mailOutbox.id, id));
    expect(await processDueMail(deps)).toEqual({ sent: 0, failed: 0 });
    const row = await outboxRow(id);
    expect(row.status).toBe('dead');
    expect(row.lastError).toMatch(/^EENVELOPE 451: earlier; /);
    expect(sink.messages).toHaveLength(0);
  });

  it('never sends a message twice when several runs compete', async () => {
    const ids = new Set<string>();
    for (let index = 0; index < 30; index++) {
      ids.add((await enqueueMail(database.db, message(`race-${index}`))).id);
    }
    let sent = 0;
    for (let round = 0; round < 10 && sent < ids.size; round++) {
      const results = await Promise.all([
        processDueMail(deps, { batchSize: 7 }),
        processDueMail(deps, { batchSize: 7 }),
        processDueMail(deps, { batchSize: 7 }),
      ]);
      sent += results.reduce((sum, result) => sum + result.sent, 0);
    }
    expect(sent).toBe(30);
    const messageIds = sink.messages.map((entry) => entry.parsed.messageId);
    expect(messageIds).toHaveLength(30);
    expect(new Set(messageIds)).toEqual(new Set([...ids].map((id) => `<${id}@mirror.test>`)));
    const rows = await outboxRows();
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });
});

describe('deliverNow', () => {
  it('sends a message enqueued in a committed transaction, then skips it', async () => {
    const queued = await database.db.transaction((tx) => enqueueListMail(tx, message('now')));
    if (queued.outcome !== 'queued') throw new Error('expected the mail to be queued');
    expect(await deliverNow(deps, queued.id)).toBe('sent');
    expect(await deliverNow(deps, queued.id)).toBe('skipped');
    expect(await processDueMail(deps)).toEqual({ sent: 0, failed: 0 });
    expect(sink.messages).toHaveLength(1);
    expect(await outboxRow(queued.id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('reports a failure and leaves the message to the worker', async () => {
    const { id } = await enqueueMail(database.db, message('later'));
    sink.setFailing(true);
    expect(await deliverNow(deps, id)).toBe('failed');
    expect(await outboxRow(id)).toMatchObject({ status: 'pending', attempts: 1 });
    sink.setFailing(false);
    expect(await deliverNow(deps, id)).toBe('skipped');
    clock.advance(60_000);
    expect(await processDueMail(deps)).toEqual({ sent: 1, failed: 0 });
    expect(sink.messages).toHaveLength(1);
  });

  it('skips a message another sender holds, and ids that do not exist', async () => {
    const { id } = await enqueueMail(database.db, message('held'));
    await database.db
      .update(mailOutbox)
      .set({ status: 'sending', attempts: 1, lockedUntil: new Date(clock.now().getTime() + 60_000) })
      .where(eq(mailOutbox.id, id));
    expect(await deliverNow(deps, id)).toBe('skipped');
    expect(await deliverNow(deps, '00000000-0000-4000-8000-000000000000')).toBe('skipped');
    expect(await deliverNow(deps, 'not-a-uuid')).toBe('skipped');
    expect(sink.messages).toHaveLength(0);
  });

  it('and the worker never both send a message', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 10; index++) {
      ids.push((await enqueueMail(database.db, message(`both-${index}`))).id);
    }
    const [outcomes, run] = await Promise.all([
      Promise.all(ids.map((id) => deliverNow(deps, id))),
      processDueMail(deps),
    ]);
    const sentNow = outcomes.filter((outcome) => outcome === 'sent').length;
    expect(sentNow + run.sent).toBe(10);
    expect(outcomes.filter((outcome) => outcome === 'skipped')).toHaveLength(10 - sentNow);
    expect(sink.messages).toHaveLength(10);
  });
});

describe('startOutboxWorker', () => {
  it('sends queued mail in the background until stopped', async () => {
    const worker = startOutboxWorker({ ...deps, intervalMs: 20 });
    try {
      await enqueueMail(database.db, message('background'));
      const [delivered] = await sink.waitForMessages(1);
      expect(delivered?.parsed.subject).toBe('Subject background');
    } finally {
      await worker.stop();
    }
    expect(worker.name).toBe('mail-outbox');
  });
});

describe('listUnsubscribeHeaders', () => {
  it('gives the RFC 8058 one-click pair', () => {
    expect(listUnsubscribeHeaders('https://mirror.test/unsubscribe?token=t')).toEqual({
      'List-Unsubscribe': '<https://mirror.test/unsubscribe?token=t>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});
