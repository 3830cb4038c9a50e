import { type TLocale, toLocale } from '@shared/domain/locale';
import type { TAdminWaitlistEntry } from '@shared/schemas/admin';
import {
  type TResendConfirmationsResult,
  type TSubscriberDetail,
  type TWaitlistFilter,
  type TWaitlistPage,
  type TWaitlistPageQuery,
  type TWaitlistSelection,
  WAITLIST_PAGE_SIZE,
} from '@shared/schemas/waitlist-list';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  notInArray,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { queryRows } from '../../db/client';
import { invitations } from '../../db/schema/invitations';
import { mailOutbox, mailSuppressions } from '../../db/schema/mail';
import { waitingList } from '../../db/schema/waitlist';
import { CHANGE_CHANNELS, notifyChange } from '../../lib/change-feed';
import { recordAudit } from '../admin/audit';
import { invitationColumns, invitationJoin, summaryOf } from '../invitations/service';
import { enqueueMails, getEmailSettings, globalBccList, type MailMessage } from '../mail/service';
import { suppressedAmong } from '../suppression/service';
import { type AdminChange, confirmationMessage, type WaitlistDeps } from './service';

/**
 * The waiting list at scale (issue 16, decision 044): pages of 50 with search, filters and sort, and a
 * selection (`{ ids }` or `{ filter, except }`) that every staff action applies here, on the server.
 */

/** An audit record names at most this many addresses (and says how many there were). */
const AUDITED_EMAILS = 100;
/** Rows read per query while exporting (the response streams; no more than this is held at once). */
export const EXPORT_BATCH = 1000;
/** Confirmation e-mails sent by staff (resend, import) leave at this pace, whatever their number. */
export const WAITLIST_CONFIRMATION_RATE_PER_SECOND = 5;
/** An address that got a confirmation e-mail within this time is not mailed again by a resend. */
export const CONFIRMATION_RESEND_GAP_MS = 60 * 60_000;
/** The most confirmations one resend may queue (a bigger selection is refused; narrow the filter). */
export const RESEND_MAX = 10_000;
const ENQUEUE_CHUNK = 500;

function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Whether the filter needs the invitations joined. */
function needsInvitations(filter: TWaitlistFilter): boolean {
  return filter.invitation !== undefined;
}

/** The conditions of a filter, over `waiting_list` (and `invitations`, joined by address, when needed). */
export function filterConditions(filter: TWaitlistFilter, now: Date): SQL[] {
  const conditions: SQL[] = [];
  // Addresses are stored lowercased, so a LIKE on the column is case-insensitive and uses the trigram index.
  if (filter.q) conditions.push(sql`${waitingList.email} like ${likePattern(filter.q)}`);
  if (filter.status) conditions.push(eq(waitingList.status, filter.status));
  if (filter.language) conditions.push(eq(waitingList.language, filter.language));
  if (filter.joinedFrom) conditions.push(gte(waitingList.createdAt, new Date(filter.joinedFrom)));
  if (filter.joinedBefore) conditions.push(lt(waitingList.createdAt, new Date(filter.joinedBefore)));
  switch (filter.invitation) {
    case 'none':
      conditions.push(isNull(invitations.id));
      break;
    case 'pending':
      conditions.push(and(eq(invitations.status, 'pending'), gt(invitations.expiresAt, now)) as SQL);
      break;
    case 'expired':
      conditions.push(and(eq(invitations.status, 'pending'), sql`${invitations.expiresAt} <= ${now}`) as SQL);
      break;
    case 'accepted':
    case 'revoked':
      conditions.push(eq(invitations.status, filter.invitation));
      break;
    default:
      break;
  }
  return conditions;
}

/** The condition that picks a selection's rows (invitations joined when its filter needs them). */
function selectionCondition(
  selection: TWaitlistSelection,
  now: Date,
): { where: SQL | undefined; join: boolean } {
  if ('ids' in selection) return { where: inArray(waitingList.id, [...new Set(selection.ids)]), join: false };
  const conditions = filterConditions(selection.filter, now);
  if (selection.except.length > 0)
    conditions.push(notInArray(waitingList.id, [...new Set(selection.except)]));
  return {
    where: conditions.length > 0 ? and(...conditions) : undefined,
    join: needsInvitations(selection.filter),
  };
}

/** `query` with the invitations joined by address, when the filter asks about them (`needsInvitations`). */
function joinInvitationsIf<Q extends { leftJoin: (...args: never[]) => unknown }>(
  query: Q,
  join: boolean,
): Q {
  // biome-ignore lint/suspicious/noExplicitAny: as invitationJoin: drizzle's join builders are typed per query.
  return join ? ((query as any).leftJoin(invitations, eq(invitations.email, waitingList.email)) as Q) : query;
}

