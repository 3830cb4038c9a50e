import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { simpleParser } from 'mailparser';
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../lib/logger';
import { type ProviderSink, startProviderSink } from '../../test/provider-sink';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink';
import { listUnsubscribeHeaders } from './service';
import { createMailTransport, createProviderAwareTransport, type OutgoingMail } from './transport';

const silent = createLogger({ level: 'silent' });
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function sinkForTest(): Promise<SmtpSink> {
  const sink = await startSmtpSink();
  cleanups.push(() => sink.close());
  return sink;
}

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirror-mail-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const mail: OutgoingMail = {
  from: 'Mirror <no-reply@mirror.test>',
  to: 'ada@example.com',
  bcc: ['audit@example.org'],
  subject: 'Bitte bestätigen',
  html: '<p>Hello <a href="https://mirror.test/confirm?token=abc">confirm</a></p>',
  text: 'Hello. Confirm: https://mirror.test/confirm?token=abc\nLeave: https://mirror.test/unsubscribe?token=u',
  headers: listUnsubscribeHeaders('https://mirror.test/unsubscribe?token=u'),
  messageId: '<0b7c6a1e-9f2d-4c57-8d0e-2f1a3b4c5d6e@mirror.test>',
};

describe('SMTP transport', () => {
  it('delivers the message with its headers; BCC recipients are in the envelope only', async () => {
    const sink = await sinkForTest();
    const transport = createMailTransport({ smtpUrl: sink.url, dataDir: tempDir(), logger: silent });
    expect(transport.kind).toBe('smtp');
    await transport.send(mail);
    await transport.close();

    const [message] = await sink.waitForMessages(1);
    if (!message) throw new Error('no message');
    expect(message.envelope.from).toBe('no-reply@mirror.test');
    expect(message.envelope.to).toEqual(['ada@example.com', 'audit@example.org']);
    expect(message.parsed.subject).toBe('Bitte bestätigen');
    expect(message.parsed.messageId).toBe(mail.messageId);
    expect(message.parsed.text).toContain('https://mirror.test/confirm?token=abc');
    expect(message.parsed.html).toContain('href="https://mirror.test/confirm?token=abc"');
    expect(message.parsed.bcc).toBeUndefined();
    const raw = message.raw.toString('utf8');
    expect(raw).toMatch(/^List-Unsubscribe: <https:\/\/mirror\.test\/unsubscribe\?token=u>\r?$/m);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(raw).not.toMatch(/^bcc:/im);
    expect(raw).not.toContain('audit@example.org');
  });

  it('rejects when the server refuses the message, so the outbox can retry', async () => {
    const sink = await sinkForTest();
    sink.setFailing(true);
    const transport = createMailTransport({ smtpUrl: sink.url, dataDir: tempDir(), logger: silent });
    cleanups.push(() => transport.close());
    await expect(transport.send(mail)).rejects.toMatchObject({ responseCode: 451 });
    sink.setFailing(false);
    await transport.send(mail);
    expect(sink.messages).toHaveLength(1);
  });
});

describe('file transport', () => {
  it('writes a complete .eml file and logs where, without the links or the address', async () => {
    const dataDir = tempDir();
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
    const transport = createMailTransport({ smtpUrl: undefined, dataDir, logger });
    expect(transport.kind).toBe('file');
    await transport.send(mail);
    await transport.close();

    const files = fs.readdirSync(path.join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    const [file] = files;
    expect(file).toMatch(/^\d{8}T\d{9}Z-0b7c6a1e\.eml$/);
    const raw = fs.readFileSync(path.join(dataDir, 'mail', file ?? ''));
    const parsed = await simpleParser(raw);
    expect(parsed.subject).toBe('Bitte bestätigen');
    expect(parsed.messageId).toBe(mail.messageId);
    expect(parsed.from?.value).toEqual([{ name: 'Mirror', address: 'no-reply@mirror.test' }]);
    expect(parsed.text).toContain('https://mirror.test/confirm?token=abc');
    expect(raw.toString('utf8')).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);

    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      toDomain: 'example.com',
      subject: 'Bitte bestätigen',
      file: path.join(dataDir, 'mail', file ?? ''),
    });
    // The links carry tokens, and the address is a person's: neither goes into the log.
    expect(lines.join('')).not.toMatch(/token=|ada@/);
  });
});

