import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
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

export type MailTransport = {
  kind: 'smtp' | 'file';
  /** Resolves once the message is handed over; rejects when it was not (the outbox then retries). */
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
};

// Nodemailer's defaults (2 min to connect, 10 min of silence) would outlive the outbox's 5-minute claim
// lease, so a hung server could let a second worker send the same message.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
const LINK = /https?:\/\/[^\s<>"'\])]+/g;

/** SMTP (pooled) when `smtpUrl` is set; otherwise each message is written to `DATA_DIR/mail` as an .eml file. */
export function createMailTransport(options: {
  smtpUrl: string | undefined;
  dataDir: string;
  logger: Logger;
}): MailTransport {
  return options.smtpUrl
    ? createSmtpTransport(options.smtpUrl)
    : createFileTransport({ dir: path.join(options.dataDir, 'mail'), logger: options.logger });
}

function toSendMailOptions(mail: OutgoingMail): SendMailOptions {
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

function createSmtpTransport(url: string): MailTransport {
  const transporter = createTransport({ url, pool: true, maxConnections: 3, ...SMTP_TIMEOUTS });
  return {
    kind: 'smtp',
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

/** For development without a mail server: real MIME messages on disk, and the links in the log. */
function createFileTransport(options: { dir: string; logger: Logger }): MailTransport {
  const transporter = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'file',
    async send(mail) {
      const info = await transporter.sendMail(toSendMailOptions(mail));
      if (!Buffer.isBuffer(info.message)) throw new Error('stream transport returned no buffer');
      // The Message-ID starts with the outbox id, so the file name points back to the row.
      const shortId = /^<?([A-Za-z0-9]{8})/.exec(mail.messageId)?.[1] ?? randomBytes(4).toString('hex');
      const file = path.join(options.dir, `${fileStamp(new Date())}-${shortId}.eml`);
      await fs.mkdir(options.dir, { recursive: true });
      await fs.writeFile(file, info.message, { flag: 'wx' });
      const links = [...new Set(mail.text.match(LINK) ?? [])];
      options.logger.info(
        { to: mail.to, bcc: mail.bcc.length, subject: mail.subject, file, links },
        'mail written to a file (SMTP_URL is not set)',
      );
    },
    async close() {
      transporter.close();
    },
  };
}