/** A subquery of the ids a selection picks, for `id in (...)`. */
function selectedIds(db: DbExecutor, selection: TWaitlistSelection, now: Date) {
  const { where, join } = selectionCondition(selection, now);
  return joinInvitationsIf(db.select({ id: waitingList.id }).from(waitingList).$dynamic(), join).where(where);
}

/** How many entries a selection picks now. */
export async function countSelection(
  db: DbExecutor,
  selection: TWaitlistSelection,
  now: Date,
): Promise<number> {
  const { where, join } = selectionCondition(selection, now);
  const [row] = await joinInvitationsIf(
    db.select({ value: count() }).from(waitingList).$dynamic(),
    join,
  ).where(where);
  return row?.value ?? 0;
}

/** The ids a selection picks now, oldest first, at most `max` (`total` says how many there are). */
export async function resolveSelection(
  db: DbExecutor,
  selection: TWaitlistSelection,
  now: Date,
  max: number,
): Promise<{ ids: string[]; total: number }> {
  const total = await countSelection(db, selection, now);
  if (total > max) return { ids: [], total };
  const rows = await selectedIds(db, selection, now).orderBy(asc(waitingList.createdAt), asc(waitingList.id));
  return { ids: rows.map((row) => row.id), total };
}

type EntryRow = {
  id: string;
  email: string;
  createdAt: Date;
  language: string;
  status: TAdminWaitlistEntry['status'];
  confirmedAt: Date | null;
  unsubscribedAt: Date | null;
  suppression: TAdminWaitlistEntry['suppression'];
} & Parameters<typeof summaryOf>[0];

function toEntry(row: EntryRow, now: Date): TAdminWaitlistEntry {
  return {
    id: row.id,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
    language: toLocale(row.language),
    status: row.status,
    gdprConfirmed: row.status === 'confirmed',
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
    invitation: summaryOf(row, now),
    suppression: row.suppression,
  };
}

const entryColumns = {
  id: waitingList.id,
  email: waitingList.email,
  createdAt: waitingList.createdAt,
  language: waitingList.language,
  status: waitingList.status,
  confirmedAt: waitingList.confirmedAt,
  unsubscribedAt: waitingList.unsubscribedAt,
  // Addresses are stored lower-cased in both tables: one primary-key lookup per row.
  suppression: sql<TAdminWaitlistEntry['suppression']>`(select "s"."reason" from "mail_suppressions" as "s"
    where "s"."email" = ${waitingList.email})`,
  ...invitationColumns,
};

/** The list's order for the sort (a total order: ties end on the id); `reversed`, the same read backwards. */
function orderOf(query: TWaitlistPageQuery, reversed = false) {
  const dir = query.dir ?? (query.sort === 'email' || query.sort === 'status' ? 'asc' : 'desc');
  const flip = (direction: typeof asc) => (reversed ? (direction === asc ? desc : asc) : direction);
  const by = flip(dir === 'asc' ? asc : desc);
  const newest = flip(desc);
  switch (query.sort) {
    case 'email':
      return [by(waitingList.email)];
    case 'status':
      return [by(waitingList.status), newest(waitingList.createdAt), newest(waitingList.id)];
    default:
      return [by(waitingList.createdAt), by(waitingList.id)];
  }
}

/**
 * One page of the list (WAITLIST_PAGE_SIZE entries) for the filter and sort, with how many match and how
 * many the list holds. A page past the end is empty (the total says where the end is). A page in the back
 * half is read from the end, backwards, so the database skips at most half the matches (the last page:
 * none), then turned around.
 */
