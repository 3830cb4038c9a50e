/**
 * Stable error codes of the API that people outside the admin area can meet; each has the translation key
 * `errors.<code>`, in the public texts.
 */
const MEMBER_ERROR_CODES = [
  'validation',
  'not_found',
  'internal',
  'rate_limited',
  'unavailable',
  'payload_too_large',
  // accounts
  'unauthenticated',
  'invalid_credentials',
  'email_not_verified',
  'user_exists',
  'invalid_email',
  'password_too_short',
  'password_too_long',
  'password_common',
  'password_repeated',
  'password_sequence',
  'password_email',
  'wrong_password',
  'invalid_token',
  'sign_in_throttled',
  // the weekly cycle
  'onboarding_required',
  'day_locked',
  'day_before_start',
  'entry_changed',
  'answers_changed',
  'ai_unavailable',
  // the bubble profile
  'bubble_limit_reached',
  // invitations and invite-only sign-up
  'invite_only',
  'invitation_invalid',
  'invitation_expired',
  'invitation_used',
  'invitation_revoked',
  'invitation_wrong_address',
  // people (user accounts, for staff)
  'account_disabled',
] as const;

/**
 * The codes only the admin area meets (staff sign-in, media, newsletters, campaigns, webhooks, roles,
 * two-factor, the list at scale, event streams): their texts travel with the staff area's, not with every
 * public page (`messageTier` in client/lib/message-tiers.ts, decision 030).
 */
const STAFF_ERROR_CODES = [
  // the admin area
  'admin_session_missing',
  'admin_login_failed',
  'admin_sign_in_throttled',
  'invalid_json',
  'invalid_api_key',
  'unsubscribed_address',
  // media
  'invalid_video_type',
  'video_damaged',
  'video_too_large',
  'invalid_image_type',
  'image_too_large',
  'title_required',
  'file_not_found',
  'file_in_use',
  // newsletters
  'invalid_gif',
  'gif_damaged',
  'gif_too_large',
  'invalid_cta_link',
  'draft_version_conflict',
  // campaigns
  'no_recipients',
  'no_eligible_recipients',
  'sending_paused',
  'subject_required',
  'campaign_finished',
  // bounces, complaints and the provider's webhook
  'webhook_signature_invalid',
  'webhook_duplicate',
  // people (user accounts, for staff)
  'already_verified',
  // staff roles, accounts and two-factor sign-in
  'admin_forbidden',
  'invalid_code',
  'too_many_attempts',
  'second_factor_locked',
  'two_factor_already_enabled',
  'two_factor_not_started',
  'two_factor_not_enabled',
  'two_factor_required',
  'staff_exists',
  'last_owner',
  // the waiting list at scale (decision 044)
  'selection_too_large',
  'too_many_rows',
  'ids_exhausted',
  // connections and streams (decision 035)
  'too_many_event_streams',
] as const;

/** Stable error codes of the API; each has the translation key `errors.<code>`. */
export const API_ERROR_CODES = [...MEMBER_ERROR_CODES, ...STAFF_ERROR_CODES] as const;
export type TApiErrorCode = (typeof API_ERROR_CODES)[number];

export const STAFF_ONLY_ERROR_CODES: ReadonlySet<TApiErrorCode> = new Set(STAFF_ERROR_CODES);
