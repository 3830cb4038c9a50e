// People for benchmarks that need signed-in requests: made through the real API (sign-up, the link from the
// verification e-mail the app wrote to DATA_DIR/mail, sign-in, onboarding), as a person would.
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { BENCH_TEST_SUPPORT_TOKEN } from './app.mjs';

const MAIL_TIMEOUT_MS = 10_000;

/**
 * A request to the app as a browser on its origin makes it: JSON body, the app's own Origin, a client
 * address (`ip`), the session (`cookie`) and, for the journal, the time zone (`timeZone`).
 */
export async function call(app, method, urlPath, { body, cookie, ip, timeZone, redirect = 'follow' } = {}) {
  const headers = { origin: app.url };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (cookie) headers.cookie = cookie;
  if (ip) headers['x-forwarded-for'] = ip;
  if (timeZone) headers['x-time-zone'] = timeZone;
  const response = await fetch(`${app.url}${urlPath}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text };
}

export async function expectStatus(app, what, method, urlPath, status, options) {
  const response = await call(app, method, urlPath, options);
  if (response.status !== status) {
    throw new Error(
      `${what}: ${method} ${urlPath} answered ${response.status} ${response.text.slice(0, 300)}`,
    );
  }
  return response;
}

/** The body of an .eml with quoted-printable soft line breaks and `=3D` undone. */
function decodeQuotedPrintable(text) {
  return text.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
}

/** The path of the verification link in the newest e-mail to `email` in DATA_DIR/mail, waiting for it. */
export async function verificationPath(mailDir, email) {
  const deadline = Date.now() + MAIL_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const files = fs.existsSync(mailDir)
      ? fs
          .readdirSync(mailDir)
          .filter((name) => name.endsWith('.eml'))
          .sort()
          .reverse()
      : [];
    for (const name of files) {
      const raw = fs.readFileSync(path.join(mailDir, name), 'utf8');
      const headerEnd = raw.search(/\r?\n\r?\n/);
      const to = /^To:\s*(.*)$/im.exec(raw.slice(0, headerEnd))?.[1] ?? '';
      if (!to.toLowerCase().includes(email)) continue;
      const link = /\/api\/auth\/verify-email\?[^\s"'<>]+/.exec(decodeQuotedPrintable(raw))?.[0];
      if (!link) throw new Error(`the e-mail to ${email} (${name}) has no verification link`);
      return link.replaceAll('&amp;', '&');
    }
    await sleep(50);
  }
  throw new Error(`no verification e-mail to ${email} in ${mailDir} within ${MAIL_TIMEOUT_MS / 1000} s`);
}

/** `name=value` of every cookie the response sets, for a Cookie header; the session cookie must be among them. */
export function sessionCookie(headers, email) {
  const pairs = headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .filter((pair) => pair.includes('=') && !pair.endsWith('='));
  if (!pairs.some((pair) => pair.split('=')[0].includes('session_token'))) {
    throw new Error(`sign-in of ${email} set no session cookie`);
  }
  return pairs.join('; ');
}

/** Signs in; answers the session cookie. */
export async function signIn(app, { email, password, ip }) {
  const response = await expectStatus(app, `sign-in of ${email}`, 'POST', '/api/account/sign-in', 200, {
    body: { email, password, language: 'en' },
    ip,
  });
  return sessionCookie(response.headers, email);
}

/** Signs up, follows the verification link, signs in and completes onboarding; answers the session cookie. */
export async function createAccount(app, { email, password, ip, mailDir, timeZone, answers }) {
  await expectStatus(app, `sign-up of ${email}`, 'POST', '/api/account/sign-up', 201, {
    body: { email, password, language: 'en' },
    ip,
  });
  const link = await verificationPath(mailDir, email);
  const verified = await call(app, 'GET', link, { ip, redirect: 'manual' });
  const location = verified.headers.get('location') ?? '';
  // The link only leads to /auth?verify=<token>; the page confirms with a POST (decision 033).
  const token =
    verified.status === 302 ? new URL(location, 'http://app.invalid').searchParams.get('verify') : null;
  if (!token) {
    throw new Error(`verification of ${email} answered ${verified.status} to ${location || 'nowhere'}`);
  }
  await expectStatus(app, `confirming ${email}`, 'POST', '/api/account/verify-email', 200, {
    body: { token },
    ip,
  });
  const cookie = await signIn(app, { email, password, ip });
  await expectStatus(app, `onboarding of ${email}`, 'POST', '/api/journal/onboarding/complete', 200, {
    cookie,
    ip,
    timeZone,
    body: { answers },
  });
  // Someone who joins from a Thursday on starts on the next Monday (decision 067); benchmarks write today's
  // days whatever the weekday, so their people joined two weeks ago (through the app's test-support route).
  const firstDay = new Date(Date.now() - 14 * 86_400_000).toISOString().slice(0, 10);
  const backdated = await fetch(`${app.url}/test-support/first-day`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${BENCH_TEST_SUPPORT_TOKEN}` },
    body: JSON.stringify({ email, firstDay }),
  });
  if (backdated.status !== 204) throw new Error(`the first day of ${email}: ${backdated.status}`);
  return cookie;
}

/** Signs a staff member in through the admin API; resolves with the session's `name=value` cookie pairs. */
export async function staffSessionCookies(app, staff) {
  const response = await fetch(`${app.url}/api/admin/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.url },
    body: JSON.stringify(staff),
  });
  if (response.status !== 200) throw new Error(`staff sign-in answered ${response.status}`);
  return response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
}