export async function listWaitlistPage(
  db: Database,
  query: TWaitlistPageQuery,
  now: Date,
): Promise<TWaitlistPage> {
  const page = query.page ?? 1;
  const conditions = filterConditions(query, now);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const skip = (page - 1) * WAITLIST_PAGE_SIZE;
  const joined = needsInvitations(query);
  // Past the first page, the skipped rows are only ids (a deferred join): the page's 50 rows alone get their
  // columns, invitation and suppression, instead of every row the offset passes over.
  const idsAt = (offset: number, limit: number, reversed: boolean) => {
    return joinInvitationsIf(db.select({ id: waitingList.id }).from(waitingList).$dynamic(), joined)
      .where(where)
      .orderBy(...orderOf(query, reversed))
      .limit(limit)
      .offset(offset);
  };
  const rowsAt = (offset: number, limit: number, reversed: boolean) =>
    invitationJoin(db.select(entryColumns).from(waitingList).$dynamic(), waitingList.email)
      .where(offset === 0 ? where : inArray(waitingList.id, idsAt(offset, limit, reversed)))
      .orderBy(...orderOf(query, reversed))
      .limit(limit) as Promise<EntryRow[]>;
  const counted = joinInvitationsIf(db.select({ value: count() }).from(waitingList).$dynamic(), joined);
  // The whole list's count, only when a filter makes it differ from the matches; beside the other reads.
  const listCount = () =>
    where ? db.select({ value: count() }).from(waitingList) : Promise.resolve([undefined]);
  let rows: EntryRow[];
  let total: number;
  let all: { value: number } | undefined;
  if (page === 1) {
    const [first, [matching], [whole]] = await Promise.all([
      rowsAt(0, WAITLIST_PAGE_SIZE, false),
      counted.where(where),
      listCount(),
    ]);
    rows = first;
    total = matching?.value ?? 0;
    all = whole;
  } else {
    const [[matching], [whole]] = await Promise.all([counted.where(where), listCount()]);
    total = matching?.value ?? 0;
    all = whole;
    const fromEnd = total - skip - WAITLIST_PAGE_SIZE;
    rows =
      skip >= total
        ? []
        : fromEnd > skip
          ? await rowsAt(skip, WAITLIST_PAGE_SIZE, false)
          : (await rowsAt(Math.max(0, fromEnd), Math.min(WAITLIST_PAGE_SIZE, total - skip), true)).reverse();
  }
  return {
    entries: rows.map((row) => toEntry(row, now)),
    total,
    listTotal: all?.value ?? total,
    page,
    pageSize: WAITLIST_PAGE_SIZE,
  };
}

/** One subscriber for staff: the entry, their proof of consent and every e-mail the outbox holds for them. */
export async function subscriberDetail(
  db: Database,
  id: string,
  now: Date,
): Promise<TSubscriberDetail | null> {
  const base = db
    .select({
      ...entryColumns,
      consentAt: waitingList.consentAt,
      consentTextVersion: waitingList.consentTextVersion,
      consentIpHash: waitingList.consentIpHash,
      consentUserAgent: waitingList.consentUserAgent,
      importedBy: waitingList.importedBy,
    })
    .from(waitingList)
    .$dynamic();
  const [row] = await invitationJoin(base, waitingList.email).where(eq(waitingList.id, id));
  if (!row) return null;
  const mails = await db
    .select({
      id: mailOutbox.id,
      kind: mailOutbox.kind,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
      lastError: mailOutbox.lastError,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, row.email))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(200);
  const confirmation = row.confirmedAt
    ? mails.find(
        (mail) =>
          mail.kind === 'waitlist_confirmation' &&
          mail.sentAt !== null &&
          mail.sentAt.getTime() <= (row.confirmedAt as Date).getTime(),
      )
    : undefined;
  return {
    entry: toEntry(row as EntryRow, now),
    consent: {
      textVersion: row.consentTextVersion,
      consentAt: row.consentAt.toISOString(),
      ipHash: row.consentIpHash,
      userAgent: row.consentUserAgent,
      confirmedAt: row.confirmedAt?.toISOString() ?? null,
      confirmationMailId: confirmation?.id ?? null,
      confirmationSentAt: confirmation?.sentAt?.toISOString() ?? null,
      importedBy: row.importedBy,
    },
    mails: mails.map((mail) => ({
      ...mail,
      createdAt: mail.createdAt.toISOString(),
      sentAt: mail.sentAt?.toISOString() ?? null,
    })),
  };
}

function auditedEmails(emails: readonly string[]) {
  return {
    count: emails.length,
    emails: emails.slice(0, AUDITED_EMAILS),
    truncated: emails.length > AUDITED_EMAILS,
  };
}

/**
 * Deletes the entries a selection picks, with one audit record, in one transaction; returns how many went.
 * Ids that are not (or no longer) on the list are ignored.
 */
export async function deleteSelection(
  db: Database,
  input: AdminChange & { selection: TWaitlistSelection },
): Promise<number> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(waitingList)
      .where(inArray(waitingList.id, selectedIds(tx, input.selection, input.now)))
      .returning({ email: waitingList.email });
    if (deleted.length === 0) return 0;
    await recordAudit(tx, {
      actor: input.actor,
      action: 'waitlist.delete',
      target: `waitlist:${deleted.length} entries`,
      details: {
        ...auditedEmails(deleted.map((row) => row.email)),
        selection: 'ids' in input.selection ? 'ids' : { filter: input.selection.filter },
      },
      ip: input.ip,
      at: input.now,
    });
    await notifyChange(tx, CHANGE_CHANNELS.waitlist, 'deleted');
    return deleted.length;
  });
}

