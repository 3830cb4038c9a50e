import { isValidEmail, normalizeEmail } from '@shared/domain/waitlist';
import type { TMailSendResult } from '@shared/schemas/admin';

/** The address fields and send results of the e-mail panels, apart from React. */

export type AddressCheck = { ok: true; address: string } | { ok: false };

/** A required address: trimmed and lowercased like the list stores it, then checked (spec §5 pattern). */
export function checkAddress(raw: string): AddressCheck {
  const address = normalizeEmail(raw);
  return address && isValidEmail(address) ? { ok: true, address } : { ok: false };
}

/** The global BCC is optional (spec §5): empty means none; anything else must be an address. */
export function checkOptionalAddress(raw: string): { ok: true; address: string | null } | { ok: false } {
  if (!raw.trim()) return { ok: true, address: null };
  return checkAddress(raw);
}

type ResultLine<Key extends string> = {
  tone: 'success' | 'danger' | 'warning';
  key: Key;
  /** The values its text names ({{to}}, {{email}}, {{error}}, {{time}}). */
  params: { to?: string; email?: string; error?: string; time?: string };
};

type Unsent = 'failedResult' | 'retrying' | 'held' | 'suppressed';
type TestMailKey = `admin.emailTest.${Unsent | 'sentFile' | 'sentProvider' | 'sentSmtp'}`;
type GdprKey = `admin.gdprSender.${Unsent | 'sentTest' | 'sentSubscriber'}`;

/** Why a mail did not go out now, in the words of `prefix`'s panel; null when it was sent. */
function unsentLine<Prefix extends 'admin.emailTest' | 'admin.gdprSender'>(
  prefix: Prefix,
  result: TMailSendResult,
): ResultLine<`${Prefix}.${Unsent}`> | null {
  const error = result.error ?? '—';
  switch (result.outcome) {
    case 'sent':
      return null;
    case 'held':
      return { tone: 'warning', key: `${prefix}.held`, params: {} };
    case 'retrying': {
      const time = result.retryAt ? new Date(result.retryAt).toLocaleTimeString() : '—';
      return { tone: 'warning', key: `${prefix}.retrying`, params: { error, time } };
    }
    case 'suppressed':
      return { tone: 'danger', key: `${prefix}.suppressed`, params: {} };
    case 'failed':
      return { tone: 'danger', key: `${prefix}.failedResult`, params: { error } };
  }
}

/** What the test panel says about a delivery: by which way it went out, or what became of it. */
export function testMailResultLine(result: TMailSendResult, to: string): ResultLine<TestMailKey> {
  const unsent = unsentLine('admin.emailTest', result);
  if (unsent) return unsent;
  const key: TestMailKey =
    result.transport === 'file'
      ? 'admin.emailTest.sentFile'
      : result.transport === 'provider'
        ? 'admin.emailTest.sentProvider'
        : 'admin.emailTest.sentSmtp';
  return { tone: 'success', key, params: { to } };
}

/** What the manual GDPR sender says: a real confirmation, a test copy, held by the stop, or not sent. */
export function gdprResultLine(result: TMailSendResult, email: string): ResultLine<GdprKey> {
  const unsent = unsentLine('admin.gdprSender', result);
  if (unsent) return unsent;
  return {
    tone: 'success',
    key: result.mode === 'test' ? 'admin.gdprSender.sentTest' : 'admin.gdprSender.sentSubscriber',
    params: { email },
  };
}
