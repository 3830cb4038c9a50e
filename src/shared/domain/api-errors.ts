/** Stable error codes of the API; each has the translation key `errors.<code>`. */
export const API_ERROR_CODES = [
  'validation',
  'not_found',
  'internal',
  'rate_limited',
  'unavailable',
  // accounts
  'unauthenticated',
  'invalid_credentials',
  'email_not_verified',
  'user_exists',
  'invalid_email',
  'password_too_short',
  'password_too_long',
  'password_common',
  'wrong_password',
  'invalid_token',
  // the weekly cycle
  'onboarding_required',
  'day_locked',
  'ai_unavailable',
  // the bubble profile
  'bubble_limit_reached',
  // the admin area
  'admin_session_missing',
  'admin_login_failed',
  'invalid_json',
  'invalid_api_key',
  'unsubscribed_address',
  // media
  'invalid_video_type',
  'video_too_large',
  'invalid_image_type',
  'image_too_large',
  'title_required',
  'file_not_found',
  'file_in_use',
  // newsletters
  'invalid_gif',
  'gif_too_large',
  'invalid_cta_link',
  // campaigns
  'no_recipients',
  'no_eligible_recipients',
  'sending_paused',
  'subject_required',
  'campaign_finished',
] as const;
export type TApiErrorCode = (typeof API_ERROR_CODES)[number];
