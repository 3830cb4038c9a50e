import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { maskSecret } from '@shared/domain/admin';
import { createTransport, type SendMailOptions } from 'nodemailer';
import type { Logger } from '../../lib/logger';

/** A message ready for the wire. `bcc` goes into the SMTP envelope only, never into the headers. */
export type OutgoingMail = {
  from: string;
  to: string;
  bcc: string[];
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  messageId: string;
};

/** How a message leaves: an SMTP server, a file in DATA_DIR/mail, or the e-mail provider's HTTP API. */
export type MailTransportKind = 'smtp' | 'file' | 'provider';

export type MailTransport = {
  /**
   * The way the next `send` will go. Asynchronous because the provider-aware transport decides by whether a
   * provider key is stored; `refresh` looks the key up again instead of using the cached answer (after staff
   * change the key, and for the test e-mail).
   */
  describe(options?: { refresh?: boolean }): Promise<MailTransportKind>;
  /** Resolves once the message is handed over; rejects when it was not (the outbox then retries). */
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
};

/** A transport that always goes the same way (`kind`): what `createMailTransport` makes from SMTP_URL. */
export type FixedMailTransport = MailTransport & { readonly kind: 'smtp' | 'file' };

// Nodemailer's defaults (2 min to connect, 10 min of silence) would outlive the outbox's 5-minute claim
// lease, so a hung server could let a second worker send the same message.
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** SMTP (pooled) when `smtpUrl` is set; otherwise each message is written to `DATA_DIR/mail` as an .eml file. */
export function createMailTransport(options: {
  smtpUrl: string | undefined;
  dataDir: string;
  logger: Logger;
}): FixedMailTransport {
  return options.smtpUrl
    ? createSmtpTransport(options.smtpUrl)
    : createFileTransport({ dir: path.join(options.dataDir, 'mail'), logger: options.logger });
}

export function toSendMailOptions(mail: OutgoingMail): SendMailOptions {
  return {
    from: mail.from,
    to: mail.to,
    bcc: mail.bcc.length > 0 ? mail.bcc : undefined,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    headers: mail.headers,
    messageId: mail.messageId,
  };
}

function createSmtpTransport(url: string): FixedMailTransport {
  const transporter = createTransport({ url, pool: true, maxConnections: 3, ...SMTP_TIMEOUTS });
  return {
    kind: 'smtp',
    describe: async () => 'smtp',
    async send(mail) {
      const info = await transporter.sendMail(toSendMailOptions(mail));
      // The server may refuse some recipients and still take the message; losing a BCC copy is tolerable,
      // losing the addressee is a failed send.
      const rejected = (info.rejected ?? []).map((address) => String(address).toLowerCase());
      if (rejected.includes(mail.to.toLowerCase())) {
        throw new Error(`SMTP server refused the recipient: ${info.response ?? 'no response'}`);
      }
    },
    async close() {
      transporter.close();
    },
  };
}

function fileStamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace('.', '');
}

/** For development without a mail server: real MIME messages on disk (the log names each file). */
function createFileTransport(options: { dir: string; logger: Logger }): FixedMailTransport {
  const transporter = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'file',
    describe: async () => 'file',
    async send(mail) {
      const info = await transporter.sendMail(toSendMailOptions(mail));
      if (!Buffer.isBuffer(info.message)) throw new Error('stream transport returned no buffer');
      // The Message-ID starts with the outbox id, so the file name points back to the row.
      const shortId = /^<?([A-Za-z0-9]{8})/.exec(mail.messageId)?.[1] ?? randomBytes(4).toString('hex');
      const file = path.join(options.dir, `${fileStamp(new Date())}-${shortId}.eml`);
      await fs.mkdir(options.dir, { recursive: true });
      await fs.writeFile(file, info.message, { flag: 'wx' });
      // The links carry tokens and the address is personal: the log names only the file that holds them.
      options.logger.info(
        { toDomain: mail.to.split('@').pop(), bcc: mail.bcc.length, subject: mail.subject, file },
        'mail written to a file (SMTP_URL is not set)',
      );
    },
    async close() {
      transporter.close();
    },
  };
}

/**
 * How long a provider-aware transport trusts its last key lookup. Other app processes see a new or removed
 * key within this time; the process where staff changed it sees it at once (the routes refresh it).
 */
