import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerError } from 'smtp-server';

/** One message the sink accepted: the SMTP envelope (BCC recipients show up only here), parsed and raw. */
export type ParsedMessage = {
  envelope: { from: string; to: string[] };
  parsed: ParsedMail;
  raw: Buffer;
  /** When its terminating dot arrived (Date.now()). */
  receivedAt: number;
};

export type SmtpSink = {
  /** `smtp://127.0.0.1:<port>`: pass it as SMTP_URL / `smtpUrl`. */
  url: string;
  /** Every accepted message, in arrival order. A message is here before the client gets its 250 reply. */
  messages: ParsedMessage[];
  /** Resolves once at least `count` messages have arrived; rejects after `timeoutMs`. */
  waitForMessages(count: number, timeoutMs?: number): Promise<ParsedMessage[]>;
  /** While failing, every RCPT TO and DATA is refused with a 451 temporary error (to test retries). */
  setFailing(fail: boolean): void;
  /** RCPT TO for these addresses (any case) is refused for good: 550 5.1.1 User unknown (to test bounces). */
  setUnknownUsers(addresses: readonly string[]): void;
  /** Waits this long after a message's terminating dot before keeping and answering it (messages in flight). */
  setReplyDelay(ms: number): void;
  close(): Promise<void>;
};

/**
 * An in-process SMTP server for tests: no auth, no TLS, on a free port of 127.0.0.1. Close the mail
 * transport (its pooled connections) before closing the sink, or `close()` waits up to a second for them.
 */
export async function startSmtpSink(
  options: {
    failing?: boolean;
    port?: number;
    /** Called the moment a message's terminating dot arrives, before it is kept and answered. */
    onMessageEnd?: (count: number) => void;
  } = {},
): Promise<SmtpSink> {
  let ended = 0;
  const messages: ParsedMessage[] = [];
  const waiters = new Set<() => void>();
  let failing = options.failing ?? false;
  let unknownUsers = new Set<string>();
  let replyDelayMs = 0;

  const temporaryFailure = (): SMTPServerError =>
    Object.assign(new Error('Temporary failure (test sink is failing)'), { responseCode: 451 });

  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    disableReverseLookup: true,
    closeTimeout: 1000,
    onRcptTo(address, _session, callback) {
      if (unknownUsers.has(address.address.toLowerCase())) {
        callback(Object.assign(new Error('5.1.1 User unknown'), { responseCode: 550 }));
        return;
      }
      callback(failing ? temporaryFailure() : null);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const receivedAt = Date.now();
        ended += 1;
        options.onMessageEnd?.(ended);
        if (failing) {
          callback(temporaryFailure());
          return;
        }
        const raw = Buffer.concat(chunks);
        const keep = replyDelayMs > 0 ? sleep(replyDelayMs).then(() => simpleParser(raw)) : simpleParser(raw);
        keep.then(
          (parsed) => {
            const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
            messages.push({
              envelope: { from, to: session.envelope.rcptTo.map((rcpt) => rcpt.address) },
              parsed,
              raw,
              receivedAt,
            });
            for (const wake of waiters) wake();
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });

  server.listen(options.port ?? 0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMessages(count, timeoutMs = 40_000) {
      if (messages.length >= count) return Promise.resolve(messages.slice());
      return new Promise((resolve, reject) => {
        const wake = () => {
          if (messages.length < count) return;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(messages.slice());
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(
            new Error(`SMTP sink: expected ${count} messages within ${timeoutMs} ms, got ${messages.length}`),
          );
        }, timeoutMs);
        waiters.add(wake);
      });
    },
    setFailing(fail) {
      failing = fail;
    },
    setUnknownUsers(addresses) {
      unknownUsers = new Set(addresses.map((address) => address.toLowerCase()));
    },
    setReplyDelay(ms) {
      replyDelayMs = ms;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A header exactly as sent (mailparser folds some, such as List-*, into objects). Unfolded, without the name. */
export function rawHeader(message: ParsedMessage, name: string): string | undefined {
  const line = message.parsed.headerLines.find((header) => header.key === name.toLowerCase())?.line;
  return line
    ?.slice(line.indexOf(':') + 1)
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();
}
