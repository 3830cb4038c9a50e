import { z } from 'zod';
import { CMS_VALUE_MAX_LENGTH } from '../domain/admin';
import { INVITATION_STATES } from '../domain/invitations';
import { LOCALES } from '../domain/locale';
import { STAFF_PERMISSIONS, STAFF_ROLES, STAFF_SESSION_STAGES } from '../domain/staff';
import { WAITLIST_STATUSES } from '../domain/waitlist';
import { isoDateTime } from './dates';
import { SUPPRESSION_REASON_VALUES } from './suppression';

/**
 * The admin API (`/api/admin/*`). Every route but sign-in needs a staff session (an HttpOnly cookie);
 * without one it answers 401 `admin_session_missing`.
 */

// ---- staff sign-in and session -------------------------------------------------------------------------

export const ZAdminLogin = z.object({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(1024),
  /**
   * A code from the authenticator app or a recovery code, sent along only when the account's sign-ins are
   * throttled: with the right password it signs in at once (decision 033).
   */
  code: z.string().trim().min(1).max(64).optional(),
});
export type TAdminLogin = z.infer<typeof ZAdminLogin>;

/**
 * A staff session. `stage` is `full` once signed in; `second_factor` while the code from the authenticator
 * app is awaited, `setup` while two-factor sign-in must be set up first (STAFF_REQUIRE_2FA). `permissions`
 * are the role's, for the pages to hide what it cannot do (the server checks every call anyway).
 */
export const ZAdminSession = z.object({
  staff: z.object({
    id: z.uuid(),
    email: z.string(),
    role: z.enum(STAFF_ROLES),
    twoFactorEnabled: z.boolean(),
  }),
  stage: z.enum(STAFF_SESSION_STAGES),
  permissions: z.array(z.enum(STAFF_PERMISSIONS)),
  expiresAt: isoDateTime({ offset: true }),
  /** What is left of the session when the server answered, on its own clock (a device's clock may differ). */
  expiresInMs: z.number().int().nonnegative(),
});
export type TAdminSession = z.infer<typeof ZAdminSession>;

/** `GET /api/admin/session`: who is signed in, or null (a question, so "nobody" is an answer, not a 401). */
export const ZAdminSessionState = z.object({ session: ZAdminSession.nullable() });
export type TAdminSessionState = z.infer<typeof ZAdminSessionState>;

// ---- waiting list --------------------------------------------------------------------------------------

export const ZWaitlistStatus = z.enum(WAITLIST_STATUSES);

/** The invitation of an address, as staff see it (decision 021); null on an entry never invited. */
export const ZInvitationSummary = z.object({
  id: z.uuid(),
  state: z.enum(INVITATION_STATES),
  /** When the latest invitation was issued (the first one, or the last resend). */
  invitedAt: isoDateTime({ offset: true }),
  expiresAt: isoDateTime({ offset: true }),
  acceptedAt: isoDateTime({ offset: true }).nullable(),
  revokedAt: isoDateTime({ offset: true }).nullable(),
});
export type TInvitationSummary = z.infer<typeof ZInvitationSummary>;

export const ZAdminWaitlistEntry = z.object({
  id: z.uuid(),
  email: z.string(),
  createdAt: isoDateTime({ offset: true }),
  language: z.enum(LOCALES),
  status: ZWaitlistStatus,
  /** Spec §3 gdpr_confirmed: true once the person confirmed by the link in the e-mail. */
  gdprConfirmed: z.boolean(),
  confirmedAt: isoDateTime({ offset: true }).nullable(),
  unsubscribedAt: isoDateTime({ offset: true }).nullable(),
  invitation: ZInvitationSummary.nullable(),
  /** On the suppression list (decision 043): no list mail goes to the address, whatever its status. */
  suppression: z.enum(SUPPRESSION_REASON_VALUES).nullable(),
});
export type TAdminWaitlistEntry = z.infer<typeof ZAdminWaitlistEntry>;

/** The whole list, newest first. */
export const ZAdminWaitlist = z.object({ entries: z.array(ZAdminWaitlistEntry) });
export type TAdminWaitlist = z.infer<typeof ZAdminWaitlist>;

export const ZDeleteWaitlistEntries = z.object({ ids: z.array(z.uuid()).min(1).max(10_000) });
export type TDeleteWaitlistEntries = z.infer<typeof ZDeleteWaitlistEntries>;
export const ZDeleteWaitlistResult = z.object({ deleted: z.number().int().nonnegative() });
export type TDeleteWaitlistResult = z.infer<typeof ZDeleteWaitlistResult>;

/**
 * Events of `GET /api/admin/waitlist/events` (server-sent events, event name `waitlist`): something on the
 * list changed, in this or another app process; the page reloads the list.
 */
export const ZWaitlistEvent = z.object({ change: z.enum(['joined', 'updated', 'deleted']) });
export type TWaitlistEvent = z.infer<typeof ZWaitlistEvent>;
export const WAITLIST_EVENT_NAME = 'waitlist';