export const PROVIDER_KEY_CACHE_MS = 5000;
// Below the outbox's 5-minute claim lease, like the SMTP timeouts.
const PROVIDER_TIMEOUT_MS = 30_000;
const PROVIDER_MESSAGE_MAX_LENGTH = 300;

/**
 * Sends through the e-mail provider's HTTP API (Resend's `POST /emails`) while a provider key is stored,
 * and through `fallback` (SMTP or files) while none is. `readKey` is asked at most once per `keyCacheMs`
 * (and once at a time), so a large campaign does not read and decrypt the key for every message.
 */
export function createProviderAwareTransport(options: {
  fallback: MailTransport;
  readKey: () => Promise<string | null>;
  apiUrl: string;
  fetch?: typeof fetch;
  keyCacheMs?: number;
}): MailTransport {
  const fetchFn = options.fetch ?? fetch;
  const keyCacheMs = options.keyCacheMs ?? PROVIDER_KEY_CACHE_MS;
  const endpoint = `${options.apiUrl.replace(/\/+$/, '')}/emails`;
  let cached: { key: string | null; until: number } | undefined;
  let inFlight: Promise<string | null> | undefined;
  let generation = 0;

  const lookUp = (): Promise<string | null> => {
    generation += 1;
    const own = generation;
    // A slower, older lookup must not overwrite the answer of a newer one. A failed lookup forgets the last
    // answer too, so no message goes the old way after the key was found unreadable.
    const lookup = options.readKey().then(
      (key) => {
        if (own === generation) cached = { key, until: performance.now() + keyCacheMs };
        return key;
      },
      (error: unknown) => {
        if (own === generation) cached = undefined;
        throw error;
      },
    );
    inFlight = lookup;
    const settled = () => {
      if (inFlight === lookup) inFlight = undefined;
    };
    lookup.then(settled, settled);
    return lookup;
  };

  const currentKey = (refresh = false): Promise<string | null> => {
    if (refresh) return lookUp();
    if (cached && performance.now() < cached.until) return Promise.resolve(cached.key);
    return inFlight ?? lookUp();
  };

  return {
    async describe(describeOptions) {
      return (await currentKey(describeOptions?.refresh)) === null ? options.fallback.describe() : 'provider';
    },
    async send(mail) {
      const key = await currentKey();
      if (key === null) return options.fallback.send(mail);
      await sendToProvider({ endpoint, fetchFn, key, mail });
    },
    close: () => options.fallback.close(),
  };
}

async function sendToProvider(input: {
  endpoint: string;
  fetchFn: typeof fetch;
  key: string;
  mail: OutgoingMail;
}): Promise<void> {
  const { mail, key } = input;
  const body = {
    from: mail.from,
    to: [mail.to],
    ...(mail.bcc.length > 0 ? { bcc: mail.bcc } : {}),
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    headers: mail.headers,
  };
  let response: Response;
  try {
    response = await input.fetchFn(input.endpoint, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        // The provider sends a retried message (same outbox row, same Message-ID) only once.
        'idempotency-key': mail.messageId.replace(/^<|>$/g, ''),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
  } catch (error) {
    const cause = (error as Error & { cause?: { code?: unknown } }).cause?.code;
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`mail provider not reachable: ${reason}${cause ? ` (${String(cause)})` : ''}`);
  }
  if (response.ok) {
    await response.body?.cancel();
    return;
  }
  const detail = await providerMessage(response);
  const message = `mail provider answered ${response.status}${detail ? `: ${detail}` : ''}`;
  // Providers do not quote the key back, but an error text ends up in logs and in front of staff.
  throw new Error(message.replaceAll(key, maskSecret(key)));
}

/** The `message` of the provider's JSON error body (Resend: `{ statusCode, name, message }`), else its text. */
async function providerMessage(response: Response): Promise<string> {
  const text = (await response.text().catch(() => '')).trim();
  let message = text;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && 'message' in parsed) {
      message = String(parsed.message);
    }
  } catch {
    // Not JSON: keep the text.
  }
  return (message || response.statusText).slice(0, PROVIDER_MESSAGE_MAX_LENGTH);
}
