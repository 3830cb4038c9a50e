import { randomBytes } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer';
import { foldLines } from 'nodemailer/lib/mime-funcs';
import { encode as qpEncode, wrap as qpWrap } from 'nodemailer/lib/qp';
import { listUnsubscribeHeaders } from './service';
import { escapeAttribute } from './templates/slotted-render';

/**
 * A campaign sends one message to many people, and its bytes differ per person only in the address, the
 * message id, the date and the unsubscribe links. Composing each one with nodemailer (MIME tree, quoted-
 * printable encoding of both bodies, a random boundary, a stream pipeline) is most of the CPU a send costs.
 * A raw template is composed by nodemailer once, with tokens where those values go, and filled per
 * recipient by joining byte segments (decision 052).
 *
 * The bodies are given to nodemailer already encoded (quoted-printable), each token on a line of its own
 * between soft line breaks, so a value of any length fills it without breaking the 76-column limit.
 */

/** Where the per-recipient unsubscribe URL stands in `html` and `text`. */
export const BODY_URL_SLOT = 'https://slot.invalid/recipient-link';

export type RawTemplateInput = {
  from: string;
  subject: string;
  /** The bodies, with BODY_URL_SLOT where the recipient's unsubscribe URL goes. */
  html: string;
  text: string;
  /** Whether the message carries the one-click List-Unsubscribe headers (a value per recipient). */
  oneClick: boolean;
};

export type RawRecipient = {
  to: string;
  /** With its angle brackets, as the Message-ID header carries it. */
  messageId: string;
  /** The unsubscribe URL in the bodies. */
  bodyUrl: string;
  /** The one-click URL of the List-Unsubscribe header, when the template has one. */
  oneClickUrl?: string;
  date: Date;
};

export type RawTemplate = {
  /** The message for one recipient, or null when a value cannot go in as it is (then compose it in full). */
  fill(recipient: RawRecipient): Buffer | null;
};

const SLOTS = ['to', 'messageId', 'oneClick', 'date', 'textUrl', 'htmlUrl'] as const;
type Slot = (typeof SLOTS)[number];

/**
 * The header each header slot is the value of. Such a slot is filled with the whole header line, folded as
 * nodemailer folds it.
 */
const HEADERS: Partial<Record<Slot, string>> = {
  to: 'To',
  messageId: 'Message-ID',
  oneClick: 'List-Unsubscribe',
  date: 'Date',
};

/**
 * Stand-ins for the values, unique to each template so that no text of a newsletter can pass for one. Those
 * in headers have the form of the value they stand for, so nodemailer writes them as it would the value.
 */
function tokens(): Record<Slot, string> {
  const nonce = randomBytes(8).toString('hex');
  return {
    to: `slot-${nonce}-to@slot.invalid`,
    messageId: `<slot-${nonce}-message-id@slot.invalid>`,
    oneClick: `https://slot.invalid/${nonce}/one-click`,
    date: `Slot${nonce}Date`,
    textUrl: `Slot${nonce}TextUrl`,
    htmlUrl: `Slot${nonce}HtmlUrl`,
  };
}

// Values that go into headers verbatim: what nodemailer would also write unchanged.
const PLAIN_ADDRESS = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+$/;
const PLAIN_MESSAGE_ID = /^<[\x21-\x3b\x3d\x3f-\x7e]+>$/;
const PLAIN_URL = /^https?:\/\/[\x21\x23-\x3b\x3d\x3f-\x7e]+$/;

/**
 * Quoted-printable with soft line breaks, for a piece that more pieces follow: 75 columns, so the soft
 * break added after its last line keeps that line within 76.
 */
function encodePiece(value: string): string {
  return qpWrap(qpEncode(value.replace(/\r?\n/g, '\r\n')), 75);
}

/** A body part as raw MIME: its headers, then the pieces around each slot, quoted-printable. */
function encodedPart(contentType: string, body: string, token: string): string {
  const pieces = body.split(BODY_URL_SLOT).map(encodePiece);
  return (
    `Content-Type: ${contentType}\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n` +
    pieces.join(`=\r\n${token}=\r\n`)
  );
}