// ---- export ---------------------------------------------------------------------------------------------------

export const EXPORT_COLUMNS = [
  'email',
  'status',
  'language',
  'joined_at',
  'consent_at',
  'consent_text_version',
  'confirmed_at',
  'confirmation_mail_sent_at',
  'unsubscribed_at',
  'imported_by',
  'invitation_state',
  'invited_at',
  'invitation_expires_at',
  'invitation_accepted_at',
  'suppressed',
  'suppressed_at',
] as const;

type ExportRow = EntryRow & {
  consentAt: Date;
  consentTextVersion: string;
  importedBy: string | null;
  confirmationSentAt: Date | null;
  suppressedAt: Date | null;
};

const iso = (date: Date | null | undefined) => date?.toISOString() ?? '';

/** One CSV row of the export, in EXPORT_COLUMNS order. */
export function exportCells(row: ExportRow, now: Date): string[] {
  const invitation = summaryOf(row, now);
  return [
    row.email,
    row.status,
    row.language,
    iso(row.createdAt),
    iso(row.consentAt),
    row.consentTextVersion,
    iso(row.confirmedAt),
    iso(row.confirmationSentAt),
    iso(row.unsubscribedAt),
    row.importedBy ?? '',
    invitation?.state ?? 'not_invited',
    invitation?.invitedAt ?? '',
    invitation?.expiresAt ?? '',
    invitation?.acceptedAt ?? '',
    row.suppression ?? '',
    iso(row.suppressedAt),
  ];
}

/**
 * The rows a selection picks, oldest first, EXPORT_BATCH at a time (keyset on joined time and id), each
 * batch its own short query: the response streams while other requests use the database.
 */
export async function* exportBatches(
  db: Database,
  selection: TWaitlistSelection,
  now: Date,
): AsyncGenerator<ExportRow[]> {
  const { where } = selectionCondition(selection, now);
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const keyset: SQL | undefined = after
      ? sql`(${waitingList.createdAt}, ${waitingList.id}) > (${after.createdAt}, ${after.id})`
      : undefined;
    const base = db
      .select({
        ...entryColumns,
        consentAt: waitingList.consentAt,
        consentTextVersion: waitingList.consentTextVersion,
        importedBy: waitingList.importedBy,
        // The confirmation e-mail whose link they followed: the last one sent before they confirmed.
        confirmationSentAt: sql<Date | null>`(select max("m"."sent_at") from "mail_outbox" as "m"
          where "m"."to_address" = ${waitingList.email} and "m"."kind" = 'waitlist_confirmation'
          and "m"."sent_at" <= ${waitingList.confirmedAt})`.mapWith((value) =>
          value === null ? null : new Date(value as string),
        ),
        // Reason and date of a suppression from one join, not a lookup each.
        suppression: mailSuppressions.reason,
        suppressedAt: mailSuppressions.createdAt,
      })
      .from(waitingList)
      .leftJoin(mailSuppressions, eq(mailSuppressions.email, waitingList.email))
      .$dynamic();
    const rows = (await invitationJoin(base, waitingList.email)
      .where(and(where, keyset))
      .orderBy(asc(waitingList.createdAt), asc(waitingList.id))
      .limit(EXPORT_BATCH)) as ExportRow[];
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_BATCH) return;
    const last = rows[rows.length - 1] as ExportRow;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

// ---- confirmation e-mails sent by staff (resend, import) ------------------------------------------------------

/**
 * Puts confirmation e-mails for `people` in the outbox, paced WAITLIST_CONFIRMATION_RATE_PER_SECOND after
 * every confirmation staff queued before that has not left yet. Obeys auto-send (nothing is written while it
 * is off) and adds the global BCC, as every list mail does. Returns how many were queued, or null if blocked.
 */
