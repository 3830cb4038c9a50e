import type { Context } from 'hono';
import { setCookie } from 'hono/cookie';
import type { CookieOptions } from 'hono/utils/cookie';

/** Sets a cookie with our defaults: HttpOnly, SameSite=Lax, Secure when the app is served over https. */
export function setAppCookie(
  c: Context,
  name: string,
  value: string,
  options: { secure: boolean; maxAgeSeconds: number; sameSite?: CookieOptions['sameSite'] },
) {
  setCookie(c, name, value, {
    path: '/',
    httpOnly: true,
    sameSite: options.sameSite ?? 'Lax',
    secure: options.secure,
    maxAge: options.maxAgeSeconds,
  });
}
