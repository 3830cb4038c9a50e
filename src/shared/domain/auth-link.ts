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

/** Whether an /auth address carries anything from an e-mail link (the page then opens another view). */
export function hasAuthLink(params: URLSearchParams): boolean {
  return Object.values(AUTH_LINK_PARAMS).some((name) => params.has(name));
}