export async function enqueuePacedConfirmations(
  deps: WaitlistDeps,
  tx: DbExecutor,
  everyone: readonly { id: string; email: string; language: TLocale }[],
  input: { now: Date; keyPrefix: string },
): Promise<{ queued: number; suppressed: number; held: boolean }> {
  const settings = await getEmailSettings(tx);
  // The emergency stop (decision 041): while auto-send is off the e-mails are written held, and leave
  // when it is switched on again. Suppressed addresses (decision 043) get nothing.
  const held = !settings.autoSend;
  const suppressedSet = await suppressedAmong(
    tx,
    everyone.map((person) => person.email),
  );
  const people = everyone.filter((person) => !suppressedSet.has(person.email));
  const suppressed = everyone.length - people.length;
  if (people.length === 0) return { queued: 0, suppressed, held };
  const bcc = globalBccList(settings);
  const [last] = await queryRows<{ last: string | null }>(
    tx,
    sql`select max(${mailOutbox.nextAttemptAt})::text as last from ${mailOutbox}
      where ${mailOutbox.kind} = 'waitlist_confirmation' and ${mailOutbox.status} = 'pending'
      and ${mailOutbox.messageKey} like 'waitlist-confirmation:staff:%'`,
  );
  const slotMs = 1000 / WAITLIST_CONFIRMATION_RATE_PER_SECOND;
  const lastAt = last?.last ? new Date(last.last).getTime() + slotMs : 0;
  const start = Math.max(input.now.getTime(), lastAt);
  let queued = 0;
  for (let offset = 0; offset < people.length; offset += ENQUEUE_CHUNK) {
    const chunk = people.slice(offset, offset + ENQUEUE_CHUNK);
    const messages: MailMessage[] = [];
    for (const person of chunk) {
      const message = await confirmationMessage(deps, tx, {
        ...person,
        locale: person.language,
        now: input.now,
      });
      messages.push({
        kind: 'waitlist_confirmation',
        messageKey: `waitlist-confirmation:staff:${input.keyPrefix}:${person.id}`,
        to: person.email,
        bcc,
        listMail: true,
        ...message,
      });
    }
    queued += await enqueueMails(tx, messages);
    // Each e-mail gets its slot: the outbox worker sends a row only once its time has come.
    const keys = messages.map((message) => message.messageKey);
    await tx.execute(sql`update ${mailOutbox} set status = ${held ? 'held' : 'pending'}, created_at = ${input.now}, next_attempt_at = ${new Date(start)}::timestamptz
        + ((k.ord - 1 + ${offset}) * ${slotMs}) * interval '1 millisecond'
      from unnest(array[${sql.join(
        keys.map((key) => sql`${key}`),
        sql`, `,
      )}]::text[])
        with ordinality as k(key, ord)
      where ${mailOutbox.messageKey} = k.key`);
  }
  return { queued, suppressed, held };
}

/**
 * Sends the double opt-in e-mail again to the unconfirmed people of a selection, paced, in their language.
 * Someone mailed a confirmation within CONFIRMATION_RESEND_GAP_MS is left out (a second click is not a
 * second e-mail); confirmed and unsubscribed people get nothing. One audit record.
 */
export async function resendConfirmations(
  deps: WaitlistDeps,
  input: AdminChange & { selection: TWaitlistSelection },
): Promise<{ ok: true; result: TResendConfirmationsResult } | { ok: false; error: 'selection_too_large' }> {
  const { now } = input;
  return deps.db.transaction(async (tx) => {
    const selected = await countSelection(tx, input.selection, now);
    if (selected > RESEND_MAX) return { ok: false as const, error: 'selection_too_large' as const };
    const since = new Date(now.getTime() - CONFIRMATION_RESEND_GAP_MS);
    const rows = await tx
      .select({
        id: waitingList.id,
        email: waitingList.email,
        language: waitingList.language,
        recent: sql<boolean>`exists (select 1 from ${mailOutbox} as "m" where "m"."to_address" = ${waitingList.email}
          and "m"."kind" = 'waitlist_confirmation' and "m"."created_at" > ${since})`,
      })
      .from(waitingList)
      .where(
        and(
          inArray(waitingList.id, selectedIds(tx, input.selection, now)),
          eq(waitingList.status, 'unconfirmed'),
        ),
      )
      .orderBy(asc(waitingList.createdAt));
    const due = rows.filter((row) => !row.recent);
    const paced = await enqueuePacedConfirmations(
      deps,
      tx,
      due.map((row) => ({ id: row.id, email: row.email, language: toLocale(row.language) })),
      { now, keyPrefix: `resend:${now.getTime()}` },
    );
    const result: TResendConfirmationsResult = {
      selected,
      queued: paced.queued,
      notUnconfirmed: selected - rows.length,
      recentlyMailed: rows.length - due.length,
      suppressed: paced.suppressed,
      held: paced.held,
    };
    await recordAudit(tx, {
      actor: input.actor,
      action: 'waitlist.confirmation.resend',
      target: `waitlist:${result.queued} entries`,
      details: { ...result, ...auditedEmails(due.map((row) => row.email)) },
      ip: input.ip,
      at: now,
    });
    return { ok: true as const, result };
  });
}