// ---- page texts and SEO (CMS) --------------------------------------------------------------------------

/** `texts`: the visible texts of a page (CMS_PAGES); `seo`: its search-engine values (SEO_KEYS, SEO_PAGES). */
export const CONTENT_KINDS = ['texts', 'seo'] as const;
export const ZContentKind = z.enum(CONTENT_KINDS);
export type TContentKind = z.infer<typeof ZContentKind>;

export const ZContentParams = z.object({
  kind: ZContentKind,
  page: z.string().min(1).max(40),
  locale: z.enum(LOCALES),
});
export type TContentParams = z.infer<typeof ZContentParams>;

export const ZContentItem = z.object({
  key: z.string(),
  /** What the page shows when nothing is stored: the built-in translation (or the SEO default). */
  defaultValue: z.string(),
  draftValue: z.string().nullable(),
  liveValue: z.string().nullable(),
  updatedAt: isoDateTime({ offset: true }).nullable(),
  updatedBy: z.string().nullable(),
  publishedAt: isoDateTime({ offset: true }).nullable(),
  /** The draft differs from what is live: publishing would change the page. */
  unpublished: z.boolean(),
});
export type TContentItem = z.infer<typeof ZContentItem>;

export const ZContentPage = z.object({
  kind: ZContentKind,
  page: z.string(),
  locale: z.enum(LOCALES),
  items: z.array(ZContentItem),
});
export type TContentPage = z.infer<typeof ZContentPage>;

/**
 * Saves drafts of several keys of one page and language at once (create or update). An empty string
 * clears the draft. The live page changes only on publish.
 */
export const ZSaveContentDrafts = z.object({
  drafts: z.record(z.string().max(80), z.string().max(CMS_VALUE_MAX_LENGTH)),
});
export type TSaveContentDrafts = z.infer<typeof ZSaveContentDrafts>;

export const ZPublishResult = z.object({ published: z.number().int().nonnegative() });
export type TPublishResult = z.infer<typeof ZPublishResult>;

// ---- e-mail routing, provider key, test and manual sends ------------------------------------------------

export const ZEmailSettings = z.object({
  /** Spec §5: optional; when set it must be an e-mail address. */
  globalBcc: z.string().trim().max(320).nullable(),
  autoSend: z.boolean(),
});
export type TEmailSettings = z.infer<typeof ZEmailSettings>;

/** The settings as stored, with how many e-mails the emergency stop holds now (decision 041). */
export const ZEmailSettingsState = ZEmailSettings.extend({ held: z.number().int().nonnegative() });
export type TEmailSettingsState = z.infer<typeof ZEmailSettingsState>;

export const ZProviderKeyStatus = z.object({
  configured: z.boolean(),
  /** The key with all but its ends hidden (`re_••••••••abcd`); the clear key never leaves the server. */
  masked: z.string().nullable(),
  updatedAt: isoDateTime({ offset: true }).nullable(),
});
export type TProviderKeyStatus = z.infer<typeof ZProviderKeyStatus>;

export const ZSetProviderKey = z.object({ key: z.string().max(500) });
export type TSetProviderKey = z.infer<typeof ZSetProviderKey>;

export const ZSendTestMail = z.object({
  to: z.string().trim().max(320),
  /** The staff member's UI language: the test e-mail is written in it. */
  locale: z.enum(LOCALES).default('en'),
});
export type TSendTestMail = z.infer<typeof ZSendTestMail>;

export const ZSendGdprConfirmation = z.object({
  email: z.string().trim().max(320),
  language: z.enum(LOCALES),
});
export type TSendGdprConfirmation = z.infer<typeof ZSendGdprConfirmation>;

/**
 * What happened to a mail sent from the admin area. `held`: auto-send is off, it goes out when it is on
 * again. `retrying`: the transport refused it for now (`error` says why), the outbox tries again at
 * `retryAt`. `failed`: given up. `suppressed`: the address bounced or complained before, nothing is sent.
 * `test`: the address is not on the list, so a sample with inert links went out instead of a real
 * confirmation.
 */
export const ZMailSendResult = z.object({
  outcome: z.enum(['sent', 'retrying', 'failed', 'held', 'suppressed']),
  retryAt: isoDateTime({ offset: true }).optional(),
  transport: z.enum(['smtp', 'file', 'provider']).nullable(),
  error: z.string().nullable(),
  mode: z.enum(['subscriber', 'test']).optional(),
  /** The BCC copies that went with it (the global BCC), so staff can check the routing. */
  bcc: z.array(z.string()).optional(),
  /** The test e-mail's outbox row: `GET /api/admin/mail/test/{outboxId}` follows a retry to its end. */
  outboxId: z.uuid().optional(),
  /** When the SMTP server (or the provider) accepted it. */
  sentAt: isoDateTime({ offset: true }).optional(),
});
export type TMailSendResult = z.infer<typeof ZMailSendResult>;
