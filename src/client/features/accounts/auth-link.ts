/**
 * What a link from an e-mail brings to /auth: `?verify=<token>` from a verification mail (the server's
 * /api/auth/verify-email redirects here; the page confirms with a POST), `?reset=<token>` from a
 * password-reset mail, `?invitation=<token>` from an invitation. `?verified=1` and
 * `?verifyError=expired|invalid|rate_limited` are what earlier versions redirected to after confirming on
 * the GET, and still read.
 */
export const AUTH_LINK_PARAMS = {
  verify: 'verify',
  verified: 'verified',
  verifyError: 'verifyError',
  reset: 'reset',
  invitation: 'invitation',
} as const;

export type AuthLink = {
  notice: 'verified' | 'verifyFailed' | 'verifyRateLimited' | null;
  /** The token to confirm the address with. */
  verifyToken: string | null;
  resetToken: string | null;
  /** `?invitation=<token>` from an invitation e-mail (decision 021): sign-up for the invited address. */
  invitationToken: string | null;
  /** The parameters read, to take out of the address bar (a reset token should not linger there). */
  consumed: string[];
};

export function readAuthLink(params: URLSearchParams): AuthLink {
  const consumed = Object.values(AUTH_LINK_PARAMS).filter((name) => params.has(name));
  const resetToken = params.get(AUTH_LINK_PARAMS.reset)?.trim() || null;
  const invitationToken = params.get(AUTH_LINK_PARAMS.invitation)?.trim() || null;
  const verifyToken = params.get(AUTH_LINK_PARAMS.verify)?.trim() || null;
  let notice: AuthLink['notice'] = null;
  const verifyError = params.get(AUTH_LINK_PARAMS.verifyError);
  // Too many tries is not a broken link: that one still works a little later.
  if (verifyError === 'rate_limited') notice = 'verifyRateLimited';
  else if (verifyError !== null) notice = 'verifyFailed';
  else if (params.get(AUTH_LINK_PARAMS.verified) === '1') notice = 'verified';
  return { notice, verifyToken, resetToken, invitationToken, consumed };
}
