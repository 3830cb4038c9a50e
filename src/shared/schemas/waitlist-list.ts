import { z } from 'zod';
import { LOCALES } from '../domain/locale';
import { WAITLIST_STATUSES } from '../domain/waitlist';
import {
  SORT_DIRECTIONS,
  WAITLIST_IMPORT_MAX_BYTES,
  WAITLIST_IMPORT_MAX_ROWS,
  WAITLIST_INVITATION_FILTERS,
  WAITLIST_PAGE_SIZE,
  WAITLIST_SELECTION_MAX_IDS,
  WAITLIST_SORTS,
} from '../domain/waitlist-list';
import { ZAdminWaitlistEntry } from './admin';
import { isoDateTime } from './dates';

/**
 * The waiting list at scale for staff (issue 16, decision 044): pages of 50 with search, filters and sort,
 * computed by the server, and a selection (`{ ids }` or `{ filter, except }`) that the actions apply on the
 * server, so "all 100,000 that match" never travels as a list of ids.
 */

export {
  SORT_DIRECTIONS,
  WAITLIST_IMPORT_MAX_BYTES,
  WAITLIST_IMPORT_MAX_ROWS,
  WAITLIST_INVITATION_FILTERS,
  WAITLIST_PAGE_SIZE,
  WAITLIST_SELECTION_MAX_IDS,
  WAITLIST_SORTS,
};

const optionalEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** What the list shows: every field optional; `q` is a case-insensitive part of the address. */
export const ZWaitlistFilter = z.object({
  q: optionalEmpty(z.string().trim().max(320)),
  status: optionalEmpty(z.enum(WAITLIST_STATUSES)),
  language: optionalEmpty(z.enum(LOCALES)),
  invitation: optionalEmpty(z.enum(WAITLIST_INVITATION_FILTERS)),
  /** Joined at or after this instant. */
  joinedFrom: optionalEmpty(isoDateTime({ offset: true })),
  /** Joined before this instant (exclusive: the start of the day after the last day wanted). */
  joinedBefore: optionalEmpty(isoDateTime({ offset: true })),
});
export type TWaitlistFilter = z.infer<typeof ZWaitlistFilter>;

/** `GET /api/admin/waitlist` query: the filter, the sort and the page (1-based). */
export const ZWaitlistPageQuery = ZWaitlistFilter.extend({
  sort: optionalEmpty(z.enum(WAITLIST_SORTS)),
  dir: optionalEmpty(z.enum(SORT_DIRECTIONS)),
  page: optionalEmpty(z.coerce.number().int().min(1).max(1_000_000)),
});
export type TWaitlistPageQuery = z.infer<typeof ZWaitlistPageQuery>;

export const ZWaitlistPage = z.object({
  entries: z.array(ZAdminWaitlistEntry),
  /** How many entries match the filter (all pages). */
  total: z.number().int().nonnegative(),
  /** How many entries the list holds at all. */
  listTotal: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  pageSize: z.number().int().positive(),
});
export type TWaitlistPage = z.infer<typeof ZWaitlistPage>;

const ZIds = z.array(z.uuid()).max(WAITLIST_SELECTION_MAX_IDS);

/** Rows picked one by one, or every row matching `filter` but those in `except`. */
export const ZWaitlistSelection = z.union([
  z.object({ ids: ZIds.min(1) }).strict(),
  z.object({ filter: ZWaitlistFilter, except: ZIds }).strict(),
]);
export type TWaitlistSelection = z.infer<typeof ZWaitlistSelection>;

export const ZSelectionBody = z.object({ selection: ZWaitlistSelection });
export type TSelectionBody = z.infer<typeof ZSelectionBody>;

/** `DELETE /api/admin/waitlist`: ids (as before) or a selection. */
export const ZDeleteWaitlistSelection = z.union([
  z.object({ ids: ZIds.min(1) }).strict(),
  ZSelectionBody.strict(),
]);

