import { Readable, type Writable } from 'node:stream';
import MailComposer from 'nodemailer/lib/mail-composer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import type { Logger } from '../../lib/logger';
import { describeSendError } from '../mail/service';
import { type MailTransport, type OutgoingMail, SMTP_TIMEOUTS, toSendMailOptions } from '../mail/transport';
import { recipientBounce } from '../suppression/service';

/**
 * Records the message as sent, at the point of no return. Resolves false when the claim is no longer the
 * sender's (another process took the campaign over): the message must then not go out.
 */
export type Commit = () => Promise<boolean>;

/**
 * A refused or failed send. `committed`: the record already says sent and must be set back. `bounce`: the
 * server refused the recipient's address for good (decision 043).
 */
export class CampaignSendError extends Error {
  constructor(
    message: string,
    readonly options: { committed: boolean; permanent: boolean; bounce?: boolean },
  ) {
    super(message);
    this.name = 'CampaignSendError';
  }
}

/**
 * A campaign message: its fields, or over SMTP its bytes as filled in from a raw template (decision 052),
 * with the addresses of the SMTP envelope.
 */
export type CampaignMail = OutgoingMail | { from: string; to: string; raw: Buffer };

/**
 * How campaign messages leave (decision 020). `send` resolves 'sent' once the message is out and recorded,
 * 'dropped' when `commit` said no (nothing was sent); it rejects with a CampaignSendError otherwise.
 */
export type CampaignDelivery = {
  /** `two-phase`: SMTP, recorded before the message is released; `send-then-record`: files, provider API. */
  readonly mode: 'two-phase' | 'send-then-record';
  send(mail: CampaignMail, commit: Commit): Promise<'sent' | 'dropped'>;
  close(): Promise<void>;
};

/** An SMTP reply code of the 5xx family is final; everything else (4xx, network) is worth retrying. */
function isPermanent(error: unknown): boolean {
  const { responseCode, message } = error as { responseCode?: number; message?: string };
  if (typeof responseCode === 'number') return responseCode >= 500 && responseCode < 600;
  // The provider API refuses a message for good with a 4xx other than 408 and 429.
  const status = /mail provider answered (\d{3})/.exec(message ?? '')?.[1];
  return status?.startsWith('4') === true && status !== '408' && status !== '429';
}

/** As the outbox describes a failed send, with the server's reply when the message does not quote it. */
function describeError(error: unknown): string {
  const { response } = error as { response?: unknown };
  const quoted = error instanceof Error && typeof response === 'string' && !error.message.includes(response);
  return quoted ? `${describeSendError(error)} (${response})` : describeSendError(error);
}

/** The bare address of a From header such as `Mirror <hello@example.com>`, for the SMTP envelope. */
function envelopeAddress(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
}

/** The message as RFC 5322 bytes, as nodemailer would put it on the wire. */
export function buildRawMessage(mail: OutgoingMail): Promise<Buffer> {
  const node = new MailComposer({ ...toSendMailOptions(mail), bcc: undefined }).compile();
  node.keepBcc = false;
  return node.build();
}

/**
 * The message body for nodemailer's DATA phase. Nodemailer pipes it into the connection only once the
 * server has accepted MAIL, RCPT and DATA (its 354 reply); the terminating dot, after which the server
 * keeps the message, is written when this stream ends. So: the body goes out at once, the record is
 * committed, and only then does the stream end.
 */
class HeldMessage extends Readable {
  private onDataPhase: (() => void) | null;

  constructor(onDataPhase: () => void) {
    super();
    this.onDataPhase = onDataPhase;
  }

  override _read() {
    // Data is pushed by the sender, never pulled.
  }

  override pipe<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T {
    const piped = super.pipe(destination as unknown as Writable, options) as unknown as T;
    const start = this.onDataPhase;
    this.onDataPhase = null;
    start?.();
    return piped;
  }
}

type Connection = { smtp: SMTPConnection; messages: number; broken: boolean };

const MESSAGES_PER_CONNECTION = 100;

/**
 * SMTP for campaigns, with the record written at the one moment that decides delivery: after the server
 * said 354 and the body is on its way, before the terminating dot. A sender that dies before the commit
 * leaves no message at the server (it drops a transaction without the dot); one that dies after it leaves
 * a recorded message. Connections are kept and reused, up to MESSAGES_PER_CONNECTION messages each.
 */
