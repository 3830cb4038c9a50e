import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { simpleParser } from 'mailparser';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink';
import { listUnsubscribeHeaders } from './service';
import { createMailTransport, type OutgoingMail } from './transport';

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
  it('writes a complete .eml file and logs the links of the text part', async () => {
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
      to: 'ada@example.com',
      subject: 'Bitte bestätigen',
      file: path.join(dataDir, 'mail', file ?? ''),
      links: ['https://mirror.test/confirm?token=abc', 'https://mirror.test/unsubscribe?token=u'],
    });
  });
});
