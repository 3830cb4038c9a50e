import { AUTH_LINK_PARAMS } from '@shared/domain/auth-link';

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

/** What an e-mail link brought to /auth (AUTH_LINK_PARAMS), read once on arrival. */
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