export function createTwoPhaseSmtpDelivery(options: { url: string; logger: Logger }): CampaignDelivery {
  const connectionOptions = { ...parseConnectionUrl(options.url), ...SMTP_TIMEOUTS };
  const idle: Connection[] = [];
  const open = new Set<Connection>();

  const connect = async (): Promise<Connection> => {
    const smtp = new SMTPConnection(connectionOptions);
    const connection: Connection = { smtp, messages: 0, broken: false };
    // A connection that fails between messages reports it here; it is not used again.
    smtp.on('error', (error: Error) => {
      connection.broken = true;
      options.logger.warn({ err: error }, 'campaign SMTP connection failed');
    });
    smtp.on('end', () => {
      connection.broken = true;
      open.delete(connection);
    });
    open.add(connection);
    await new Promise<void>((resolve, reject) => {
      smtp.once('error', reject);
      smtp.connect(() => {
        smtp.removeListener('error', reject);
        resolve();
      });
    });
    const auth = connectionOptions.auth;
    if (auth?.user) {
      await new Promise<void>((resolve, reject) => {
        smtp.login(auth, (error) => (error ? reject(error) : resolve()));
      });
    }
    return connection;
  };

  const release = (connection: Connection, reusable: boolean) => {
    if (reusable && !connection.broken && connection.messages < MESSAGES_PER_CONNECTION) {
      idle.push(connection);
      return;
    }
    open.delete(connection);
    if (reusable && !connection.broken) connection.smtp.quit();
    else connection.smtp.close();
  };

  const acquire = async (): Promise<Connection> => {
    for (let connection = idle.pop(); connection; connection = idle.pop()) {
      if (!connection.broken) return connection;
    }
    return connect();
  };

  return {
    mode: 'two-phase',
    async send(mail, commit) {
      const raw = 'raw' in mail ? mail.raw : await buildRawMessage(mail);
      let connection: Connection;
      try {
        connection = await acquire();
      } catch (error) {
        throw new CampaignSendError(describeError(error), { committed: false, permanent: false });
      }
      connection.messages += 1;
      let committed = false;
      let dropped = false;
      return new Promise<'sent' | 'dropped'>((resolve, reject) => {
        const body = new HeldMessage(() => {
          body.push(raw);
          commit().then(
            (ok) => {
              committed = ok;
              if (ok) {
                body.push(null);
                return;
              }
              dropped = true;
              // Closing the connection mid-DATA makes the server discard the transaction. Nodemailer does
              // not always call back for a send it was in the middle of, so the answer is given here.
              connection.broken = true;
              release(connection, false);
              resolve('dropped');
            },
            (error: unknown) => {
              connection.broken = true;
              connection.smtp.close();
              reject(
                new CampaignSendError(`could not record the send: ${describeError(error)}`, {
                  committed: false,
                  permanent: false,
                }),
              );
            },
          );
        });
        connection.smtp.send({ from: envelopeAddress(mail.from), to: [mail.to] }, body, (error) => {
          if (dropped) return;
          release(connection, !error);
          if (error) {
            return reject(
              new CampaignSendError(describeError(error), {
                committed,
                permanent: isPermanent(error),
                bounce: recipientBounce(error),
              }),
            );
          }
          resolve('sent');
        });
      });
    },
    async close() {
      for (const connection of [...open]) connection.smtp.close();
      open.clear();
      idle.length = 0;
    },
  };
}

/**
 * For the file transport and the provider API, which have no moment between "handed over" and "kept": the
 * message is sent, then recorded. A sender that dies in between sends it again after a restart; the
 * provider drops the repeat by its idempotency key (the message id), a .eml file is written twice.
 */
export function createSendThenRecordDelivery(transport: MailTransport): CampaignDelivery {
  return {
    mode: 'send-then-record',
    async send(mail, commit) {
      // The file transport and the provider API take the message's fields; the sender fills in raw
      // messages only for the two-phase delivery.
      if ('raw' in mail) throw new Error('a raw campaign message goes over SMTP only');
      try {
        await transport.send(mail);
      } catch (error) {
        throw new CampaignSendError(describeError(error), {
          committed: false,
          permanent: isPermanent(error),
          bounce: recipientBounce(error),
        });
      }
      return (await commit()) ? 'sent' : 'dropped';
    },
    close: async () => undefined,
  };
}

/**
 * The delivery for a campaign run, by where mail goes now: the provider's API while a key is stored,
 * SMTP (two-phase) when SMTP_URL is set, else files.
 */
export async function openCampaignDelivery(options: {
  smtpUrl: string | undefined;
  transport: MailTransport;
  logger: Logger;
}): Promise<CampaignDelivery> {
  const way = await options.transport.describe({ refresh: true });
  if (way === 'smtp' && options.smtpUrl) {
    return createTwoPhaseSmtpDelivery({ url: options.smtpUrl, logger: options.logger });
  }
  return createSendThenRecordDelivery(options.transport);
}
