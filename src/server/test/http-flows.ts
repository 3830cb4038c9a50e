import { randomBytes } from 'node:crypto';
import type { HttpAnswer, HttpClient } from './http-client';
import type { ParsedMessage, SmtpSink } from './smtp-sink';

/**
 * What a person and a staff member do, through the HTTP API of a running server (or a cluster behind a
 * proxy), the way the pages do it. Used by tests that start real server processes.
 */

export const TIME_ZONE = { 'x-time-zone': 'Europe/Berlin' };
export const ONBOARDING_ANSWERS = [
  'Sam',
  'Being trusted, and someone who listens',
  'Honest conversation',
  'With my oldest friend',
  'At home on a slow Sunday',
  'Asking for closeness when I need it',
];

/** The answer, when it has the expected status; otherwise an error showing what came instead. */
export function expectStatus(answer: HttpAnswer, status: number, what: string): HttpAnswer {
  if (answer.status !== status) {
    throw new Error(`${what}: expected ${status}, got ${answer.status} ${answer.text.slice(0, 400)}`);
  }
  return answer;
}

/** The first link in a message's text part that matches `pattern` (quoted-printable already undone). */
export function linkIn(message: ParsedMessage, pattern: RegExp): URL {
  const found = pattern.exec(message.parsed.text ?? '')?.[0];
  if (!found) throw new Error(`no link like ${pattern} in "${message.parsed.subject}"`);
  return new URL(found);
}

/** Waits for the newest message to `email` in the sink. */
export async function messageTo(sink: SmtpSink, email: string, timeoutMs = 40_000): Promise<ParsedMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = sink.messages.findLast((message) => message.envelope.to.includes(email));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${email} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Signs up, follows the link in the verification e-mail and signs in: afterwards the client holds the
 * session cookie. (The one place a test signs up, so a change to sign-up, such as invitations, is made
 * here once.)
 */
export async function signUpVerified(
  client: HttpClient,
  sink: SmtpSink,
  account: { email: string; password: string; language?: 'en' | 'de' },
): Promise<void> {
  const language = account.language ?? 'en';
  const body = { email: account.email, password: account.password, language };
  expectStatus(await client.post('/api/account/sign-up', body), 201, `sign-up of ${account.email}`);
  const link = linkIn(await messageTo(sink, account.email), /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/);
  const verified = await client.get(`${link.pathname}${link.search}`);
  expectStatus(verified, 302, 'the verification link');
  // The link only leads to /auth?verify=<token>; the page confirms the address with a POST (decision 033).
  const token = new URL(String(verified.headers.location), 'http://app.invalid').searchParams.get('verify');
  if (!token) throw new Error(`the verification link led to ${verified.headers.location}`);
  expectStatus(await client.post('/api/account/verify-email', { token }), 200, 'confirming the address');
  expectStatus(await client.post('/api/account/sign-in', body), 200, `sign-in of ${account.email}`);
}

/**
 * The token of the test-support routes (decision 067) for the server processes a test starts: give it to them
 * as `TEST_SUPPORT_TOKEN` (in `testSupportEnv`), so `onboard` can say its person joined two weeks ago.
 */
export const testSupportEnv = { TEST_SUPPORT_TOKEN: randomBytes(24).toString('hex') };

/** The local date two weeks back: a person who joined then is in a full week of their own today. */
export function twoWeeksAgo(): string {
  return new Date(Date.now() - 14 * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Completes the onboarding with the six answers, then says (through the test-support routes of a server
 * started with `testSupportEnv`) that the person joined two weeks ago: someone who joins from a Thursday on
 * starts on the next Monday (decision 067), and these tests write today's days whatever the weekday.
 */
export async function onboard(client: HttpClient, email: string): Promise<void> {
  expectStatus(
    await client.post('/api/journal/onboarding/complete', { answers: ONBOARDING_ANSWERS }, TIME_ZONE),
    200,
    'onboarding',
  );
  expectStatus(
    await client.post(
      '/test-support/first-day',
      { email, firstDay: twoWeeksAgo() },
      { authorization: `Bearer ${testSupportEnv.TEST_SUPPORT_TOKEN}` },
    ),
    204,
    `the first day of ${email}`,
  );
}

/** Signs a staff member in: afterwards the client holds the staff cookie. */
export async function staffSignIn(
  client: HttpClient,
  staff: { email: string; password: string },
): Promise<void> {
  expectStatus(await client.post('/api/admin/session', staff), 200, `staff sign-in of ${staff.email}`);
}

/** Joins the waiting list and confirms through the link in the e-mail. */
export async function joinAndConfirm(client: HttpClient, sink: SmtpSink, email: string): Promise<void> {
  expectStatus(
    await client.post('/api/waitlist', { email, consent: true, website: '', language: 'en' }),
    201,
    `joining with ${email}`,
  );
  const link = linkIn(await messageTo(sink, email), /https?:\/\/\S+\/gdpr-confirmation\?\S+/);
  expectStatus(
    await client.post('/api/waitlist/confirm', {
      email: link.searchParams.get('email'),
      token: link.searchParams.get('token'),
    }),
    200,
    `confirming ${email}`,
  );
}

/** The newsletter content of both languages, with the given subject. */
export function newsletterContent(subject: string) {
  const language = (subjectLine: string, heroTitle: string) => ({
    subjectLine,
    heroTitle,
    introText: 'A few words for this month.',
    secondTextBlock: '',
    ctaText: '',
    ctaLink: '',
    footerText: '',
    gifAltText: '',
  });
  return { en: language(subject, 'Hello'), de: language(`${subject} (de)`, 'Hallo') };
}
