import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, createHmac } from 'node:crypto';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@shared/domain/accounts';
import { DEFAULT_LOCALE, type TLocale } from '@shared/domain/locale';
import { HOUR_MS } from '@shared/domain/waitlist';
import { href } from '@shared/routes';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { and, eq, like, lt, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { accounts, sessions, users, verifications } from '../../db/schema/accounts';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import { forgetLoginFailures } from '../../lib/login-throttle';
import { consumeRateLimit, type RateLimitRule } from '../../lib/rate-limit';
import { keyedHash } from '../../lib/signed-token';
import { deliverNow, enqueueMail, type MailDeps } from '../mail/service';
import { renderAccountVerification, renderPasswordReset } from '../mail/templates/account-mail';
import { storeSessionsSafely } from './session-store';

/** Where links in e-mails lead: our own verification endpoint and the SPA's reset form. */
export const VERIFY_EMAIL_PATH = '/api/auth/verify-email';
/** A verification link works for 24 hours; a password reset link for one hour, once. */
export const VERIFICATION_LINK_SECONDS = 24 * 60 * 60;
export const RESET_LINK_SECONDS = 60 * 60;
/** Sessions last 30 days and are extended (at most once a day) while in use. */
const SESSION_SECONDS = 30 * 24 * 60 * 60;
const SESSION_REFRESH_SECONDS = 24 * 60 * 60;
export const COOKIE_PREFIX = 'mirror';
/** How better-auth names the `verifications` row of a password reset link: this, then the token. */
export const RESET_LINK_PREFIX = 'reset-password:';

export type AuthDeps = {
  db: Database;
  config: Pick<Config, 'appUrl' | 'secureCookies'>;
  /** The app's session secret; better-auth gets a key derived from it, not the secret itself. */
  secret: string;
  mail: MailDeps;
  logger: Logger;
};

/** Who asked for the e-mails better-auth sends during a call, and in which language. */
export type MailRequest = {
  locale: TLocale;
  /** The client address of the person asking: their verification e-mails count on its budget too. */
  clientIp?: string;
  /** Staff resend a confirmation link by hand (admin, people): not counted on the person's budget. */
  byStaff?: boolean;
};

// better-auth calls the mail callbacks in the middle of its own endpoints, which know nothing of the
// person asking. Our services run those calls inside `withMailRequest`, and the callbacks read it.
const mailRequest = new AsyncLocalStorage<MailRequest>();

/** Runs `fn` so that any e-mail better-auth sends during it is written in `request.locale`. */
export function withMailRequest<T>(request: MailRequest, fn: () => Promise<T>): Promise<T> {
  return mailRequest.run(request, fn);
}

/**
 * One budget for every verification e-mail a person can cause (decision 033): the one at sign-up, the one a
 * sign-in of an unconfirmed account sends, and "resend e-mail". Counted per address (whoever asks) and per
 * client address (whatever addresses it names); once spent, nothing is sent until it refills.
 */
export const VERIFICATION_MAIL_BUDGET = {
  perEmailHourly: { limit: 6, windowMs: HOUR_MS },
  perEmailDaily: { limit: 10, windowMs: 24 * HOUR_MS },
  perClientHourly: { limit: 20, windowMs: HOUR_MS },
} satisfies Record<string, RateLimitRule>;

/** A short, stable name for a token in outbox keys, so the token itself is not stored twice. */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('base64url').slice(0, 22);
}

export function verifyEmailUrl(appUrl: string, token: string, locale: TLocale): string {
  const query = new URLSearchParams({ token, lang: locale });
  return `${appUrl}${VERIFY_EMAIL_PATH}?${query}`;
}

export function passwordResetUrl(appUrl: string, token: string, locale: TLocale): string {
  return `${appUrl}${href('auth', { reset: token, lang: locale })}`;
}

/** The code a session refused to a disabled account carries (decision 023). */
export const ACCOUNT_DISABLED_CODE = 'ACCOUNT_DISABLED';

/**
 * Every session better-auth makes or extends passes here: a disabled account gets none (whatever the way
 * in), and the account's `last_active_at` follows its sessions (made at sign-in, extended at most daily).
 */
function sessionHooks(db: Database, clock: Clock) {
  const touch = async (session: { userId: string }) => {
    await db.update(users).set({ lastActiveAt: clock.now() }).where(eq(users.id, session.userId));
  };
  return {
    create: {
      before: async (session: { userId: string }) => {
        const [user] = await db
          .select({ disabledAt: users.disabledAt })
          .from(users)
          .where(eq(users.id, session.userId));
        if (user?.disabledAt) {
          throw new APIError('FORBIDDEN', {
            code: ACCOUNT_DISABLED_CODE,
            message: 'the account is disabled',
          });
        }
      },
      after: touch,
    },
    update: { after: touch },
  };
}

/** better-auth logs at info level things like the address of a repeated sign-up; we keep those at debug. */
function authLogger(logger: Logger) {
  return {
    level: 'debug' as const,
    log: (level: 'debug' | 'info' | 'warn' | 'error', message: string, ...args: unknown[]) => {
      if (level === 'error') logger.error({ args }, `auth: ${message}`);
      else logger.debug({ args }, `auth: ${message}`);
    },
  };
}