/**
 * A header slot's value as its header line carries it: the one-click URL as listUnsubscribeHeaders writes
 * it.
 */
function headerValue(slot: Slot, value: string): string {
  return slot === 'oneClick' ? (listUnsubscribeHeaders(value)['List-Unsubscribe'] as string) : value;
}

/** Nodemailer's form of the Date header. */
function formatDate(date: Date): string {
  return date.toUTCString().replace(/GMT/, '+0000');
}

export async function compileRawTemplate(input: RawTemplateInput): Promise<RawTemplate> {
  const token = tokens();
  const node = new MailComposer({
    from: input.from,
    to: token.to,
    subject: input.subject,
    messageId: token.messageId,
    date: token.date,
    headers: input.oneClick ? listUnsubscribeHeaders(token.oneClick) : {},
    text: { raw: encodedPart('text/plain; charset=utf-8', input.text, token.textUrl) },
    html: { raw: encodedPart('text/html; charset=utf-8', input.html, token.htmlUrl) },
  }).compile();
  node.keepBcc = false;
  const built = (await node.build()).toString('latin1');

  // The message split at each token: segments[i] comes before slots[i].
  const written = (slot: Slot) =>
    HEADERS[slot] ? `${HEADERS[slot]}: ${headerValue(slot, token[slot])}` : token[slot];
  const bySlot = new Map<string, Slot>(SLOTS.map((slot) => [written(slot), slot]));
  const pattern = new RegExp(
    SLOTS.map((slot) => written(slot).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'),
    'g',
  );
  const segments: Buffer[] = [];
  const slots: Slot[] = [];
  let last = 0;
  for (const match of built.matchAll(pattern)) {
    segments.push(Buffer.from(built.slice(last, match.index), 'latin1'));
    slots.push(bySlot.get(match[0]) as Slot);
    last = match.index + match[0].length;
  }
  segments.push(Buffer.from(built.slice(last), 'latin1'));
  const expected: Record<Slot, number> = {
    to: 1,
    messageId: 1,
    date: 1,
    oneClick: input.oneClick ? 1 : 0,
    textUrl: input.text.split(BODY_URL_SLOT).length - 1,
    htmlUrl: input.html.split(BODY_URL_SLOT).length - 1,
  };
  for (const slot of SLOTS) {
    const found = slots.filter((each) => each === slot).length;
    if (found !== expected[slot]) {
      throw new Error(`the composed template holds its ${slot} slot ${found} times, not ${expected[slot]}`);
    }
  }

  return {
    fill(recipient) {
      if (!PLAIN_ADDRESS.test(recipient.to) || !PLAIN_MESSAGE_ID.test(recipient.messageId)) return null;
      if (input.oneClick && !PLAIN_URL.test(recipient.oneClickUrl ?? '')) return null;
      const header = (slot: Slot, value: string) =>
        Buffer.from(foldLines(`${HEADERS[slot]}: ${headerValue(slot, value)}`, 76), 'latin1');
      const textUrl = Buffer.from(encodePiece(recipient.bodyUrl), 'latin1');
      const htmlUrl = Buffer.from(encodePiece(escapeAttribute(recipient.bodyUrl)), 'latin1');
      const value = (slot: Slot): Buffer => {
        switch (slot) {
          case 'to':
            return header(slot, recipient.to);
          case 'messageId':
            return header(slot, recipient.messageId);
          case 'oneClick':
            return header(slot, recipient.oneClickUrl as string);
          case 'date':
            return header(slot, formatDate(recipient.date));
          case 'textUrl':
            return textUrl;
          case 'htmlUrl':
            return htmlUrl;
        }
      };
      const parts: Buffer[] = [];
      for (let i = 0; i < slots.length; i++) parts.push(segments[i] as Buffer, value(slots[i] as Slot));
      parts.push(segments[segments.length - 1] as Buffer);
      return Buffer.concat(parts);
    },
  };
}