describe('provider-aware transport', () => {
  const KEY = 're_test_0123456789abcdef';

  async function providerForTest(): Promise<ProviderSink> {
    const provider = await startProviderSink();
    cleanups.push(() => provider.close());
    return provider;
  }

  /** A transport over a real SMTP sink whose key store is a variable; `reads` counts the lookups. */
  async function setup(options: { key: string | null; keyCacheMs?: number }) {
    const smtp = await sinkForTest();
    const provider = await providerForTest();
    const store = { key: options.key, reads: 0, failure: undefined as Error | undefined };
    const transport = createProviderAwareTransport({
      fallback: createMailTransport({ smtpUrl: smtp.url, dataDir: tempDir(), logger: silent }),
      readKey: async () => {
        store.reads += 1;
        if (store.failure) throw store.failure;
        return store.key;
      },
      apiUrl: `${provider.url}/`,
      keyCacheMs: options.keyCacheMs,
    });
    cleanups.push(() => transport.close());
    return { smtp, provider, store, transport };
  }

  it("posts Resend's JSON shape with the bearer key and an idempotency key while a key is set", async () => {
    const { smtp, provider, transport } = await setup({ key: KEY });
    expect(await transport.describe()).toBe('provider');
    await transport.send(mail);
    await transport.send({ ...mail, bcc: [] });

    const [withBcc, withoutBcc] = provider.requests;
    expect(withBcc).toMatchObject({ method: 'POST', path: '/emails' });
    expect(withBcc?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(withBcc?.headers['content-type']).toBe('application/json');
    expect(withBcc?.headers['idempotency-key']).toBe('0b7c6a1e-9f2d-4c57-8d0e-2f1a3b4c5d6e@mirror.test');
    expect(withBcc?.body).toEqual({
      from: mail.from,
      to: ['ada@example.com'],
      bcc: ['audit@example.org'],
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      headers: mail.headers,
    });
    expect(withoutBcc?.body).not.toHaveProperty('bcc');
    expect(smtp.messages).toHaveLength(0);
  });

  it('uses the fallback while no key is set', async () => {
    const { smtp, provider, transport } = await setup({ key: null });
    expect(await transport.describe()).toBe('smtp');
    await transport.send(mail);
    expect(smtp.messages).toHaveLength(1);
    expect(provider.requests).toHaveLength(0);
  });

  it("rejects a non-2xx answer with the status and the provider's message, never the key", async () => {
    const { provider, transport } = await setup({ key: KEY });
    provider.respondWith(422, {
      statusCode: 422,
      name: 'validation_error',
      message: `Bad key ${KEY} or sender`,
    });
    const failure = transport.send(mail);
    await expect(failure).rejects.toThrow(/^mail provider answered 422: Bad key re_•+cdef or sender$/);
    await expect(failure).rejects.not.toThrow(KEY);
    provider.respondWith(503, 'upstream down');
    await expect(transport.send(mail)).rejects.toThrow('mail provider answered 503: upstream down');
  });

  it('rejects when the provider cannot be reached', async () => {
    const { provider, transport } = await setup({ key: KEY });
    await provider.close();
    await expect(transport.send(mail)).rejects.toThrow(/^mail provider not reachable: .*ECONNREFUSED/);
  });

  it('reads the key once per cache period, also for many messages at once, then sees a change', async () => {
    // The cache period runs on performance.now(), which only the test moves here (timers stay real).
    vi.useFakeTimers({ toFake: ['performance'] });
    cleanups.push(() => {
      vi.useRealTimers();
    });
    const { smtp, provider, store, transport } = await setup({ key: KEY, keyCacheMs: 1500 });
    await Promise.all(
      Array.from({ length: 25 }, (_, i) => transport.send({ ...mail, messageId: `<m${i}@t>` })),
    );
    expect(store.reads).toBe(1);
    expect(provider.requests).toHaveLength(25);

    store.key = null;
    await transport.send(mail);
    expect(provider.requests).toHaveLength(26);
    vi.advanceTimersByTime(1600);
    await transport.send(mail);
    expect(store.reads).toBe(2);
    expect(smtp.messages).toHaveLength(1);
  });

  it('looks the key up again at once when asked to refresh', async () => {
    const { store, transport } = await setup({ key: null });
    expect(await transport.describe()).toBe('smtp');
    store.key = KEY;
    expect(await transport.describe()).toBe('smtp');
    expect(await transport.describe({ refresh: true })).toBe('provider');
    expect(await transport.describe()).toBe('provider');
  });

  it('fails the send when the key cannot be read, without sending another way, and tries again next time', async () => {
    const { smtp, provider, store, transport } = await setup({ key: KEY });
    store.failure = new Error('the stored e-mail provider key cannot be decrypted');
    await expect(transport.send(mail)).rejects.toThrow('cannot be decrypted');
    store.failure = undefined;
    await transport.send(mail);
    expect(store.reads).toBe(2);
    expect(provider.requests).toHaveLength(1);
    expect(smtp.messages).toHaveLength(0);
  });

  it('forgets the cached answer when a lookup fails, so nothing goes the old way meanwhile', async () => {
    const { smtp, store, transport } = await setup({ key: null });
    expect(await transport.describe()).toBe('smtp');
    store.failure = new Error('database unavailable');
    await expect(transport.describe({ refresh: true })).rejects.toThrow('database unavailable');
    await expect(transport.send(mail)).rejects.toThrow('database unavailable');
    expect(smtp.messages).toHaveLength(0);
  });
});