/**
 * better-auth over our database (decision 014). Nothing of its HTTP handler is mounted: our `/api/account/*`
 * routes call `auth.api.*` on the server, so every way in is validated, rate-limited and answers in our
 * error shape. E-mails go through the outbox, in the language of the request that caused them.
 */
export function createAuth(deps: AuthDeps) {
  const { db, config, mail, logger } = deps;

  /**
   * One message per link and language: better-auth's verification links are signed JWTs that come out the
   * same within one second, so a repeat of the same link in the same language is written only once.
   */
  async function sendAccountMail(input: {
    kind: 'account_verification' | 'account_password_reset';
    keyPrefix: 'account-verify' | 'account-reset';
    userId: string;
    token: string;
    to: string;
    render: (locale: TLocale) => Promise<{ subject: string; html: string; text: string }>;
  }) {
    const locale = mailRequest.getStore()?.locale ?? DEFAULT_LOCALE;
    const message = await input.render(locale);
    const queued = await enqueueMail(db, {
      kind: input.kind,
      messageKey: `${input.keyPrefix}:${input.userId}:${tokenDigest(input.token)}:${locale}`,
      to: input.to,
      ...message,
    });
    // The outbox worker retries if this attempt fails; the person is waiting for the link, so try now.
    if (queued.created) await deliverNow(mail, queued.id);
  }

  /** Counts one verification e-mail on the budget; false when it is spent (then nothing is sent). */
  async function withinVerificationBudget(email: string): Promise<boolean> {
    const request = mailRequest.getStore();
    if (request?.byStaff) return true;
    const now = mail.clock.now();
    const address = keyedHash(deps.secret, email);
    const budget = VERIFICATION_MAIL_BUDGET;
    const checks: [string, RateLimitRule][] = [
      [`account:verify-mail:email:${address}`, budget.perEmailHourly],
      [`account:verify-mail:email-day:${address}`, budget.perEmailDaily],
    ];
    if (request?.clientIp) {
      checks.push([
        `account:verify-mail:ip:${keyedHash(deps.secret, request.clientIp)}`,
        budget.perClientHourly,
      ]);
    }
    for (const [key, rule] of checks) {
      if (!(await consumeRateLimit(db, { key, rule, now })).allowed) return false;
    }
    return true;
  }

  /** better-auth keeps each reset link as a `verifications` row named after its token, valued the user id. */
  const resetLinksOf = (userId: string) =>
    and(eq(verifications.value, userId), like(verifications.identifier, `${RESET_LINK_PREFIX}%`));

  /** A new reset link ends every older one of the user (made before it), so only the latest e-mail works. */
  async function endOlderResetLinks(userId: string, token: string) {
    const current = `${RESET_LINK_PREFIX}${token}`;
    const issuedAt = sql`(select ${verifications.createdAt} from ${verifications} where ${verifications.identifier} = ${current})`;
    await db
      .delete(verifications)
      .where(
        and(
          resetLinksOf(userId),
          ne(verifications.identifier, current),
          lt(verifications.createdAt, issuedAt),
        ),
      );
  }

  return betterAuth({
    appName: 'Mirror',
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret: createHmac('sha256', deps.secret).update('better-auth').digest('base64url'),
    // Session tokens are stored as keyed hashes, and sessions end on the app's clock (session-store.ts).
    database: storeSessionsSafely(
      drizzleAdapter(db, {
        provider: 'pg',
        // Sign-up writes the user and their credential row together.
        transaction: true,
        schema: {
          user: users,
          session: sessions,
          account: accounts,
          verification: verifications,
        },
      }),
      { secret: deps.secret, clock: mail.clock },
    ),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        await endOlderResetLinks(user.id, token);
        await sendAccountMail({
          kind: 'account_password_reset',
          keyPrefix: 'account-reset',
          userId: user.id,
          token,
          to: user.email,
          render: (locale) =>
            renderPasswordReset({
              locale,
              resetUrl: passwordResetUrl(config.appUrl, token, locale),
              appUrl: config.appUrl,
            }),
        });
      },
      // The link used ends the others too, and the owner of the address is let in at once however many
      // wrong passwords others tried (decision 033).
      onPasswordReset: async ({ user }) => {
        await db.delete(verifications).where(resetLinksOf(user.id));
        await forgetLoginFailures({ db, secret: deps.secret }, { scope: 'user', email: user.email });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // Signing in with an unconfirmed address sends a fresh link, while the budget lasts (and is refused).
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: VERIFICATION_LINK_SECONDS,
      sendVerificationEmail: async ({ user, token }) => {
        if (!(await withinVerificationBudget(user.email))) {
          logger.debug('verification e-mail not sent: the budget for the address or client is spent');
          return;
        }
        await sendAccountMail({
          kind: 'account_verification',
          keyPrefix: 'account-verify',
          userId: user.id,
          token,
          to: user.email,
          render: (locale) =>
            renderAccountVerification({
              locale,
              verifyUrl: verifyEmailUrl(config.appUrl, token, locale),
              appUrl: config.appUrl,
            }),
        });
      },
    },
    session: {
      expiresIn: SESSION_SECONDS,
      updateAge: SESSION_REFRESH_SECONDS,
    },
    databaseHooks: { session: sessionHooks(db, mail.clock) },
    // Its limiter guards only its HTTP handler, which we do not mount; our routes count in `rate_limits`.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: config.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: config.secureCookies, path: '/' },
    },
    logger: authLogger(logger),
    // No network calls from the server except mail.
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