export const EXPORT_FORMATS = ['csv', 'lines'] as const;
/** `POST /api/admin/waitlist/export`: the selection as CSV, or as one address a line (what Copy copies). */
export const ZWaitlistExport = ZSelectionBody.extend({ format: z.enum(EXPORT_FORMATS) });
export type TWaitlistExport = z.infer<typeof ZWaitlistExport>;

/** The selection's ids (for the send panel), at most `max`. */
export const ZSelectionIds = z.object({ ids: z.array(z.uuid()), total: z.number().int().nonnegative() });
export type TSelectionIds = z.infer<typeof ZSelectionIds>;

const count = z.number().int().nonnegative();

/** Resending the double opt-in e-mail to the unconfirmed people of a selection. */
export const ZResendConfirmationsResult = z.object({
  selected: count,
  /** E-mails put in the outbox (paced: they leave at WAITLIST_CONFIRMATION_RATE_PER_SECOND). */
  queued: count,
  /** Not unconfirmed (confirmed or unsubscribed): nothing sent. */
  notUnconfirmed: count,
  /** Got a confirmation e-mail within the last hours: not mailed again yet. */
  recentlyMailed: count,
  /** On the suppression list (bounced or complained, decision 043): never mailed. */
  suppressed: count,
  /** Auto-send is off: the queued e-mails are held and leave when it is switched on (decision 041). */
  held: z.boolean(),
});
export type TResendConfirmationsResult = z.infer<typeof ZResendConfirmationsResult>;

/** One e-mail the outbox holds for an address. */
export const ZSubscriberMail = z.object({
  id: z.uuid(),
  kind: z.string(),
  subject: z.string(),
  status: z.enum(['pending', 'held', 'sending', 'sent', 'dead', 'suppressed']),
  createdAt: isoDateTime({ offset: true }),
  sentAt: isoDateTime({ offset: true }).nullable(),
  lastError: z.string().nullable(),
});

/** `GET /api/admin/waitlist/entries/{id}`: one subscriber, their proof of consent and the mail they were sent. */
export const ZSubscriberDetail = z.object({
  entry: ZAdminWaitlistEntry,
  consent: z.object({
    /** The version of the consent text they agreed to, and when. */
    textVersion: z.string(),
    consentAt: isoDateTime({ offset: true }),
    /** A keyed hash of the IP address they agreed from (never the address itself), and their browser. */
    ipHash: z.string().nullable(),
    userAgent: z.string().nullable(),
    confirmedAt: isoDateTime({ offset: true }).nullable(),
    /** The confirmation e-mail whose link they followed: the last one sent before they confirmed. */
    confirmationMailId: z.uuid().nullable(),
    confirmationSentAt: isoDateTime({ offset: true }).nullable(),
    importedBy: z.string().nullable(),
  }),
  mails: z.array(ZSubscriberMail),
});
export type TSubscriberDetail = z.infer<typeof ZSubscriberDetail>;

export const ZEntryParams = z.object({ id: z.uuid() });

/** `POST /api/admin/waitlist/import`: a CSV (a column `email`, optionally `language`), up to 2 MB. */
export const ZWaitlistImport = z.object({
  csv: z.string().min(1).max(WAITLIST_IMPORT_MAX_BYTES),
  /** The language of rows that name none. */
  defaultLanguage: z.enum(LOCALES),
});
export type TWaitlistImport = z.infer<typeof ZWaitlistImport>;

export const ZWaitlistImportResult = z.object({
  rows: count,
  added: count,
  /** On the list already (in any status: someone who unsubscribed is not added again). */
  alreadyOnList: count,
  /** Rows repeating an address earlier in the file. */
  duplicateInFile: count,
  invalid: count,
  /** The first invalid rows (line number in the file and the value), for staff to fix. */
  invalidRows: z.array(z.object({ line: z.number().int().positive(), value: z.string() })),
  /** Confirmation e-mails queued (held while auto-send is off). */
  queued: count,
  /** New addresses on the suppression list (bounced or complained, decision 043): added, never mailed. */
  suppressed: count,
  /** Auto-send is off: the queued e-mails are held and leave when it is switched on (decision 041). */
  held: z.boolean(),
});
export type TWaitlistImportResult = z.infer<typeof ZWaitlistImportResult>;
